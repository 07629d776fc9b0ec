/**
 * Faults and delays of the developer tools (issue 12; README "Developer tools"): the body of
 * `POST /__mock/faults`, the MOCK_FAULTS file (a list of the same), and what `GET /__mock/faults`
 * answers. The server's implementation is server/dev/mock/faults.ts.
 */
import { z } from 'zod';

/** What a developer asks for. */
export const faultInput = z
  .object({
    /** An HTTP method, or `*` (default): any method. */
    method: z
      .string()
      .regex(/^(\*|[A-Za-z]+)$/)
      .default('*'),
    /**
     * The path it applies to: exact (`/api/programs`), with express-style parameters
     * (`/api/my-journal/profiles/:id`), or ending in `*` (`/api/gift-card/*`). Any case.
     */
    path: z.string().min(1).max(500).startsWith('/'),
    /** The answer's status; without one the call only waits `delayMs` and then runs as usual. */
    status: z.number().int().min(400).max(599).optional(),
    /** The answer's errorCode / errorMessage (defaults: by status, from the spec's texts). */
    errorCode: z.number().int().optional(),
    errorMessage: z.string().min(1).max(500).optional(),
    /** Milliseconds to wait before answering (or before running the call, without a status). */
    delayMs: z.number().int().min(0).max(600_000).optional(),
    /** How many calls it applies to, then it is removed; without: until deleted. */
    times: z.number().int().min(1).max(1_000_000).optional(),
    /** Imports (process* calls): the import fails when it reaches this line (nothing is kept). */
    failAtLine: z.number().int().min(1).optional(),
    /** Imports: the progress stops at this line (the import waits until the fault is deleted). */
    stallAtLine: z.number().int().min(1).optional(),
    /** Uploads: the upload fails after this many bytes were received. */
    failAfterBytes: z.number().int().min(0).optional(),
  })
  .strict();
export type FaultInput = z.input<typeof faultInput>;

/** A fault as listed. */
export interface Fault extends Omit<z.output<typeof faultInput>, 'times'> {
  id: string;
  /** Calls still to fault (undefined: until deleted). */
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
