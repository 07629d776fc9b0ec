/**
 * Latency and faults of the developer tools (docs/developer-tools.md): a registry
 * of faults (added at `/__mock/faults`, or read from the MOCK_FAULTS file at start), the
 * middleware that applies them ahead of every route (`beforeRoutes`), and the control routes.
 *
 * A call is slowed by MOCK_DELAY_MS, by a `Prefer: delay=` header or by a matching fault's
 * delayMs (a timer: nothing blocks, and a client gone meanwhile runs nothing); a status from
 * `Prefer: code=` or the fault is answered here, so no route runs and nothing is written. Upload
 * and import faults (failAfterBytes, failAtLine, stallAtLine) let the call run and are applied
 * midway (server/imports/midway-faults.ts; on a forwarded call, an upload's by ./forward.ts, and
 * an import fault does not match it). Calls under /__mock are never faulted or delayed.
 */
import {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
  type Router,
} from 'express';
import { z } from 'zod';
import type { ApiError } from '@contracts/api/entities';
import { MOCK_PATHS } from '@contracts/api/mock';
import { MOCK_PROXY_PATHS } from '@contracts/api/mock-proxy';
import {
  faultAnswer,
  faultInput,
  type Fault,
  type FaultAdded,
  type FaultList,
} from '@contracts/api/mock-faults';
import type { ServerConfig } from '../../config';
import { HttpError, notFound } from '../../http/errors';
import { validate } from '../../http/validate';
import { MIDWAY_FAULT_LOCAL, MidwayFault, type UploadFault } from '../../imports/midway-faults';
import {
  compilePathPattern,
  isDelayedCall,
  isUnderMock,
  parsePrefer,
  readFaultsFile,
  type Preference,
} from './fault-rules';
import { recordedRouter } from '../../http/route-table';

export interface FaultsDependencies {
  config: Pick<ServerConfig, 'mockDelayMs' | 'mockFaultsFile'>;
  /**
   * The call goes to the real backend (./proxy.ts): an import fault (failAtLine, stallAtLine),
   * which only the mock's own imports can apply, does not match it.
   */
  forwarded?: (req: Request) => boolean;
}

export interface Faults {
  beforeRoutes: RequestHandler;
  /** `/__mock/faults`: list, add, delete one, delete all. */
  router: Router;
  /** What `GET /__mock/faults` answers (the live page shows it too). */
  list(): FaultList;
  /** Deletes every fault (stalled imports go on). */
  clear(): void;
}

type FaultInputParsed = z.output<typeof faultInput>;

interface Entry {
  /** As listed (its counters change in place). */
  fault: Fault;
  /** Upper case; `*` any. */
  method: string;
  pattern: RegExp;
  /** Upload and import faults, made once, noted on each call the fault applies to. */
  midway: MidwayFault | undefined;
  /** stallAtLine: 1 while the fault exists, 0 once deleted (shared with the import workers). */
  hold: Int32Array | undefined;
  /** A stallAtLine fault whose `times` ran out: listed until deleted, applying to nothing. */
  spent: boolean;
}

/** The answer of a status fault. */
interface Answer {
  status: number;
  body: ApiError;
}

function midwayOf(input: FaultInputParsed, hold: Int32Array | undefined): MidwayFault | undefined {
  const { failAtLine, stallAtLine, failAfterBytes } = input;
  const imports =
    failAtLine === undefined && stallAtLine === undefined
      ? undefined
      : { failAtLine, stallAtLine, hold };
  let upload: UploadFault | undefined;
  if (failAfterBytes !== undefined) {
    const status = input.status ?? 500;
    const answer = faultAnswer(status);
    upload = {
      failAfterBytes,
      error: new HttpError(
        status,
        input.errorCode ?? answer.errorCode,
        input.errorMessage ?? answer.errorMessage,
      ),
    };
  }
  return imports === undefined && upload === undefined
    ? undefined
    : new MidwayFault(imports, upload);
}

/** A registry entry made from a fault's input. */
function entryOf(
  input: FaultInputParsed,
  id: string,
  applied: number,
  source: Fault['source'],
): Entry {
  const { times, ...rest } = input;
  const fault: Fault = {
    id,
    ...rest,
    method: rest.method.toUpperCase(),
    ...(times === undefined ? {} : { remaining: times }),
    applied,
    source,
  };
  const hold =
    input.stallAtLine === undefined ? undefined : new Int32Array(new SharedArrayBuffer(4));
  if (hold !== undefined) hold[0] = 1;
  return {
    fault,
    method: fault.method,
    pattern: compilePathPattern(input.path),
    midway: midwayOf(input, hold),
    hold,
    spent: false,
  };
}

