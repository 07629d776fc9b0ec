/**
 * Recording the real backend's answers into a scenario, and replaying them
 * (docs/developer-tools.md):
 *
 *   GET  /__mock/recordings              RecordingList: running and saved
 *   POST /__mock/recordings              {name, routes} starts one (201); 409 when a recording,
 *                                        a scenario or a file has the name
 *   POST /__mock/recordings/{name}/stop  saves it: 200 {name, calls}; 404 when none runs, 409
 *                                        when a file took the name meanwhile (never overwritten)
 *
 * While a recording runs, each finished `real` call matching one of its routes is kept: the
 * method, the path and query, the request's JSON body (for writes) and the whole answer, with
 * secrets redacted (./redact.ts; text read in its charset, ./body-text.ts); an answer that cannot
 * be kept without a secret is left out. The session's routes (sign-in, refresh, logout) are never
 * recorded nor replayed. It is saved as `<data dir>/recordings/<name>.json` (owner only; the name
 * is checked against RECORDING_NAME before any file is touched), with the scenario the data was
 * on when it started, the number of calls and those left out ahead of the calls. The stop does
 * not wait for a call still being answered: such a call is left out and counted in `leftOut`, as
 * an answer too large is. A list reads only a file's head (RECORDING_HEAD_BYTES), or, when the
 * head is not ahead of the calls, the file a piece at a time past its calls (CallSkipper); a
 * switch or a reset reads the file whole and checks it (recordingFileSchema): one that cannot be
 * used is listed with its problem and never switched to. Switching to it (./scenarios.ts) puts that
 * scenario's data back and serves each recorded request its recorded answer (`replayed`); a
 * request asked more often than recorded gets the last answer again. A recorded answer needs the
 * token the mock's own route there needs: one on a route without a token check is replayed to
 * anyone.
 */
