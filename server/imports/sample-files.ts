/**
 * The sample import files (server/imports/samples/, named by IMPORT_SAMPLE_FILE): GET
 * giftSchemeFiles/samples/{kind} answers the kind's sample as a text/plain attachment, so the
 * Stores & Devices step can offer "Download sample file" beside the columns a file takes.
 *
 * Behind the token like every giftSchemeFiles call: the samples are the demo program's data
 * (card numbers with their PINs, device passwords), not something to hand to anyone who asks,
 * and the step fetches them with the session's headers as it fetches an error file. The kind in
 * the path is only ever compared with IMPORT_KINDS; the file name is the contract's, never the
 * caller's.
 */
import path from 'node:path';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import {
  IMPORT_KINDS,
  IMPORT_SAMPLE_FILE,
  IMPORT_SERVER_MESSAGE,
  type ImportKind,
} from '@contracts/api/imports';
import { notFound } from '../http/errors';
import { PROJECT_ROOT } from '../project-root';
import { declareInput } from '../http/route-docs';
import { parseInput } from '../http/validate';

/** The folder of the sample files (the demo data of a first start reads them too). */
export const SAMPLES_DIR = path.join(PROJECT_ROOT, 'server/imports/samples');

/** Absolute path of the sample file of `kind`. */
export const sampleFileOf = (kind: ImportKind): string =>
  path.join(SAMPLES_DIR, IMPORT_SAMPLE_FILE[kind]);

const kindParams = z.object({ kind: z.string() });

const isKind = (kind: string): kind is ImportKind =>
  (IMPORT_KINDS as readonly string[]).includes(kind);

/** GET handler of IMPORT_PATHS.sampleFile(':kind'). */
export function sampleFileHandler(): RequestHandler {
  return declareInput({ params: kindParams }, (req, res, next) => {
    const { kind } = parseInput(kindParams, req.params, 'params');
    if (!isKind(kind)) throw notFound(IMPORT_SERVER_MESSAGE.sampleNotFound(kind));
    res.attachment(IMPORT_SAMPLE_FILE[kind]);
    res.sendFile(
      sampleFileOf(kind),
      {
        headers: {
          'Content-Type': 'text/plain; charset=utf-8',
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      },
      (error?: Error & { status?: number }) => {
        if (error === undefined || res.headersSent) return;
        // A file that is not there is "not found"; a range or precondition the file fails keeps
        // its own status (416, 412).
        const status = error.status ?? 404;
        next(status === 404 ? notFound(IMPORT_SERVER_MESSAGE.sampleNotFound(kind)) : error);
      },
    );
  });
}
