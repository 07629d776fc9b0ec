/**
 * Liability reports (03 §3, §4, §5 Liability, §7), one configuration per scheme:
 *   GET  /gift-card/liability/frequency          embedded `gplFrequency`
 *   GET  /gift-card/liability/schedulerFunction  embedded `schedulerFunctions`
 *   GET  /gift-card/liability?programId=         the scheme's configuration; 404 when none
 *   POST /gift-card/liability?returnBody=true    create: 200 (03 §7: a non-200 create status is
 *                                                an error), 409 when the scheme has one
 *   PUT  /gift-card/liability?returnBody=true    update (the body names the scheme); 404 when none
 * E-mail lists are comma-joined on the wire; dates are epoch seconds; flActive is 1 after a save.
 * Without returnBody=true the saves answer `{ programId }`. The read (and a save answering the
 * configuration) carries a strong ETag; an update with If-Match is refused (412) when the
 * configuration changed since (server/http/record-etag.ts).
 */
import { type Router } from 'express';
import { SCHEME_EMBEDDED, SCHEME_FINANCE_MESSAGE, SCHEME_PATHS } from '@contracts/api/schemes';
import type { Store } from '../db/store';
import { conflict, notFound } from '../http/errors';
import { embeddedList, pageQuery } from '../http/pagination';
import { setRecordEtag, requireCurrentRecord } from '../http/record-etag';
import { marksConditionalUpdate, marksRecordRead } from '../http/route-docs';
import { sentNumber, validate } from '../http/validate';
import { checkLiability, findProgram } from './finance-rules';
import { liabilityBody, liabilityQuery, returnBodyQuery, wantsBody } from './finance-schemas';
import { recordedRouter } from '../http/route-table';

export function createLiabilityRouter(store: Store): Router {
  const router = recordedRouter();

  router.get(SCHEME_PATHS.liabilityFrequency, validate({ query: pageQuery }), (req, res) => {
    const items = store.read().liabilityFrequencies;
    res.json(embeddedList(SCHEME_EMBEDDED.frequencies, items, req.query));
  });

  router.get(
    SCHEME_PATHS.liabilitySchedulerFunction,
    validate({ query: pageQuery }),
    (req, res) => {
      const items = store.read().schedulerFunctions;
      res.json(embeddedList(SCHEME_EMBEDDED.schedulerFunctions, items, req.query));
    },
  );

  router.get(
    SCHEME_PATHS.liability,
    marksRecordRead(validate({ query: liabilityQuery })),
    (req, res) => {
      const { programId } = req.query;
      const data = store.read();
      findProgram(data, programId);
      const record = data.liabilityReportConfigs.find((c) => c.programId === programId);
      if (record === undefined) throw notFound(SCHEME_FINANCE_MESSAGE.liabilityNotFound(programId));
      setRecordEtag(res, record);
      res.json(record);
    },
  );

  router.post(
    SCHEME_PATHS.liability,
    validate({ body: liabilityBody, query: returnBodyQuery }),
    async (req, res) => {
      const input = req.body;
      const saved = await store.update((data) => {
        findProgram(data, input.programId);
        if (data.liabilityReportConfigs.some((c) => c.programId === input.programId)) {
          throw conflict('programId', SCHEME_FINANCE_MESSAGE.liabilityExists);
        }
        const record = checkLiability(data, input);
        data.liabilityReportConfigs.push(record);
        return record;
      });
      if (wantsBody(req.query)) setRecordEtag(res, saved);
      res.json(wantsBody(req.query) ? saved : { programId: saved.programId });
    },
  );

  router.put(
    SCHEME_PATHS.liability,
    marksConditionalUpdate(
      validate({
        body: liabilityBody,
        query: returnBodyQuery,
        stored: ({ body }) =>
          store
            .read()
            .liabilityReportConfigs.find((c) => c.programId === sentNumber(body, 'programId')),
      }),
    ),
    async (req, res) => {
      const input = req.body;
      const saved = await store.update((data) => {
        findProgram(data, input.programId);
        const index = data.liabilityReportConfigs.findIndex((c) => c.programId === input.programId);
        if (index === -1) throw notFound(SCHEME_FINANCE_MESSAGE.liabilityNotFound(input.programId));
        requireCurrentRecord(req, data.liabilityReportConfigs[index]);
        const record = checkLiability(data, input);
        data.liabilityReportConfigs[index] = record;
        return record;
      });
      if (wantsBody(req.query)) setRecordEtag(res, saved);
      res.json(wantsBody(req.query) ? saved : { programId: saved.programId });
    },
  );

  return router;
}