import {
  closeSync,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { link, mkdir, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { constants } from 'node:buffer';
import { validateHeaderName, validateHeaderValue } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { type Request, type RequestHandler, type Router } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { ERROR_CODE } from '@contracts/api/constants';
import {
  CALL_DETAIL_MAX_BYTES,
  MOCK_PROXY_MESSAGE,
  MOCK_PROXY_PATHS,
  RECORDING_NAME,
  type RecordingInfo,
  type RecordingList,
  type RecordingStopped,
} from '@contracts/api/mock-proxy';
import { callMatchInput, TOOLS_PATH } from '@contracts/api/mock-faults';
import { REDACTED } from '@contracts/api/mock-requests';
import { API_PATHS, URL_PATHS } from '@contracts/api/paths';
import type { ServerConfig } from '../../config';
import { HttpError, notFound } from '../../http/errors';
import { API_MOUNT } from '../../http/mounts';
import { readJsonText } from '../../http/redact-json';
import type { RequestRecord } from '../../http/logging';
import { uncountApiRequest } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import type { ScenarioChoice } from '../scenarios/apply';
import { CALL_DETAIL_LOCAL, isJsonWrite, type CallDetail } from './call-detail';
import { compilePathPattern } from './fault-rules';
import { forwardableHeaders } from './forward';
import { decodedText, isTextType, isUtf8, mediaTypeOf, withUtf8Charset } from './body-text';
import { holdsSecret, redactBody, redactHeaders, redactJson, redactUrl } from './redact';
import { recordedRouter } from '../../http/route-table';

/** The most of one answer a recording keeps; a larger answer is left out (and logged). */
export const RECORDED_ANSWER_MAX_BYTES = 16 * 1024 * 1024;

/**
 * The headers of a recorded answer: each one node:http sends as it is (a name that is a token, a
 * value without line breaks), checked whenever a file is read.
 */
const recordedHeaders = z.record(z.string(), z.string()).superRefine((headers, context) => {
  for (const [name, value] of Object.entries(headers)) {
    try {
      validateHeaderName(name);
      validateHeaderValue(name, value);
    } catch (error) {
      context.addIssue({
        code: 'custom',
        path: [name],
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
});

/**
 * Calls under /__mock are the mock's own, never forwarded, so never recorded: a route there is
 * refused when a recording starts (recordingInput), and a file made by hand that names one, as a
 * route or as a call (whose answer would stand in for the developer tools' own), is refused as
 * any file that is not what the mock saves.
 */
const notToolsPath = (routePath: string): boolean => !TOOLS_PATH.test(routePath);
const NOT_RECORDED = { error: MOCK_PROXY_MESSAGE.toolsNotRecorded } as const;

/** One recorded call: the request it answers and the answer. */
const recordedCallSchema = z.object({
  method: z.string().regex(/^[A-Z]{1,20}$/, 'Must be an HTTP method in capitals'),
  /** Path and query as sent (secret query values as `***`). */
  url: z
    .string()
    .startsWith('/')
    .refine((url) => notToolsPath(url.split('?', 1)[0] ?? ''), NOT_RECORDED),
  /** A write's JSON body, redacted, keys sorted; null when it had none or not JSON. */
  body: z.string().nullable(),
  /** A final status node:http answers (the target's; 1xx are never final). */
  status: z.number().int().min(200).max(999),
  headers: recordedHeaders,
  /** The answer's body: text, or base64 (`encoding`). */
  response: z.string(),
  encoding: z.enum(['utf8', 'base64']),
});
export type RecordedCall = z.output<typeof recordedCallSchema>;

/**
 * What comes ahead of a saved recording's calls: all a list of recordings or scenarios needs, read
 * without its calls (readHead).
 */
const recordingHeadSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** The scenario (and its parameters) the data was on when it started: replay resets to it. */
  from: z.object({ name: z.string(), params: z.record(z.string(), z.unknown()) }),
  routes: z.array(
    z.object({ method: z.string(), path: z.string().refine(notToolsPath, NOT_RECORDED) }),
  ),
  /** How many calls it holds (written by the mock; a file without it has its calls counted). */
  callCount: z.number().int().min(0).optional(),
  /** Calls it matched but did not keep (written when some were). */
  leftOut: z.number().int().min(0).optional(),
});

/** A saved recording: a scenario of its own. Every file is checked with it when read whole. */
const recordingFileSchema = recordingHeadSchema
  .extend({ calls: z.array(recordedCallSchema) })
  .superRefine((file, context) => {
    if (file.callCount !== undefined && file.callCount !== file.calls.length) {
      context.addIssue({
        code: 'custom',
        path: ['callCount'],
        message: `says ${file.callCount} calls, the file holds ${file.calls.length}`,
      });
    }
  });
export type RecordingFile = z.output<typeof recordingFileSchema>;

/** A saved recording as listed: what its head says, or why it cannot be used. */
export type SavedRecording =
  | {
      name: string;
      description: string;
      routes: { method: string; path: string }[];
      calls: number;
      leftOut?: number;
      problem?: undefined;
    }
  | { name: string; problem: string };

/**
 * How much of a file a list reads: a larger one is listed from its head (name, description, from,
 * routes, callCount and leftOut, ahead of its calls, as the mock saves them), never read whole;
 * one whose head is not there is read past its calls (CallSkipper), its other members at most
 * this many bytes together.
 */
export const RECORDING_HEAD_BYTES = 256 * 1024;

/** A value's problem as a recording's: the first issue, where it is and what is wrong. */
function issueOf(error: z.ZodError): string {
  const [issue] = error.issues;
  const where =
    issue === undefined || issue.path.length === 0 ? '(the file)' : issue.path.join('.');
  return `${where}: ${issue?.message ?? 'not a recording'}`;
}

/** A file's text as a recording, or what is wrong with it as one. */
function problemOf(text: string): { problem: string } | { file: RecordingFile } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    // The parser's message may quote the file's text: only where it stopped is said.
    const position = /position (\d+)/.exec(error instanceof Error ? error.message : '');
    return { problem: `not JSON${position === null ? '' : ` (at position ${position[1]})`}` };
  }
  const parsed = recordingFileSchema.safeParse(json);
  return parsed.success ? { file: parsed.data } : { problem: issueOf(parsed.error) };
}

type RecordingHead = z.output<typeof recordingHeadSchema>;

/** The members a head must hold (callCount and leftOut may be left out). */
const HEAD_NAMES = ['name', 'description', 'from', 'routes'];

/**
 * A large file's head, from its first RECORDING_HEAD_BYTES: the members ahead of `calls`, each
 * whole (the first bytes are read as JSON cut short, closed after the last whole member: once
 * `calls` is reached every member before it is whole; any after it is not read); `notFirst` when
 * those bytes do not hold them all ahead of `calls` (the file is then read past its calls,
 * CallSkipper); or what is wrong with it.
 */
function readHead(
  bytes: Uint8Array,
): { problem: string } | { head: RecordingHead } | { notFirst: true } {
  const text = decodedText(bytes, 'utf-8', { fatal: false, cut: true }) ?? '';
  const [value] = readJsonText(text)?.values ?? [];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { problem: 'not JSON' };
  }
  const entries = Object.entries(value);
  const callsAt = entries.findIndex(([name]) => name === 'calls');
  const head = Object.fromEntries(entries.slice(0, callsAt));
  if (callsAt === -1 || HEAD_NAMES.some((name) => !(name in head))) return { notFirst: true };
  const parsed = recordingHeadSchema.safeParse(head);
  return parsed.success ? { head: parsed.data } : { problem: issueOf(parsed.error) };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** What a recording file read past its calls holds (CallSkipper). */
interface Skipped {
  /** The file's top-level value ended (else the file ends before it does). */
  ended: boolean;
  /** The items of its top-level `calls` list; undefined when no such list ended. */
  calls: number | undefined;
  /**
   * The file's text without the items of its `calls` list (`"calls": []`), when kept and no
   * longer than RECORDING_HEAD_BYTES; undefined otherwise.
   */
  rest: Buffer | undefined;
}

/**
 * A recording file read a piece at a time (never whole): the items of its top-level `calls` list
 * counted and skipped, and, when `keep`, every other byte kept (at most RECORDING_HEAD_BYTES of
 * them: its name, description, from and routes, wherever they are). For a file saved without
 * `callCount`, and one whose head is not ahead of its calls.
 */
class CallSkipper {
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** A top-level member's name being read (its first bytes). */
  private name: number[] | undefined;
  private lastName = '';
  private nameNext = false;
  private inCalls = false;
  private count = 0;
  private callsEnded = false;
  private ended = false;
  private readonly kept: Buffer[] = [];
  private keptBytes = 0;
  private keeping: boolean;

  constructor(keep: boolean) {
    this.keeping = keep;
  }

  private keepPart(part: Buffer): void {
    if (!this.keeping) return;
    this.keptBytes += part.length;
    if (this.keptBytes > RECORDING_HEAD_BYTES) {
      this.keeping = false;
      this.kept.length = 0;
      this.keptBytes = Infinity;
      return;
    }
    this.kept.push(Buffer.from(part));
  }

  /**
   * Reads the next piece of the file; false once its top-level value has ended, or once more than
   * RECORDING_HEAD_BYTES were to be kept.
   */
  feed(piece: Buffer): boolean {
    /** Where the part of the piece to keep starts (outside the calls' items). */
    let keepFrom = 0;
    /** Where the piece's next backslash is, from where it was last looked for. */
    let backslash = -1;
    for (let at = 0; at < piece.length; at += 1) {
      if (this.inString && !this.escaped && this.name === undefined) {
        // To the string's next quote or backslash at once (a body in base64 is one string).
        if (backslash < at) {
          backslash = piece.indexOf(BACKSLASH, at);
          if (backslash === -1) backslash = piece.length;
        }
        const quote = piece.indexOf(QUOTE, at);
        at = Math.min(quote === -1 ? piece.length : quote, backslash);
        if (at >= piece.length) break;
      }
      const byte = piece[at] ?? 0;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) {
          this.inString = false;
          if (this.name !== undefined) this.lastName = Buffer.from(this.name).toString('latin1');
          this.name = undefined;
        } else if (this.name !== undefined && this.name.length <= 'calls'.length) {
          this.name.push(byte);
        }
        continue;
      }
      if (byte === QUOTE) {
        this.inString = true;
        if (this.depth === 1 && this.nameNext) this.name = [];
        this.nameNext = false;
      } else if (byte === 0x7b /* { */ || byte === 0x5b /* [ */) {
        if (this.depth === 1 && byte === 0x5b && this.lastName === 'calls') {
          // The calls' items are skipped: kept up to their list's `[`.
          this.inCalls = true;
          this.keepPart(piece.subarray(keepFrom, at + 1));
        } else if (this.inCalls && this.depth === 2) this.count += 1;
        this.depth += 1;
        this.nameNext = this.depth === 1;
      } else if (byte === 0x7d /* } */ || byte === 0x5d /* ] */) {
        this.depth -= 1;
        if (this.inCalls && this.depth === 1) {
          this.inCalls = false;
          this.callsEnded = true;
          keepFrom = at;
        } else if (this.depth === 0) {
          this.ended = true;
          if (!this.inCalls) this.keepPart(piece.subarray(keepFrom, at + 1));
          return false;
        }
      } else if (byte === 0x2c /* , */ && this.depth === 1) {
        this.nameNext = true;
      }
    }
    if (!this.inCalls) this.keepPart(piece.subarray(keepFrom));
    // Kept past the limit: the rest would not change the answer.
    return this.keptBytes !== Infinity;
  }

  result(): Skipped {
    return {
      ended: this.ended,
      calls: this.callsEnded ? this.count : undefined,
      rest: this.keeping ? Buffer.concat(this.kept) : undefined,
    };
  }
}

