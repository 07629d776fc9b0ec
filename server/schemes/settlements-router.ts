/**
 * Financial settlements (03 §3, §4, §5 Financial, §7), one per scheme:
 *   GET  /gift-card/financial-settlements/banks  embedded `banks` (the bank choice)
 *   GET  /gift-card/financial-settlements/{id}   the settlement of scheme {id}; 404 when none
 *   POST /gift-card/financial-settlements        create (201); 409 when the scheme has one
 *   PUT  /gift-card/financial-settlements/{id}   update (200); 404 when none
 * Both saves raise the scheme's status to 4 (03 §3) and answer the settlement as read: dates
 * in epoch seconds, the bank's name and account format filled in. The read and the saves answer
 * a strong ETag; an update with If-Match is refused (412) when the settlement changed since
 * (server/http/record-etag.ts).
 */
import { type Router } from 'express';
import {
  SCHEME_EMBEDDED,
  SCHEME_FINANCE_MESSAGE,
  SCHEME_PATHS,
  SCHEME_STATUS,
} from '@contracts/api/schemes';
import type { Store } from '../db/store';
import { conflict, notFound } from '../http/errors';
import { embeddedList, pageQuery } from '../http/pagination';
import { setRecordEtag, requireCurrentRecord } from '../http/record-etag';
import { marksConditionalUpdate, marksRecordRead } from '../http/route-docs';
import { idParams, validate } from '../http/validate';
import {
  checkSettlement,
  findProgram,
  raiseProgramStatus,
  requireSameProgram,
  settlementRecord,
  toSettlement,
} from './finance-rules';
import { settlementBody, settlementUpdateBody } from './finance-schemas';
import { recordedRouter } from '../http/route-table';

export function createSettlementsRouter(store: Store): Router {
  const router = recordedRouter();

  // Before `/{id}`: "banks" is not an id.
  router.get(SCHEME_PATHS.settlementBanks, validate({ query: pageQuery }), (req, res) => {
    res.json(embeddedList(SCHEME_EMBEDDED.banks, store.read().banks, req.query));
  });

  router.get(
    SCHEME_PATHS.settlement(':id'),
    marksRecordRead(validate({ params: idParams })),
    (req, res) => {
      const { id } = req.params;
      const data = store.read();
      findProgram(data, id);
      const record = data.financialSettlements.find((s) => s.programId === id);
      if (record === undefined) throw notFound(SCHEME_FINANCE_MESSAGE.settlementNotFound(id));
      const settlement = toSettlement(data, record);
      setRecordEtag(res, settlement);
      res.json(settlement);
    },
  );

  router.post(SCHEME_PATHS.settlements, validate({ body: settlementBody }), async (req, res) => {
    const input = req.body;
    const answer = await store.update((data) => {
      findProgram(data, input.programId);
      if (data.financialSettlements.some((s) => s.programId === input.programId)) {
        throw conflict('programId', SCHEME_FINANCE_MESSAGE.settlementExists);
      }
      checkSettlement(data, input);
      const record = settlementRecord(input, input.programId);
      record.schemeStatus = raiseProgramStatus(data, input.programId, SCHEME_STATUS.FINANCIAL);
      data.financialSettlements.push(record);
      return toSettlement(data, record);
    });
    setRecordEtag(res, answer);
    res.status(201).json(answer);
  });

  router.put(
    SCHEME_PATHS.settlement(':id'),
    marksConditionalUpdate(
      validate({
        params: idParams,
        body: settlementUpdateBody,
        stored: ({ params }) =>
          store.read().financialSettlements.find((s) => s.programId === params.id),
      }),
    ),
    async (req, res) => {
      const { id } = req.params;
      const input = req.body;
      requireSameProgram(id, input.programId);
      const answer = await store.update((data) => {
        findProgram(data, id);
        const index = data.financialSettlements.findIndex((s) => s.programId === id);
        const stored = data.financialSettlements[index];
        if (stored === undefined) throw notFound(SCHEME_FINANCE_MESSAGE.settlementNotFound(id));
        requireCurrentRecord(req, toSettlement(data, stored));
        const checked = { ...input, programId: id };
        checkSettlement(data, checked);
        const record = settlementRecord(checked, id);
        record.schemeStatus = raiseProgramStatus(data, id, SCHEME_STATUS.FINANCIAL);
        data.financialSettlements[index] = record;
        return toSettlement(data, record);
      });
      setRecordEtag(res, answer);
      res.json(answer);
    },
  );

  return router;
}
