/** npm run db:reset: overwrites DB_FILE with db.json and empties the uploaded-files folder. */
import { loadConfig, SEED_FILE } from '../config';
import { resetDataFile } from '../db/data-file';

async function main(): Promise<void> {
  const config = loadConfig();
  await resetDataFile(config.dbFile, SEED_FILE, config.filesDir);
  console.log(`Data reset: ${config.dbFile} from db.json; ${config.filesDir} emptied`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
