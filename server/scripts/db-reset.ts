/**
 * npm run db:reset: overwrites DB_FILE with db.json, empties the uploaded-files folder, drops the
 * import records, uploads, error files and keys, and seeds the demo cards and stores. Refuses while a server runs on DB_FILE (its
 * lock file names a live process): the server keeps its data in memory and would write it back.
 */
import { loadConfig, SEED_FILE } from '../config';
import { resetDataFile } from '../db/data-file';
import { lockDataFile } from '../db/lock-file';
import { createLogger } from '../http/logging';
import { seedDemoStores } from '../imports/demo-stores';
import { resetDemoCards } from '../records/demo-cards';

async function main(): Promise<void> {
  const config = loadConfig();
  // Held while resetting, so a server cannot start half-way through.
  const lock = await lockDataFile(config.dbFile);
  try {
    await resetDataFile(config.dbFile, SEED_FILE, config.filesDir);
    await resetDemoCards(config);
    await seedDemoStores(config, createLogger('warn'));
  } finally {
    lock.release();
  }
  console.log(
    `Data reset: ${config.dbFile} from db.json; ${config.filesDir} emptied; ${config.recordsDir} holds the demo cards and stores`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
