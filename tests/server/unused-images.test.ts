/**
 * Images no record names any more are deleted (server/images/unused-images.ts): after a save
 * that replaced or cleared an image, in the journal builder, the merchant builder and the scheme
 * wizard, and at start after a grace period. Images something still names are kept, a refused
 * save deletes nothing, and an upload not saved yet survives another operator's save. A save
 * from a profile read before another operator saved an image is refused (412, If-Match against
 * the profile's ETag, server/http/record-etag.ts), so it neither reverts nor deletes that image;
 * so is a page save read before another operator linked an image in the page, so the start-up
 * sweep keeps the image.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { AUTH_HEADER, ERROR_CODE } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import type { ImageUploadResult } from '@contracts/api/entities';
import {
  JOURNAL_PAGE_TYPE,
  JOURNAL_PATHS,
  JOURNAL_SITE_PATHS,
  type JournalProfile,
  type NewJournalProfile,
  type PublishedJournalSite,
} from '@contracts/api/journal';
import {
  MERCHANT_PATHS,
  type MerchantMediaAnswer,
  type MerchantProfile,
  type SelectedPageTypes,
} from '@contracts/api/merchant';
import { URL_PATHS } from '@contracts/api/paths';
import { SCHEME_PATHS } from '@contracts/api/schemes';
import { createLogger } from '../../server/http/logging';
import { UNUSED_IMAGE_GRACE_MS, UnusedImages } from '../../server/images/unused-images';
import { buildJournalPage } from '../support/builders';
import {
  createJournalTestApp,
  expectError,
  TEST_PAGES,
  TEST_PROFILE,
  type JournalTestApp,
} from './my-journal/journal-test-app';
import { createMerchantTestApp, type MerchantTestApp } from './my-merchant/merchant-test-app';
import { createSchemeTestApp, TEST_SCHEMES } from './schemes/core-test-app';
import { PNG_BYTES } from './support/fixtures';
import { DEMO_USERS, type TestApp } from './support/test-app';

/** Uploads a PNG through `POST /images` as `token`'s user; its id. */
async function uploadAs(t: TestApp, token: string): Promise<string> {
  const response = await request(t.app)
    .post(URL_PATHS.images)
    .set(AUTH_HEADER, token)
    .attach('file', PNG_BYTES, { filename: 'logo.png', contentType: 'image/png' })
    .expect(200);
  return (response.body as ImageUploadResult).id;
}

const STALE = { errorCode: ERROR_CODE.CONFLICT, errorMessage: ERROR_MESSAGE.staleRecord };
const STRONG = /^"[A-Za-z0-9_-]{43}"$/;

/** The profile as a builder screen reads it, and its ETag. */
async function opened<T>(
  t: JournalTestApp | MerchantTestApp,
  path: string,
): Promise<{ profile: T; etag: string }> {
  const response = await t.get(path).expect(200);
  const etag = String(response.headers.etag);
  expect(etag).toMatch(STRONG);
  return { profile: response.body as T, etag };
}

/** Whether the image is kept: its file, its record, and its link answering. */
async function isKept(t: TestApp, id: string): Promise<boolean> {
  const file = (await t.storedFiles()).includes(id);
  const record = (await t.dataFile()).images.some((image) => image.id === id);
  const served = (await request(t.app).get(URL_PATHS.image(id))).status === 200;
  if (file !== record || record !== served) {
    throw new Error(`image ${id}: file ${file}, record ${record}, served ${served}`);
  }
  return file;
}

