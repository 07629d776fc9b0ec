/** The secret signing tokens: TOKEN_SECRET, else one generated once and kept in the data file. */
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Store } from '../db/store';

export function resolveTokenSecret(
  configured: string | undefined,
  store: Store,
  logger: Logger,
): string {
  if (configured !== undefined) return configured;
  const kept = store.read().meta.tokenSecret;
  if (kept !== undefined) return kept;
  const generated = randomBytes(48).toString('base64url');
  // Kept so restarts keep sessions valid. Not awaited: the app is built synchronously, the
  // secret is used from memory at once, and shutdown waits for pending writes.
  store
    .update((data) => {
      data.meta.tokenSecret ??= generated;
    })
    .catch((error: unknown) => logger.error({ err: error }, 'could not keep the token secret'));
  return generated;
}
