/**
 * Recording the real backend's answers into a scenario, and replaying them
 * (docs/developer-tools.md):
 *
 *   GET  /__mock/recordings              RecordingList: running and saved
 *   POST /__mock/recordings              {name, routes} starts one (201); 409 when a recording
 *                                        or a scenario has the name
 *   POST /__mock/recordings/{name}/stop  saves it: 200 {name, calls}; 404 when none runs
 *
 * While a recording runs, each finished `real` call matching one of its routes is kept: the
 * method, the path and query, the request's JSON body (for writes) and the whole answer, with
 * secrets redacted (./redact.ts). It is saved as `<data dir>/recordings/<name>.json` (owner
 * only; the name is checked against RECORDING_NAME before any file is touched), with the
 * scenario the data was on when it started. Switching to it (./scenarios.ts) puts that scenario's
 * data back and serves each recorded request its recorded answer (`replayed`); a request asked
 * more often than recorded gets the last answer again. A recorded answer needs the token the
 * mock's own route there needs: only the sign-in and refresh (routes without a token check) are
 * replayed to anyone.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { type Request, type RequestHandler, type Router } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { ERROR_CODE } from '@contracts/api/constants';
import {
  MOCK_PROXY_MESSAGE,
  MOCK_PROXY_PATHS,
  RECORDING_NAME,
  type RecordingInfo,
  type RecordingList,
  type RecordingStopped,
} from '@contracts/api/mock-proxy';
import { callMatchInput } from '@contracts/api/mock-faults';
import { REDACTED } from '@contracts/api/mock-requests';
import { API_PATHS, URL_PATHS } from '@contracts/api/paths';
import type { ServerConfig } from '../../config';
import { HttpError, notFound } from '../../http/errors';
import { API_MOUNT } from '../../http/mounts';
import type { RequestRecord } from '../../http/logging';
import { uncountApiRequest } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import type { ScenarioChoice } from '../scenarios/apply';
import { CALL_DETAIL_LOCAL, type CallDetail } from './call-detail';
import { compilePathPattern } from './fault-rules';
import { redactBody, redactHeaders, redactJson, redactUrl } from './redact';
import { recordedRouter } from '../../http/route-table';

/** The most of one answer a recording keeps; a larger answer is left out (and logged). */
export const RECORDED_ANSWER_MAX_BYTES = 16 * 1024 * 1024;

/** One recorded call: the request it answers and the answer. */
export interface RecordedCall {
  method: string;
  /** Path and query as sent (secret query values as `***`). */
  url: string;
  /** A write's JSON body, redacted, keys sorted; null when it had none or not JSON. */
  body: string | null;
  status: number;
  headers: Record<string, string>;
  /** The answer's body: text, or base64 (`encoding`). */
  response: string;
  encoding: 'utf8' | 'base64';
}

/** A saved recording: a scenario of its own. */
export interface RecordingFile {
  name: string;
  description: string;
  /** The scenario (and its parameters) the data was on when it started: replay resets to it. */
  from: ScenarioChoice;
  routes: { method: string; path: string }[];
  calls: RecordedCall[];
}

export const recordingInput = z
  .object({
    name: z.string().regex(RECORDING_NAME, 'Must be 1-63 lower-case letters, digits and dashes'),
    routes: z.array(z.object(callMatchInput).strict()).min(1).max(100),
  })
  .strict();

interface Running {
  name: string;
  from: ScenarioChoice;
  routes: { method: string; path: string; pattern: RegExp }[];
  calls: RecordedCall[];
  /** Calls it matched but did not keep (too large, or not to be redacted). */
  leftOut: number;
}

/** Answers headers that describe one connection or one transfer, not the answer. */
const NOT_REPLAYED = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'date',
  'etag',
  // The body is kept decoded (./recordings.ts decodedBody), and replayed so.
  'content-encoding',
]);

/**
 * The routes whose answers are secrets (the sign-in's and the refresh's tokens): an answer there
 * that cannot be redacted as JSON is left out of a recording, never kept in any form.
 */
const SECRET_ANSWERS = [`${API_MOUNT}${API_PATHS.tokens}`, URL_PATHS.refresh].map((route) =>
  compilePathPattern(route),
);

/** Keys sorted, so the same JSON sent twice compares equal. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, member]) => [key, sorted(member)]),
  );
}

/** A write's body as recordings compare it: redacted JSON, keys sorted. */
export function bodyKey(json: unknown): string | null {
  if (json === undefined || json === null || typeof json !== 'object') return null;
  return JSON.stringify(sorted(redactJson(json)));
}

