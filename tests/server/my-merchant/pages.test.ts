import { ERROR_CODE } from '@contracts/api/constants';
import {
  MERCHANT_PATHS,
  type SelectedPageSubTypes,
  type SelectedPageTypes,
} from '@contracts/api/merchant';
import { ERROR_MESSAGE, TEXT_INPUT_MESSAGE } from '@contracts/api/error-messages';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import {
  createMerchantTestApp,
  expectError,
  PAGE,
  SUB,
  type MerchantTestApp,
} from './merchant-test-app';

const invalid = (errorMessage: string) => ({ errorCode: ERROR_CODE.VALIDATION, errorMessage });
const STALE = { errorCode: ERROR_CODE.CONFLICT, errorMessage: ERROR_MESSAGE.staleRecord };
const STRONG = /^"[A-Za-z0-9_-]{43}"$/;
const page = (typeId: number, navItem = `Nav ${typeId}`, title = `Title ${typeId}`) => ({
  typeId,
  navItem,
  title,
  content: `<p>Page ${typeId}</p>`,
});

describe('selected pages and sub-pages of a merchant profile', () => {
  let t: MerchantTestApp;
  beforeEach(async () => {
    t = await createMerchantTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const savePages = (body: unknown, path: string = MERCHANT_PATHS.saveSelectedPageTypes) =>
    t.post(path, body);
  const saveSubPages = (body: unknown, path: string = MERCHANT_PATHS.saveSelectedPageSubTypes) =>
    t.post(path, body);
  const pagesOf = async (id: number) =>
    ((await t.get(MERCHANT_PATHS.selectedPageTypes(id)).expect(200)).body as SelectedPageTypes)
      .pageTypes;
  const subPagesOf = async (id: number) =>
    (
      (await t.get(MERCHANT_PATHS.selectedPageSubTypes(id)).expect(200))
        .body as SelectedPageSubTypes
    ).pageSubtypes;

  it('answers the selected pages and sub-pages of a profile', async () => {
    const pages = await t.get(MERCHANT_PATHS.selectedPageTypes(1)).expect(200);
    expect(pages.body).toEqual({
      profileId: 1,
      pageTypes: [
        { typeId: PAGE.HOME, navItem: 'Home', title: 'Welcome', content: '<p>Hi</p>' },
        { typeId: PAGE.ABOUT, navItem: 'About', title: 'About us', content: null },
        { typeId: PAGE.LOCATIONS, navItem: 'Stores', title: 'Stores', content: null },
      ],
    });
    const subPages = await t.get(MERCHANT_PATHS.selectedPageSubTypes(1)).expect(200);
    expect(subPages.body).toEqual({
      profileId: 1,
      pageSubtypes: [{ subtypeId: SUB.STORY, pageTypeFk: PAGE.ABOUT }],
    });
  });

  it('answers 404 for an unknown profile', async () => {
    for (const path of [
      MERCHANT_PATHS.selectedPageTypes(99),
      MERCHANT_PATHS.selectedPageSubTypes(99),
    ]) {
      expectError(await t.get(path), 404, {
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: 'Profile 99 not found',
      });
    }
  });

  it('replaces the selection with what is sent and answers it (200)', async () => {
    const sent = [page(PAGE.HOME), page(PAGE.LOCATIONS), page(PAGE.FAQ)];
    const response = await savePages({ profileId: 1, pageTypes: sent }).expect(200);
    expect(response.body).toEqual({ profileId: 1, pageTypes: sent });
    expect(await pagesOf(1)).toEqual(sent);
    // About was left out: its sub-page goes with it.
    expect(await subPagesOf(1)).toEqual([]);
    // Other profiles keep theirs.
    expect((await pagesOf(2)).map((p) => p.typeId)).toEqual([PAGE.HOME, PAGE.LOCATIONS]);
  });

  it('takes the POST path with and without its trailing slash', async () => {
    const body = {
      profileId: 2,
      pageTypes: [page(PAGE.HOME), page(PAGE.LOCATIONS), page(PAGE.ABOUT)],
    };
    await savePages(body, MERCHANT_PATHS.saveSelectedPageTypes).expect(200);
    await savePages(body, MERCHANT_PATHS.saveSelectedPageTypes.replace(/\/$/, '')).expect(200);
    const subs = { profileId: 2, pageSubtypes: [{ subtypeId: SUB.TEAM, pageTypeFk: PAGE.ABOUT }] };
    await saveSubPages(subs, MERCHANT_PATHS.saveSelectedPageSubTypes).expect(200);
    await saveSubPages(subs, MERCHANT_PATHS.saveSelectedPageSubTypes.replace(/\/$/, '')).expect(
      200,
    );
    expect(await subPagesOf(2)).toEqual(subs.pageSubtypes);
  });

  it('keeps mandatory page types selected when they are left out', async () => {
    const response = await savePages({ profileId: 1, pageTypes: [page(PAGE.FAQ)] }).expect(200);
    expect(response.body).toEqual({
      profileId: 1,
      pageTypes: [
        { typeId: PAGE.HOME, navItem: 'Home', title: 'Welcome', content: '<p>Hi</p>' },
        { typeId: PAGE.LOCATIONS, navItem: 'Stores', title: 'Stores', content: null },
        page(PAGE.FAQ),
      ],
    });
  });

  const pageRefusals: [string, unknown, number, string][] = [
    [
      'a page without a navigation label',
      { profileId: 1, pageTypes: [{ typeId: PAGE.HOME, title: 'Home' }] },
      400,
      `pageTypes.0.navItem: ${FIELD_MESSAGES.required}`,
    ],
    [
      'a page with an empty title',
      { profileId: 1, pageTypes: [page(PAGE.HOME), page(PAGE.ABOUT, 'About', '')] },
      400,
      `pageTypes.1.title: ${FIELD_MESSAGES.required}`,
    ],
    [
      'a page with a blank title',
      { profileId: 1, pageTypes: [page(PAGE.HOME), page(PAGE.ABOUT, 'About', '   ')] },
      400,
      `pageTypes.1.title: ${FIELD_MESSAGES.required}`,
    ],
    [
      'a page with a blank navigation label',
      { profileId: 1, pageTypes: [page(PAGE.HOME), page(PAGE.ABOUT, ' ', 'About')] },
      400,
      `pageTypes.1.navItem: ${FIELD_MESSAGES.required}`,
    ],
    [
      'an unknown page type',
      { profileId: 1, pageTypes: [page(PAGE.HOME), page(42)] },
      400,
      'pageTypes.1.typeId: Page type 42 does not exist',
    ],
    [
      'a page type twice',
      { profileId: 1, pageTypes: [page(PAGE.HOME), page(PAGE.HOME)] },
      400,
      'pageTypes.1.typeId: Page type 1 is selected twice',
    ],
    [
      'an unknown profile',
      { profileId: 99, pageTypes: [page(PAGE.HOME)] },
      404,
      'Profile 99 not found',
    ],
    ['no profile', { pageTypes: [] }, 400, `profileId: ${FIELD_MESSAGES.required}`],
    [
      'a page with a TAB in its title',
      { profileId: 1, pageTypes: [page(PAGE.HOME), page(PAGE.ABOUT, 'About', 'About\tus')] },
      400,
      `pageTypes.1.title: ${TEXT_INPUT_MESSAGE.controlCharacters}`,
    ],
  ];
  it.each(pageRefusals)('refuses %s and writes nothing', async (_case, body, status, message) => {
    await t.expectNothingWritten(async () => {
      expectError(
        await savePages(body),
        status,
        status === 404
          ? { errorCode: ERROR_CODE.NOT_FOUND, errorMessage: message }
          : invalid(message),
      );
    });
  });

  it('saves again a page whose stored navigation label holds a TAB', async () => {
    const legacy = page(PAGE.HOME, 'Home\tpage');
    await t.store.update((data) => {
      data.merchantSelectedPages = data.merchantSelectedPages.filter((p) => p.profileId !== 1);
      data.merchantSelectedPages.push({ ...legacy, profileId: 1 });
    });
    await savePages({ profileId: 1, pageTypes: [legacy, page(PAGE.ABOUT)] }).expect(200);
    expect(await pagesOf(1)).toContainEqual(expect.objectContaining({ navItem: legacy.navItem }));
  });

  it('replaces the sub-page selection and answers it (200)', async () => {
    const sent = [
      { subtypeId: SUB.STORY, pageTypeFk: PAGE.ABOUT },
      { subtypeId: SUB.TEAM, pageTypeFk: PAGE.ABOUT },
    ];
    const response = await saveSubPages({ profileId: 1, pageSubtypes: sent }).expect(200);
    expect(response.body).toEqual({ profileId: 1, pageSubtypes: sent });
    await saveSubPages({ profileId: 1, pageSubtypes: [] }).expect(200);
    expect(await subPagesOf(1)).toEqual([]);
  });

  const subRefusals: [string, unknown, number, string][] = [
    [
      'a sub-page under a page type the profile has not selected',
      { profileId: 1, pageSubtypes: [{ subtypeId: SUB.CARD_QUESTIONS, pageTypeFk: PAGE.FAQ }] },
      400,
      'pageSubtypes.0.pageTypeFk: Page type 4 is not selected for profile 1',
    ],
    [
      'a sub-page under another parent than its own',
      { profileId: 1, pageSubtypes: [{ subtypeId: SUB.STORY, pageTypeFk: PAGE.HOME }] },
      400,
      'pageSubtypes.0.pageTypeFk: Sub-page type 1 belongs to page type 2',
    ],
    [
      'an unknown sub-page type',
      { profileId: 1, pageSubtypes: [{ subtypeId: 77, pageTypeFk: PAGE.ABOUT }] },
      400,
      'pageSubtypes.0.subtypeId: Sub-page type 77 does not exist',
    ],
    [
      'a sub-page type twice',
      {
        profileId: 1,
        pageSubtypes: [
          { subtypeId: SUB.STORY, pageTypeFk: PAGE.ABOUT },
          { subtypeId: SUB.STORY, pageTypeFk: PAGE.ABOUT },
        ],
      },
      400,
      'pageSubtypes.1.subtypeId: Sub-page type 1 is selected twice',
    ],
    ['an unknown profile', { profileId: 99, pageSubtypes: [] }, 404, 'Profile 99 not found'],
  ];
  it.each(subRefusals)('refuses %s and writes nothing', async (_case, body, status, message) => {
    await t.expectNothingWritten(async () => {
      expectError(
        await saveSubPages(body),
        status,
        status === 404
          ? { errorCode: ERROR_CODE.NOT_FOUND, errorMessage: message }
          : invalid(message),
      );
    });
  });

  describe("conditional saves (If-Match against the ETag of the profile's pages and sub-pages)", () => {
    /** The ETag a read answers. */
    const etagOf = async (path: string) => {
      const etag = String((await t.get(path).expect(200)).headers.etag);
      expect(etag).toMatch(STRONG);
      return etag;
    };
    /** Step 3 opened: both reads, which answer the same ETag. */
    async function opened(id = 1) {
      const etag = await etagOf(MERCHANT_PATHS.selectedPageTypes(id));
      expect(await etagOf(MERCHANT_PATHS.selectedPageSubTypes(id))).toBe(etag);
      return etag;
    }
    const SELECTED = [page(PAGE.HOME), page(PAGE.ABOUT), page(PAGE.LOCATIONS)];
    const byB = [page(PAGE.HOME, 'Home', 'Saved by B'), page(PAGE.ABOUT), page(PAGE.LOCATIONS)];
    const byA = [page(PAGE.HOME, 'Home', 'Saved by A'), page(PAGE.ABOUT), page(PAGE.LOCATIONS)];

    it('both reads answer one strong ETag, which changes with the pages or the sub-pages', async () => {
      const etag = await opened();
      await savePages({ profileId: 2, pageTypes: [page(PAGE.HOME), page(PAGE.LOCATIONS)] });
      expect(await opened()).toBe(etag);
      await saveSubPages({ profileId: 1, pageSubtypes: [] }).expect(200);
      const afterSubs = await opened();
      expect(afterSubs).not.toBe(etag);
      await savePages({ profileId: 1, pageTypes: SELECTED }).expect(200);
      expect(await opened()).not.toBe(afterSubs);
    });

    it('refuses with 412 a pages save read before another operator saved, writing nothing', async () => {
      const a = await opened();
      await savePages({ profileId: 1, pageTypes: byB }).expect(200);
      await t.expectNothingWritten(async () => {
        expectError(
          await savePages({ profileId: 1, pageTypes: byA }).set('If-Match', a),
          412,
          STALE,
        );
      });
      expect(await pagesOf(1)).toEqual(byB);
    });

    it("refuses the pages' and the sub-pages' saves after another operator saved the other", async () => {
      const a = await opened();
      const theirs = [{ subtypeId: SUB.TEAM, pageTypeFk: PAGE.ABOUT }];
      await saveSubPages({ profileId: 1, pageSubtypes: theirs }).expect(200);
      await t.expectNothingWritten(async () => {
        expectError(
          await savePages({ profileId: 1, pageTypes: byA }).set('If-Match', a),
          412,
          STALE,
        );
      });
      const again = await opened();
      await savePages({ profileId: 1, pageTypes: byB }).expect(200);
      await t.expectNothingWritten(async () => {
        expectError(
          await saveSubPages({ profileId: 1, pageSubtypes: [] }).set('If-Match', again),
          412,
          STALE,
        );
      });
      expect(await subPagesOf(1)).toEqual(theirs);
    });

    it("saves with the current ETag; the pages' answer gives the tag the sub-pages' save goes with", async () => {
      const profile = String((await t.get(MERCHANT_PATHS.profile(1)).expect(200)).headers.etag);
      const etag = await opened();
      // About left out: its sub-page goes with it, and the answer's ETag says so.
      const pages = await savePages({
        profileId: 1,
        pageTypes: [page(PAGE.HOME), page(PAGE.LOCATIONS), page(PAGE.FAQ)],
      })
        .set('If-Match', etag)
        .expect(200);
      expect(pages.headers.etag).toBe(await opened());
      const subs = await saveSubPages({
        profileId: 1,
        pageSubtypes: [{ subtypeId: SUB.CARD_QUESTIONS, pageTypeFk: PAGE.FAQ }],
      })
        .set('If-Match', String(pages.headers.etag))
        .expect(200);
      expect(subs.headers.etag).toBe(await opened());
      expect(await subPagesOf(1)).toEqual([
        { subtypeId: SUB.CARD_QUESTIONS, pageTypeFk: PAGE.FAQ },
      ]);
      // The page saves leave the profile's ETag as it was, and the profile's save the pages'.
      await t
        .put(MERCHANT_PATHS.profile(1), { siteTitle: 'Still mine' })
        .set('If-Match', profile)
        .expect(200);
      expect(await opened()).toBe(subs.headers.etag);
    });

    it('does not check a save without If-Match: it is written as sent', async () => {
      await savePages({ profileId: 1, pageTypes: byB }).expect(200);
      await savePages({ profileId: 1, pageTypes: byA }).expect(200);
      expect(await pagesOf(1)).toEqual(byA);
      await saveSubPages({ profileId: 1, pageSubtypes: [] }).expect(200);
    });

    it('answers 404 for an unknown profile before the ETag', async () => {
      const a = await opened();
      await t.expectNothingWritten(async () => {
        for (const response of [
          await savePages({ profileId: 99, pageTypes: SELECTED }).set('If-Match', a),
          await saveSubPages({ profileId: 99, pageSubtypes: [] }).set('If-Match', a),
        ]) {
          expectError(response, 404, {
            errorCode: ERROR_CODE.NOT_FOUND,
            errorMessage: 'Profile 99 not found',
          });
        }
      });
    });
  });
});
