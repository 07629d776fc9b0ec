/**
 * npm run db:reset: overwrites DB_FILE with db.json, empties the uploaded-files folder and
 * replaces the imported cards with the demo cards.
 */
import { resetDemoCards } from '../cards/demo-cards';
import { loadConfig, SEED_FILE } from '../config';
import { resetDataFile } from '../db/data-file';

async function main(): Promise<void> {
  const config = loadConfig();
  await resetDataFile(config.dbFile, SEED_FILE, config.filesDir);
  await resetDemoCards(config.cardsDir);
  console.log(
    `Data reset: ${config.dbFile} from db.json; ${config.filesDir} emptied; ${config.cardsDir} holds the demo cards`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