/** The faults, in the order added; the first that matches a call applies. */
class FaultRegistry {
  readonly entries: Entry[] = [];
  #lastId = 0;

  add(input: FaultInputParsed, source: Fault['source']): Fault {
    this.#lastId += 1;
    const entry = entryOf(input, String(this.#lastId), 0, source);
    this.entries.push(entry);
    return { ...entry.fault };
  }

  /**
   * Replaces a fault's fields in place (its place in the order, id, applied count and source
   * stay); undefined when there is none. Imports its old stall held go on.
   */
  replace(id: string, input: FaultInputParsed): Fault | undefined {
    const index = this.entries.findIndex((entry) => entry.fault.id === id);
    const old = this.entries[index];
    if (old === undefined) return undefined;
    const entry = entryOf(input, id, old.fault.applied, old.fault.source);
    this.entries[index] = entry;
    release(old);
    return { ...entry.fault };
  }

  list(): Fault[] {
    return this.entries.map((entry) => ({ ...entry.fault }));
  }

  remove(id: string): boolean {
    const index = this.entries.findIndex((entry) => entry.fault.id === id);
    const [entry] = index < 0 ? [] : this.entries.splice(index, 1);
    if (entry === undefined) return false;
    release(entry);
    return true;
  }

  clear(): void {
    for (const entry of this.entries.splice(0)) release(entry);
  }

  /**
   * The first fault matching the call, counted as applied (and removed when its times ran out).
   * `forwarded` (asked only of an import fault that matches): the call goes to the real backend,
   * where no import of the mock runs, so an import fault without an upload part passes it by.
   */
  take(method: string, urlPath: string, forwarded: () => boolean): Entry | undefined {
    const entry = this.entries.find(
      (candidate) =>
        !candidate.spent &&
        appliesTo(candidate.method, method) &&
        candidate.pattern.test(urlPath) &&
        !(
          candidate.midway?.imports !== undefined &&
          candidate.midway.upload === undefined &&
          forwarded()
        ),
    );
    if (entry === undefined) return undefined;
    const { fault } = entry;
    fault.applied += 1;
    if (fault.remaining !== undefined) {
      fault.remaining -= 1;
      if (fault.remaining === 0) {
        // A stall goes on until its fault is deleted: the spent fault stays listed for that.
        if (entry.hold !== undefined) entry.spent = true;
        else this.entries.splice(this.entries.indexOf(entry), 1);
      }
    }
    return entry;
  }
}

/**
 * Whether a fault of `faulted` method applies to a call of `method`: `*` to any, a method to
 * its own calls, and GET to HEAD too, as express answers a HEAD with the GET route (a HEAD
 * fault applies to HEAD calls alone).
 */
function appliesTo(faulted: string, method: string): boolean {
  return faulted === '*' || faulted === method || (faulted === 'GET' && method === 'HEAD');
}

/** Lets the imports stalled by a deleted fault go on. */
function release(entry: Entry): void {
  if (entry.hold === undefined) return;
  Atomics.store(entry.hold, 0, 0);
  Atomics.notify(entry.hold, 0);
}

/** Runs `then` after `ms`, unless the client went away meanwhile (then nothing runs). */
function afterDelay(req: Request, res: Response, ms: number, then: () => void): void {
  const gone = (): void => clearTimeout(timer);
  const timer = setTimeout(() => {
    res.off('close', gone);
    if (!req.socket.destroyed) then();
  }, ms);
  res.once('close', gone);
}

const faultIdParams = z.object({ id: z.string() });

export function createFaults({ config, forwarded }: FaultsDependencies): Faults {
  const registry = new FaultRegistry();
  const { entries } = registry;
  const baseDelay = config.mockDelayMs;
  if (config.mockFaultsFile !== undefined) {
    for (const input of readFaultsFile(config.mockFaultsFile)) registry.add(input, 'file');
  }

  /** The slow path: some fault, delay or Prefer header to look at. */
  function apply(
    req: Request,
    res: Response,
    next: NextFunction,
    prefer: string | string[] | undefined,
  ) {
    const urlPath = req.path;
    if (isUnderMock(urlPath)) {
      next();
      return;
    }
    let preference: Preference = {};
    if (prefer !== undefined) {
      try {
        preference = parsePrefer(typeof prefer === 'string' ? prefer : prefer.join(','));
      } catch (error) {
        next(error);
        return;
      }
    }
    let goesOn: boolean | undefined;
    const isForwarded = (): boolean => (goesOn ??= forwarded?.(req) ?? false);
    const entry =
      entries.length === 0 ? undefined : registry.take(req.method, urlPath, isForwarded);
    const fault = entry?.fault;
    const byFault = `by fault ${fault?.id ?? ''}`;
    const notes: string[] = [];

    let delay = 0;
    if (baseDelay > 0 && isDelayedCall(urlPath)) {
      delay += baseDelay;
      notes.push(`delay ${baseDelay} ms (MOCK_DELAY_MS)`);
    }
    if (preference.delay !== undefined) {
      delay += preference.delay;
      notes.push(`delay ${preference.delay} ms (Prefer)`);
    } else if (fault?.delayMs !== undefined && fault.delayMs > 0) {
      delay += fault.delayMs;
      notes.push(`delay ${fault.delayMs} ms ${byFault}`);
    }

    let answer: Answer | undefined;
    if (preference.code !== undefined) {
      answer = { status: preference.code, body: faultAnswer(preference.code) };
      notes.push(`${preference.code} (Prefer)`);
    } else if (fault?.status !== undefined && fault.failAfterBytes === undefined) {
      const defaults = faultAnswer(fault.status);
      answer = {
        status: fault.status,
        body: {
          errorCode: fault.errorCode ?? defaults.errorCode,
          errorMessage: fault.errorMessage ?? defaults.errorMessage,
        },
      };
      notes.push(`${fault.status} ${byFault}`);
    } else if (fault !== undefined && entry?.midway !== undefined) {
      res.locals[MIDWAY_FAULT_LOCAL] = entry.midway;
      const { failAfterBytes, failAtLine, stallAtLine } = fault;
      if (failAfterBytes !== undefined) notes.push(`failAfterBytes ${failAfterBytes} ${byFault}`);
      // A forwarded call gets the upload cut only (./proxy.ts): no import of the mock runs.
      if (entry.midway.imports !== undefined && !isForwarded()) {
        if (failAtLine !== undefined) notes.push(`failAtLine ${failAtLine} ${byFault}`);
        if (stallAtLine !== undefined) notes.push(`stallAtLine ${stallAtLine} ${byFault}`);
      }
    }
    if (notes.length > 0) res.locals.mockFault = notes.join(', ');

    const go = (): void => {
      // Answered here: the route never runs, so a faulted write never happens.
      if (answer === undefined) next();
      else res.status(answer.status).json(answer.body);
    };
    if (delay > 0) afterDelay(req, res, delay, go);
    else go();
  }

  /**
   * Kept cheap, since `npm start` runs with MOCK_CONTROL on: with no fault, no MOCK_DELAY_MS
   * and no Prefer header a call costs three checks and nothing allocated; the path is only
   * looked at when one of them is there.
   */
  const beforeRoutes: RequestHandler = (req, res, next) => {
    const prefer = req.headers.prefer;
    if (entries.length === 0 && baseDelay === 0 && prefer === undefined) {
      next();
      return;
    }
    apply(req, res, next, prefer);
  };

  const list = (): FaultList => ({ delayMs: baseDelay, faults: registry.list() });

  const router = recordedRouter();
  router.get(MOCK_PATHS.faults, (_req, res) => {
    res.set('Cache-Control', 'no-store').json(list());
  });
  router.post(MOCK_PATHS.faults, validate({ body: faultInput }), (req, res) => {
    const added: FaultAdded = { fault: registry.add(req.body, 'api') };
    res.status(201).json(added);
  });
  router.put(
    MOCK_PROXY_PATHS.fault,
    validate({ params: faultIdParams, body: faultInput }),
    (req, res) => {
      const fault = registry.replace(req.params.id, req.body);
      if (fault === undefined) throw notFound(`Fault ${req.params.id} not found`);
      const answer: FaultAdded = { fault };
      res.json(answer);
    },
  );
  router.delete(MOCK_PATHS.faults, (_req, res) => {
    registry.clear();
    res.status(204).end();
  });
  router.delete(MOCK_PATHS.fault, validate({ params: faultIdParams }), (req, res) => {
    if (!registry.remove(req.params.id)) throw notFound(`Fault ${req.params.id} not found`);
    res.status(204).end();
  });

  return { beforeRoutes, router, list, clear: () => registry.clear() };
}
