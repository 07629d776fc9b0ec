/**
 * Starts the server: reads the configuration and the developer tools' start files (faults and
 * forwarding rules), checks that its port is free (one plain line when not, before anything is
 * written), takes the data folder's lock (a second server on
 * the folder, on this data file or another beside it, refuses to start), resets the data to a
 * scenario when asked (MOCK_SCENARIO, see startScenario), creates the data file from db.json
 * when it does not exist and its folder holds no data of one (an empty or torn one, or a
 * missing one in a folder in use, stops the start, naming it), the files folder (owner only),
 * carries the cards of a `<data dir>/cards/` folder of ndjson card files, when there is one,
 * into the records store and removes the folder (server/records/migrate-cards.ts), seeds the
 * demo cards (server/imports/samples/cards.txt) on a first start, deletes the images uploaded a
 * day or more before that no record names (server/images/unused-images.ts) and image files
 * without a record, listens (imports interrupted by a stop are marked failed when their
 * program's records file is first opened), and on SIGINT/SIGTERM stops taking requests, waits
 * for pending writes, removes the lock and exits 0.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';
import { createApp } from './app';
import { SCENARIO } from '@contracts/api/mock-scenarios';
import { loadConfig, SEED_FILE, type ServerConfig } from './config';
import { makePrivateDir, refuseMissingDataFile, seedDataFile } from './db/data-file';
import { lockDataFile } from './db/lock-file';
import {
  clearSetupPending,
  markSetupPending,
  pendingSetup,
  pendingSetupFileOf,
  type PendingSetup,
} from './db/pending-setup';
import {
  chooseScenario,
  currentScenario,
  resetFiles,
  type ScenarioChoice,
} from './dev/scenarios/apply';
import { stopDevScript } from './dev/dev-script';
import { checkStartFiles } from './dev/mock/mock-control';
import { Store } from './db/store';
import { createPortalServer } from './http/http-server';
import { checkPortFree, portProblem } from './http/port-check';
import { errorMessage } from './http/errno';
import { createLogger } from './http/logging';
import { ImageFiles } from './images/image-files';
import { UnusedImages } from './images/unused-images';
import { seedDemoStores } from './imports/demo-stores';
import { seedDemoCards } from './records/demo-cards';
import { migrateOldCards } from './records/migrate-cards';

/**
 * The scenario the data is reset to at start (server/dev/scenarios), with the folder's lock
 * held: the one asked for (MOCK_SCENARIO, `npm start -- --scenario <name>`, checked before),
 * else the one a reset killed midway was putting in place (server/db/pending-setup.ts), else,
 * when the data file does not exist yet, the remembered one unless it is demo (demo is the
 * first start's seeding below). A missing data file in a folder that holds the data of one
 * stops the start instead (refuseMissingDataFile). Otherwise undefined: a restart keeps the data.
 */
async function startScenario(
  config: ServerConfig,
  asked: ScenarioChoice | undefined,
  pending: PendingSetup | undefined,
): Promise<ScenarioChoice | undefined> {
  if (asked !== undefined) return asked;
  if (pending?.kind === 'scenario') {
    try {
      return chooseScenario(pending.name, pending.params);
    } catch (error) {
      throw new Error(
        `${pendingSetupFileOf(config.dbFile)}: ${errorMessage(error)}. Run npm run db:reset -- --scenario <name> to start over`,
      );
    }
  }
  if (existsSync(config.dbFile)) return undefined;
  await refuseMissingDataFile(config);
  const remembered = currentScenario(config.dbFile);
  return remembered.name === SCENARIO.demo ? undefined : remembered;
}

/**
 * A first start's demo records: when there is no records folder, the demo cards and stores of
 * program 1, noted as pending until both are in, so a start after a kill midway seeds them again
 * (main removes what the killed one left) instead of keeping a folder without its stores.
 */
async function seedDemoRecords(
  config: ServerConfig,
  logger: Logger,
  pending: PendingSetup | undefined,
): Promise<void> {
  if (existsSync(config.recordsDir)) {
    // Records are there (carried over from an ndjson card folder): no demo seeding is due, so a
    // note of an interrupted one goes too, or every start would remove the records again.
    if (pending?.kind === 'demo-records') await clearSetupPending(config.dbFile);
    return;
  }
  await markSetupPending(config.dbFile, {
    kind: 'demo-records',
    importsExisted: existsSync(config.importsDir),
  });
  await seedDemoCards(config);
  logger.info({ recordsDir: config.recordsDir }, 'demo gift cards imported for program 1');
  const stores = await seedDemoStores(config, logger);
  logger.info({ stores }, 'demo stores imported for program 1');
  await clearSetupPending(config.dbFile);
}