describe('unused images', () => {
  describe('in the journal builder', () => {
    let t: JournalTestApp;
    beforeEach(async () => {
      t = await createJournalTestApp();
    });
    afterEach(async () => {
      await t.close();
    });

    const save = (profileId: number, changes: object) =>
      t.put(JOURNAL_PATHS.profile(profileId), changes);

    it('deletes the old logo when another is saved in its place, and a cleared one', async () => {
      const first = await t.uploadImage();
      await save(1, { logo: first }).expect(200);
      const second = await t.uploadImage();
      await save(1, { logo: second }).expect(200);
      expect(await isKept(t, first)).toBe(false);
      expect(await isKept(t, second)).toBe(true);

      await save(1, { logo: null }).expect(200);
      expect(await isKept(t, second)).toBe(false);
      expect(await t.storedFiles()).toEqual([]);
    });

    it('deletes a background image that the stylesheet named too once neither does', async () => {
      const first = await t.uploadImage();
      const css = (id: string) => `body { background-image: url("/images/${id}.png"); }`;
      await save(1, { backgroundImg: first, cssOverride: css(first) }).expect(200);
      // The stylesheet still names it: kept.
      await save(1, { backgroundImg: null }).expect(200);
      expect(await isKept(t, first)).toBe(true);
      const second = await t.uploadImage();
      await save(1, { backgroundImg: second, cssOverride: css(second) }).expect(200);
      expect(await isKept(t, first)).toBe(false);
    });

    it('keeps an image another slot, another profile or a page still names', async () => {
      const shared = await t.uploadImage();
      const inPage = await t.uploadImage();
      const second: NewJournalProfile = { programId: TEST_PROFILE.programId, siteUrl: 'second' };
      await t.post(JOURNAL_PATHS.profiles, second).expect(201);
      await save(1, { logo: shared, favIcon: shared, headerImg: inPage }).expect(200);
      await save(2, { logo: shared }).expect(200);
      const { pageId: _pageId, ...page } = buildJournalPage({
        profileId: 2,
        pageTypeId: JOURNAL_PAGE_TYPE.LOCATIONS,
        content: `<p><img src="http://localhost${URL_PATHS.image(inPage)}" alt="Map"></p>`,
      });
      await t.post(JOURNAL_PATHS.pages, page).expect(201);

      await save(1, { logo: null, headerImg: null }).expect(200);
      expect(await isKept(t, shared)).toBe(true);
      expect(await isKept(t, inPage)).toBe(true);
      await save(1, { favIcon: null }).expect(200);
      expect(await isKept(t, shared)).toBe(true);
      await save(2, { logo: null }).expect(200);
      expect(await isKept(t, shared)).toBe(false);
    });

    it('keeps the image the published site shows while its profile names it', async () => {
      const logo = await t.uploadImage();
      await save(1, { logo }).expect(200);
      const other = await t.uploadImage();
      await save(1, { headerImg: other }).expect(200);
      await save(1, { headerImg: null }).expect(200);
      const site = await request(t.app)
        .get(JOURNAL_SITE_PATHS.site(TEST_PROFILE.siteUrl))
        .expect(200);
      const { logo: link } = site.body as PublishedJournalSite;
      expect(link).toContain(URL_PATHS.image(logo));
      expect(await isKept(t, logo)).toBe(true);
    });

    it('deletes nothing when the save is refused', async () => {
      const logo = await t.uploadImage();
      await save(1, { logo }).expect(200);
      const next = await t.uploadImage();
      const files = await t.storedFiles();
      await t.expectNothingWritten(async () => {
        await save(1, { logo: next, title: 'x' }).expect(400);
        await save(1, { logo: 'f'.repeat(32) }).expect(400);
        await save(999, { logo: null }).expect(404);
      });
      expect(await t.storedFiles()).toEqual(files);
      expect(await isKept(t, logo)).toBe(true);
    });

    it("keeps another operator's upload that is not saved yet, which can then be saved", async () => {
      const operator = await t.login(DEMO_USERS.operator);
      const fresh = await uploadAs(t, operator.token);
      const first = await t.uploadImage();
      await save(1, { logo: first }).expect(200);
      const second = await t.uploadImage();
      await save(1, { logo: second }).expect(200);
      expect(await isKept(t, fresh)).toBe(true);
      await save(1, { logo: fresh }).expect(200);
      expect(await isKept(t, fresh)).toBe(true);
      expect(await isKept(t, second)).toBe(false);
    });

    describe('a save from a screen opened before another operator saved a logo', () => {
      /** A opens the profile; B saves a new logo; answers what A read and B's logo. */
      async function bSavesALogoAfterARead() {
        const a = await opened<JournalProfile>(t, JOURNAL_PATHS.profile(1));
        const logo = await t.uploadImage();
        await save(1, { logo }).expect(200);
        return { a, logo };
      }

      it("is refused with 412, writing nothing and keeping B's logo", async () => {
        const { a, logo } = await bSavesALogoAfterARead();
        await t.expectNothingWritten(async () => {
          const response = await save(1, { ...a.profile, cssOverride: 'p { color: red; }' }).set(
            'If-Match',
            a.etag,
          );
          expectError(response, 412, STALE);
        });
        expect((await t.profile(1)).logo).toBe(logo);
        expect(await isKept(t, logo)).toBe(true);
      });

      it('saves once read again, with the new ETag, keeping the logo', async () => {
        const { logo } = await bSavesALogoAfterARead();
        const again = await opened<JournalProfile>(t, JOURNAL_PATHS.profile(1));
        const css = 'p { color: red; }';
        const response = await t
          .put(`${JOURNAL_PATHS.profile(1)}?returnBody=true`, {
            ...again.profile,
            cssOverride: css,
          })
          .set('If-Match', again.etag)
          .expect(200);
        const now = await opened<JournalProfile>(t, JOURNAL_PATHS.profile(1));
        expect(response.headers.etag).toBe(now.etag);
        expect(now.profile).toMatchObject({ logo, cssOverride: css });
        expect(await isKept(t, logo)).toBe(true);
      });

      it('is not checked without If-Match', async () => {
        const { a } = await bSavesALogoAfterARead();
        await save(1, { ...a.profile, cssOverride: 'p { color: red; }' }).expect(200);
      });
    });

    it('saves when the old file is already gone, and drops its record', async () => {
      const first = await t.uploadImage();
      await save(1, { logo: first }).expect(200);
      await rm(path.join(t.config.filesDir, first));
      const second = await t.uploadImage();
      await save(1, { logo: second }).expect(200);
      expect((await t.profile(1)).logo).toBe(second);
      expect((await t.dataFile()).images.map((image) => image.id)).toEqual([second]);
    });
  });

  describe('in the merchant builder', () => {
    let t: MerchantTestApp;
    beforeEach(async () => {
      t = await createMerchantTestApp();
    });
    afterEach(async () => {
      await t.close();
    });

    const uploadLogo = async (profileId: number) => {
      const response = await t.upload(t.uploadPath(profileId, 'logo'), PNG_BYTES).expect(200);
      return (response.body as MerchantMediaAnswer).path;
    };
    const idOf = (link: string) => path.basename(link, '.png');

    it('deletes the old logo when a media upload replaces it, and one removed', async () => {
      const first = await uploadLogo(1);
      const second = await uploadLogo(1);
      expect(await isKept(t, idOf(first))).toBe(false);
      expect(await isKept(t, idOf(second))).toBe(true);
      await t.put(MERCHANT_PATHS.profile(1), { logoPath: null }).expect(200);
      expect(await isKept(t, idOf(second))).toBe(false);
    });

    it('keeps an image another profile still names', async () => {
      const link = await uploadLogo(1);
      await t.put(MERCHANT_PATHS.profile(2), { faviconPath: link }).expect(200);
      await uploadLogo(1);
      expect(await isKept(t, idOf(link))).toBe(true);
      await t.put(MERCHANT_PATHS.profile(2), { faviconPath: null }).expect(200);
      expect(await isKept(t, idOf(link))).toBe(false);
    });

    it('deletes nothing when the save is refused', async () => {
      const link = await uploadLogo(1);
      await t.expectNothingWritten(async () => {
        // Profile 2's test URL is taken: 409.
        await t
          .put(MERCHANT_PATHS.profile(1), { logoPath: null, liveURL: 'second-shop' })
          .expect(409);
        await t.put(MERCHANT_PATHS.profile(1), { logoPath: '/images/nothing.png' }).expect(400);
        await t.upload(t.uploadPath(1, 'logo'), Buffer.from('not an image')).expect(415);
      });
      expect(await isKept(t, idOf(link))).toBe(true);
    });

    it("keeps another operator's upload that is not saved yet", async () => {
      const operator = await t.login(DEMO_USERS.operator);
      const fresh = await uploadAs(t, operator.token);
      await uploadLogo(1);
      await uploadLogo(1);
      expect(await isKept(t, fresh)).toBe(true);
    });
    describe('a save from a screen opened before another operator uploaded a logo', () => {
      /** A opens profile 1; B uploads a new logo; answers what A read and B's logo link. */
      async function bUploadsALogoAfterARead() {
        const a = await opened<MerchantProfile>(t, MERCHANT_PATHS.profile(1));
        const link = await uploadLogo(1);
        return { a, link };
      }
      const saves = [
        {
          route: 'the profile update',
          send: (profile: MerchantProfile) =>
            t.put(MERCHANT_PATHS.profile(1), { ...profile, overrideCSS: 'p { color: red; }' }),
        },
        {
          route: 'the site settings',
          send: (profile: MerchantProfile) =>
            t.post(MERCHANT_PATHS.siteSettings, { id: profile.id, siteTitle: 'A title' }),
        },
      ];

      it.each(saves)("$route is refused with 412, writing nothing, B's logo kept", async (c) => {
        const { a, link } = await bUploadsALogoAfterARead();
        await t.expectNothingWritten(async () => {
          expectError(await c.send(a.profile).set('If-Match', a.etag), 412, STALE);
        });
        expect((await t.profile(1)).logoPath).toBe(link);
        expect(await isKept(t, idOf(link))).toBe(true);
      });

      it.each(saves)('$route saves once read again, keeping the logo', async (c) => {
        const { link } = await bUploadsALogoAfterARead();
        const again = await opened<MerchantProfile>(t, MERCHANT_PATHS.profile(1));
        await c.send(again.profile).set('If-Match', again.etag).expect(200);
        expect((await t.profile(1)).logoPath).toBe(link);
        expect(await isKept(t, idOf(link))).toBe(true);
      });

      it.each(saves)('$route is not checked without If-Match', async (c) => {
        const { a } = await bUploadsALogoAfterARead();
        await c.send(a.profile).expect(200);
      });

      it('answers the new ETag with the profile it saved', async () => {
        const a = await opened<MerchantProfile>(t, MERCHANT_PATHS.profile(1));
        const response = await t
          .put(`${MERCHANT_PATHS.profile(1)}?returnBody=true`, { ...a.profile, siteTitle: 'New' })
          .set('If-Match', a.etag)
          .expect(200);
        expect(response.headers.etag).toBe((await opened(t, MERCHANT_PATHS.profile(1))).etag);
      });
    });
  });

  describe('in the scheme wizard', () => {
    it('deletes a replaced button image, and keeps it when the save is refused with 412', async () => {
      const t = await createSchemeTestApp();
      try {
        const { token } = await t.login();
        const {
          programId: _id,
          clientName: _name,
          schemeStatus: _status,
          ...fields
        } = TEST_SCHEMES.gift;
        const save = (buttonImgUrl: string) =>
          t.put(SCHEME_PATHS.scheme(1), { ...fields, buttonImgUrl });
        const first = await uploadAs(t, token);
        await save(first).expect(200);
        const opened = String((await t.get(SCHEME_PATHS.scheme(1)).expect(200)).headers.etag);
        const second = await uploadAs(t, token);
        await save(second).expect(200);
        expect(await isKept(t, first)).toBe(false);

        const third = await uploadAs(t, token);
        await save(third).set('If-Match', opened).expect(412);
        expect(await isKept(t, second)).toBe(true);
        expect(await isKept(t, third)).toBe(true);
      } finally {
        await t.close();
      }
    });
  });

  describe('at start', () => {
    let t: JournalTestApp;
    let sweeper: UnusedImages;
    beforeEach(async () => {
      t = await createJournalTestApp();
      sweeper = new UnusedImages({
        store: t.store,
        filesDir: t.config.filesDir,
        logger: createLogger('silent'),
      });
    });
    afterEach(async () => {
      await t.close();
    });

    it('deletes images no record names once the grace period is over, and only those', async () => {
      const named = await t.uploadImage();
      const unnamed = await t.uploadImage();
      await t.put(JOURNAL_PATHS.profile(1), { logo: named }).expect(200);

      expect(await sweeper.sweep()).toBe(0);
      expect(
        await sweeper.sweep(UNUSED_IMAGE_GRACE_MS, Date.now() + UNUSED_IMAGE_GRACE_MS / 2),
      ).toBe(0);
      expect(await isKept(t, unnamed)).toBe(true);

      expect(await sweeper.sweep(UNUSED_IMAGE_GRACE_MS, Date.now() + UNUSED_IMAGE_GRACE_MS)).toBe(
        1,
      );
      expect(await isKept(t, unnamed)).toBe(false);
      expect(await isKept(t, named)).toBe(true);
    });

    it('keeps every image a text contains, wherever in the text, and deletes all the others', async () => {
      const inField = await t.uploadImage();
      const inLink = await t.uploadImage();
      const inLongerRun = await t.uploadImage();
      const inPage = await t.uploadImage();
      const twice = await t.uploadImage();
      const unnamed = await t.uploadImage();
      const upperCase = await t.uploadImage();
      const alsoUnnamed = await t.uploadImage();
      const css = [
        `body { background-image: url("/images/${inLink}.png"); }`,
        // Inside a longer run of hex digits, not at its start nor at a multiple of 32 digits.
        `/* 0abc${inLongerRun}fe${twice} ${twice} */`,
        `/* ${upperCase.toUpperCase()} */`,
      ].join('\n');
      await t.put(JOURNAL_PATHS.profile(1), { logo: inField, cssOverride: css }).expect(200);
      const second: NewJournalProfile = { programId: TEST_PROFILE.programId, siteUrl: 'second' };
      await t.post(JOURNAL_PATHS.profiles, second).expect(201);
      const { pageId: _pageId, ...page } = buildJournalPage({
        profileId: 2,
        pageTypeId: JOURNAL_PAGE_TYPE.LOCATIONS,
        content: `<p><img src="${URL_PATHS.image(inPage)}" alt="Map"></p>`,
      });
      await t.post(JOURNAL_PATHS.pages, page).expect(201);

      expect(await sweeper.sweep(UNUSED_IMAGE_GRACE_MS, Date.now() + UNUSED_IMAGE_GRACE_MS)).toBe(
        3,
      );
      for (const id of [inField, inLink, inLongerRun, inPage, twice]) {
        expect(await isKept(t, id)).toBe(true);
      }
      for (const id of [unnamed, upperCase, alsoUnnamed]) expect(await isKept(t, id)).toBe(false);
    });

    it('after a save, keeps a dropped image that a longer run of hex digits still holds', async () => {
      const logo = await t.uploadImage();
      await t.put(JOURNAL_PATHS.profile(1), { logo, cssOverride: `/* 9${logo}0 */` }).expect(200);
      await t.put(JOURNAL_PATHS.profile(1), { logo: null }).expect(200);
      expect(await isKept(t, logo)).toBe(true);
    });

    it("keeps the image another operator's page links when a page save read before theirs is refused", async () => {
      const listed = `${JOURNAL_PATHS.profilePages(1)}?page=1&pageSize=15`;
      const a = String((await t.get(listed).expect(200)).headers.etag);
      const map = await t.uploadImage();
      const content = `<p><img src="${URL_PATHS.image(map)}" alt="Map"></p>`;
      await t.put(JOURNAL_PATHS.page(TEST_PAGES.locations.pageId), { content }).expect(200);

      // A's Locations editor, opened before, sends the page without the link: refused.
      const stale = t
        .put(JOURNAL_PATHS.page(TEST_PAGES.locations.pageId), TEST_PAGES.locations)
        .set('If-Match', a);
      expectError(await stale, 412, STALE);
      expect(await sweeper.sweep(UNUSED_IMAGE_GRACE_MS, Date.now() + UNUSED_IMAGE_GRACE_MS)).toBe(
        0,
      );
      expect(await isKept(t, map)).toBe(true);

      // Without If-Match the save is written as sent, and the image no record names goes.
      await t.put(JOURNAL_PATHS.page(TEST_PAGES.locations.pageId), TEST_PAGES.locations);
      expect(await sweeper.sweep(UNUSED_IMAGE_GRACE_MS, Date.now() + UNUSED_IMAGE_GRACE_MS)).toBe(
        1,
      );
      expect(await isKept(t, map)).toBe(false);
    });
  });

  describe('at start, after a merchant page save', () => {
    it("keeps the image another operator's page links when a pages save read before theirs is refused", async () => {
      const t = await createMerchantTestApp();
      try {
        const sweeper = new UnusedImages({
          store: t.store,
          filesDir: t.config.filesDir,
          logger: createLogger('silent'),
        });
        const read = await t.get(MERCHANT_PATHS.selectedPageTypes(1)).expect(200);
        const a = String(read.headers.etag);
        const opened = (read.body as SelectedPageTypes).pageTypes;
        const map = await uploadAs(t, t.token);
        const linked = opened.map((page) => ({
          ...page,
          content: `<p><img src="${URL_PATHS.image(map)}" alt="Map"></p>`,
        }));
        await t
          .post(MERCHANT_PATHS.saveSelectedPageTypes, { profileId: 1, pageTypes: linked })
          .expect(200);

        const stale = t
          .post(MERCHANT_PATHS.saveSelectedPageTypes, { profileId: 1, pageTypes: opened })
          .set('If-Match', a);
        expectError(await stale, 412, STALE);
        expect(await sweeper.sweep(UNUSED_IMAGE_GRACE_MS, Date.now() + UNUSED_IMAGE_GRACE_MS)).toBe(
          0,
        );
        expect(await isKept(t, map)).toBe(true);
      } finally {
        await t.close();
      }
    });
  });
});
