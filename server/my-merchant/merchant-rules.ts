/**
 * Merchant rules that need the stored data (02 §5). They run inside store.update on the draft,
 * so the check and the write see the same data and a failed check writes nothing.
 */
import {
  MERCHANT_MEDIA_FIELD,
  MERCHANT_MEDIA_SLOTS,
  type MerchantProfile,
  type SelectedPageType,
} from '@contracts/api/merchant';
import { UNKNOWN_IMAGE } from '@contracts/api/constants';
import { URL_PATHS } from '@contracts/api/paths';
import type { Data } from '../db/schema';
import type { Snapshot } from '../db/store';
import { conflict, notFound, validationError } from '../http/errors';
import {
  requireNewSiteProgram,
  requireProgramReference,
  sameSiteUrl,
} from '../my-journal/journal-rules';
import { MERCHANT_INPUT_MESSAGE } from './merchant-schemas';

export { requireNewSiteProgram, requireProgramReference };

/** The profile a path (or a call's own target) names: 404 when unknown. */
export function findMerchantProfile(data: Snapshot, id: number) {
  const profile = data.merchantProfiles.find((candidate) => candidate.id === id);
  if (profile === undefined) throw notFound(`Profile ${id} not found`);
  return profile;
}

/** The index of the profile in the draft: 404 when unknown. */
export function merchantProfileIndex(data: Data, id: number): number {
  const index = data.merchantProfiles.findIndex((candidate) => candidate.id === id);
  if (index === -1) throw notFound(`Profile ${id} not found`);
  return index;
}

const URL_FIELDS = ['liveURL', 'testURL'] as const;

/**
 * The rules of a profile as it will be stored: program and primary language exist, at least
 * one URL is set, no other merchant profile uses either URL (compared as the journal compares
 * its siteUrl), the image paths are links of uploaded images, the module code is the program's.
 */
export function checkMerchantProfile(data: Snapshot, profile: MerchantProfile): void {
  requireProgramReference(data, profile.programId);
  if (!data.languages.some((language) => language.id === profile.primaryLanguageId)) {
    throw validationError(
      'primaryLanguageId',
      `Language ${profile.primaryLanguageId} does not exist`,
    );
  }
  if (profile.liveURL === null && profile.testURL === null) {
    throw validationError('liveURL', MERCHANT_INPUT_MESSAGE.urlRequired);
  }
  for (const field of URL_FIELDS) {
    const url = profile[field];
    if (url === null) continue;
    const taken = data.merchantProfiles.some(
      (other) =>
        other.id !== profile.id &&
        URL_FIELDS.some((otherField) => {
          const otherUrl = other[otherField];
          return otherUrl !== null && sameSiteUrl(otherUrl, url);
        }),
    );
    if (taken) throw conflict(field, `${url} is already used`);
  }
  for (const slot of MERCHANT_MEDIA_SLOTS) {
    const field = MERCHANT_MEDIA_FIELD[slot];
    const link = profile[field];
    if (link === null) continue;
    const known = data.images.some((image) => URL_PATHS.image(image.id) === link);
    if (!known) throw validationError(field, UNKNOWN_IMAGE.message(link));
  }
  if (profile.moduleCode !== null) {
    const code = profile.moduleCode;
    const known = data.moduleCodes.some(
      (moduleCode) => moduleCode.code === code && moduleCode.programId === profile.programId,
    );
    if (!known) {
      throw validationError(
        'moduleCode',
        `Module code ${code} does not exist for program ${profile.programId}`,
      );
    }
  }
}

/**
 * The mandatory page types a profile always has selected (02 §4): the stored selection of each,
 * else one named after the type (navItem and title are required of a selected page).
 */
export function mandatorySelections(
  data: Snapshot,
  profileId: number,
): (SelectedPageType & { profileId: number })[] {
  return data.merchantPageTypes
    .filter((type) => type.fl_mandatory === 1)
    .map((type) => {
      const stored = data.merchantSelectedPages.find(
        (page) => page.profileId === profileId && page.typeId === type.id,
      );
      return stored === undefined
        ? { profileId, typeId: type.id, navItem: type.name, title: type.name, content: null }
        : { ...stored };
    });
}

/** The selection as answered: by type id, without the profile id of the records. */
export function selectionOf(data: Snapshot, profileId: number): SelectedPageType[] {
  return data.merchantSelectedPages
    .filter((page) => page.profileId === profileId)
    .map(({ typeId, navItem, title, content }) => ({ typeId, navItem, title, content }))
    .sort((a, b) => a.typeId - b.typeId);
}

export function subSelectionOf(data: Snapshot, profileId: number) {
  return data.merchantSelectedSubPages
    .filter((sub) => sub.profileId === profileId)
    .map(({ subtypeId, pageTypeFk }) => ({ subtypeId, pageTypeFk }))
    .sort((a, b) => a.subtypeId - b.subtypeId);
}

/**
 * The record a profile's pages are saved against (server/http/record-etag.ts): its selected
 * pages with their texts and its sub-pages. Step 3 reads and saves both as one form, and a save
 * of the pages drops the sub-pages of a page left out, so one ETag covers the two: both reads
 * answer it, both saves are checked against it and answer the new one (merchant-pages-router.ts).
 */
export function profilePagesRecord(data: Snapshot, profileId: number) {
  return {
    profileId,
    pageTypes: selectionOf(data, profileId),
    pageSubtypes: subSelectionOf(data, profileId),
  };
}