const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD';

function callKey(method: string, url: string, body: string | null): string {
  return `${method} ${url}\n${isWrite(method) ? (body ?? '') : ''}`;
}

export interface Recordings {
  router: Router;
  /** Told of each finished call (the request logger). */
  record(entry: RequestRecord): void;
  /** How much of the answer to keep while a recording wants the call (undefined: it does not). */
  bodyLimit(method: string, url: string): number | undefined;
  /** A saved recording, or undefined; `name` is checked before any file is read. */
  saved(name: string): RecordingFile | undefined;
  savedNames(): string[];
  /** Serves a recorded answer while a recording is in place (after the JSON body is read). */
  replay: RequestHandler;
  /** Puts a recording's answers in place (undefined: none). */
  replayFrom(file: RecordingFile | undefined): void;
  replaying(): boolean;
  /** Starts a recording of every `real` call (`npm start -- --record <name>`). */
  startAll(name: string): void;
  /** Saves every running recording (at shutdown). */
  saveAll(): void;
}

export interface RecordingsDependencies {
  config: Pick<ServerConfig, 'dbFile'>;
  logger: Logger;
  /** The scenario the data is on now (kept with a recording). */
  currentScenario(): ScenarioChoice;
  /** Names no recording may take (the built-in scenarios). */
  reserved(name: string): boolean;
  /** A route of the mock answers this call without a token (./local-routes.ts). */
  isPublic(method: string, urlPath: string): boolean;
  /** The token check of the mock's protected routes: a replayed answer needs it elsewhere. */
  requireAuth: RequestHandler;
}