/** How long in-flight requests may take to finish after a stop signal. */
const SHUTDOWN_GRACE_MS = 10_000;
/** How long a stopped server waits for its last work (the log's writes) before it exits anyway. */
const EXIT_GRACE_MS = 2_000;

/**
 * Ends the process with `code` once its event loop is empty: the log's last lines are written
 * asynchronously (http/logging.ts), and process.exit would end the process before a write in
 * flight is done. A handle left open does not hold the process past EXIT_GRACE_MS.
 */
function exitWhenIdle(code: number): void {
  process.exitCode = code;
  setTimeout(() => process.exit(), EXIT_GRACE_MS).unref();
}

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  // An unknown scenario name stops the start here, listing the names.
  const asked = config.scenario === undefined ? undefined : chooseScenario(config.scenario);
  // So does a bad MOCK_FAULTS or MOCK_PROXY_ROUTES file, naming the file and the field.
  checkStartFiles(config);
  // A port in use stops the start here, before the data folder is touched (and, under
  // `npm run dev`, the whole command: its watcher would wait on with no server).
  await checkPortFree(config.port).catch((error: unknown) => {
    stopDevScript(config.devScriptPid);
    throw error;
  });
  const lock = await lockDataFile(config.dbFile);
  // Also on a failed start or process.exit: the lock goes with the process.
  process.once('exit', () => lock.release());
  const pending = await pendingSetup(config.dbFile);
  const scenario = await startScenario(config, asked, pending);
  if (scenario !== undefined) {
    await resetFiles(config, scenario, SEED_FILE, logger);
    logger.info({ dbFile: config.dbFile, scenario: scenario.name }, 'data reset to the scenario');
  } else if (await seedDataFile(config.dbFile, SEED_FILE)) {
    logger.info({ dbFile: config.dbFile }, 'data file created from db.json');
  }
  if (scenario === undefined && pending?.kind === 'demo-records') {
    // A first start killed while seeding the demo records: what it left goes, and they are
    // seeded again below.
    await rm(config.recordsDir, { recursive: true, force: true });
    if (!pending.importsExisted) await rm(config.importsDir, { recursive: true, force: true });
    logger.warn(
      { recordsDir: config.recordsDir },
      'the demo records of an interrupted first start are seeded again',
    );
  }
  await makePrivateDir(config.filesDir);
  const ndjsonCardsDir = path.join(path.dirname(config.dbFile), 'cards');
  const migration = await migrateOldCards(ndjsonCardsDir, config);
  if (migration.migrated) {
    logger.info(
      { ndjsonCardsDir, recordsDir: config.recordsDir, ...migration },
      'cards of the ndjson card folder carried into the records store; the folder removed',
    );
  } else if (migration.reason === 'key-differs') {
    logger.error(
      { ndjsonCardsDir, keysDir: config.keysDir },
      'ndjson card folder not carried over: its PIN key differs from the records store key; left in place',
    );
  }
  await seedDemoRecords(config, logger, pending);
  const store = await Store.open(config.dbFile);
  // Logs what it deleted. Before removeOrphans, which takes a file whose delete failed.
  await new UnusedImages({ store, filesDir: config.filesDir, logger }).sweep();
  const orphans = await new ImageFiles(config.filesDir).removeOrphans(
    new Set(store.read().images.map((image) => image.id)),
  );
  if (orphans > 0) {
    logger.info(
      { filesDir: config.filesDir, removed: orphans },
      'image files without a record removed',
    );
  }
  const app = createApp({ db: store, config, logger });

  // Not app.listen: the requests Node's parser refuses are answered as JSON (http-server.ts).
  const server = createPortalServer(app);
  // A port taken since the check above stops the start with the same plain line; a later server
  // error (a refused accept) is logged.
  const cannotListen = (error: NodeJS.ErrnoException): void => {
    console.error(portProblem(config.port, error));
    stopDevScript(config.devScriptPid);
    exitWhenIdle(1);
  };
  server.once('error', cannotListen);
  server.listen(config.port, () => {
    server.off('error', cannotListen);
    server.on('error', (error) => logger.error({ err: error }, 'server error'));
    const { port } = server.address() as AddressInfo;
    console.log(`Portal running on http://localhost:${port}`);
  });

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(() => {
      store
        .close()
        .then(() => {
          logger.info('stopped');
          exitWhenIdle(0);
        })
        .catch((error: unknown) => {
          logger.fatal({ err: error }, 'pending writes failed');
          exitWhenIdle(1);
        });
    });
    server.closeIdleConnections();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
