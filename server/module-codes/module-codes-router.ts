/**
 * Module codes of published sites (01 §3, §4.2, §7.3; 02 uses the same store with MMC_ codes):
 *   POST /moduleCodes?returnBody=true                          create (201)
 *   GET  /moduleCodes/{programId}?returnBody=true              embedded `moduleCodes` of a program
 *   GET  /moduleCodes/byid/{programId}?returnBody=true&moduleCodeId=
 *        200 with the code when it exists for that program; 204 without a body when the id is
 *        empty, absent or not one of the program's codes (the publish flow then creates one).
 * An unknown program in a path is 404; in a body it is bad input (400 naming programId).
 */
import { type Router } from 'express';
import { z } from 'zod';
import {
  JOURNAL_EMBEDDED,
  JOURNAL_MODULE_PREFIX,
  MERCHANT_MODULE_PREFIX,
  JOURNAL_PATHS,
  MODULE_ID,
  type ModuleCode,
} from '@contracts/api/journal';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import type { Snapshot, Store } from '../db/store';
import { conflict, notFound, validationError } from '../http/errors';
import { embeddedList, pageQuery } from '../http/pagination';
import { requiredLine } from '../http/text';
import { positiveInt, validate } from '../http/validate';
import { nextId } from '../my-journal/journal-rules';
import {
  recordId,
  returnBodyParam as returnBody,
  returnBodyQuery,
  wantsBody,
} from '../my-journal/journal-schemas';
import { recordedRouter } from '../http/route-table';

/** Which product line a code belongs to, read from its prefix. */
const MODULE_PREFIXES: readonly { prefix: string; moduleId: number }[] = [
  { prefix: JOURNAL_MODULE_PREFIX, moduleId: MODULE_ID.JOURNAL },
  { prefix: MERCHANT_MODULE_PREFIX, moduleId: MODULE_ID.MERCHANT },
];

const CODE_MAX = 64;
const NAME_MAX = 200;
const CODE_PATTERN = /^[A-Za-z0-9_]+$/;

const newModuleCodeBody = z.strictObject({
  name: requiredLine(NAME_MAX),
  code: z
    .string()
    .min(1)
    .max(CODE_MAX, FIELD_MESSAGES.maxlength)
    .regex(CODE_PATTERN, 'Only letters, digits and _ are allowed'),
  programId: recordId,
});

const programParams = z.object({ programId: positiveInt });
const listQuery = pageQuery.extend({ returnBody });
const lookupQuery = z.object({
  returnBody,
  // The client sends `moduleCodeId=` (empty) while the profile has no code yet.
  moduleCodeId: z.preprocess((value) => (value === '' ? undefined : value), positiveInt.optional()),
});

function moduleIdOf(code: string): number {
  const known = MODULE_PREFIXES.find(
    ({ prefix }) => code.startsWith(prefix) && code.length > prefix.length,
  );
  if (known === undefined) {
    const prefixes = MODULE_PREFIXES.map(({ prefix }) => prefix).join(' or ');
    throw validationError('code', `Must start with ${prefixes}, followed by the site's code`);
  }
  return known.moduleId;
}

function requireProgram(data: Snapshot, programId: number): void {
  if (!data.programs.some((program) => program.programId === programId)) {
    throw notFound(`Program ${programId} not found`);
  }
}

export function createModuleCodesRouter(store: Store): Router {
  const router = recordedRouter();

  router.post(
    JOURNAL_PATHS.moduleCodes,
    validate({ body: newModuleCodeBody, query: returnBodyQuery }),
    async (req, res) => {
      const input = req.body;
      const moduleId = moduleIdOf(input.code);
      const created = await store.update((data) => {
        if (!data.programs.some((program) => program.programId === input.programId)) {
          throw validationError('programId', `Program ${input.programId} does not exist`);
        }
        // Codes identify a site at login (moduleCode header): unique, whatever the case.
        const code = input.code.toLowerCase();
        if (data.moduleCodes.some((existing) => existing.code.toLowerCase() === code)) {
          throw conflict('code', `${input.code} is already used`);
        }
        const moduleCode: ModuleCode = {
          moduleCodeId: nextId(data.moduleCodes, (existing) => existing.moduleCodeId),
          moduleId,
          code: input.code,
          name: input.name,
          programId: input.programId,
        };
        data.moduleCodes.push(moduleCode);
        return moduleCode;
      });
      // The spec reads `code` from the answer (01 §3); the id lets the profile refer to it.
      res
        .status(201)
        .json(
          wantsBody(req.query)
            ? created
            : { moduleCodeId: created.moduleCodeId, code: created.code },
        );
    },
  );

  router.get(
    JOURNAL_PATHS.moduleCodeById(':programId'),
    validate({ params: programParams, query: lookupQuery }),
    (req, res) => {
      const { programId } = req.params;
      const { moduleCodeId } = req.query;
      const data = store.read();
      requireProgram(data, programId);
      const found = data.moduleCodes.find(
        (code) => code.moduleCodeId === moduleCodeId && code.programId === programId,
      );
      if (moduleCodeId === undefined || found === undefined) {
        res.status(204).end();
        return;
      }
      res.json(found);
    },
  );

  router.get(
    JOURNAL_PATHS.programModuleCodes(':programId'),
    validate({ params: programParams, query: listQuery }),
    (req, res) => {
      const { programId } = req.params;
      const data = store.read();
      requireProgram(data, programId);
      const codes = data.moduleCodes
        .filter((code) => code.programId === programId)
        .sort((a, b) => a.moduleCodeId - b.moduleCodeId);
      res.json(embeddedList(JOURNAL_EMBEDDED.moduleCodes, codes, req.query));
    },
  );

  return router;
}