export function createRecordings(deps: RecordingsDependencies): Recordings {
  const dir = path.join(path.dirname(deps.config.dbFile), 'recordings');
  const fileOf = (name: string): string => {
    // Checked here, whatever the caller did: no other name reaches the file system.
    if (!RECORDING_NAME.test(name)) throw notFound(`No recording is named "${name}"`);
    return path.join(dir, `${name}.json`);
  };
  const running = new Map<string, Running>();
  let replayed = new Map<string, { answers: RecordedCall[]; next: number }>();
  let active = false;

  const saved = (name: string): RecordingFile | undefined => {
    if (!RECORDING_NAME.test(name)) return undefined;
    try {
      return JSON.parse(readFileSync(fileOf(name), 'utf8')) as RecordingFile;
    } catch {
      return undefined;
    }
  };
  const savedNames = (): string[] => {
    try {
      return readdirSync(dir)
        .filter((file) => file.endsWith('.json'))
        .map((file) => file.slice(0, -'.json'.length))
        .filter((name) => RECORDING_NAME.test(name))
        .sort();
    } catch {
      return [];
    }
  };

  const matching = (method: string, urlPath: string): Running[] => {
    const asked = method === 'HEAD' ? 'GET' : method;
    return [...running.values()].filter((recording) =>
      recording.routes.some(
        (route) => (route.method === '*' || route.method === asked) && route.pattern.test(urlPath),
      ),
    );
  };

  const start = (name: string, routes: { method: string; path: string }[]): void => {
    if (running.has(name) || deps.reserved(name) || saved(name) !== undefined) {
      throw new HttpError(409, ERROR_CODE.CONFLICT, MOCK_PROXY_MESSAGE.recordingExists(name));
    }
    running.set(name, {
      name,
      from: deps.currentScenario(),
      routes: routes.map((route) => ({
        method: route.method.toUpperCase(),
        path: route.path,
        pattern: compilePathPattern(route.path),
      })),
      calls: [],
      leftOut: 0,
    });
  };

  /** Writes the recording (owner only), whole or not at all. */
  const save = (recording: Running): void => {
    const file = fileOf(recording.name);
    const content: RecordingFile = {
      name: recording.name,
      description: `Recorded from the real backend: ${recording.calls.length} calls on ${recording.from.name}.`,
      from: recording.from,
      routes: recording.routes.map(({ method, path: routePath }) => ({ method, path: routePath })),
      calls: recording.calls,
    };
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
    renameSync(temporary, file);
  };

  const record = (entry: RequestRecord): void => {
    if (running.size === 0 || entry.locals.mockKind !== 'real' || !entry.completed) return;
    const detail = entry.locals[CALL_DETAIL_LOCAL] as CallDetail | undefined;
    if (detail === undefined) return;
    const urlPath = entry.url.split('?', 1)[0] ?? '';
    const recordings = matching(entry.method, urlPath);
    if (recordings.length === 0) return;
    const leaveOut = (why: string): void => {
      deps.logger.warn({ url: redactUrl(entry.url) }, `${why}: left out of the recording`);
      for (const recording of recordings) recording.leftOut += 1;
    };
    if (detail.responseBytes.truncated) {
      leaveOut('an answer too large to record');
      return;
    }
    const call = recordedCall(entry, detail);
    if (call === undefined) {
      leaveOut('an answer whose secrets cannot be redacted (a body not read or not JSON)');
      return;
    }
    for (const recording of recordings) recording.calls.push(call);
  };

  const replay: RequestHandler = (req, res, next) => {
    if (!active) {
      next();
      return;
    }
    const found = replayed.get(callKey(req.method, redactUrl(req.originalUrl), requestKey(req)));
    const answer = found?.answers[Math.min(found.next, found.answers.length - 1)];
    if (found === undefined || answer === undefined) {
      next();
      return;
    }
    const serve = (): void => {
      found.next += 1;
      res.locals.mockKind = 'replayed';
      // The real backend's answers, as forwarded ones: not counted against the anonymous limit.
      uncountApiRequest(req);
      res.status(answer.status);
      for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
      res.end(Buffer.from(answer.response, answer.encoding));
    };
    // Who may have a recorded answer is who may call the mock's own route there: anyone for a
    // route that needs no token (the sign-in, the refresh), else only a caller with a valid
    // token, checked as the mock's routes check it (401 otherwise). A path no route of the mock
    // serves (one of the real backend's own) needs a token too.
    if (deps.isPublic(req.method, req.path)) {
      serve();
      return;
    }
    deps.requireAuth(req, res, (error?: unknown) => {
      if (error === undefined) serve();
      else next(error);
    });
  };

  const replayFrom = (file: RecordingFile | undefined): void => {
    replayed = new Map();
    active = file !== undefined;
    for (const call of file?.calls ?? []) {
      const key = callKey(call.method, call.url, call.body);
      const found = replayed.get(key);
      if (found === undefined) replayed.set(key, { answers: [call], next: 0 });
      else found.answers.push(call);
    }
  };

  const info = (): RecordingInfo[] => {
    const list: RecordingInfo[] = [...running.values()].map((recording) => ({
      name: recording.name,
      running: true,
      calls: recording.calls.length,
      ...(recording.leftOut > 0 ? { leftOut: recording.leftOut } : {}),
      routes: recording.routes.map(({ method, path: routePath }) => ({ method, path: routePath })),
    }));
    for (const name of savedNames()) {
      const file = saved(name);
      if (file === undefined || running.has(name)) continue;
      list.push({ name, running: false, calls: file.calls.length, routes: file.routes });
    }
    return list;
  };

  const router = recordedRouter();
  router.get(MOCK_PROXY_PATHS.recordings, (_req, res) => {
    const answer: RecordingList = { recordings: info() };
    res.set('Cache-Control', 'no-store').json(answer);
  });
  router.post(MOCK_PROXY_PATHS.recordings, validate({ body: recordingInput }), (req, res) => {
    const { name, routes } = req.body as z.output<typeof recordingInput>;
    start(name, routes);
    const started = info().find((recording) => recording.name === name && recording.running);
    res.status(201).json(started);
  });
  router.post(
    MOCK_PROXY_PATHS.stopRecording,
    validate({ params: z.object({ name: z.string() }) }),
    (req, res) => {
      const recording = running.get(req.params.name);
      if (recording === undefined) {
        throw notFound(MOCK_PROXY_MESSAGE.recordingNotFound(req.params.name));
      }
      save(recording);
      running.delete(recording.name);
      const answer: RecordingStopped = {
        name: recording.name,
        calls: recording.calls.length,
        ...(recording.leftOut > 0 ? { leftOut: recording.leftOut } : {}),
      };
      res.json(answer);
    },
  );

  return {
    router,
    record,
    bodyLimit: (method, url) =>
      running.size > 0 && matching(method, url.split('?', 1)[0] ?? '').length > 0
        ? RECORDED_ANSWER_MAX_BYTES
        : undefined,
    saved,
    savedNames,
    replay,
    replayFrom,
    replaying: () => active,
    startAll: (name) => {
      if (!RECORDING_NAME.test(name)) {
        throw new Error(`--record: "${name}" is not a recording name (${String(RECORDING_NAME)})`);
      }
      start(name, [{ method: '*', path: '/*' }]);
      deps.logger.info({ recording: name }, 'recording every call sent to the real backend');
    },
    saveAll: () => {
      for (const recording of running.values()) {
        save(recording);
        deps.logger.info(
          { recording: recording.name, calls: recording.calls.length },
          'recording saved',
        );
      }
      running.clear();
    },
  };
}

