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
import { idParams, sentNumber, validate } from '../http/validate';
import {
  findMerchantProfile,
  mandatorySelections,
  selectionOf,
  subSelectionOf,
} from './merchant-rules';
import { selectedPageSubTypesBody, selectedPageTypesBody } from './merchant-schemas';
import { recordedRouter } from '../http/route-table';

export function createMerchantPagesRouter(store: Store): Router {
  const router = recordedRouter();

  router.get(
    MERCHANT_PATHS.selectedPageTypes(':id'),
    validate({ params: idParams }),
    (req, res) => {
      const { id } = req.params;
      const data = store.read();
      findMerchantProfile(data, id);
      const answer: SelectedPageTypes = { profileId: id, pageTypes: selectionOf(data, id) };
      res.json(answer);
    },
  );

  router.post(
    MERCHANT_PATHS.saveSelectedPageTypes,
    validate({
      body: selectedPageTypesBody,
      stored: ({ body }) =>
        store
          .read()
          .merchantSelectedPages.filter((page) => page.profileId === sentNumber(body, 'profileId')),
    }),
    async (req, res) => {
      const { profileId, pageTypes } = req.body;
      const answer = await store.update((data): SelectedPageTypes => {
        findMerchantProfile(data, profileId);
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
        return { profileId, pageTypes: selectionOf(data, profileId) };
      });
      res.json(answer);
    },
  );

  router.get(
    MERCHANT_PATHS.selectedPageSubTypes(':id'),
    validate({ params: idParams }),
    (req, res) => {
      const { id } = req.params;
      const data = store.read();
      findMerchantProfile(data, id);
      const answer: SelectedPageSubTypes = {
        profileId: id,
        pageSubtypes: subSelectionOf(data, id),
      };
      res.json(answer);
    },
  );

  router.post(
    MERCHANT_PATHS.saveSelectedPageSubTypes,
    validate({ body: selectedPageSubTypesBody }),
    async (req, res) => {
      const { profileId, pageSubtypes } = req.body;
      const answer = await store.update((data): SelectedPageSubTypes => {
        findMerchantProfile(data, profileId);
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
        return { profileId, pageSubtypes: subSelectionOf(data, profileId) };
      });
      res.json(answer);
    },
  );

  return router;
}
