/** GET /programs (optionally ?programTypeId=, paged) and GET /programs/{id} (01 §7.2). */
import { type Router } from 'express';
import { EMBEDDED, API_PATHS } from '@contracts/api/paths';
import type { Store } from '../db/store';
import { notFound } from '../http/errors';
import { embeddedList, pageQuery } from '../http/pagination';
import { idParams, positiveInt, validate } from '../http/validate';
import { toProgram } from './program-view';
import { recordedRouter } from '../http/route-table';

const listQuery = pageQuery.extend({ programTypeId: positiveInt.optional() });

export function createProgramsRouter(store: Store): Router {
  const router = recordedRouter();

  router.get(API_PATHS.programs, validate({ query: listQuery }), (req, res) => {
    const { programTypeId } = req.query;
    const programs = store
      .read()
      .programs.filter((p) => programTypeId === undefined || p.programTypeId === programTypeId)
      .map(toProgram)
      .sort((a, b) => a.programId - b.programId);
    res.json(embeddedList(EMBEDDED.programs, programs, req.query));
  });

  router.get(API_PATHS.program(':id'), validate({ params: idParams }), (req, res) => {
    const { id } = req.params;
    const program = store.read().programs.find((p) => p.programId === id);
    if (program === undefined) throw notFound(`Program ${id} not found`);
    res.json(toProgram(program));
  });

  return router;
}