/** A recording file read through a CallSkipper, a piece at a time. */
async function skipCalls(file: string, keep: boolean): Promise<Skipped> {
  const skipper = new CallSkipper(keep);
  const handle = await open(file, 'r');
  try {
    const chunk = Buffer.alloc(1024 * 1024);
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0 || !skipper.feed(chunk.subarray(0, bytesRead))) break;
    }
  } finally {
    await handle.close();
  }
  return skipper.result();
}

/** A file read past its calls: its head, and a `calls` list (its items left out). */
const skippedFileSchema = recordingHeadSchema.extend({ calls: z.array(z.unknown()) });

/** A recording's head and number of calls from a file read past its calls, or its problem. */
function headOfSkipped(
  skipped: Skipped,
): { problem: string } | { head: RecordingHead; calls: number } {
  if (!skipped.ended) return { problem: 'not JSON (the file ends before its last })' };
  if (skipped.rest === undefined) {
    return {
      problem: `its members other than calls take more than ${RECORDING_HEAD_BYTES / 1024} KB together`,
    };
  }
  const read = parsedJson(skipped.rest.toString('utf8'));
  if (read === undefined) return { problem: 'not JSON' };
  const parsed = skippedFileSchema.safeParse(read.value);
  if (!parsed.success) return { problem: issueOf(parsed.error) };
  return { head: parsed.data, calls: parsed.data.callCount ?? skipped.calls ?? 0 };
}

