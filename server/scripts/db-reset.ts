/**
 * npm run db:reset: resets the data to the current scenario (server/dev/scenarios; demo unless
 * another was switched to, remembered in `<data dir>/scenario.json`), or to the one named by
 * `--scenario <name>` / MOCK_SCENARIO: DB_FILE written from it, the uploaded-files folder
 * emptied, the import records, uploads, error files and keys dropped and the scenario's cards
 * and stores imported (demo: db.json with the demo cards and stores). Refuses while a server runs
 * on DB_FILE's folder, on this data file or another (the folder's lock names a live process):
 * the server keeps its data in memory and would write it back, and the folders beside the data
 * file are the folder's (a running server resets through POST /__mock/reset).
 */
import { loadConfig, SEED_FILE } from '../config';
import { lockDataFile } from '../db/lock-file';
import { chooseScenario, currentScenario, resetFiles } from '../dev/scenarios/apply';
import { createLogger } from '../http/logging';

/** `--scenario <name>` or `--scenario=<name>` among the arguments, if any. */
function scenarioArgument(args: readonly string[]): string | undefined {
  const index = args.findIndex((arg) => arg === '--scenario' || arg.startsWith('--scenario='));
  if (index < 0) return undefined;
  const arg = args[index] ?? '';
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[index + 1];
}

async function main(): Promise<void> {
  const config = loadConfig();
  const named = scenarioArgument(process.argv.slice(2)) ?? config.scenario;
  const scenario = named === undefined ? currentScenario(config.dbFile) : chooseScenario(named);
  // Held while resetting, so a server cannot start half-way through.
  const lock = await lockDataFile(config.dbFile, 'npm run db:reset');
  try {
    await resetFiles(config, scenario, SEED_FILE, createLogger('warn'));
  } finally {
    lock.release();
  }
  console.log(
    `Data reset to the scenario "${scenario.name}": ${config.dbFile} written; ${config.filesDir} emptied; ${config.recordsDir} holds its imported records`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
