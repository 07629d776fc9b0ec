/**
 * The secret signing tokens: TOKEN_SECRET, else the key file `<keysDir>/token.key` (beside the
 * import keys: folder 0700, file 0600), generated on the first start without TOKEN_SECRET and
 * kept, so restarts keep sessions valid. The file holds the secret as text on one line, so it can
 * be given as TOKEN_SECRET or MOCK_PROXY_TOKEN_SECRET elsewhere.
 *
 * A data file that holds a generated secret (`meta.tokenSecret`) has it moved: installed as the
 * key file (unless one exists) and removed from the data file, so the tokens it signed stay valid
 * and no secret stays in the data file.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Store } from '../db/store';
import { installSecretFile, readSecretFile } from '../records/record-crypto';

export const TOKEN_KEY_FILE = 'token.key';

/** The secret in the key file, or undefined when there is none; throws on an empty file. */
function readSecret(file: string): string | undefined {
  const secret = readSecretFile(file);
  if (secret === undefined) return undefined;
  if (secret === '') throw new Error(`${file}: empty (delete it to have a new secret made)`);
  return secret;
}

/** The secret of `<keysDir>/token.key`, written there first when there is none. */
function keptSecret(keysDir: string, fresh: () => string): string {
  const file = path.join(keysDir, TOKEN_KEY_FILE);
  const existing = readSecret(file);
  if (existing !== undefined) return existing;
  // Loses to another process that got there first: the file's secret is the one.
  installSecretFile(keysDir, TOKEN_KEY_FILE, `${fresh()}\n`);
  const created = readSecret(file);
  if (created === undefined) throw new Error(`${file}: could not be created`);
  return created;
}

/** Moves a secret found in the data file (`meta.tokenSecret`) into the key file. */
function moveOutOfDataFile(store: Store, keysDir: string, logger: Logger): void {
  const old = store.read().meta.tokenSecret;
  if (old === undefined) return;
  const kept = keptSecret(keysDir, () => old);
  if (kept !== old) {
    logger.warn(
      { keyFile: path.join(keysDir, TOKEN_KEY_FILE) },
      'the data file held another token secret than the key file: the key file’s is used, tokens signed with the other no longer verify',
    );
  }
  // Not awaited: the app is built synchronously, the secret is in the key file already, and
  // shutdown waits for pending writes. A failed write leaves it for the next start to move.
  store
    .update((data) => {
      delete data.meta.tokenSecret;
    })
    .then(() => logger.info({ keysDir }, 'token secret moved from the data file to the keys'))
    .catch((error: unknown) =>
      logger.error({ err: error }, 'could not remove the token secret from the data file'),
    );
}

export function resolveTokenSecret(
  configured: string | undefined,
  store: Store,
  keysDir: string,
  logger: Logger,
): string {
  // Also with TOKEN_SECRET: the data file must not keep a secret either way.
  moveOutOfDataFile(store, keysDir, logger);
  if (configured !== undefined) return configured;
  return keptSecret(keysDir, () => randomBytes(48).toString('base64url'));
}
