/**
 * Faults and delays of the developer tools (docs/developer-tools.md): the body of
 * `POST /__mock/faults`, the MOCK_FAULTS file (a list of the same), and what `GET /__mock/faults`
 * answers. The server's implementation is server/dev/mock/faults.ts.
 */
import { z } from 'zod';
import { ERROR_CODE, type ErrorCode } from './constants';
import type { ApiError } from './entities';
import { ERROR_MESSAGE } from './error-messages';

/** The longest delay a fault, MOCK_DELAY_MS or a `Prefer: delay=` asks for (10 minutes). */
export const MOCK_MAX_DELAY_MS = 600_000;

/**
 * Which calls a rule of the developer tools applies to (a fault, a forwarding rule, a recorded
 * route): an HTTP method, or `*` (default): any method; and a path, exact (`/api/programs`), with
 * express-style parameters (`/api/my-journal/profiles/:id`), or ending in `*`
 * (`/api/gift-card/*`), in any case.
 */
export const callMatchInput = {
  method: z
    .string()
    .regex(/^(\*|[A-Za-z]+)$/, 'Must be an HTTP method or *')
    .default('*'),
  path: z.string().min(1).max(500).startsWith('/', 'Must start with /'),
};

/**
 * A path pattern naming only the developer tools' own calls (MOCK_MOUNT in ./mock.ts), which no
 * fault or forwarding rule applies to.
 */
export const TOOLS_PATH = /^\/__mock(?:[/*]|$)/i;

/** What a developer asks for. */
export const faultInput = z
  .object({
    ...callMatchInput,
    path: callMatchInput.path.refine((path) => !TOOLS_PATH.test(path), {
      error: 'Calls under /__mock are never faulted',
    }),
    /**
     * The answer's status: answered at once (after `delayMs`), the route never runs. With
     * `failAfterBytes`: the status the cut-off upload is answered with (default 500). Without
     * either, the call only waits `delayMs` and then runs as usual.
     */
    status: z.number().int().min(400).max(599).optional(),
    /**
     * The answer's errorCode / errorMessage (defaults: faultAnswer(status), the spec's texts).
     * Any integer, not only the server's own codes (ERROR_CODE): how the portal shows a code it
     * does not know is worth seeing too.
     */
    errorCode: z.number().int('Must be an integer').optional(),
    errorMessage: z.string().min(1).max(500).optional(),
    /** Milliseconds to wait before answering (or before running the call, without a status). */
    delayMs: z.number().int().min(0).max(MOCK_MAX_DELAY_MS).optional(),
    /** How many calls it applies to, then it is removed; without: until deleted. */
    times: z.number().int().min(1).max(1_000_000).optional(),
    /**
     * Imports (process* calls): the import fails when it reaches this data line (nothing is
     * kept; answered as any failed import: 500 `The import failed; nothing of it was kept`).
     */
    failAtLine: z.number().int().min(1).optional(),
    /**
     * Imports: the progress stops at this data line and the import waits there until the fault
     * is deleted, then goes on.
     */
    stallAtLine: z.number().int().min(1).optional(),
    /** Uploads: the upload fails after this many bytes of the file were received (nothing kept). */
    failAfterBytes: z.number().int().min(0).optional(),
  })
  .strict()
  .superRefine((fault, context) => {
    const importFault = fault.failAtLine !== undefined || fault.stallAtLine !== undefined;
    const answers = fault.status !== undefined || fault.failAfterBytes !== undefined;
    for (const field of ['status', 'errorCode', 'errorMessage'] as const) {
      if (fault[field] === undefined) continue;
      if (importFault) {
        context.addIssue({
          code: 'custom',
          path: [field],
          message: 'Not with failAtLine or stallAtLine: a failed import answers its own error',
        });
        return;
      }
      if (!answers) {
        context.addIssue({
          code: 'custom',
          path: [field],
          message: 'Only with status or failAfterBytes',
        });
        return;
      }
    }
    const acts = answers || importFault || (fault.delayMs !== undefined && fault.delayMs > 0);
    if (!acts) {
      context.addIssue({
        code: 'custom',
        path: ['status'],
        message: 'A fault needs status, delayMs, failAtLine, stallAtLine or failAfterBytes',
      });
    }
  });
export type FaultInput = z.input<typeof faultInput>;

/** A fault as listed. */
export interface Fault extends Omit<z.output<typeof faultInput>, 'times'> {
  id: string;
  /**
   * Calls still to fault (undefined: until deleted). A stallAtLine fault at 0 stays listed,
   * applying to no more calls, until it is deleted: deleting it lets its imports go on.
   */
  remaining?: number;
  /** How many calls it has been applied to. */
  applied: number;
  /** Where it came from: the control API, the MOCK_FAULTS file. */
  source: 'api' | 'file';
}

/** GET /__mock/faults; also the answer of POST (the fault added) is `{ fault }`. */
export interface FaultList {
  /** MOCK_DELAY_MS: added to every API call. */
  delayMs: number;
  faults: Fault[];
}

/** `POST /__mock/faults` answers 201 with the fault added. */
export interface FaultAdded {
  fault: Fault;
}

/**
 * The answer of a fault with a status but without errorCode / errorMessage: the server's own
 * code and text for that status (a 401 is the session expiry the client logs out on, 01 §8);
 * any other status answers 99 `Something went wrong`, the spec's text for a failed call.
 */
export function faultAnswer(status: number): ApiError & { errorCode: ErrorCode } {
  switch (status) {
    case 400:
      return { errorCode: ERROR_CODE.VALIDATION, errorMessage: ERROR_MESSAGE.badRequest };
    case 401:
      return { errorCode: ERROR_CODE.SESSION_EXPIRED, errorMessage: ERROR_MESSAGE.sessionExpired };
    case 404:
      return { errorCode: ERROR_CODE.NOT_FOUND, errorMessage: ERROR_MESSAGE.notFound };
    case 413:
      return { errorCode: ERROR_CODE.TOO_LARGE, errorMessage: ERROR_MESSAGE.bodyTooLarge };
    case 429:
      return { errorCode: ERROR_CODE.RATE_LIMITED, errorMessage: ERROR_MESSAGE.rateLimited };
    default:
      return { errorCode: ERROR_CODE.INTERNAL, errorMessage: ERROR_MESSAGE.internal };
  }
}
