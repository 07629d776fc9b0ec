/**
 * Midway faults of the developer tools (docs/developer-tools.md): a fault on an
 * upload or process call does not answer ahead of the route, it is noted on the call's
 * `res.locals` (server/dev/mock/faults.ts) and applied here, by the upload storage (an upload cut
 * off after some bytes) and the import engine (an import failing or stalling at a line). Nothing
 * sets one unless MOCK_CONTROL is on and a developer asked for it.
 */
import type { Response } from 'express';
import type { HttpError } from '../http/errors';
import type { ImportFaults } from './import-service';

/** The res.locals key the fault middleware sets. */
export const MIDWAY_FAULT_LOCAL = 'mockMidwayFault';

export interface UploadFault {
  /** The upload fails once more than this many bytes of the file arrived. */
  failAfterBytes: number;
  /** What the cut-off upload is answered with: the developer's errorCode, any integer. */
  error: HttpError<number>;
}

export class MidwayFault {
  constructor(
    readonly imports: ImportFaults | undefined,
    readonly upload: UploadFault | undefined,
  ) {}
}

/** The midway fault of a call, if the fault middleware noted one. */
export function midwayFaultOf(res: Response | undefined): MidwayFault | undefined {
  const value: unknown = res?.locals[MIDWAY_FAULT_LOCAL];
  return value instanceof MidwayFault ? value : undefined;
}
