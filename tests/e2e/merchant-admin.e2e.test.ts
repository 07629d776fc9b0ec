import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import {
  MERCHANT_LIMITS,
  MERCHANT_MEDIA_FIELD_NAME,
  MERCHANT_PATHS,
  MERCHANT_TEXT,
  MERCHANT_THEME,
  type MerchantExportFile,
  type MerchantMediaAnswer,
  type MerchantProfile,
} from '@contracts/api/merchant';
import { DIALOG_TEXT, FIELD_MESSAGES } from '@contracts/api/messages';
import { STYLE_ITEMS, type StyleItemKey } from '@contracts/site/style-model';
import { readAppearance } from '@contracts/site/stylesheet';
import { IMAGE_SLOT_CAPTION } from '@/components/form/ImageSlotField';
import { APPEARANCE_LABEL } from '@/components/site-builder/appearance-form';
import { CSS_EDITOR_LABEL } from '@/components/site-builder/css-editor-form';
import { MEDIA_SLOTS } from '@/components/site-builder/media-slots';
import { PAGE_EDITOR_LABEL } from '@/components/site-builder/page-text-fields';
import { SITE_SETTINGS_LABEL, SITE_SETUP_LABEL } from '@/components/site-builder/setup-fields';
import { SAVE_AND_CONTINUE } from '@/components/wizard/profile-step';
import { UNSAVED_CHANGES_TEXT } from '@/components/wizard/unsaved-changes';
import { paths, withId } from '@/config/paths';
import { COMMON_TEXT, LAYOUT_TEXT } from '@/config/texts';
import { SITE_EDITOR_TEXT } from '@/features/my-merchant/components/steps/site-editor-step';
import { SITE_PAGES_TEXT } from '@/features/my-merchant/components/steps/site-pages-step';
import { MERCHANT_SUMMARY_LABEL } from '@/features/my-merchant/components/steps/summary-step';
import { STEP_TITLE } from '@/features/my-merchant/lib/merchant-texts';
import {
  answerDialog,
  dialogOpen,
  fieldError,
  JournalApi,
  openRoute,
  signIn,
} from './support/journal';
import {
  asLiveHost,
  createMerchantProfile,
  merchantProfileByUrl,
  merchantProfiles,
  pagePanel,
  selectedPages,
  selectedSubPages,
  stepHeading,
  updateMerchantProfile,
} from './support/merchant';
import { noisePng, solidPng } from './support/png';
import { uniqueLetters } from './support/schemes';
import { browserSuite } from './support/suite';

/**
 * The MyMerchant screens around the main flow, in Chromium against the real server:
 * export then import to an equal profile (the import input shows on the live host only), and
 * the validation messages of steps 1 to 4. Each test makes the records it needs.
 */

const suite = browserSuite();
const api = JournalApi.forSuite(suite);

const HARBOUR = { id: 2, name: 'Harbour City Gift Card' };

async function openMerchantDashboard(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: LAYOUT_TEXT.mainMenu })
    .getByRole('link', { name: LAYOUT_TEXT.myMerchant })
    .click();
  await page.getByRole('heading', { name: MERCHANT_TEXT.dashboardHeading }).waitFor();
}

/** A profile's settings: what an import copies (not its id, URLs, module code or flags). */
const settingsOf = ({
  id: _id,
  liveURL: _live,
  testURL: _test,
  moduleCode: _code,
  publishLive: _publishLive,
  publishTest: _publishTest,
  ...settings
}: MerchantProfile) => settings;

const byType = <T extends { typeId: number }>(pages: readonly T[]) =>
  [...pages].sort((a, b) => a.typeId - b.typeId);
const bySubtype = <T extends { subtypeId: number }>(pages: readonly T[]) =>
  [...pages].sort((a, b) => a.subtypeId - b.subtypeId);

