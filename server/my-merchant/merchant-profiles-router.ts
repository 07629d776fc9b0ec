/**
 * Merchant profiles (02 §3, §4, §7) on the merchant base:
 *   GET  /mymerchant/profile                      embedded `profiles`
 *   GET  /mymerchant/profile/{id}                 one profile
 *   POST /mymerchant/profile                      create (201 { id }); mandatory pages selected
 *   PUT  /mymerchant/profile/{id}?returnBody=true update (200 { id }, or the stored profile)
 *   POST /mymerchant/profile/sitesettings         siteTitle and analyticsTrackingCode (200 { id })
 * An image an update stops naming is deleted once no record names it (images/unused-images.ts).
 *
 * The read of one profile answers its strong ETag; an update or a site settings save with
 * If-Match is refused (412, nothing written, no image deleted) when the profile changed since
 * (server/http/record-etag.ts): the builder sends back what it last read, so a save from a
 * screen opened earlier would otherwise undo what another operator saved since.
 */
import { type Router } from 'express';
import {
  MERCHANT_EMBEDDED,
  MERCHANT_PATHS,
  type MerchantIdAnswer,
  type MerchantProfile,
} from '@contracts/api/merchant';
import type { Store } from '../db/store';
import { droppedImageIds } from '../images/image-references';
import type { UnusedImages } from '../images/unused-images';
import { validationError } from '../http/errors';
import { embeddedList, pageQuery } from '../http/pagination';
import { requireCurrentRecord, setRecordEtag } from '../http/record-etag';
import { marksConditionalUpdate, marksRecordRead } from '../http/route-docs';
import { idParams, sentNumber, validate } from '../http/validate';
import { nextId } from '../my-journal/journal-rules';
import { returnBodyQuery, wantsBody } from '../my-journal/journal-schemas';
import {
  checkMerchantProfile,
  findMerchantProfile,
  mandatorySelections,
  merchantProfileIndex,
  requireNewSiteProgram,
} from './merchant-rules';
import {
  merchantProfileUpdateBody,
  newMerchantProfileBody,
  siteSettingsBody,
  type NewMerchantProfileInput,
} from './merchant-schemas';
import { recordedRouter } from '../http/route-table';

/** A new profile from step 1: unpublished, no module code yet, no secondary language. */
function newProfile(input: NewMerchantProfileInput, id: number): MerchantProfile {
  return {
    id,
    programId: input.programId,
    liveURL: input.liveURL ?? null,
    testURL: input.testURL ?? null,
    primaryLanguageId: input.primaryLanguageId,
    secundaryLanguageId: null,
    siteThemeId: input.siteThemeId,
    overrideCSS: input.overrideCSS ?? null,
    siteTitle: input.siteTitle ?? null,
    description: input.description ?? null,
    siteKeywords: input.siteKeywords ?? null,
    analyticsTrackingCode: input.analyticsTrackingCode ?? null,
    headerLogoPath: input.headerLogoPath ?? null,
    logoPath: input.logoPath ?? null,
    faviconPath: input.faviconPath ?? null,
    backgroundPath: input.backgroundPath ?? null,
    // Publishing is its own step (02 §4): a profile never starts published or with a code.
    moduleCode: null,
    publishLive: 0,
    publishTest: 0,
  };
}

export function createMerchantProfilesRouter(store: Store, images: UnusedImages): Router {
  const router = recordedRouter();

  router.get(MERCHANT_PATHS.profiles, validate({ query: pageQuery }), (req, res) => {
    const profiles = [...store.read().merchantProfiles].sort((a, b) => a.id - b.id);
    res.json(embeddedList(MERCHANT_EMBEDDED.profiles, profiles, req.query));
  });

  router.get(
    MERCHANT_PATHS.profile(':id'),
    marksRecordRead(validate({ params: idParams })),
    (req, res) => {
      const profile = findMerchantProfile(store.read(), req.params.id);
      setRecordEtag(res, profile);
      res.json(profile);
    },
  );

  router.post(
    MERCHANT_PATHS.profiles,
    validate({ body: newMerchantProfileBody, query: returnBodyQuery }),
    async (req, res) => {
      const input = req.body;
      const profile = await store.update((data) => {
        const created = newProfile(
          input,
          nextId(data.merchantProfiles, (p) => p.id),
        );
        requireNewSiteProgram(data, created.programId);
        checkMerchantProfile(data, created);
        data.merchantProfiles.push(created);
        // Mandatory page types are always selected (02 §4), from the start.
        data.merchantSelectedPages.push(...mandatorySelections(data, created.id));
        return created;
      });
      const answer: MerchantIdAnswer = { id: profile.id };
      res.status(201).json(wantsBody(req.query) ? profile : answer);
    },
  );

  router.put(
    MERCHANT_PATHS.profile(':id'),
    marksConditionalUpdate(
      validate({
        params: idParams,
        body: merchantProfileUpdateBody,
        query: returnBodyQuery,
        stored: ({ params }) => store.read().merchantProfiles.find((p) => p.id === params.id),
      }),
    ),
    async (req, res) => {
      const { id } = req.params;
      // The path names the profile; the secondary language is never kept (02 §5).
      const { id: _id, secundaryLanguageId: _secondary, ...changes } = req.body;
      const { profile, dropped } = await store.update((data) => {
        const index = merchantProfileIndex(data, id);
        const stored = data.merchantProfiles[index] as MerchantProfile;
        requireCurrentRecord(req, stored);
        // A site belongs to its program for good (step 1 locks the choice on an existing profile).
        if (changes.programId !== undefined && changes.programId !== stored.programId) {
          throw validationError('programId', 'The program of a profile cannot change');
        }
        const updated: MerchantProfile = { ...stored, ...changes, secundaryLanguageId: null };
        checkMerchantProfile(data, updated);
        data.merchantProfiles[index] = updated;
        return { profile: updated, dropped: droppedImageIds(stored, updated) };
      });
      await images.release(dropped);
      if (wantsBody(req.query)) setRecordEtag(res, profile);
      const answer: MerchantIdAnswer = { id: profile.id };
      res.json(wantsBody(req.query) ? profile : answer);
    },
  );

  router.post(
    MERCHANT_PATHS.siteSettings,
    marksConditionalUpdate(
      validate({
        body: siteSettingsBody,
        stored: ({ body }) =>
          store.read().merchantProfiles.find((p) => p.id === sentNumber(body, 'id')),
      }),
    ),
    async (req, res) => {
      const { id, siteTitle, analyticsTrackingCode } = req.body;
      await store.update((data) => {
        const index = merchantProfileIndex(data, id);
        const stored = data.merchantProfiles[index] as MerchantProfile;
        requireCurrentRecord(req, stored);
        data.merchantProfiles[index] = {
          ...stored,
          siteTitle,
          analyticsTrackingCode:
            analyticsTrackingCode === undefined
              ? stored.analyticsTrackingCode
              : analyticsTrackingCode,
        };
      });
      const answer: MerchantIdAnswer = { id };
      res.json(answer);
    },
  );

  return router;
}
