/**
 * The request log of the developer tools (docs/developer-tools.md):
 * the last REQUEST_LOG.capacity finished calls, `GET /__mock/requests` (newest first, `after`,
 * `limit`), and the page at `GET /__mock` (./mock-page.ts).
 *
 * Cheap on the request's own time (measured with MOCK_CONTROL on): `record` copies a
 * handful of fields into a slot of a ring allocated once at start (no formatting, no regular
 * expression), and skips /__mock calls by their first characters; the call's details are the
 * one object call-detail.ts made for it, kept by reference. Everything else (the time as text,
 * redaction, the fault's text check) happens when the log is read.
 *
 * Each entry keeps its call's headers and bodies (call-detail.ts: at most CALL_DETAIL_MAX_BYTES
 * of each body), shown redacted by `GET /__mock/requests/{id}`; the list shows paths with query
 * values whose name suggests a secret and anything shaped like a token as `***`, and JSON in a
 * query name or value redacted as JSON (./redact.ts).
 */
import { randomUUID } from 'node:crypto';
import { type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import { REQUEST_LOG, type LoggedRequest, type RequestLogPage } from '@contracts/api/mock-requests';
import { MOCK_MOUNT, MOCK_PATHS } from '@contracts/api/mock';
import { MOCK_PROXY_PATHS, type CallKind, type LoggedCallDetail } from '@contracts/api/mock-proxy';
import type { ServerConfig } from '../../config';
import type { RequestRecord } from '../../http/logging';
import { notFound } from '../../http/errors';
import { validate } from '../../http/validate';
import { mockPage } from './mock-page';
import { CALL_DETAIL_LOCAL, callDetailOf, isStaticUrl, type CallDetail } from './call-detail';
import { redactUrl } from './redact';
import { recordedRouter } from '../../http/route-table';

/** A whole number from a query string. */
const wholeNumber = z
  .string()
  .regex(/^\d{1,15}$/, 'Must be a whole number')
  .transform(Number);

/** The query of `GET /__mock/requests`. */
export const requestLogQuery = z
  .object({
    /** Only calls logged after the one with this id (the newest the page has). */
    after: wholeNumber.optional(),
    /** At most this many entries, newest first (1 to the capacity; default 100). */
    limit: wholeNumber
      .pipe(z.number().int().min(1).max(REQUEST_LOG.capacity))
      .default(REQUEST_LOG.defaultLimit),
  })
  .strict();

export interface RequestLog {
  record: (entry: RequestRecord) => void;
  /** GET /__mock/requests (behind the token check). */
  router: Router;
  /**
   * GET /__mock: the page (HTML, no data). Served without a token: a browser's navigation
   * cannot send one, so the page signs in itself and sends the token with every data call.
   */
  page: RequestHandler;
  /** The log's entries, newest first (for tests and other parts). */
  read(options?: { after?: number; limit?: number }): LoggedRequest[];
  /** One logged call with its headers and bodies, or undefined when the log has none. */
  detail(id: number): LoggedCallDetail | undefined;
}

/** A ring slot: filled in place by `record`, never reallocated. */
interface Slot extends Omit<RequestRecord, 'locals'> {
  /** res.locals.mockFault as it was (checked to be a string on read). */
  fault: unknown;
  /** res.locals.mockKind: who answered, when not the mock's routes (`real`, `replayed`). */
  kind: unknown;
  /** res.locals.mockDetail: the call's headers and bodies (call-detail.ts). */
  detail: unknown;
}

const MOUNT_LENGTH = MOCK_MOUNT.length;
/** `_`: the second character of MOCK_MOUNT, the one cheap test most URLs fail. */
const MOUNT_SECOND_CHAR = MOCK_MOUNT.charCodeAt(1);

/**
 * The URL (path and query, raw) is /__mock or below it, in any case (express routes without
 * regard to case). Not mock-control's isMockPath: that module imports this one.
 */
export function isMockUrl(url: string): boolean {
  if (url.charCodeAt(1) !== MOUNT_SECOND_CHAR) return false;
  if (url.slice(0, MOUNT_LENGTH).toLowerCase() !== MOCK_MOUNT) return false;
  const next = url.charCodeAt(MOUNT_LENGTH);
  return Number.isNaN(next) || next === 0x2f /* / */ || next === 0x3f; /* ? */
}

/** A status the tools answered makes the call `faulted`; else who answered it. */
function kindOf(slot: Slot): CallKind {
  if (typeof slot.fault === 'string' && /(?:^|, )\d{3} /.test(slot.fault)) return 'faulted';
  return slot.kind === 'real' || slot.kind === 'replayed' ? slot.kind : 'mock';
}

export function createRequestLog(deps: { config: Pick<ServerConfig, 'clientDir'> }): RequestLog {
  const capacity: number = REQUEST_LOG.capacity;
  const ring: Slot[] = Array.from({ length: capacity }, () => ({
    id: 0,
    method: '',
    url: '',
    status: 0,
    completed: false,
    startedAt: 0,
    durationMs: 0,
    fault: undefined,
    kind: undefined,
    detail: undefined,
  }));
  /** This log's id: the ids of the calls start over in another server process. */
  const logId = randomUUID();
  /** Calls recorded so far; the newest is in ring[(count - 1) % capacity]. */
  let count = 0;

  const record = (entry: RequestRecord): void => {
    if (isMockUrl(entry.url)) return;
    const slot = ring[count % capacity];
    if (slot === undefined) return; // never: the ring is full of slots
    count += 1;
    slot.id = entry.id;
    slot.method = entry.method;
    slot.url = entry.url;
    slot.status = entry.status;
    slot.completed = entry.completed;
    slot.startedAt = entry.startedAt;
    slot.durationMs = entry.durationMs;
    slot.fault = entry.locals.mockFault;
    slot.kind = entry.locals.mockKind;
    slot.detail = entry.locals[CALL_DETAIL_LOCAL];
  };

  const format = (slot: Slot): LoggedRequest => ({
    id: slot.id,
    time: new Date(slot.startedAt).toISOString(),
    method: slot.method,
    path: redactUrl(slot.url),
    status: slot.status,
    durationMs: slot.durationMs,
    completed: slot.completed,
    ...(typeof slot.fault === 'string' && slot.fault !== '' ? { fault: slot.fault } : {}),
    kind: kindOf(slot),
    static: isStaticUrl(slot.url),
  });

  /**
   * Newest first, stopping at the entry `after` names: the calls logged since it, in the order
   * they finished (a slow call started earlier still comes after it). An `after` no longer in
   * the log (dropped out, or from before a restart) gives every entry, up to `limit`.
   */
  const read = ({
    after,
    limit = REQUEST_LOG.defaultLimit,
  }: { after?: number; limit?: number } = {}): LoggedRequest[] => {
    const kept = Math.min(count, capacity);
    const found: LoggedRequest[] = [];
    for (let back = 1; back <= kept && found.length < limit; back += 1) {
      const slot = ring[(count - back) % capacity];
      if (slot === undefined) break;
      if (after !== undefined && slot.id === after) break;
      found.push(format(slot));
    }
    return found;
  };

  const detail = (id: number): LoggedCallDetail | undefined => {
    const kept = Math.min(count, capacity);
    for (let back = 1; back <= kept; back += 1) {
      const slot = ring[(count - back) % capacity];
      if (slot?.id !== id) continue;
      const { method, path, status, kind } = format(slot);
      const noted = slot.detail as CallDetail | undefined;
      if (noted === undefined) {
        const none = { headers: {}, body: null, truncated: false, bodyIs: 'sent' as const };
        return { id, method, path, status, kind, request: none, response: none };
      }
      return callDetailOf({ id, method, path, status, kind }, noted);
    }
    return undefined;
  };

  const router = recordedRouter();
  router.get(
    MOCK_PROXY_PATHS.request,
    validate({ params: z.object({ id: wholeNumber }) }),
    (req, res) => {
      const id = Number(req.params.id);
      const found = detail(id);
      if (found === undefined) throw notFound(`No logged call ${id}`);
      res.set('Cache-Control', 'no-store').json(found);
    },
  );
  router.get(MOCK_PATHS.requests, validate({ query: requestLogQuery }), (req, res) => {
    const query = req.query as unknown as { after?: number; limit: number };
    const answer: RequestLogPage = { requests: read(query), capacity, logId };
    res.set('Cache-Control', 'no-store').json(answer);
  });

  return { record, router, page: mockPage(deps.config.clientDir), read, detail };
}
