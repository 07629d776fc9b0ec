/**
 * Session look-ups and clean-up.
 *   - sessionById: constant time per request. The index is built once per sessions list (the
 *     store replaces the list on every change and never changes it in place, so an index kept
 *     by the list's identity is always in sync with it).
 *   - startSessionPruning: drops expired sessions on a timer (unref'd: it never keeps the
 *     process alive), stopped when the store closes. Logins prune too.
 */
import type { Data, SessionRecord } from '../db/schema';
import type { Snapshot, Store } from '../db/store';

/** How often expired sessions are dropped by default. */
export const SESSION_PRUNE_INTERVAL_MS = 10 * 60_000;

type Sessions = Snapshot['sessions'];
type StoredSession = Sessions[number];

const indexes = new WeakMap<Sessions, Map<string, StoredSession>>();

/** The session of that id in the snapshot, or undefined. */
export function sessionById(data: Snapshot, id: string): StoredSession | undefined {
  let index = indexes.get(data.sessions);
  if (index === undefined) {
    index = new Map(data.sessions.map((session) => [session.id, session]));
    indexes.set(data.sessions, index);
  }
  return index.get(id);
}

const isExpired = (session: Readonly<SessionRecord>, now: number): boolean =>
  Date.parse(session.expiresAt) <= now;

/** Drops sessions whose master token has expired (inside a store update). */
export function pruneSessions(data: Data, now: number): void {
  if (data.sessions.some((session) => isExpired(session, now))) {
    data.sessions = data.sessions.filter((session) => !isExpired(session, now));
  }
}

/** Drops expired sessions now; resolves with how many it dropped. */
export async function pruneExpiredSessions(store: Store, now = Date.now()): Promise<number> {
  if (!store.read().sessions.some((session) => isExpired(session, now))) return 0;
  return store.update((data) => {
    const before = data.sessions.length;
    pruneSessions(data, now);
    return before - data.sessions.length;
  });
}

/** Prunes every `intervalMs` until the store closes. */
export function startSessionPruning(
  store: Store,
  intervalMs: number,
  onError: (error: unknown) => void,
): void {
  const timer = setInterval(() => {
    pruneExpiredSessions(store).catch(onError);
  }, intervalMs);
  timer.unref();
  store.onClose(() => clearInterval(timer));
}