export const recordingInput = z
  .object({
    name: z.string().regex(RECORDING_NAME, 'Must be 1-63 lower-case letters, digits and dashes'),
    routes: z
      .array(
        z
          .object({
            ...callMatchInput,
            // Those calls are the mock's own, never forwarded: a route there would never apply.
            path: callMatchInput.path.refine(notToolsPath, NOT_RECORDED),
          })
          .strict(),
      )
      .min(1)
      .max(100),
  })
  .strict();

interface Running {
  name: string;
  from: ScenarioChoice;
  routes: { method: string; path: string; pattern: RegExp }[];
  calls: RecordedCall[];
  /** About how many bytes its calls take (bodies, URLs, headers): MOCK_RECORDING_MAX_BYTES. */
  bytes: number;
  /** Calls it matched but did not keep (too large, or not to be redacted). */
  leftOut: number;
  /** Being saved (stop asked): it takes no more calls. */
  stopping: boolean;
  /**
   * Its calls sent to the target and not yet finished, with their URLs: one still unfinished
   * when the stop comes is left out (counted), as is one that finishes while it is saved.
   */
  inFlight: Map<CallDetail, string>;
}

/**
 * Answers headers that describe one connection or one transfer, not the answer (the hop-by-hop
 * ones, ./forward.ts, are never passed on either).
 */
const NOT_REPLAYED = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'date',
  // The body is kept decoded (./recordings.ts decodedBody), and replayed so.
  'content-encoding',
]);

/**
 * The session's routes: the sign-in and logout (`/api/tokens`) and the refresh. They are never
 * recorded (their answers are the session's tokens) nor replayed (a file may hold them): with a
 * recording in place the mock's own routes answer them, so its own users sign in offline and a
 * wrong password is refused.
 */
const SESSION_ROUTES = [`${API_MOUNT}${API_PATHS.tokens}`, URL_PATHS.refresh].map((route) =>
  compilePathPattern(route),
);
const isSessionRoute = (urlPath: string): boolean =>
  SESSION_ROUTES.some((pattern) => pattern.test(urlPath));

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
  /**
   * Told of each call as it is sent to the target, before its answer: the recordings it matches
   * count it left out if they stop before it finishes.
   */
  forwarding(method: string, url: string, detail: CallDetail): void;
  /**
   * A saved recording, or undefined when there is none; `name` is checked before any file is
   * read. A file that cannot be used throws a 400 naming the file and its fault.
   */
  saved(name: string): RecordingFile | undefined;
  /**
   * Every saved recording as listed, by name: what its head says, or why it cannot be used
   * (never throws). Never reads a large file whole.
   */
  savedList(): Promise<SavedRecording[]>;
  /** Serves a recorded answer while a recording is in place (after the JSON body is read). */
  replay: RequestHandler;
  /**
   * The recording in place holds a write with this method and URL: its JSON body is read up to
   * RECORDED_ANSWER_MAX_BYTES (the most a recording keeps), as replay compares all of it.
   */
  replaysWrite(method: string, url: string): boolean;
  /** Puts a recording's answers in place (undefined: none). */
  replayFrom(file: RecordingFile | undefined): void;
  replaying(): boolean;
  /** Starts a recording of every `real` call (`npm start -- --record <name>`). */
  startAll(name: string): void;
  /** Saves every running recording (at shutdown). */
  saveAll(): void;
}

