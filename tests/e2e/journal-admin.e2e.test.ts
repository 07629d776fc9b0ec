import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import {
  JOURNAL_PAGE_TYPE,
  JOURNAL_PATHS,
  JOURNAL_SITE_TEXT,
  JOURNAL_TEXT,
  THEME,
  journalModuleCode,
  type JournalExportFile,
  type JournalPage,
  type JournalProfile,
  type ModuleCode,
} from '@contracts/api/journal';
import { DIALOG_TEXT, FIELD_MESSAGES } from '@contracts/api/messages';
import { URL_PATHS } from '@contracts/api/paths';
import { STYLE_ITEMS, defaultJournalStylesheet } from '@contracts/site/style-model';
import { IMAGE_SLOT_CAPTION } from '@/components/form/ImageSlotField';
import { APPEARANCE_LABEL } from '@/components/site-builder/appearance-form';
import { MEDIA_SLOTS } from '@/components/site-builder/media-slots';
import { MISSING_IMAGES_TEXT } from '@/lib/sites/missing-images';
import { PROFILE_CARD_TEXT } from '@/components/site-builder/profile-card';
import { COMMON_TEXT, LAYOUT_TEXT } from '@/config/texts';
import {
  DASHBOARD_TEXT,
  SAVE_AND_CONTINUE,
  SETTINGS_LABEL,
  SETUP_LABEL,
  STEP_TITLE,
  SUMMARY_LABEL,
} from '@/features/my-journal/lib/journal-texts';
import {
  answerDialog,
  dialogOpen,
  fieldError,
  JournalApi,
  newSitePage,
  openRoute,
  signIn,
  unexpectedErrors,
} from './support/journal';
import { noisePng, solidPng } from './support/png';
import { createPlainScheme } from './support/imports';
import { generalValues, SchemeApi, uniqueLetters } from './support/schemes';
import { browserSuite } from './support/suite';

/**
 * The MyJournal screens around the main flow, in Chromium against the real server:
 * unpublish and publish from the dashboard, export then import, the validation messages, an
 * oversize image and the dashboard search. Each test makes the data it changes, except the
 * published site made before the tests start, which only the unpublish test changes (and
 * publishes again).
 */

const suite = browserSuite();
const api = JournalApi.forSuite(suite);
const schemes = SchemeApi.forSuite(suite);

/** Two gift programs of the tests' own, made through the API before they start. */
const PROGRAMS = {
  /** The program of PUBLISHED. */
  site: { id: 0, name: '', abbreviation: '' },
  /** The program of the profiles the tests make. */
  other: { id: 0, name: '', abbreviation: '' },
};

/** A published site with its Login page and module code, made through the API. */
const PUBLISHED = {
  profileId: 0,
  siteUrl: 'admin-published',
  title: 'Admin Gift Card Balance',
  loginTitle: 'Check your admin card balance',
  moduleCode: '',
};

beforeAll(async () => {
  for (const [key, prefix] of [
    ['site', 'Jadminsite'],
    ['other', 'Jadminother'],
  ] as const) {
    const name = `${prefix} ${uniqueLetters()}`;
    const { schemeName, abbreviation } = generalValues(name);
    PROGRAMS[key] = { id: await createPlainScheme(schemes, name), name: schemeName, abbreviation };
  }
  const profile = await api.call<JournalProfile>(
    'POST',
    `${JOURNAL_PATHS.profiles}?returnBody=true`,
    { programId: PROGRAMS.site.id, siteUrl: PUBLISHED.siteUrl, title: PUBLISHED.title },
  );
  await api.call<JournalPage>('POST', `${JOURNAL_PATHS.pages}?returnBody=true`, {
    profileId: profile.profileId,
    pageTypeId: JOURNAL_PAGE_TYPE.LOGIN,
    enabled: 1,
    title: PUBLISHED.loginTitle,
    content: '<p>Enter your card number and PIN.</p>',
  });
  const code = await api.call<ModuleCode>('POST', `${JOURNAL_PATHS.moduleCodes}?returnBody=true`, {
    name: PROGRAMS.site.name,
    code: journalModuleCode(PROGRAMS.site.id, PROGRAMS.site.abbreviation, profile.profileId),
    programId: PROGRAMS.site.id,
  });
  await api.call('PUT', `${JOURNAL_PATHS.profile(profile.profileId)}?returnBody=true`, {
    ...profile,
    isPublished: 1,
    moduleCode: code.code,
    moduleCodeId: code.moduleCodeId,
  });
  PUBLISHED.profileId = profile.profileId;
  PUBLISHED.moduleCode = code.code;
});

