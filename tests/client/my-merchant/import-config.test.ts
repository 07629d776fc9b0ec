import type {
  MerchantPageType,
  MerchantProfile,
  MerchantProgram,
  NewMerchantProfile,
  SelectedPageSubType,
  SelectedPageSubTypes,
  SelectedPageType,
  SelectedPageTypes,
} from '@contracts/api/merchant';
import { defaultMerchantStylesheet } from '@contracts/site/style-model';
import type { MerchantProfileSave } from '@/features/my-merchant/api/merchant-api';
import {
  applyMerchantImport,
  importUrl,
  MERCHANT_IMPORT_TEXT,
  parseMerchantImportFile,
  toMerchantExportFile,
  type MerchantImportCalls,
} from '@/features/my-merchant/lib/import-config';
import { ImportFailed, ImportFileError } from '@/lib/sites/import-flow';

const PROGRAM: MerchantProgram = { id: 1, name: 'Harbour City Gift Card', abbreviation: 'HCG' };
const PAGE_TYPES: MerchantPageType[] = [
  { id: 1, name: 'Home', fl_mandatory: 1, children: [] },
  { id: 4, name: 'Locations', fl_mandatory: 1, children: [] },
  { id: 6, name: 'Terms', fl_mandatory: 0, children: [{ id: 61, typeId: 6, name: 'Returns' }] },
];
const PROFILE: MerchantProfile = {
  id: 5,
  programId: 1,
  liveURL: 'harbour',
  testURL: null,
  primaryLanguageId: 1,
  secundaryLanguageId: null,
  siteThemeId: 2,
  overrideCSS: defaultMerchantStylesheet(2),
  siteTitle: 'Harbour Gifts',
  description: 'Gift cards',
  siteKeywords: null,
  analyticsTrackingCode: 'UA-1',
  headerLogoPath: '/images/7.png',
  logoPath: null,
  faviconPath: null,
  backgroundPath: null,
  moduleCode: 'MMC_1HCG5',
  publishLive: 1,
  publishTest: 0,
};
const PAGES: SelectedPageType[] = [
  { typeId: 1, navItem: 'Start', title: 'Welcome', content: '<p>Hi</p>' },
  { typeId: 4, navItem: 'Stores', title: 'Find us', content: null },
  { typeId: 6, navItem: 'Terms', title: 'Our terms', content: '<p>Read</p>' },
];
const SUB_PAGES: SelectedPageSubType[] = [{ subtypeId: 61, pageTypeFk: 6 }];

/** A small in-memory merchant server behind the import's calls, recording them in order. */
function fakeCalls(fail?: 'pages') {
  const log: string[] = [];
  const state = {
    profiles: new Map<number, Partial<MerchantProfile>>(),
    pages: [] as SelectedPageType[],
    subPages: [] as SelectedPageSubType[],
  };
  const calls: MerchantImportCalls = {
    createProfile: (body: NewMerchantProfile) => {
      log.push('createProfile');
      state.profiles.set(9, { ...body, id: 9 });
      return Promise.resolve({ id: 9 });
    },
    updateProfile: (body: MerchantProfileSave) => {
      log.push(`updateProfile ${body.id}`);
      state.profiles.set(body.id, { ...state.profiles.get(body.id), ...body });
      return Promise.resolve(body);
    },
    loadPageTypes: () => {
      log.push('loadPageTypes');
      return Promise.resolve(PAGE_TYPES);
    },
    savePages: (body: SelectedPageTypes) => {
      log.push(`savePages ${body.profileId}`);
      if (fail === 'pages') {
        return Promise.reject({ status: 404, errorCode: 4, errorMessage: 'Unknown page type 99' });
      }
      state.pages = body.pageTypes;
      return Promise.resolve(body.pageTypes);
    },
    saveSubPages: (body: SelectedPageSubTypes) => {
      log.push(`saveSubPages ${body.profileId}`);
      state.subPages = body.pageSubtypes;
      return Promise.resolve(body.pageSubtypes);
    },
  };
  return { calls, log, state };
}

/** The exported file as the operator's disk gives it back: JSON text, parsed. */
const exported = () =>
  JSON.parse(JSON.stringify(toMerchantExportFile(PROGRAM, PROFILE, PAGES, SUB_PAGES))) as unknown;

