/**
 * Starts the server: reads the configuration, creates the data file from db.json and the cards
 * folder with the demo cards (server/cards/demo-cards.txt) when needed, listens, and on
 * SIGINT/SIGTERM stops taking requests, waits for pending writes and exits 0.
 */
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { seedDemoCards } from './cards/demo-cards';
import { loadConfig, SEED_FILE } from './config';
import { seedDataFile } from './db/data-file';
import { Store } from './db/store';
import { createLogger } from './http/logging';

/** How long in-flight requests may take to finish after a stop signal. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  if (await seedDataFile(config.dbFile, SEED_FILE)) {
    logger.info({ dbFile: config.dbFile }, 'data file created from db.json');
  }
  if (await seedDemoCards(config.cardsDir)) {
    logger.info({ cardsDir: config.cardsDir }, 'demo gift cards imported for program 1');
  }
  const store = await Store.open(config.dbFile);
  const app = createApp({ db: store, config, logger });

  const server = app.listen(config.port, (error?: Error) => {
    if (error) {
      logger.fatal({ err: error }, 'cannot listen');
      process.exit(1);
    }
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
          process.exit(0);
        })
        .catch((error: unknown) => {
          logger.fatal({ err: error }, 'pending writes failed');
          process.exit(1);
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
