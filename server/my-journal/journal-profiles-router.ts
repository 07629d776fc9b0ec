/**
 * Journal profiles (01 §3, §7.3):
 *   GET  /myjournal/profiles?page&pageSize        embedded `profiles`
 *   GET  /myjournal/profiles/{id}                 one profile
 *   POST /myjournal/profiles?returnBody=true      create (201)
 *   PUT  /myjournal/profiles/{id}?returnBody=true update (200)
 *   GET  /myjournal/profiles/{id}/pages?page&pageSize  embedded `pages` of the profile, with the
 *                                                      ETag of its pages (journal-pages-router.ts)
 * Without returnBody=true, create and update answer `{ profileId }`. An image an update stops
 * naming is deleted once no record names it (server/images/unused-images.ts).
 *
 * The read of one profile answers its strong ETag, and an update with If-Match is refused (412,
 * nothing written, no image deleted) when the profile changed since (server/http/record-etag.ts):
 * the builders send back the whole profile as they last read it, so a save from a screen opened
 * earlier would otherwise undo what another operator saved since.
 */
import { type Router } from 'express';
import {
  DEFAULT_THEME_ID,
  JOURNAL_EMBEDDED,
  JOURNAL_PATHS,
  type JournalProfile,
} from '@contracts/api/journal';
import { defaultJournalStylesheet } from '@contracts/site/style-model';
import type { Store } from '../db/store';
import { droppedImageIds } from '../images/image-references';
import type { UnusedImages } from '../images/unused-images';
import { notFound, validationError } from '../http/errors';
import { embeddedList, pageQuery } from '../http/pagination';
import { requireCurrentRecord, setRecordEtag } from '../http/record-etag';
import { marksConditionalUpdate, marksRecordRead } from '../http/route-docs';
import { idParams, validate } from '../http/validate';
import {
  checkProfile,
  findProfile,
  nextId,
  profilePagesRecord,
  requireLoginPage,
  requireNewSiteProgram,
} from './journal-rules';
import {
  newProfileBody,
  profileUpdateBody,
  returnBodyQuery,
  wantsBody,
  type NewProfileInput,
} from './journal-schemas';
import { recordedRouter } from '../http/route-table';

/** A new profile from step 1 (01 §4.3): unpublished, no module code yet, defaults filled. */
function newProfile(input: NewProfileInput, profileId: number): JournalProfile {
  const themeId = input.themeId ?? DEFAULT_THEME_ID;
  return {
    profileId,
    programId: input.programId,
    creationDate: new Date().toISOString(),
    // Publishing is its own step (01 §4.2): a profile never starts published or with a code.
    isPublished: 0,
    title: input.title ?? null,
    keywords: input.keywords ?? null,
    description: input.description ?? null,
    googleAnalytics: input.googleAnalytics ?? null,
    clientWebsite: input.clientWebsite ?? null,
    siteUrl: input.siteUrl,
    themeId,
    expirationDateCount: input.expirationDateCount ?? 0,
    location: input.location ?? 0,
    moduleCode: null,
    moduleCodeId: null,
    logo: input.logo ?? null,
    headerImg: input.headerImg ?? null,
    favIcon: input.favIcon ?? null,
    backgroundImg: input.backgroundImg ?? null,
    // The theme's default stylesheet is built into creation (01 §3).
    cssOverride: input.cssOverride ? input.cssOverride : defaultJournalStylesheet(themeId),
  };
}

export function createJournalProfilesRouter(store: Store, images: UnusedImages): Router {
  const router = recordedRouter();

  router.get(JOURNAL_PATHS.profiles, validate({ query: pageQuery }), (req, res) => {
    const profiles = [...store.read().journalProfiles].sort((a, b) => a.profileId - b.profileId);
    res.json(embeddedList(JOURNAL_EMBEDDED.profiles, profiles, req.query));
  });

  router.get(
    JOURNAL_PATHS.profile(':id'),
    marksRecordRead(validate({ params: idParams })),
    (req, res) => {
      const profile = findProfile(store.read(), req.params.id);
      setRecordEtag(res, profile);
      res.json(profile);
    },
  );

  router.post(
    JOURNAL_PATHS.profiles,
    validate({ body: newProfileBody, query: returnBodyQuery }),
    async (req, res) => {
      const input = req.body;
      const profile = await store.update((data) => {
        const created = newProfile(
          input,
          nextId(data.journalProfiles, (p) => p.profileId),
        );
        requireNewSiteProgram(data, created.programId);
        checkProfile(data, created);
        data.journalProfiles.push(created);
        return created;
      });
      res.status(201).json(wantsBody(req.query) ? profile : { profileId: profile.profileId });
    },
  );

  router.put(
    JOURNAL_PATHS.profile(':id'),
    marksConditionalUpdate(
      validate({
        params: idParams,
        body: profileUpdateBody,
        query: returnBodyQuery,
        stored: ({ params }) => store.read().journalProfiles.find((p) => p.profileId === params.id),
      }),
    ),
    async (req, res) => {
      const { id } = req.params;
      // The path names the profile and the server owns its creation date: the body's copies
      // (the client sends the whole profile back) are not taken.
      const { profileId: _profileId, creationDate: _creationDate, ...changes } = req.body;
      const { profile, dropped } = await store.update((data) => {
        const index = data.journalProfiles.findIndex((p) => p.profileId === id);
        const stored = data.journalProfiles[index];
        if (stored === undefined) throw notFound(`Profile ${id} not found`);
        requireCurrentRecord(req, stored);
        // A site belongs to its program for good (step 1 disables the choice once saved).
        if (changes.programId !== undefined && changes.programId !== stored.programId) {
          throw validationError('programId', 'The program of a profile cannot change');
        }
        const updated: JournalProfile = { ...stored, ...changes };
        checkProfile(data, updated);
        // Publishing (01 §4.2 sets isPublished to 1) needs the Login page; saving a site that is
        // already published does not re-check it.
        if (updated.isPublished === 1 && stored.isPublished !== 1) requireLoginPage(data, id);
        data.journalProfiles[index] = updated;
        return { profile: updated, dropped: droppedImageIds(stored, updated) };
      });
      await images.release(dropped);
      if (wantsBody(req.query)) setRecordEtag(res, profile);
      res.json(wantsBody(req.query) ? profile : { profileId: profile.profileId });
    },
  );

  router.get(
    JOURNAL_PATHS.profilePages(':id'),
    marksRecordRead(validate({ params: idParams, query: pageQuery })),
    (req, res) => {
      const { id } = req.params;
      const data = store.read();
      findProfile(data, id);
      const record = profilePagesRecord(data, id);
      // The ETag of all the profile's pages, whatever part of the list is asked for: a page's
      // save is checked against it (journal-pages-router.ts).
      setRecordEtag(res, record);
      res.json(embeddedList(JOURNAL_EMBEDDED.pages, record.pages, req.query));
    },
  );

  return router;
}