/** A profile of its own for a test, made through the API. */
async function createProfile(fields: Partial<JournalProfile> & { siteUrl: string }) {
  return api.call<JournalProfile>('POST', '/myjournal/profiles?returnBody=true', {
    programId: PROGRAMS.other.id,
    themeId: THEME.DARK,
    expirationDateCount: 0,
    ...fields,
  });
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

/** A 16x16 PNG of one colour uploaded through the API; answers its image id. */
async function uploadImage(rgb: [number, number, number]): Promise<string> {
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(solidPng(16, 16, rgb))], { type: 'image/png' }),
    'i.png',
  );
  return (await api.callForm<{ id: string }>('/images', form)).id;
}

/**
 * On the open Media Upload step: puts `fileName` (a red PNG) in the logo slot, uploads it and
 * saves with Save & Continue, answering the success dialog.
 */
async function uploadLogoAndSave(page: Page, fileName: string): Promise<void> {
  const logoSlot = MEDIA_SLOTS.find((s) => s.key === 'logo')!;
  const group = page.getByRole('group', { name: logoSlot.label, exact: true });
  await group.locator('input[type="file"]').setInputFiles({
    name: fileName,
    mimeType: 'image/png',
    buffer: solidPng(24, 24, [200, 30, 30]),
  });
  await group
    .getByRole('button', { name: IMAGE_SLOT_CAPTION.ready(fileName), exact: true })
    .click();
  await group.getByRole('button', { name: IMAGE_SLOT_CAPTION.uploaded, exact: true }).waitFor();
  await page.getByRole('button', { name: SAVE_AND_CONTINUE }).click();
  await answerDialog(page, DIALOG_TEXT.successTitle, { message: JOURNAL_TEXT.updateProfile });
}

describe('publication from the dashboard', () => {
  it('unpublishes a published site after a confirmation, and publishes it again', async () => {
    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    const published = card(page, PUBLISHED.title);
    await published.getByText(JOURNAL_TEXT.published_indicator, { exact: true }).waitFor();

    // Cancel leaves the site online.
    await published.getByRole('button', { name: PROFILE_CARD_TEXT.unpublish }).click();
    await answerDialog(page, JOURNAL_TEXT.unpublishConfirm, { button: DIALOG_TEXT.cancel });
    expect((await api.profileBySiteUrl(PUBLISHED.siteUrl))?.isPublished).toBe(1);

    await published.getByRole('button', { name: PROFILE_CARD_TEXT.unpublish }).click();
    await answerDialog(page, JOURNAL_TEXT.unpublishConfirm);
    await answerDialog(page, JOURNAL_TEXT.unpublished);
    await published.getByText(JOURNAL_TEXT.notPublished_indicator, { exact: true }).waitFor();
    expect((await api.profileBySiteUrl(PUBLISHED.siteUrl))?.isPublished).toBe(0);

    // "Open site" warns instead of opening a tab.
    await published.getByRole('button', { name: PROFILE_CARD_TEXT.openSite }).click();
    await answerDialog(page, DIALOG_TEXT.warningTitle, { message: JOURNAL_TEXT.notPublishedYet });
    expect(page.context().pages()).toHaveLength(1);

    // The site itself says it is not published.
    const site = await newSitePage(suite.browser);
    await site.page.goto(`${suite.baseUrl}/mj/#!/${PUBLISHED.siteUrl}`);
    await site.page
      .getByRole('heading', { level: 1, name: JOURNAL_SITE_TEXT.notPublishedTitle })
      .waitFor();
    await site.page.getByText(JOURNAL_SITE_TEXT.notPublished, { exact: true }).waitFor();
    expect(await site.page.getByLabel(JOURNAL_SITE_TEXT.cardNumberLabel).count()).toBe(0);

    // Publish again: the module code exists already, so only the flag changes.
    await published.getByRole('button', { name: PROFILE_CARD_TEXT.publish }).click();
    await answerDialog(page, DIALOG_TEXT.successTitle, {
      message: JOURNAL_TEXT.published(PUBLISHED.title),
    });
    await published.getByText(JOURNAL_TEXT.published_indicator, { exact: true }).waitFor();
    const republished = await api.profileBySiteUrl(PUBLISHED.siteUrl);
    expect(republished).toMatchObject({ isPublished: 1, moduleCode: PUBLISHED.moduleCode });

    // "Open site" now opens the site in a new tab.
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      published.getByRole('button', { name: PROFILE_CARD_TEXT.openSite }).click(),
    ]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(`${suite.baseUrl}/mj/#!/${PUBLISHED.siteUrl}`);
    await tab.getByRole('heading', { level: 1, name: PUBLISHED.loginTitle }).waitFor();
    await tab.close();

    // The page that said "not published" shows the site once reloaded.
    await site.page.reload();
    await site.page.getByRole('heading', { level: 1, name: PUBLISHED.loginTitle }).waitFor();
    await site.page.getByLabel(JOURNAL_SITE_TEXT.cardNumberLabel).waitFor();

    expect(errors).toEqual([]);
    // The one refusal: the unpublished site's data answered 404.
    expect(site.failedAnswers).toEqual([
      { url: `${suite.baseUrl}/mj/api/sites/${PUBLISHED.siteUrl}`, status: 404 },
    ]);
    expect(unexpectedErrors(site.errors, [404])).toEqual([]);
    await site.page.context().close();
    await page.context().close();
  });
});