export interface RecordingsDependencies {
  config: Pick<ServerConfig, 'dbFile' | 'mockRecordingMaxBytes'>;
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

/** Where the recording `name` (already checked against RECORDING_NAME) is saved beside `dbFile`. */
export function recordingFile(dbFile: string, name: string): string {
  return path.join(path.dirname(dbFile), 'recordings', `${name}.json`);
}

export function createRecordings(deps: RecordingsDependencies): Recordings {
  const dir = path.join(path.dirname(deps.config.dbFile), 'recordings');
  const fileOf = (name: string): string => {
    // Checked here, whatever the caller did: no other name reaches the file system.
    if (!RECORDING_NAME.test(name)) throw notFound(`No recording is named "${name}"`);
    return recordingFile(deps.config.dbFile, name);
  };
  const running = new Map<string, Running>();
  let replayed = new Map<string, { answers: RecordedCall[]; next: number }>();
  /** The method and URL of each write in `replayed`. */
  let replayedWrites = new Set<string>();
  let active = false;

  /**
   * A saved recording's file, read whole and checked; undefined when there is none. Read only
   * when it is switched to or reset (never kept here: the recording in place keeps its calls).
   */
  const readSaved = (name: string): { file: RecordingFile } | { problem: string } | undefined => {
    if (!RECORDING_NAME.test(name)) return undefined;
    const file = fileOf(name);
    try {
      const stats = statSync(file, { throwIfNoEntry: false });
      if (stats === undefined) return undefined;
      // Longer than any string: refused before it is read.
      if (stats.size > constants.MAX_STRING_LENGTH) {
        return { problem: `too large to be read (${stats.size} bytes)` };
      }
      const bytes = readFileSync(file);
      // A large file's head as a list reads it: one it cannot list is not used either.
      if (bytes.length > RECORDING_HEAD_BYTES) {
        const head = readHead(bytes.subarray(0, RECORDING_HEAD_BYTES));
        if ('problem' in head) return head;
        if ('notFirst' in head) {
          const skipper = new CallSkipper(true);
          skipper.feed(bytes);
          const skipped = headOfSkipped(skipper.result());
          if ('problem' in skipped) return skipped;
        }
      }
      return problemOf(bytes.toString('utf8'));
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      return { problem: `cannot be read (${reason})` };
    }
  };
  const saved = (name: string): RecordingFile | undefined => {
    const read = readSaved(name);
    if (read !== undefined && 'problem' in read) {
      throw new HttpError(
        400,
        ERROR_CODE.VALIDATION,
        MOCK_PROXY_MESSAGE.recordingUnusable(fileOf(name), read.problem),
      );
    }
    return read?.file;
  };

  /** What each file listed says, by name, while its size and time stay the same. */
  const listed = new Map<string, { size: number; mtimeMs: number; read: SavedRecording }>();
  /**
   * A saved recording as listed: a small file read whole and checked; a larger one from its head
   * (RECORDING_HEAD_BYTES), its calls counted as it is read when its head does not say how many.
   * Undefined when there is none.
   */
  const listedSaved = async (name: string): Promise<SavedRecording | undefined> => {
    const file = fileOf(name);
    const unusable = (problem: string): SavedRecording => ({
      name,
      problem: MOCK_PROXY_MESSAGE.recordingUnusable(file, problem),
    });
    try {
      const stats = await stat(file).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      });
      if (stats === undefined) return undefined;
      const known = listed.get(name);
      if (known?.size === stats.size && known.mtimeMs === stats.mtimeMs) return known.read;
      let read: SavedRecording;
      if (stats.size <= RECORDING_HEAD_BYTES) {
        const checked = problemOf(await readFile(file, 'utf8'));
        read =
          'problem' in checked
            ? unusable(checked.problem)
            : {
                name,
                description: checked.file.description,
                routes: checked.file.routes,
                calls: checked.file.calls.length,
                ...(checked.file.leftOut ? { leftOut: checked.file.leftOut } : {}),
              };
      } else {
        const buffer = Buffer.alloc(RECORDING_HEAD_BYTES);
        const handle = await open(file, 'r');
        try {
          await handle.read(buffer, 0, RECORDING_HEAD_BYTES, 0);
        } finally {
          await handle.close();
        }
        const first = readHead(buffer);
        let checked: { problem: string } | { head: RecordingHead; calls: number | undefined };
        if ('notFirst' in first) {
          // Its head is not ahead of its calls: the whole file is read past its calls.
          checked = headOfSkipped(await skipCalls(file, true));
        } else if ('problem' in first) {
          checked = first;
        } else {
          const calls = first.head.callCount ?? (await skipCalls(file, false)).calls;
          checked = { head: first.head, calls };
        }
        read =
          'problem' in checked
            ? unusable(checked.problem)
            : checked.calls === undefined
              ? unusable('not JSON (the file ends before its calls do)')
              : {
                  name,
                  description: checked.head.description,
                  routes: checked.head.routes,
                  calls: checked.calls,
                  ...(checked.head.leftOut ? { leftOut: checked.head.leftOut } : {}),
                };
      }
      listed.set(name, { size: stats.size, mtimeMs: stats.mtimeMs, read });
      return read;
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      return unusable(`cannot be read (${reason})`);
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
  /** Every saved recording as listed, one file after the other. */
  const savedList = async (): Promise<SavedRecording[]> => {
    const names = savedNames();
    for (const name of listed.keys()) if (!names.includes(name)) listed.delete(name);
    const list: SavedRecording[] = [];
    for (const name of names) {
      const read = await listedSaved(name);
      if (read !== undefined) list.push(read);
    }
    return list;
  };

  /** The recordings that keep this call (never one of the session's routes). */
  const matching = (method: string, urlPath: string): Running[] => {
    if (isSessionRoute(urlPath)) return [];
    const asked = method === 'HEAD' ? 'GET' : method;
    return [...running.values()].filter(
      (recording) =>
        !recording.stopping &&
        recording.routes.some(
          (route) =>
            (route.method === '*' || route.method === asked) && route.pattern.test(urlPath),
        ),
    );
  };

  const start = (name: string, routes: { method: string; path: string }[]): void => {
    // Any file of that name, even one that cannot be used, keeps it: nothing is overwritten.
    if (running.has(name) || deps.reserved(name) || existsSync(fileOf(name))) {
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
      bytes: 0,
      leftOut: 0,
      stopping: false,
      inFlight: new Map(),
    });
  };

