/**
 * Journal rules that need the stored data. They run inside store.update on the draft, so the
 * check and the write see the same data (no other request can slip in between) and a failed
 * check writes nothing.
 */
import { PROGRAM_TYPE, SITE_PROGRAM, UNKNOWN_IMAGE } from '@contracts/api/constants';
import { JOURNAL_PAGE_TYPE, JOURNAL_TEXT, type JournalProfile } from '@contracts/api/journal';
import type { Snapshot } from '../db/store';
import { conflict, notFound, validationError } from '../http/errors';
import { PROFILE_IMAGE_FIELDS } from './journal-schemas';

/** The next id of a collection: one more than the largest (ids are never reused while kept). */
export function nextId<T>(items: readonly T[], idOf: (item: T) => number): number {
  return items.reduce((max, item) => Math.max(max, idOf(item)), 0) + 1;
}

/**
 * Site URLs name a site in its link: two that differ by case only are the same (shared with the
 * merchant builder's liveURL and testURL).
 */
export function sameSiteUrl(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

export function findProfile(data: Snapshot, profileId: number) {
  const profile = data.journalProfiles.find((candidate) => candidate.profileId === profileId);
  if (profile === undefined) throw notFound(`Profile ${profileId} not found`);
  return profile;
}

/** A profile's pages as its page list answers them: by page id. */
export function pagesOfProfile(data: Snapshot, profileId: number) {
  return data.journalPages
    .filter((page) => page.profileId === profileId)
    .sort((a, b) => a.pageId - b.pageId);
}

/**
 * The record a profile's pages are saved against (server/http/record-etag.ts): all its pages.
 * The page editors read them as one list (01 §7.3 has no read of one page), so the list's read
 * answers this record's ETag, a create or an update of one of its pages is checked against it
 * and answers its new ETag.
 */
export function profilePagesRecord(data: Snapshot, profileId: number) {
  return { profileId, pages: pagesOfProfile(data, profileId) };
}

/** A reference in a body to a profile that does not exist is bad input (400), not a 404. */
export function requireProfileReference(data: Snapshot, profileId: number) {
  const profile = data.journalProfiles.find((candidate) => candidate.profileId === profileId);
  if (profile === undefined) {
    throw validationError('profileId', `Profile ${profileId} does not exist`);
  }
  return profile;
}

export function requireProgramReference(data: Snapshot, programId: number) {
  const program = data.programs.find((candidate) => candidate.programId === programId);
  if (program === undefined) {
    throw validationError('programId', `Program ${programId} does not exist`);
  }
  return program;
}

/**
 * The program of a new site, journal or merchant: an existing gift program (400 naming
 * `programId` otherwise). Both builders' Scheme Name offers only gift programs, and an import
 * file names its own program, so the create is where the rule holds. A stored profile keeps
 * its program whatever its type: its program never changes.
 */
export function requireNewSiteProgram(data: Snapshot, programId: number): void {
  const program = requireProgramReference(data, programId);
  if (program.programTypeId !== PROGRAM_TYPE.GIFT) {
    throw validationError('programId', SITE_PROGRAM.notGift(programId, program.schemeName));
  }
}

/**
 * The rules of a profile as it will be stored: program, images and module code exist, and no
 * other profile uses the siteUrl (compared case-insensitively: site links must not differ by
 * case only).
 */
export function checkProfile(data: Snapshot, profile: JournalProfile): void {
  requireProgramReference(data, profile.programId);
  for (const field of PROFILE_IMAGE_FIELDS) {
    const imageId = profile[field];
    if (imageId !== null && !data.images.some((image) => image.id === imageId)) {
      throw validationError(field, UNKNOWN_IMAGE.message(imageId));
    }
  }
  if (profile.moduleCodeId !== null) {
    const moduleCodeId = profile.moduleCodeId;
    const known = data.moduleCodes.some(
      (code) => code.moduleCodeId === moduleCodeId && code.programId === profile.programId,
    );
    if (!known) {
      throw validationError(
        'moduleCodeId',
        `Module code ${moduleCodeId} does not exist for program ${profile.programId}`,
      );
    }
  }
  const taken = data.journalProfiles.some(
    (other) => other.profileId !== profile.profileId && sameSiteUrl(other.siteUrl, profile.siteUrl),
  );
  if (taken) throw conflict('siteUrl', `${profile.siteUrl} is already used`);
}

/** Deployments go out only for published profiles (01 §4.2). */
export function requirePublished(profile: { isPublished: 0 | 1 }): void {
  if (profile.isPublished !== 1) throw conflict('profileId', JOURNAL_TEXT.notPublishedYet);
}

/**
 * A profile is published (isPublished 0 → 1) only with its mandatory Login page, enabled: the
 * published site is that page (the balance check). 409 saying what is missing, as the publish
 * flows say it.
 */
export function requireLoginPage(data: Snapshot, profileId: number): void {
  const hasLogin = data.journalPages.some(
    (page) =>
      page.profileId === profileId &&
      page.pageTypeId === JOURNAL_PAGE_TYPE.LOGIN &&
      page.enabled === 1,
  );
  if (!hasLogin) throw conflict('isPublished', JOURNAL_TEXT.loginPageMissing);
}

/**
 * A page of a mandatory type (the Login page) is never sent disabled: 01 §4.3 keeps a mandatory
 * type always selected, and the published site is that page. 400 naming `enabled`, as the
 * other checks of a page's fields. A page already stored disabled can still be edited with
 * `enabled` left out, and enabled.
 */
export function requireMandatoryPageEnabled(
  data: Snapshot,
  page: { pageTypeId: number; enabled?: 0 | 1 | undefined },
): void {
  if (page.enabled !== 0) return;
  const type = data.journalPageTypes.find((candidate) => candidate.pageTypeId === page.pageTypeId);
  if (type?.mandatory === 1)
    throw validationError('enabled', JOURNAL_TEXT.mandatoryPage(type.name));
}