describe('export and import of a configuration', () => {
  it('exports a site to "{program}.json" and imports it as an equal new site', async () => {
    // A source with every kind of setting: images, analytics, a count, an extra page, a
    // disabled page.
    const source = await createProfile({
      programId: PROGRAMS.other.id,
      siteUrl: 'export-source',
      title: 'Harbour City Balance',
      keywords: 'harbour, gift',
      description: 'Check your Harbour City gift card.',
      googleAnalytics: 'UA-999-1',
      clientWebsite: 'https://www.harbourcity.example',
      themeId: THEME.LIGHT,
      expirationDateCount: 60,
      headerImg: await uploadImage([10, 20, 30]),
      logo: await uploadImage([40, 50, 60]),
      cssOverride: `${defaultJournalStylesheet(THEME.LIGHT)}\n.pageContent { margin: 1rem; }\n`,
    });
    const addPage = (pageTypeId: number, fields: Partial<JournalPage>) =>
      api.call<JournalPage>('POST', '/myjournal/pages?returnBody=true', {
        profileId: source.profileId,
        pageTypeId,
        ...fields,
      });
    await addPage(JOURNAL_PAGE_TYPE.LOGIN, {
      enabled: 1,
      title: 'Harbour balance',
      content: '<p>Enter your <strong>card</strong>.</p>',
    });
    await addPage(JOURNAL_PAGE_TYPE.LOCATIONS, {
      enabled: 1,
      title: 'Our shops',
      navItem: 'Shops',
      content: '<p>Level 1 and 2.</p>',
    });
    await addPage(JOURNAL_PAGE_TYPE.FAQ, { enabled: 0, title: 'Questions', content: null });

    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    await openRoute(page, suite.baseUrl, `/my-journal/wizard/summary?id=${source.profileId}`);
    await page.getByRole('region', { name: SUMMARY_LABEL.clientSetup }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: SUMMARY_LABEL.export }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${PROGRAMS.other.name}.json`);
    const fileText = await readFile(await download.path(), 'utf8');
    const file = JSON.parse(fileText) as JournalExportFile;
    const stored = (await api.profileBySiteUrl('export-source'))!;
    expect(file.profile).toEqual(stored);
    const storedPages = await api.pages(source.profileId);
    expect(file.pages).toHaveLength(storedPages.length);
    for (const exported of file.pages) {
      expect(Object.keys(exported).sort()).toEqual(
        ['content', 'enabled', 'navItem', 'pageTypeId', 'title'].sort(),
      );
    }

    // The published site's file is named after its own program.
    await openRoute(page, suite.baseUrl, `/my-journal/wizard/summary?id=${PUBLISHED.profileId}`);
    // Right after the address changes in place, the other site's summary can still be on the
    // page: wait for the published site's own.
    await page
      .getByRole('region', { name: SUMMARY_LABEL.clientSetup })
      .getByText(PROGRAMS.site.name, { exact: true })
      .waitFor();
    const [siteDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: SUMMARY_LABEL.export }).click(),
    ]);
    expect(siteDownload.suggestedFilename()).toBe(`${PROGRAMS.site.name}.json`);

    // Import the file as a new site of the same program.
    await page.getByRole('navigation').getByRole('link', { name: LAYOUT_TEXT.myJournal }).click();
    await page.getByRole('link', { name: COMMON_TEXT.addNew }).click();
    await page.getByRole('heading', { name: STEP_TITLE.setup }).waitFor();
    // A new profile starts empty, whatever profile was open before.
    expect(await page.getByLabel(SETUP_LABEL.siteUrl).inputValue()).toBe('');
    expect(await page.getByLabel(SETUP_LABEL.schemeName).isEnabled()).toBe(true);
    await page.getByLabel(SETUP_LABEL.schemeName).selectOption({ label: PROGRAMS.other.name });
    await page.getByLabel(SETUP_LABEL.siteUrl).fill('imported-copy');
    await page.getByLabel(SETUP_LABEL.importConfig).setInputFiles({
      name: download.suggestedFilename(),
      mimeType: 'application/json',
      buffer: Buffer.from(fileText),
    });
    await answerDialog(page, DIALOG_TEXT.successTitle, { message: JOURNAL_TEXT.importSuccess });
    // Step 2 opens on the imported site, its settings filled in.
    await page.getByRole('heading', { name: STEP_TITLE.settings }).waitFor();
    expect(await page.getByLabel(SETTINGS_LABEL.title).inputValue()).toBe(stored.title);

    const copy = (await api.profileBySiteUrl('imported-copy'))!;
    expect(copy.profileId).not.toBe(stored.profileId);
    const settingsOf = ({
      profileId: _id,
      siteUrl: _url,
      isPublished: _published,
      moduleCode: _code,
      moduleCodeId: _codeId,
      creationDate: _created,
      ...settings
    }: JournalProfile) => settings;
    expect(settingsOf(copy)).toEqual(settingsOf(stored));
    expect(copy.isPublished).toBe(0);
    const pagesOf = (pages: readonly JournalPage[]) =>
      pages
        .map(({ pageTypeId, enabled, title, content, navItem }) => ({
          pageTypeId,
          enabled,
          title,
          content,
          navItem,
        }))
        .sort((a, b) => a.pageTypeId - b.pageTypeId);
    expect(pagesOf(await api.pages(copy.profileId))).toEqual(pagesOf(storedPages));
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('importing an export whose logo was replaced since', () => {
  it('keeps the current logo, names the slot, and saves everything else', async () => {
    const oldLogo = await uploadImage([70, 80, 90]);
    const header = await uploadImage([100, 110, 120]);
    const source = await createProfile({
      programId: PROGRAMS.other.id,
      siteUrl: 'export-logo',
      title: 'Harbour Logo Balance',
      logo: oldLogo,
      headerImg: header,
    });
    const imageStatus = async (id: string) =>
      (await fetch(`${suite.baseUrl}${URL_PATHS.image(id)}`)).status;

    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    await openRoute(page, suite.baseUrl, `/my-journal/wizard/summary?id=${source.profileId}`);
    await page.getByRole('region', { name: SUMMARY_LABEL.clientSetup }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: SUMMARY_LABEL.export }).click(),
    ]);
    const fileText = await readFile(await download.path(), 'utf8');

    // Another logo is saved in its place: the old one is deleted.
    await openRoute(page, suite.baseUrl, `/my-journal/wizard/media-upload?id=${source.profileId}`);
    const logoSlot = MEDIA_SLOTS.find((s) => s.key === 'logo')!;
    await page
      .getByRole('group', { name: logoSlot.label, exact: true })
      .getByRole('button', { name: IMAGE_SLOT_CAPTION.uploaded, exact: true })
      .waitFor();
    await uploadLogoAndSave(page, 'new-logo.png');
    const newLogo = (await api.profileBySiteUrl('export-logo'))!.logo!;
    expect(newLogo).not.toBe(oldLogo);
    expect(await imageStatus(oldLogo)).toBe(404);

    // The export imported back: the logo slot keeps the current logo and is named, the rest is
    // saved.
    await openRoute(page, suite.baseUrl, `/my-journal/wizard/client-setup?id=${source.profileId}`);
    await page.getByRole('heading', { name: STEP_TITLE.setup }).waitFor();
    expect(await page.getByLabel(SETUP_LABEL.siteUrl).inputValue()).toBe('export-logo');
    await page.getByLabel(SETUP_LABEL.importConfig).setInputFiles({
      name: download.suggestedFilename(),
      mimeType: 'application/json',
      buffer: Buffer.from(fileText),
    });
    const dialog = page.getByRole('dialog', { name: DIALOG_TEXT.successTitle, exact: true });
    await dialog.getByText(JOURNAL_TEXT.importSuccess, { exact: true }).waitFor();
    await dialog
      .getByText(MISSING_IMAGES_TEXT.keptCurrent([logoSlot.label]), { exact: true })
      .waitFor();
    await answerDialog(page, DIALOG_TEXT.successTitle);
    await page.getByRole('heading', { name: STEP_TITLE.settings }).waitFor();

    const imported = (await api.profileBySiteUrl('export-logo'))!;
    expect(imported).toMatchObject({
      title: 'Harbour Logo Balance',
      logo: newLogo,
      headerImg: header,
    });
    expect(await imageStatus(newLogo)).toBe(200);
    expect(await imageStatus(header)).toBe(200);
    // The HEAD of the deleted logo answers 404, which Chromium logs.
    expect(unexpectedErrors(errors, [404])).toEqual([]);
    await page.context().close();
  });
});

describe('validation messages', () => {
  it('step 1 refuses an empty form, a short and a long URL, saving nothing', async () => {
    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    const before = (await api.profiles()).length;
    await page.getByRole('link', { name: COMMON_TEXT.addNew }).click();
    const schemeName = page.getByLabel(SETUP_LABEL.schemeName);
    const siteUrl = page.getByLabel(SETUP_LABEL.siteUrl);
    const submit = page.getByRole('button', { name: SAVE_AND_CONTINUE });

    // No message before a submit.
    expect(await fieldError(siteUrl)).toBe('');

    // Importing needs a program first.
    await page.getByLabel(SETUP_LABEL.importConfig).setInputFiles({
      name: 'config.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ profile: {}, pages: [] })),
    });
    await answerDialog(page, DIALOG_TEXT.warningTitle, { message: JOURNAL_TEXT.importNoProgram });
    await submit.click();
    await page.getByText(FIELD_MESSAGES.required).first().waitFor();
    expect(await fieldError(schemeName)).toBe(FIELD_MESSAGES.required);
    expect(await fieldError(siteUrl)).toBe(FIELD_MESSAGES.required);
    expect(await siteUrl.getAttribute('aria-invalid')).toBe('true');

    await schemeName.selectOption({ label: PROGRAMS.site.name });
    await siteUrl.fill('abc');
    await submit.click();
    expect(await fieldError(schemeName)).toBe('');
    expect(await fieldError(siteUrl)).toBe(FIELD_MESSAGES.minlength);

    await siteUrl.fill('a'.repeat(33));
    await submit.click();
    expect(await fieldError(siteUrl)).toBe(FIELD_MESSAGES.maxlength);
    expect(await dialogOpen(page)).toBe(false);
    expect(errors).toEqual([]);

    // A URL another site has: the server's refusal shows under the field.
    await siteUrl.fill(PUBLISHED.siteUrl);
    await submit.click();
    await page.getByText(`${PUBLISHED.siteUrl} is already used`).waitFor();
    expect(await fieldError(siteUrl)).toBe(`${PUBLISHED.siteUrl} is already used`);
    expect(await dialogOpen(page)).toBe(false);
    expect((await api.profiles()).length).toBe(before);
    // The refused call is logged by design (01 §8, §9: failed calls are logged), nothing else.
    expect(unexpectedErrors(errors, [409])).toEqual([
      expect.stringMatching(/^POST .*\/api\/myjournal\/profiles\?returnBody=true failed .*409/),
    ]);
    await page.context().close();
  });

  it('step 2 refuses a one-letter title and an empty description, saving nothing', async () => {
    const profile = await createProfile({
      siteUrl: 'settings-checks',
      title: 'Settings Checks',
      description: 'Before.',
    });
    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    await openRoute(page, suite.baseUrl, `/my-journal/wizard/site-setting?id=${profile.profileId}`);
    const title = page.getByLabel(SETTINGS_LABEL.title);
    const description = page.getByLabel(SETTINGS_LABEL.description);
    expect(await title.inputValue()).toBe('Settings Checks');

    await title.fill('a');
    await description.fill('');
    await page.getByRole('button', { name: SAVE_AND_CONTINUE }).click();
    await page.getByText(FIELD_MESSAGES.minlength).waitFor();
    expect(await fieldError(title)).toBe(FIELD_MESSAGES.minlength);
    expect(await fieldError(description)).toBe(FIELD_MESSAGES.required);

    expect(await dialogOpen(page)).toBe(false);
    expect(await api.profileBySiteUrl('settings-checks')).toEqual(profile);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the appearance editor refuses a bad colour and a bad font size, saving nothing', async () => {
    // A stylesheet edited by hand to a size the editor does not write (em, not px).
    const headline = STYLE_ITEMS[0]!;
    const css = defaultJournalStylesheet(THEME.DARK).replace(
      /(\.title \{[^}]*font-size: )30px/,
      '$11.5em',
    );
    expect(css).toContain('font-size: 1.5em');
    const profile = await createProfile({ siteUrl: 'appearance-checks', cssOverride: css });

    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    await openRoute(
      page,
      suite.baseUrl,
      `/my-journal/wizard/site-editor/font-editor?id=${profile.profileId}`,
    );
    const headerBackground = page.getByLabel(APPEARANCE_LABEL.headerBackground, { exact: true });
    await headerBackground.fill('notacolour');
    const headlineSize = page
      .getByRole('group', { name: headline.label })
      .getByLabel(APPEARANCE_LABEL.fontSize);
    // Typed letters: the size field keeps only the leading digits (01 §5.3), here none.
    const subSize = page
      .getByRole('group', { name: STYLE_ITEMS[1]!.label })
      .getByLabel(APPEARANCE_LABEL.fontSize);
    await subSize.fill('abc');
    expect(await subSize.inputValue()).toBe('');

    await page.getByRole('button', { name: SAVE_AND_CONTINUE }).click();
    await page.getByText(FIELD_MESSAGES.color).waitFor();
    expect(await fieldError(headerBackground)).toBe(FIELD_MESSAGES.color);
    expect(await fieldError(headlineSize)).toBe(FIELD_MESSAGES.fontSize);
    expect(await fieldError(subSize)).toBe(FIELD_MESSAGES.required);

    expect(await dialogOpen(page)).toBe(false);
    expect((await api.profileBySiteUrl('appearance-checks'))?.cssOverride).toBe(css);

    // The profile has no pages yet: only Appearance, Login Page and Edit CSS open (01 §2.4).
    const tabs = page.getByRole('navigation', { name: COMMON_TEXT.editorSections });
    expect(await tabs.getByRole('link').allInnerTexts()).toEqual([
      'Appearance',
      'Login Page',
      'Edit CSS',
    ]);
    for (const name of ['Locations Page', 'T&Cs Page', 'FAQ', 'Privacy Policy Page']) {
      expect(await tabs.getByText(name, { exact: true }).getAttribute('aria-disabled')).toBe(
        'true',
      );
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('image limits on the media step', () => {
  it('refuses a header logo over 300 KB and a background over 1.5 MB', async () => {
    const profile = await createProfile({ siteUrl: 'media-checks' });
    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    await openRoute(page, suite.baseUrl, `/my-journal/wizard/media-upload?id=${profile.profileId}`);
    const [headerSlot, , , backgroundSlot] = MEDIA_SLOTS;

    const tries = [
      { slot: headerSlot!, bytes: noisePng(400_000) },
      { slot: backgroundSlot!, bytes: noisePng(1_600_000) },
    ];
    for (const { slot, bytes } of tries) {
      expect(bytes.length).toBeGreaterThan(slot.maxBytes);
      const group = page.getByRole('group', { name: slot.label, exact: true });
      await group.locator('input[type="file"]').setInputFiles({
        name: 'big.png',
        mimeType: 'image/png',
        buffer: bytes,
      });
      await answerDialog(page, DIALOG_TEXT.errorTitle, { message: DIALOG_TEXT.fileTooLarge });
      // The slot stays empty: placeholder, first caption, nothing to upload or remove.
      expect(await group.getByRole('status').innerText()).toBe(IMAGE_SLOT_CAPTION.empty);
      await group.getByRole('img', { name: 'No image' }).waitFor();
      expect(
        await group
          .getByRole('button', { name: IMAGE_SLOT_CAPTION.empty, exact: true })
          .isDisabled(),
      ).toBe(true);
      expect(await group.getByRole('button', { name: 'Remove' }).isDisabled()).toBe(true);
    }

    // The background's own limit is larger: a 400 KB background is taken.
    const background = page.getByRole('group', { name: backgroundSlot!.label, exact: true });
    await background.locator('input[type="file"]').setInputFiles({
      name: 'wide.png',
      mimeType: 'image/png',
      buffer: noisePng(400_000),
    });
    await background
      .getByRole('button', { name: IMAGE_SLOT_CAPTION.ready('wide.png'), exact: true })
      .waitFor();

    expect(await api.profileBySiteUrl('media-checks')).toEqual(profile);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('removing an image', () => {
  it('clears the slot and saves the profile at once', async () => {
    const profile = await createProfile({ siteUrl: 'remove-checks' });
    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    await openRoute(page, suite.baseUrl, `/my-journal/wizard/media-upload?id=${profile.profileId}`);
    const slot = MEDIA_SLOTS.find((s) => s.key === 'logo')!;
    const group = page.getByRole('group', { name: slot.label, exact: true });
    await uploadLogoAndSave(page, 'logo.png');
    await page.getByRole('heading', { name: 'Appearance', level: 3 }).waitFor();
    expect((await api.profileBySiteUrl('remove-checks'))?.logo).toMatch(/.+/);

    await page
      .getByRole('navigation', { name: COMMON_TEXT.wizardSteps })
      .getByRole('link', { name: 'Media Upload' })
      .click();
    await group.getByRole('button', { name: IMAGE_SLOT_CAPTION.uploaded, exact: true }).waitFor();
    await group.getByRole('button', { name: 'Remove' }).click();
    await answerDialog(page, DIALOG_TEXT.successTitle, { message: JOURNAL_TEXT.logoRemoved });
    expect(await group.getByRole('status').innerText()).toBe(IMAGE_SLOT_CAPTION.empty);
    await group.getByRole('img', { name: 'No image' }).waitFor();
    // Saved without Save & Continue.
    expect((await api.profileBySiteUrl('remove-checks'))?.logo).toBeNull();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('dashboard search', () => {
  it('filters the cards by title, program name or URL, and says when nothing matches', async () => {
    await createProfile({ siteUrl: 'search-harbour', title: 'Harbour Shoppers' });
    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    const cards = page.getByRole('list', { name: DASHBOARD_TEXT.cards }).getByRole('article');
    const search = page.getByRole('searchbox', { name: COMMON_TEXT.search });
    const all = (await api.profiles()).length;
    await page.waitForFunction(
      (count) => document.querySelectorAll('article.profile-card').length === count,
      all,
    );

    // Part of the published site's title, in other letter case.
    await search.fill('card BALANCE');
    await card(page, PUBLISHED.title).waitFor();
    expect(await card(page, 'Harbour Shoppers').count()).toBe(0);

    // Part of a URL.
    await search.fill('search-harb');
    await card(page, 'Harbour Shoppers').waitFor();
    expect(await cards.count()).toBe(1);

    await search.fill('zzzz');
    await page.getByText(DASHBOARD_TEXT.noMatches, { exact: true }).waitFor();
    expect(await cards.count()).toBe(0);

    await search.fill('');
    await card(page, PUBLISHED.title).waitFor();
    expect(await cards.count()).toBe(all);
    expect(await page.getByText(DASHBOARD_TEXT.noMatches).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