describe('export and import of a configuration', () => {
  it('exports a site to "{program}.json" and imports it on the live host as an equal site', async () => {
    const source = await createMerchantProfile(api, {
      programId: HARBOUR.id,
      testURL: `mm-src-${uniqueLetters()}`,
      siteTitle: 'Harbour Export Stores',
      analyticsTrackingCode: 'UA-777-1',
      siteThemeId: MERCHANT_THEME.DARK,
    });
    const form = new FormData();
    form.append(
      MERCHANT_MEDIA_FIELD_NAME,
      new Blob([new Uint8Array(solidPng(24, 24, [10, 80, 160]))], { type: 'image/png' }),
      'logo.png',
    );
    await api.callForm<MerchantMediaAnswer>(
      `/api${MERCHANT_PATHS.mediaUpload(source.id, 'logo')}`,
      form,
    );
    await updateMerchantProfile(api, source.id, {
      description: 'Gift cards of Harbour City.',
      overrideCSS: `${source.overrideCSS ?? ''}\n.pageContent { margin: 1rem; }\n`,
    });
    await api.call('POST', MERCHANT_PATHS.saveSelectedPageTypes, {
      profileId: source.id,
      pageTypes: [
        { typeId: 1, navItem: 'Welcome', title: 'Welcome to Harbour', content: '<p>Hello.</p>' },
        { typeId: 2, navItem: 'About', title: 'About Harbour', content: '<p>Since 1988.</p>' },
        { typeId: 4, navItem: 'Shops', title: 'Our shops', content: null },
        { typeId: 8, navItem: 'FAQ', title: 'Questions', content: '<p><em>Ask</em>.</p>' },
      ],
    });
    await api.call('POST', MERCHANT_PATHS.saveSelectedPageSubTypes, {
      profileId: source.id,
      pageSubtypes: [
        { subtypeId: 2, pageTypeFk: 2 },
        { subtypeId: 8, pageTypeFk: 4 },
        { subtypeId: 11, pageTypeFk: 8 },
      ],
    });
    const stored = await api.call<MerchantProfile>('GET', MERCHANT_PATHS.profile(source.id));
    const storedPages = await selectedPages(api, source.id);
    const storedSubPages = await selectedSubPages(api, source.id);

    const { page, errors } = await suite.newPage();
    // The import input is shown only when the location flag is set (02 §2): the live host.
    await asLiveHost(page, suite.baseUrl);
    await signIn(page, suite.baseUrl);
    await openRoute(page, suite.baseUrl, `/my-merchant/wizard/summary?id=${source.id}`);
    await page.getByRole('region', { name: MERCHANT_SUMMARY_LABEL.clientSetup }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: MERCHANT_SUMMARY_LABEL.export, exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${HARBOUR.name}.json`);
    const fileText = await readFile(await download.path(), 'utf8');
    const file = JSON.parse(fileText) as MerchantExportFile;
    expect(file.program).toMatchObject(HARBOUR);
    expect(file.profile).toEqual(stored);
    expect(file.pages?.map((exported) => exported.pageTypeId).sort()).toEqual([1, 2, 4, 8]);

    // Import it as a new site of the same program, with a URL of its own.
    await openMerchantDashboard(page);
    await page.getByRole('link', { name: COMMON_TEXT.addNew }).click();
    await stepHeading(page, STEP_TITLE.setup).waitFor();
    const copyUrl = `mm-copy-${uniqueLetters()}`;
    await page.getByLabel(SITE_SETUP_LABEL.schemeName).selectOption({ label: HARBOUR.name });
    await page.getByLabel(SITE_SETUP_LABEL.siteUrl).fill(copyUrl);
    await page.getByLabel(SITE_SETUP_LABEL.importConfig).setInputFiles({
      name: download.suggestedFilename(),
      mimeType: 'application/json',
      buffer: Buffer.from(fileText),
    });
    await answerDialog(page, MERCHANT_TEXT.successTitle, { message: MERCHANT_TEXT.importSuccess });
    await stepHeading(page, STEP_TITLE.settings).waitFor();
    expect(await page.getByLabel(SITE_SETTINGS_LABEL.siteTitle).inputValue()).toBe(
      stored.siteTitle,
    );

    // On the live host the URL is the live one; everything else equals the source.
    const copy = (await merchantProfileByUrl(api, copyUrl))!;
    expect(copy).toMatchObject({ liveURL: copyUrl, testURL: null, publishLive: 0 });
    expect(copy.id).not.toBe(stored.id);
    expect(settingsOf(copy)).toEqual(settingsOf(stored));
    expect(byType(await selectedPages(api, copy.id))).toEqual(byType(storedPages));
    expect(bySubtype(await selectedSubPages(api, copy.id))).toEqual(bySubtype(storedSubPages));
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('validation messages', () => {
  it('step 1 refuses an empty form, a short and a long URL, saving nothing', async () => {
    const before = (await merchantProfiles(api)).length;
    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    await openMerchantDashboard(page);
    await page.getByRole('link', { name: COMMON_TEXT.addNew }).click();
    await stepHeading(page, STEP_TITLE.setup).waitFor();
    const schemeName = page.getByLabel(SITE_SETUP_LABEL.schemeName);
    const url = page.getByLabel(SITE_SETUP_LABEL.siteUrl);
    const language = page.getByLabel(SITE_SETUP_LABEL.primaryLanguage);
    const submit = page.getByRole('button', { name: SAVE_AND_CONTINUE });
    expect(await fieldError(url)).toBe('');

    await submit.click();
    await page.getByText(FIELD_MESSAGES.required).first().waitFor();
    expect(await fieldError(schemeName)).toBe(FIELD_MESSAGES.required);
    expect(await fieldError(url)).toBe(FIELD_MESSAGES.required);
    expect(await fieldError(language)).toBe(FIELD_MESSAGES.required);

    await schemeName.selectOption({ label: HARBOUR.name });
    await language.selectOption({ label: 'English' });
    await url.fill('abc');
    await submit.click();
    expect(await fieldError(schemeName)).toBe('');
    expect(await fieldError(url)).toBe(FIELD_MESSAGES.minlength);
    await url.fill('a'.repeat(MERCHANT_LIMITS.url.max + 1));
    await submit.click();
    expect(await fieldError(url)).toBe(FIELD_MESSAGES.maxlength);
    expect(await dialogOpen(page)).toBe(false);
    expect((await merchantProfiles(api)).length).toBe(before);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('steps 2 and 3 refuse a short or long title and a page without its label or title', async () => {
    const profile = await createMerchantProfile(api, {
      programId: HARBOUR.id,
      testURL: `mm-val-${uniqueLetters()}`,
      siteTitle: 'Valid Title',
    });
    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);

    // Step 2: Site Title required, 2 to 100 characters.
    await openRoute(page, suite.baseUrl, `/my-merchant/wizard/site-setting?id=${profile.id}`);
    const title = page.getByLabel(SITE_SETTINGS_LABEL.siteTitle);
    await title.waitFor();
    expect(await title.inputValue()).toBe('Valid Title');
    const submit = page.getByRole('button', { name: SAVE_AND_CONTINUE });
    await title.fill('');
    await submit.click();
    await page.getByText(FIELD_MESSAGES.required).first().waitFor();
    expect(await fieldError(title)).toBe(FIELD_MESSAGES.required);
    await title.fill('A');
    await submit.click();
    expect(await fieldError(title)).toBe(FIELD_MESSAGES.minlength);
    await title.fill('T'.repeat(MERCHANT_LIMITS.siteTitle.max + 1));
    await submit.click();
    expect(await fieldError(title)).toBe(FIELD_MESSAGES.maxlength);
    expect(await dialogOpen(page)).toBe(false);

    // Step 3 by its tab, leaving step 2's edits unsaved: the opened page's Navigation Item
    // Label and Title (H1) are required.
    await page
      .getByRole('navigation', { name: COMMON_TEXT.wizardSteps })
      .getByRole('link', { name: MERCHANT_TEXT.tabs[2] })
      .click();
    await answerDialog(page, UNSAVED_CHANGES_TEXT.title, { button: UNSAVED_CHANGES_TEXT.leave });
    await stepHeading(page, SITE_PAGES_TEXT.title).waitFor();
    await page.getByRole('button', { name: SITE_PAGES_TEXT.editPage('Home') }).click();
    const panel = pagePanel(page, 'Home');
    const navItem = panel.getByLabel(PAGE_EDITOR_LABEL.navItem);
    const pageTitle = panel.getByLabel(PAGE_EDITOR_LABEL.title);
    await navItem.fill('');
    await pageTitle.fill('');
    await page.getByRole('button', { name: SAVE_AND_CONTINUE }).click();
    await panel.getByText(FIELD_MESSAGES.required).first().waitFor();
    expect(await fieldError(navItem)).toBe(FIELD_MESSAGES.required);
    expect(await fieldError(pageTitle)).toBe(FIELD_MESSAGES.required);
    expect(await dialogOpen(page)).toBe(false);
    await stepHeading(page, SITE_PAGES_TEXT.title).waitFor();

    // Nothing was saved.
    expect(await merchantProfileByUrl(api, profile.testURL!)).toEqual(profile);
    expect((await selectedPages(api, profile.id)).find((p) => p.typeId === 1)).toMatchObject({
      navItem: 'Home',
      title: 'Home',
    });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('step 4 refuses a logo over 300 KB and a background over 1.5 MB', async () => {
    const profile = await createMerchantProfile(api, {
      programId: HARBOUR.id,
      testURL: `mm-img-${uniqueLetters()}`,
      siteTitle: 'Image Limits',
    });
    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    await openRoute(page, suite.baseUrl, `/my-merchant/wizard/media-upload?id=${profile.id}`);
    const slot = (key: string) => MEDIA_SLOTS.find((candidate) => candidate.key === key)!;
    const tries = [
      { label: slot('logo').label, bytes: noisePng(310_000), limit: MERCHANT_LIMITS.image.logo },
      {
        label: slot('background').label,
        bytes: noisePng(1_600_000),
        limit: MERCHANT_LIMITS.image.background,
      },
    ];
    for (const { label, bytes, limit } of tries) {
      expect(bytes.length).toBeGreaterThan(limit);
      const group = page.getByRole('group', { name: label, exact: true });
      await group.locator('input[type="file"]').setInputFiles({
        name: 'big.png',
        mimeType: 'image/png',
        buffer: bytes,
      });
      await answerDialog(page, DIALOG_TEXT.errorTitle, { message: MERCHANT_TEXT.fileTooLarge });
      expect(await group.getByRole('status').innerText()).toBe(IMAGE_SLOT_CAPTION.empty);
      expect(
        await group
          .getByRole('button', { name: IMAGE_SLOT_CAPTION.empty, exact: true })
          .isDisabled(),
      ).toBe(true);
    }

    // The background's own limit is larger: a 400 KB background is taken.
    const background = page.getByRole('group', { name: slot('background').label, exact: true });
    await background.locator('input[type="file"]').setInputFiles({
      name: 'wide.png',
      mimeType: 'image/png',
      buffer: noisePng(400_000),
    });
    await background
      .getByRole('button', { name: IMAGE_SLOT_CAPTION.ready('wide.png'), exact: true })
      .waitFor();
    expect(await merchantProfileByUrl(api, profile.testURL!)).toEqual(profile);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the Site Editor', () => {
  it('edits one stylesheet in both modes: switching never asks, and a save keeps both edits', async () => {
    const profile = await createMerchantProfile(api, {
      programId: HARBOUR.id,
      testURL: `mm-editor-${uniqueLetters()}`,
      siteTitle: 'Both Modes',
    });
    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    await openRoute(page, suite.baseUrl, withId(paths.mm.wizard.editor, profile.id));
    const item = (key: StyleItemKey) =>
      page.getByRole('group', {
        name: STYLE_ITEMS.find((candidate) => candidate.key === key)!.label,
        exact: true,
      });
    const fontSize = (key: StyleItemKey) =>
      item(key).getByLabel(APPEARANCE_LABEL.fontSize, { exact: true });
    // The toggle's radios are visually hidden; their labels are what a person clicks.
    const mode = (name: string) => page.locator('label').filter({ hasText: name });
    const cssText = page.getByRole('textbox', { name: CSS_EDITOR_LABEL, exact: true });

    // Edit Fonts: the form label's size.
    await fontSize('label').fill('23');

    // Edit CSS, without a question: the text has the new size.
    await mode(SITE_EDITOR_TEXT.css).click();
    await cssText.waitFor();
    expect(await dialogOpen(page)).toBe(false);
    expect(readAppearance(await cssText.inputValue(), MERCHANT_THEME.LIGHT).items.label).toEqual(
      expect.objectContaining({ 'font-size': '23px' }),
    );

    // A CSS edit: the headline's size, in a rule at the end.
    await cssText.press('ControlOrMeta+End');
    await cssText.pressSequentially('\n.title {');
    await cssText.pressSequentially(' font-size: 41px; ');

    // Back to Edit Fonts, without a question: both sizes show.
    await mode(SITE_EDITOR_TEXT.fonts).click();
    await fontSize('headline').waitFor();
    expect(await dialogOpen(page)).toBe(false);
    expect(await fontSize('headline').inputValue()).toBe('41');
    expect(await fontSize('label').inputValue()).toBe('23');

    await page.getByRole('button', { name: SAVE_AND_CONTINUE }).click();
    await answerDialog(page, MERCHANT_TEXT.successTitle, { message: MERCHANT_TEXT.profileUpdated });
    await page.getByRole('heading', { name: MERCHANT_TEXT.summaryHeadline, level: 2 }).waitFor();

    // What the server keeps, and what the editor shows after a reload.
    const saved = await merchantProfileByUrl(api, profile.testURL!);
    const appearance = readAppearance(saved?.overrideCSS ?? null, MERCHANT_THEME.LIGHT);
    expect(appearance.items.label['font-size']).toBe('23px');
    expect(appearance.items.headline['font-size']).toBe('41px');
    await openRoute(page, suite.baseUrl, withId(paths.mm.wizard.editor, profile.id));
    await page.reload();
    await fontSize('headline').waitFor();
    expect(await fontSize('headline').inputValue()).toBe('41');
    expect(await fontSize('label').inputValue()).toBe('23');
    await mode(SITE_EDITOR_TEXT.css).click();
    expect(await cssText.inputValue()).toBe(saved?.overrideCSS);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
