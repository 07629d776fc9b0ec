/**
 * The pages and sub-pages a merchant profile selects (02 §3, §4, §5, §7) on the merchant base:
 *   GET  /mymerchant/profile/pagetypes/{id}     { profileId, pageTypes }
 *   POST /mymerchant/profile/pagetypes/         replaces the selection; answers it (200)
 *   GET  /mymerchant/profile/pagesubtypes/{id}  { profileId, pageSubtypes }
 *   POST /mymerchant/profile/pagesubtypes/      replaces the sub-page selection; answers it (200)
 * The POST paths are declared with the trailing slash, as 02 §7 writes them (and so in the
 * OpenAPI document); express takes them without it too. Mandatory page types stay
 * selected whatever is sent; a page left out loses its sub-pages; a sub-page needs its parent
 * page type selected for the profile (pageTypeFk is that type's id).
 *
 * Both reads answer the ETag of the profile's pages and sub-pages together
 * (`profilePagesRecord`, server/http/record-etag.ts), and both saves with If-Match are refused
 * (412, nothing written) when either changed since: step 3 sends back every selected page's
 * texts as it read them, so a save from a screen opened earlier would otherwise undo another
 * operator's newer save (and drop the images its HTML names: server/images/unused-images.ts).
 * A written save answers the new ETag, so the sub-pages' save that follows the pages' save
 * goes with it even when the pages' save dropped sub-pages.
 */
import { type Router } from 'express';
import {
  MERCHANT_PATHS,
  type SelectedPageSubTypes,
  type SelectedPageTypes,
} from '@contracts/api/merchant';
import type { MerchantSelectedPageRecord, MerchantSelectedSubPageRecord } from '../db/schema';
import type { Store } from '../db/store';
import { validationError } from '../http/errors';
import { requireCurrentRecord, setRecordEtag } from '../http/record-etag';
import { marksConditionalUpdate, marksRecordRead } from '../http/route-docs';
import { idParams, sentNumber, validate } from '../http/validate';
import { findMerchantProfile, mandatorySelections, profilePagesRecord } from './merchant-rules';
import { selectedPageSubTypesBody, selectedPageTypesBody } from './merchant-schemas';
import { recordedRouter } from '../http/route-table';

export function createMerchantPagesRouter(store: Store): Router {
  const router = recordedRouter();

  router.get(
    MERCHANT_PATHS.selectedPageTypes(':id'),
    marksRecordRead(validate({ params: idParams })),
    (req, res) => {
      const { id } = req.params;
      const data = store.read();
      findMerchantProfile(data, id);
      const record = profilePagesRecord(data, id);
      setRecordEtag(res, record);
      const answer: SelectedPageTypes = { profileId: id, pageTypes: record.pageTypes };
      res.json(answer);
    },
  );

  router.post(
    MERCHANT_PATHS.saveSelectedPageTypes,
    marksConditionalUpdate(
      validate({
        body: selectedPageTypesBody,
        stored: ({ body }) =>
          store
            .read()
            .merchantSelectedPages.filter(
              (page) => page.profileId === sentNumber(body, 'profileId'),
            ),
      }),
    ),
    async (req, res) => {
      const { profileId, pageTypes } = req.body;
      const record = await store.update((data) => {
        findMerchantProfile(data, profileId);
        requireCurrentRecord(req, profilePagesRecord(data, profileId));
        const seen = new Set<number>();
        pageTypes.forEach((page, index) => {
          if (!data.merchantPageTypes.some((type) => type.id === page.typeId)) {
            throw validationError(
              `pageTypes.${index}.typeId`,
              `Page type ${page.typeId} does not exist`,
            );
          }
          if (seen.has(page.typeId)) {
            throw validationError(
              `pageTypes.${index}.typeId`,
              `Page type ${page.typeId} is selected twice`,
            );
          }
          seen.add(page.typeId);
        });
        const sent: MerchantSelectedPageRecord[] = pageTypes.map((page) => ({
          profileId,
          typeId: page.typeId,
          navItem: page.navItem,
          title: page.title,
          content: page.content ?? null,
        }));
        // Mandatory types left out stay as stored (02 §4: always selected).
        const kept = mandatorySelections(data, profileId).filter((page) => !seen.has(page.typeId));
        const selection = [...sent, ...kept];
        const selected = new Set(selection.map((page) => page.typeId));
        data.merchantSelectedPages = [
          ...data.merchantSelectedPages.filter((page) => page.profileId !== profileId),
          ...selection,
        ];
        // A page no longer selected takes its sub-pages with it.
        data.merchantSelectedSubPages = data.merchantSelectedSubPages.filter(
          (sub) => sub.profileId !== profileId || selected.has(sub.pageTypeFk),
        );
        return profilePagesRecord(data, profileId);
      });
      setRecordEtag(res, record);
      const answer: SelectedPageTypes = { profileId, pageTypes: record.pageTypes };
      res.json(answer);
    },
  );

  router.get(
    MERCHANT_PATHS.selectedPageSubTypes(':id'),
    marksRecordRead(validate({ params: idParams })),
    (req, res) => {
      const { id } = req.params;
      const data = store.read();
      findMerchantProfile(data, id);
      const record = profilePagesRecord(data, id);
      setRecordEtag(res, record);
      const answer: SelectedPageSubTypes = { profileId: id, pageSubtypes: record.pageSubtypes };
      res.json(answer);
    },
  );

  router.post(
    MERCHANT_PATHS.saveSelectedPageSubTypes,
    marksConditionalUpdate(validate({ body: selectedPageSubTypesBody })),
    async (req, res) => {
      const { profileId, pageSubtypes } = req.body;
      const record = await store.update((data) => {
        findMerchantProfile(data, profileId);
        requireCurrentRecord(req, profilePagesRecord(data, profileId));
        const seen = new Set<number>();
        const selection: MerchantSelectedSubPageRecord[] = pageSubtypes.map((sub, index) => {
          const field = `pageSubtypes.${index}`;
          const subType = data.merchantPageSubTypes.find((type) => type.id === sub.subtypeId);
          if (subType === undefined) {
            throw validationError(
              `${field}.subtypeId`,
              `Sub-page type ${sub.subtypeId} does not exist`,
            );
          }
          if (seen.has(sub.subtypeId)) {
            throw validationError(
              `${field}.subtypeId`,
              `Sub-page type ${sub.subtypeId} is selected twice`,
            );
          }
          seen.add(sub.subtypeId);
          if (subType.typeId !== sub.pageTypeFk) {
            throw validationError(
              `${field}.pageTypeFk`,
              `Sub-page type ${sub.subtypeId} belongs to page type ${subType.typeId}`,
            );
          }
          const parentSelected = data.merchantSelectedPages.some(
            (page) => page.profileId === profileId && page.typeId === sub.pageTypeFk,
          );
          if (!parentSelected) {
            throw validationError(
              `${field}.pageTypeFk`,
              `Page type ${sub.pageTypeFk} is not selected for profile ${profileId}`,
            );
          }
          return { profileId, subtypeId: sub.subtypeId, pageTypeFk: sub.pageTypeFk };
        });
        data.merchantSelectedSubPages = [
          ...data.merchantSelectedSubPages.filter((sub) => sub.profileId !== profileId),
          ...selection,
        ];
        return profilePagesRecord(data, profileId);
      });
      setRecordEtag(res, record);
      const answer: SelectedPageSubTypes = { profileId, pageSubtypes: record.pageSubtypes };
      res.json(answer);
    },
  );

  return router;
}
