/**
 * Base campaigns of loyalty schemes (03 §3, §4, §5 Base campaign, §7), one action per scheme:
 *   POST /gift-card/base-campaign                             create (201); 409 when one exists
 *   POST /gift-card/base-campaign/update                      update (200); 404 when none
 *   GET  /gift-card/base-campaign/campaign-action/{programId}     the action; 404 when none
 *   GET  /gift-card/base-campaign/campaign-non-action/{programId} embedded `nonActions`
 * Body: programId, actionTypeId (1 default, 2 flat, 3 relative, 4 sliding, 5 steping) and the
 * fields that type uses: actionParameter1 (flat points; relative units), actionParameter2
 * (relative amount per), range (sliding and steping rows {min, max, multiplier}).
 *
 * Reads (03 §3 "non-linear actions carry fromValue, toValue, multiplier"): campaign-action answers
 * the scheme's action as saved, `{programId, actionTypeId, actionParameter1, actionParameter2,
 * range}`, for every type, so the step learns its mode from one call; campaign-non-action answers
 * the scale rows of a sliding or steping action as `{programId, actionTypeId, fromValue, toValue,
 * multiplier}`, in scale order: an empty list for the linear types or a scheme without a campaign.
 * A gift scheme gets 400 naming programId on every call. campaign-action and the saves answer a
 * strong ETag of the action; an update with If-Match is refused (412) when the action changed
 * since it was read (server/http/record-etag.ts).
 */
import { type Router } from 'express';
import { SCHEME_EMBEDDED, SCHEME_FINANCE_MESSAGE, SCHEME_PATHS } from '@contracts/api/schemes';
import type { Store } from '../db/store';
import { conflict, notFound } from '../http/errors';
import { embeddedList, pageQuery } from '../http/pagination';
import { validate } from '../http/validate';
import { setRecordEtag, requireCurrentRecord } from '../http/record-etag';
import { marksConditionalUpdate, marksRecordRead } from '../http/route-docs';
import { baseCampaignRecord, findProgram, requireLoyalty, toNonActions } from './finance-rules';
import { baseCampaignBody, programIdParams } from './finance-schemas';
import { recordedRouter } from '../http/route-table';

export function createBaseCampaignRouter(store: Store): Router {
  const router = recordedRouter();

  router.post(SCHEME_PATHS.baseCampaign, validate({ body: baseCampaignBody }), async (req, res) => {
    const input = req.body;
    const saved = await store.update((data) => {
      requireLoyalty(findProgram(data, input.programId));
      if (data.baseCampaignActions.some((a) => a.programId === input.programId)) {
        throw conflict('programId', SCHEME_FINANCE_MESSAGE.baseCampaignExists);
      }
      const record = baseCampaignRecord(input);
      data.baseCampaignActions.push(record);
      return record;
    });
    setRecordEtag(res, saved);
    res.status(201).json(saved);
  });

  router.post(
    SCHEME_PATHS.baseCampaignUpdate,
    marksConditionalUpdate(validate({ body: baseCampaignBody })),
    async (req, res) => {
      const input = req.body;
      const saved = await store.update((data) => {
        requireLoyalty(findProgram(data, input.programId));
        const index = data.baseCampaignActions.findIndex((a) => a.programId === input.programId);
        if (index === -1) {
          throw notFound(SCHEME_FINANCE_MESSAGE.baseCampaignNotFound(input.programId));
        }
        requireCurrentRecord(req, data.baseCampaignActions[index]);
        const record = baseCampaignRecord(input);
        data.baseCampaignActions[index] = record;
        return record;
      });
      setRecordEtag(res, saved);
      res.json(saved);
    },
  );

  router.get(
    SCHEME_PATHS.campaignAction(':programId'),
    marksRecordRead(validate({ params: programIdParams })),
    (req, res) => {
      const { programId } = req.params;
      const data = store.read();
      requireLoyalty(findProgram(data, programId));
      const record = data.baseCampaignActions.find((a) => a.programId === programId);
      if (record === undefined) {
        throw notFound(SCHEME_FINANCE_MESSAGE.baseCampaignNotFound(programId));
      }
      setRecordEtag(res, record);
      res.json(record);
    },
  );

  router.get(
    SCHEME_PATHS.campaignNonAction(':programId'),
    validate({ params: programIdParams, query: pageQuery }),
    (req, res) => {
      const { programId } = req.params;
      const data = store.read();
      requireLoyalty(findProgram(data, programId));
      const record = data.baseCampaignActions.find((a) => a.programId === programId);
      const rows = record === undefined ? [] : toNonActions(record);
      res.json(embeddedList(SCHEME_EMBEDDED.nonActions, rows, req.query));
    },
  );

  return router;
}