describe('MyMerchant import config (02 §4)', () => {
  it('an exported file imported on the live host creates an equal profile, its pages and sub-pages', async () => {
    const config = parseMerchantImportFile(exported());
    const { calls, log, state } = fakeCalls();
    const target = { config, programId: null, profileId: null, location: 1 as const };
    const id = await applyMerchantImport({ ...target, url: importUrl(target, '') }, calls);

    expect(id).toBe(9);
    // Strictly in order: the sub-pages only after the pages' answer.
    expect(log).toEqual(['createProfile', 'loadPageTypes', 'savePages 9', 'saveSubPages 9']);
    // The profile as exported, but for its id, module code and publication (and the other
    // environment's URL, which a new profile leaves unset).
    const {
      id: _id,
      moduleCode: _code,
      publishLive: _live,
      publishTest: _test,
      testURL: _testUrl,
      ...settings
    } = PROFILE;
    expect(state.profiles.get(9)).toEqual({ ...settings, id: 9 });
    expect(state.pages).toEqual(PAGES);
    expect(state.subPages).toEqual(SUB_PAGES);
  });

  it("takes the form's program and URL when given, the test URL field on a test host", async () => {
    const config = parseMerchantImportFile(exported());
    const { calls, state } = fakeCalls();
    const target = { config, programId: 2, profileId: null, location: 0 as const };
    expect(importUrl(target, '')).toBe('harbour');
    await applyMerchantImport({ ...target, url: importUrl(target, ' copy ') }, calls);
    expect(state.profiles.get(9)).toMatchObject({ programId: 2, testURL: 'copy' });
    expect(state.profiles.get(9)).not.toHaveProperty('liveURL');
  });

  it('updates the profile being edited instead of making another', async () => {
    const config = parseMerchantImportFile(exported());
    const { calls, log } = fakeCalls();
    await applyMerchantImport(
      { config, programId: 1, profileId: 5, location: 1, url: 'harbour' },
      calls,
    );
    expect(log[0]).toBe('updateProfile 5');
    expect(log).not.toContain('createProfile');
  });

  it('a file of the 02 §3 shape only (pageTypeId, pageId, enabled) names pages after their types', async () => {
    const config = parseMerchantImportFile({
      program: PROGRAM,
      profile: PROFILE,
      pages: [
        { pageTypeId: 1, pageId: 11, enabled: true },
        { pageTypeId: 6, pageId: 12, enabled: 1 },
        { pageTypeId: 4, pageId: 13, enabled: false },
      ],
    });
    const { calls, state } = fakeCalls();
    await applyMerchantImport(
      { config, programId: null, profileId: null, location: 1, url: 'x-site' },
      calls,
    );
    expect(state.pages).toEqual([
      { typeId: 1, navItem: 'Home', title: 'Home', content: null },
      { typeId: 6, navItem: 'Terms', title: 'Terms', content: null },
    ]);
    expect(state.subPages).toEqual([]);
  });

  it('without a page list the profile is made and its pages are left to the server', async () => {
    const config = parseMerchantImportFile({ program: PROGRAM, profile: PROFILE });
    const { calls, log } = fakeCalls();
    await applyMerchantImport(
      { config, programId: null, profileId: null, location: 1, url: 'x-site' },
      calls,
    );
    expect(log).toEqual(['createProfile']);
  });

  it("a refused call fails with the server's answer and the id of the profile already made", async () => {
    const config = parseMerchantImportFile(exported());
    const { calls, log } = fakeCalls('pages');
    const failure = await applyMerchantImport(
      { config, programId: null, profileId: null, location: 1, url: 'harbour' },
      calls,
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ImportFailed);
    expect((failure as ImportFailed).profileId).toBe(9);
    expect((failure as ImportFailed).reason).toMatchObject({
      errorMessage: 'Unknown page type 99',
    });
    expect(log).not.toContain('saveSubPages 9');
  });

  it('refuses what is not a merchant configuration, saying what is wrong', () => {
    const refusal = (content: unknown) => {
      try {
        parseMerchantImportFile(content);
      } catch (error) {
        expect(error).toBeInstanceOf(ImportFileError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refusal([])).toBe(MERCHANT_IMPORT_TEXT.notConfig);
    expect(refusal({ profile: PROFILE })).toBe(MERCHANT_IMPORT_TEXT.notConfig);
    expect(refusal({ program: PROGRAM, profile: { ...PROFILE, siteThemeId: 3 } })).toBe(
      MERCHANT_IMPORT_TEXT.badField("the profile's", 'siteThemeId', '1 or 2'),
    );
    expect(refusal({ program: PROGRAM, profile: { ...PROFILE, siteTitle: 4 } })).toBe(
      MERCHANT_IMPORT_TEXT.badField("the profile's", 'siteTitle', 'text'),
    );
    expect(refusal({ program: PROGRAM, profile: PROFILE, pages: {} })).toBe(
      MERCHANT_IMPORT_TEXT.badField('the file', 'pages', 'a list'),
    );
    expect(
      refusal({ program: PROGRAM, profile: PROFILE, pages: [{ pageTypeId: 'x', enabled: 1 }] }),
    ).toBe(MERCHANT_IMPORT_TEXT.badField("page 1's", 'pageTypeId', 'a whole number'));
  });

  it('no URL in the form or the file: none is made', async () => {
    const config = parseMerchantImportFile({
      program: PROGRAM,
      profile: { ...PROFILE, liveURL: null, testURL: null },
    });
    const target = { config, programId: null, profileId: null, location: 1 as const };
    expect(importUrl(target, '  ')).toBeNull();
    const { calls, log } = fakeCalls();
    await expect(applyMerchantImport({ ...target, url: null }, calls)).rejects.toBeInstanceOf(
      ImportFailed,
    );
    expect(log).toEqual([]);
  });
});
