import { ERROR_CODE } from '@contracts/api/constants';
import {
  MERCHANT_PATHS,
  type SelectedPageSubTypes,
  type SelectedPageTypes,
} from '@contracts/api/merchant';
import { TEXT_INPUT_MESSAGE } from '@contracts/api/error-messages';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import {
  createMerchantTestApp,
  expectError,
  PAGE,
  SUB,
  type MerchantTestApp,
} from './merchant-test-app';

const invalid = (errorMessage: string) => ({ errorCode: ERROR_CODE.VALIDATION, errorMessage });
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
});