  /**
   * The file's content as the stop saves it: stopping, it takes no more calls, and those still
   * being answered are left out whether they finish while it is written or after (counted).
   */
  const contentOf = (recording: Running): RecordingFile => {
    const leftOut = recording.leftOut + recording.inFlight.size;
    return {
      name: recording.name,
      description: `Recorded from the real backend: ${recording.calls.length} calls on ${recording.from.name}.`,
      from: recording.from,
      routes: recording.routes.map(({ method, path: routePath }) => ({ method, path: routePath })),
      callCount: recording.calls.length,
      ...(leftOut > 0 ? { leftOut } : {}),
      calls: recording.calls,
    };
  };

  /** A failed save as answered: 409 when a file took the name, else 500 with the reason. */
  const saveFailure = (recording: Running, file: string, error: unknown): HttpError => {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      return new HttpError(
        409,
        ERROR_CODE.CONFLICT,
        MOCK_PROXY_MESSAGE.recordingFileTaken(recording.name, file),
      );
    }
    const reason = code ?? (error instanceof Error ? error.message : String(error));
    return new HttpError(
      500,
      ERROR_CODE.INTERNAL,
      MOCK_PROXY_MESSAGE.recordingNotSaved(recording.name, reason),
    );
  };

  /**
   * Writes the recording (owner only), whole or not at all, and never over a file: it is written
   * to a temporary file piece by piece (one call at a time: no string of the whole file is ever
   * made), then linked into place, which fails when a file took the name meanwhile.
   */
  const save = async (recording: Running): Promise<void> => {
    const file = fileOf(recording.name);
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await rm(temporary, { force: true });
      await writeFile(temporary, fileText(contentOf(recording)), { mode: 0o600, flag: 'wx' });
      await link(temporary, file);
    } catch (error) {
      throw saveFailure(recording, file, error);
    } finally {
      await rm(temporary, { force: true });
    }
  };

  /** The same, synchronously: at shutdown, when the process ends right after. */
  const saveNow = (recording: Running): void => {
    const file = fileOf(recording.name);
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      rmSync(temporary, { force: true });
      const descriptor = openSync(temporary, 'wx', 0o600);
      try {
        for (const piece of fileText(contentOf(recording))) {
          const bytes = Buffer.from(piece);
          let written = 0;
          while (written < bytes.length) written += writeSync(descriptor, bytes, written);
        }
      } finally {
        closeSync(descriptor);
      }
      linkSync(temporary, file);
    } catch (error) {
      throw saveFailure(recording, file, error);
    } finally {
      rmSync(temporary, { force: true });
    }
  };

  const record = (entry: RequestRecord): void => {
    const detail = entry.locals[CALL_DETAIL_LOCAL] as CallDetail | undefined;
    if (detail === undefined) return;
    try {
      recordCall(entry, detail);
    } finally {
      // The request log keeps the details (call-detail.ts): no more than it shows.
      detail.requestBytes.keepAtMost(CALL_DETAIL_MAX_BYTES);
      detail.responseBytes.keepAtMost(CALL_DETAIL_MAX_BYTES);
    }
  };

  /** A call that finished once its recording's stop was asked: left out of it, and counted. */
  const leftOutAtStop = (recording: Running, url: string): void => {
    deps.logger.warn(
      { url: redactUrl(url), recording: recording.name },
      'a call still being answered when the recording stopped: left out of it',
    );
    recording.leftOut += 1;
  };

  /** Saved: the calls it still waits for are left out of it (counted, logged). */
  const leaveOutInFlight = (recording: Running): void => {
    for (const url of recording.inFlight.values()) leftOutAtStop(recording, url);
    recording.inFlight.clear();
  };

  const recordCall = (entry: RequestRecord, detail: CallDetail): void => {
    const kept = entry.locals.mockKind === 'real' && entry.completed;
    for (const recording of running.values()) {
      if (!recording.inFlight.delete(detail)) continue;
      // Finished while its recording was being saved: a call that would have been kept is not.
      if (recording.stopping && kept) leftOutAtStop(recording, entry.url);
    }
    if (running.size === 0 || !kept) return;
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
    if (
      isJsonWrite(entry.method, headerText(detail.requestHeaders['content-type'])) &&
      detail.requestBytes.truncated
    ) {
      // Its whole body is what a replayed request is compared with.
      leaveOut('a JSON body too large to record');
      return;
    }
    const call = recordedCall(entry, detail);
    if (call === undefined) {
      leaveOut('an answer whose secrets cannot be redacted (a body not read or not JSON)');
      return;
    }
    // The bytes the call takes in the saved file: its JSON, escapes and UTF-8 included.
    const size = Buffer.byteLength(JSON.stringify(call));
    for (const recording of recordings) {
      if (recording.bytes + size > deps.config.mockRecordingMaxBytes) {
        deps.logger.warn(
          { url: redactUrl(entry.url), recording: recording.name },
          'the recording is full (MOCK_RECORDING_MAX_BYTES): the call is left out of it',
        );
        recording.leftOut += 1;
        continue;
      }
      recording.bytes += size;
      recording.calls.push(call);
    }
  };

  const replay: RequestHandler = (req, res, next) => {
    if (!active || isSessionRoute(req.path)) {
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
      for (const [name, value] of Object.entries(answer.headers)) {
        // A hand-edited file may hold them: the length and coding are the replayed body's own.
        if (!NOT_REPLAYED.has(name.toLowerCase())) res.setHeader(name, value);
      }
      res.end(Buffer.from(answer.response, answer.encoding));
    };
    // Who may have a recorded answer is who may call the mock's own route there: anyone for a
    // route that needs no token, else only a caller with a valid token, checked as the mock's routes check it (401 otherwise). A path no route of the mock
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
    replayedWrites = new Set(
      (file?.calls ?? [])
        .filter((call) => isWrite(call.method))
        .map((call) => `${call.method} ${call.url}`),
    );
    active = file !== undefined;
    for (const call of file?.calls ?? []) {
      if (isSessionRoute(call.url.split('?', 1)[0] ?? '')) continue;
      const key = callKey(call.method, call.url, call.body);
      const found = replayed.get(key);
      if (found === undefined) replayed.set(key, { answers: [call], next: 0 });
      else found.answers.push(call);
    }
  };

  const runningInfo = (): RecordingInfo[] =>
    [...running.values()].map((recording) => ({
      name: recording.name,
      running: true,
      calls: recording.calls.length,
      ...(recording.leftOut > 0 ? { leftOut: recording.leftOut } : {}),
      routes: recording.routes.map(({ method, path: routePath }) => ({ method, path: routePath })),
    }));
  const info = async (): Promise<RecordingInfo[]> => {
    const list = runningInfo();
    for (const read of await savedList()) {
      if (running.has(read.name)) continue;
      list.push(
        read.problem === undefined
          ? {
              name: read.name,
              running: false,
              calls: read.calls,
              ...(read.leftOut ? { leftOut: read.leftOut } : {}),
              routes: read.routes,
            }
          : { name: read.name, running: false, calls: 0, routes: [], problem: read.problem },
      );
    }
    return list;
  };

  const router = recordedRouter();
  router.get(MOCK_PROXY_PATHS.recordings, async (_req, res) => {
    const answer: RecordingList = { recordings: await info() };
    res.set('Cache-Control', 'no-store').json(answer);
  });
  router.post(MOCK_PROXY_PATHS.recordings, validate({ body: recordingInput }), (req, res) => {
    const { name, routes } = req.body as z.output<typeof recordingInput>;
    start(name, routes);
    const started = runningInfo().find((recording) => recording.name === name && recording.running);
    res.status(201).json(started);
  });
  router.post(
    MOCK_PROXY_PATHS.stopRecording,
    validate({ params: z.object({ name: z.string() }) }),
    async (req, res) => {
      const recording = running.get(req.params.name);
      if (recording === undefined || recording.stopping) {
        throw notFound(MOCK_PROXY_MESSAGE.recordingNotFound(req.params.name));
      }
      recording.stopping = true;
      try {
        await save(recording);
      } catch (error) {
        // Not saved: it goes on, its calls kept, for a stop once the cause is gone.
        recording.stopping = false;
        throw error;
      }
      // Still being answered: the stop does not wait for the target (it may take up to
      // MOCK_PROXY_TIMEOUT_MS between parts of its answer), so these are left out, and counted.
      leaveOutInFlight(recording);
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
    forwarding: (method, url, detail) => {
      if (running.size === 0) return;
      for (const recording of matching(method, url.split('?', 1)[0] ?? '')) {
        recording.inFlight.set(detail, url);
      }
    },
    saved,
    savedList,
    replay,
    replaysWrite: (method, url) =>
      active && isWrite(method) && replayedWrites.has(`${method} ${redactUrl(url)}`),
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
      // Each on its own: one that cannot be saved does not keep the others from it. One being
      // stopped is saved by its stop (the process waits for it).
      for (const recording of running.values()) {
        if (recording.stopping) continue;
        try {
          saveNow(recording);
          leaveOutInFlight(recording);
          running.delete(recording.name);
          deps.logger.info(
            {
              recording: recording.name,
              calls: recording.calls.length,
              ...(recording.leftOut > 0 ? { leftOut: recording.leftOut } : {}),
            },
            'recording saved',
          );
        } catch (error) {
          deps.logger.error(
            { recording: recording.name, err: error },
            'the recording could not be saved',
          );
        }
      }
    },
  };
}