/** The request's body as a recording compares it. */
function requestKey(req: Request): string | null {
  return isWrite(req.method) ? bodyKey(req.body) : null;
}

/**
 * An answer's body with its Content-Encoding undone (gzip, deflate, br, zstd, in the order they
 * were applied), at most RECORDED_ANSWER_MAX_BYTES of it; undefined for a coding not read here,
 * a broken body, or one that decodes larger.
 */
export function decodedBody(
  bytes: Buffer,
  contentEncoding: string | undefined,
): Buffer | undefined {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  if (bytes.length === 0) return bytes;
  const options = { maxOutputLength: RECORDED_ANSWER_MAX_BYTES };
  let body = bytes;
  try {
    for (const coding of codings.reverse()) {
      if (coding === 'gzip' || coding === 'x-gzip') body = zlib.gunzipSync(body, options);
      else if (coding === 'br') body = zlib.brotliDecompressSync(body, options);
      else if (coding === 'zstd') body = zlib.zstdDecompressSync(body, options);
      else if (coding === 'deflate') body = inflated(body, options);
      else return undefined;
    }
  } catch {
    return undefined;
  }
  return body;
}

/** `deflate` is zlib-wrapped (RFC 9110 §8.4.1.2); some servers send it raw. */
function inflated(bytes: Buffer, options: zlib.ZlibOptions): Buffer {
  try {
    return zlib.inflateSync(bytes, options);
  } catch {
    return zlib.inflateRawSync(bytes, options);
  }
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The body as text when it is UTF-8 without control characters (but tab and line breaks),
 * whatever its content type says: text can hold a secret, so it is redacted as text. Undefined
 * for binary bytes (an image, a file).
 */
function textOf(bytes: Buffer): string | undefined {
  const control = bytes.findIndex(
    (byte) => (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) || byte === 0x7f,
  );
  if (control !== -1) return undefined;
  try {
    return UTF8.decode(bytes);
  } catch {
    return undefined;
  }
}

function parsedJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/**
 * One finished `real` call as a recording keeps it, secrets redacted; undefined when its answer
 * cannot be kept without a secret in it: a Content-Encoding not read here, or, on a route whose
 * answers are secrets (SECRET_ANSWERS), a body that is not JSON.
 */
function recordedCall(entry: RequestRecord, detail: CallDetail): RecordedCall | undefined {
  let body: string | null = null;
  if (isWrite(entry.method) && detail.requestBytes.bytes > 0) {
    try {
      body = bodyKey(JSON.parse(detail.requestBytes.buffer().toString('utf8')));
    } catch {
      body = null;
    }
  }
  const headers = Object.fromEntries(
    // A secret header (Set-Cookie) is left out rather than replayed as `***`.
    Object.entries(redactHeaders(detail.responseHeaders ?? {})).filter(
      ([name, value]) => !NOT_REPLAYED.has(name) && value !== REDACTED,
    ),
  );
  const contentType = headers['content-type'] ?? '';
  const encoding = detail.responseHeaders?.['content-encoding'];
  const bytes = decodedBody(
    detail.responseBytes.buffer(),
    Array.isArray(encoding) ? encoding.join(',') : encoding?.toString(),
  );
  if (bytes === undefined) return undefined;
  const urlPath = entry.url.split('?', 1)[0] ?? '';
  const secretAnswer = SECRET_ANSWERS.some((pattern) => pattern.test(urlPath));
  const text = textOf(bytes);
  const json = text === undefined ? undefined : parsedJson(text);
  let response: string;
  if (json !== undefined) response = JSON.stringify(redactJson(json.value));
  else if (secretAnswer && bytes.length > 0) return undefined;
  else if (text !== undefined) response = redactBody(text, contentType);
  else response = bytes.toString('base64');
  return {
    method: entry.method,
    url: redactUrl(entry.url),
    body,
    status: entry.status,
    headers,
    response,
    encoding: text === undefined ? 'base64' : 'utf8',
  };
}
