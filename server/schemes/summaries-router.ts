/**
 * Summary and activation (03 §2 Summary, §4 Activation, §7, §8):
 *   GET /gift-card/summaries/{id}/uploaded-files  embedded `files`: {fileName, createdDate}
 *                                                 (epoch seconds) of the program's completed
 *                                                 imports (the user's file name, the import's
 *                                                 end), oldest first
 *   PUT /gift-card/summaries/{id}                 activate: status 5, answers {programId,
 *                                                 schemeStatus}; 409 with the 03 §8 text when
 *                                                 the scheme has no configuration
 * The request body of the activation is not read (03 §7 gives it none).
 */
import { type Router } from 'express';
import { z } from 'zod';
import { ERROR_CODE } from '@contracts/api/constants';
import {
  SCHEME_EMBEDDED,
  SCHEME_PATHS,
  SCHEME_STATUS,
  SCHEME_TEXT,
  type SchemeStatusAnswer,
} from '@contracts/api/schemes';
import type { Store } from '../db/store';
import { HttpError } from '../http/errors';
import { embeddedList, pageQuery } from '../http/pagination';
import { idParams, validate } from '../http/validate';
import type { ImportService } from '../imports/import-service';

const noBody = z.object({}).strict();
import { findProgram, raiseProgramStatus } from './finance-rules';
import { recordedRouter } from '../http/route-table';

/** `imports` lists the files imported for a program (its completed imports). */
export function createSummariesRouter(
  store: Store,
  imports: Pick<ImportService, 'importedFiles'>,
): Router {
  const router = recordedRouter();

  router.get(
    SCHEME_PATHS.uploadedFiles(':id'),
    validate({ params: idParams, query: pageQuery }),
    (req, res) => {
      const { id } = req.params;
      findProgram(store.read(), id);
      res.json(embeddedList(SCHEME_EMBEDDED.files, imports.importedFiles(id), req.query));
    },
  );

  // Activation carries nothing: a body, if any, must be an empty JSON object, so a garbled or
  // mistaken write (another call's body, a form) is refused instead of activating.
  router.put(
    SCHEME_PATHS.summary(':id'),
    validate({ params: idParams, body: noBody }),
    async (req, res) => {
      const { id } = req.params;
      const answer = await store.update((data): SchemeStatusAnswer => {
        findProgram(data, id);
        if (!data.configurations.some((config) => config.programId === id)) {
          throw new HttpError(409, ERROR_CODE.CONFLICT, SCHEME_TEXT.activateWithoutConfig);
        }
        return { programId: id, schemeStatus: raiseProgramStatus(data, id, SCHEME_STATUS.ACTIVE) };
      });
      res.json(answer);
    },
  );

  return router;
}