/**
 * A recording's file as pieces of text, together JSON.stringify(content, null, 2) and a line
 * break: one piece per call at most, so no string of the whole file is made (a recording may be
 * larger than the longest string V8 makes).
 */
export function* fileText(content: RecordingFile): Generator<string> {
  const { calls, ...head } = content;
  // Nested one level down: JSON.stringify escapes line breaks inside strings, so each one in its
  // text starts a line of its own.
  const nested = (value: unknown, indent: string): string =>
    JSON.stringify(value, null, 2).replace(/\n/g, `\n${indent}`);
  yield '{\n';
  for (const [key, value] of Object.entries(head)) {
    yield `  ${JSON.stringify(key)}: ${nested(value, '  ')},\n`;
  }
  yield '  "calls": [';
  for (const [index, recorded] of calls.entries()) {
    yield `${index === 0 ? '' : ','}\n    ${nested(recorded, '    ')}`;
  }
  yield calls.length === 0 ? ']\n}\n' : '\n  ]\n}\n';
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
 * The body as text when it is UTF-8 without control characters (but tab and line breaks): a body
 * whose type does not say it is text may still be text, and hold a secret. Undefined for other
 * bytes (an image, a file).
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

/**
 * Bytes kept as they came (base64) only when no secret can be seen in them, read byte for byte
 * (latin-1) and as UTF-16 text would be (its zero bytes dropped): a binary body cannot be redacted
 * in place, so one holding secret-shaped text is never kept.
 */
function keptAsBytes(bytes: Buffer): boolean {
  const latin1 = bytes.toString('latin1');
  return !holdsSecret(latin1) && !holdsSecret(latin1.replace(/\0/g, ''));
}

/** A header's value as one text (a list joined as HTTP joins it). */
function headerText(value: string | number | readonly string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'object' ? value.join(', ') : String(value);
}

function parsedJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/**
 * Text as a recording keeps it, secrets redacted; undefined when it cannot be: JSON (whole, or
 * lines of it) value by value, anything else as redactBody redacts a whole body (JSON that cannot
 * be read, cut short included, is undefined).
 */
function redactedText(text: string, contentType: string): string | undefined {
  const json = parsedJson(text);
  if (json !== undefined) return JSON.stringify(redactJson(json.value));
  return redactBody(text, contentType, { whole: true });
}

/**
 * An answer's body as a recording keeps it, secrets redacted, with its Content-Type; undefined
 * when it cannot be kept without a secret in it:
 * - a text type (isTextType: text, JSON, a form, XML, any type naming a charset) is decoded in
 *   its charset (UTF-8 when none), redacted as text, and kept as UTF-8, its Content-Type's
 *   charset then saying `utf-8`; bytes its charset cannot read, or a charset no decoder knows,
 *   are undefined;
 * - any other type is redacted as text when it is UTF-8 text, else kept as it came (base64)
 *   unless secret-shaped text can be seen in it (keptAsBytes).
 */
function recordedAnswer(
  bytes: Buffer,
  contentType: string,
): { response: string; encoding: 'utf8' | 'base64'; contentType: string } | undefined {
  if (isTextType(contentType)) {
    const { charset } = mediaTypeOf(contentType);
    const text = decodedText(bytes, charset, { fatal: true });
    if (text === undefined) return undefined;
    const response = redactedText(text, contentType);
    if (response === undefined) return undefined;
    const keptType =
      charset === undefined || isUtf8(charset) ? contentType : withUtf8Charset(contentType);
    return { response, encoding: 'utf8', contentType: keptType };
  }
  const text = textOf(bytes);
  if (text !== undefined) {
    const response = redactedText(text, contentType);
    return response === undefined ? undefined : { response, encoding: 'utf8', contentType };
  }
  if (!keptAsBytes(bytes)) return undefined;
  return { response: bytes.toString('base64'), encoding: 'base64', contentType };
}

/**
 * One finished `real` call as a recording keeps it, secrets redacted; undefined when its answer
 * cannot be kept without a secret in it: a Content-Encoding not read here, or a body
 * recordedAnswer cannot keep.
 */
function recordedCall(entry: RequestRecord, detail: CallDetail): RecordedCall | undefined {
  // As the JSON body parser reads it at replay: only a JSON write's, after its coding is undone.
  let body: string | null = null;
  const requestType = headerText(detail.requestHeaders['content-type']);
  if (isJsonWrite(entry.method, requestType) && detail.requestBytes.bytes > 0) {
    const bytes = decodedBody(
      detail.requestBytes.buffer(),
      headerText(detail.requestHeaders['content-encoding']),
    );
    const json = bytes === undefined ? undefined : parsedJson(bytes.toString('utf8'));
    body = json === undefined ? null : bodyKey(json.value);
  }
  const headers = Object.fromEntries(
    // The target's own headers, not those the mock adds to every answer (its rate limit, its
    // security headers), which a replay adds anew. A secret one (Set-Cookie) is left out
    // rather than replayed as `***`.
    Object.entries(redactHeaders(forwardableHeaders(detail.targetHeaders ?? {}))).filter(
      ([name, value]) => !NOT_REPLAYED.has(name) && value !== REDACTED,
    ),
  );
  const bytes = decodedBody(
    detail.responseBytes.buffer(),
    headerText(detail.targetHeaders?.['content-encoding']),
  );
  if (bytes === undefined) return undefined;
  const contentType = headers['content-type'];
  const answer = recordedAnswer(bytes, contentType ?? '');
  if (answer === undefined) return undefined;
  if (contentType !== undefined) headers['content-type'] = answer.contentType;
  return {
    method: entry.method,
    url: redactUrl(entry.url),
    body,
    status: entry.status,
    headers,
    response: answer.response,
    encoding: answer.encoding,
  };
}
