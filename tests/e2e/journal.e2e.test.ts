import type { Locator, Page } from 'playwright-core';
import {
  EXPIRATION_DATE_COUNTS,
  JOURNAL_SITE_PATHS,
  JOURNAL_SITE_TEXT,
  JOURNAL_TEXT,
  journalModuleCode,
  type JournalPage,
} from '@contracts/api/journal';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { FONT_FAMILIES } from '@contracts/site/fonts';
import { STYLE_ITEMS } from '@contracts/site/style-model';
import { APPEARANCE_LABEL } from '@/components/site-builder/appearance-form';
import { CSS_EDITOR_LABEL } from '@/components/site-builder/css-editor-form';
import { MEDIA_SLOTS } from '@/components/site-builder/media-slots';
import { IMAGE_SLOT_CAPTION } from '@/components/form/ImageSlotField';
import { RICH_TEXT_TEXT } from '@/components/form/RichTextField';
import { COMMON_TEXT, LAYOUT_TEXT } from '@/config/texts';
import { PAGE_EDITOR_LABEL } from '@/features/my-journal/components/editors/page-editor-steps';
import {
  DASHBOARD_TEXT,
  SAVE_AND_CONTINUE,
  SCHEME_TYPE,
  SETTINGS_LABEL,
  SETUP_LABEL,
  STEP_TITLE,
  SUMMARY_LABEL,
} from '@/features/my-journal/lib/journal-texts';
import { waitForFocus } from './support/browser';
import { createCardScheme, importCards, MASTER_BIN } from './support/imports';
import { answerDialog, JournalApi, newSitePage, signIn, unexpectedErrors } from './support/journal';
import { solidPng } from './support/png';
import { generalValues, SchemeApi, uniqueLetters } from './support/schemes';
import { browserSuite } from './support/suite';

/**
 * The whole MyJournal flow in Chromium against the real server: a new profile through
 * the six steps with real image files, fonts, colours and edited pages, published, then the
 * published site opened and a card's balance checked. The site's program and its card are the
 * test's own, made through the API before it starts.
 */

const suite = browserSuite();
const schemes = SchemeApi.forSuite(suite);

/** The gift program the new site is built on, and its one card (balance $50.00). */
let PROGRAM: { id: number; name: string; abbreviation: string };
const CARD = { pin: '1234', balance: '50.00', expiryDate: '2030-12-31', lastDigits: '0011' };
let CARD_NUMBER: string;
beforeAll(async () => {
  const name = `Journalflow ${uniqueLetters()}`;
  const { programId, extension } = await createCardScheme(schemes, name);
  const values = generalValues(name);
  PROGRAM = { id: programId, name: values.schemeName, abbreviation: values.abbreviation };
  CARD_NUMBER = `${MASTER_BIN.number}${extension}000${CARD.lastDigits}`;
  await importCards(schemes, programId, extension, [
    [CARD_NUMBER, CARD.pin, CARD.balance, CARD.expiryDate],
  ]);
});
const SITE_URL = 'e2e-flow';
const SETTINGS = {
  title: 'E2E Flow Gift Balance',
  keywords: 'gift, balance, e2e',
  description: 'The balance of an E2E gift card.',
  googleAnalytics: 'UA-12345-1',
  clientWebsite: 'www.e2e-flow.example',
  expiration: EXPIRATION_DATE_COUNTS.find((option) => option.id === 30)!,
};
const HEADLINE = { font: 'Oswald', size: '34', colour: '#aa3300', rgb: 'rgb(170, 51, 0)' };
const HEADER_BACKGROUND = { colour: '#123456', rgb: 'rgb(18, 52, 86)' };
const LOGIN_TITLE = 'Check your E2E card balance';
const BOLD_TEXT = 'Bold words here';
const NAV_ITEM = 'Where to use';
const FAQ_TEXT = 'Can I top up online? Yes, on our website.';
const EXTRA_CSS = '\n.pageContent {\n  letter-spacing: 2px;\n}\n';

/** The four images differ in size and colour, so each one can be told apart on the site. */
const IMAGES = {
  headerLogo: { file: 'header.png', width: 120, height: 40, rgb: [0x1f, 0x3a, 0x68] },
  logo: { file: 'logo.png', width: 48, height: 48, rgb: [0xc0, 0x39, 0x2b] },
  favicon: { file: 'favicon.png', width: 32, height: 32, rgb: [0x27, 0xae, 0x60] },
  background: { file: 'background.png', width: 400, height: 300, rgb: [0xee, 0xee, 0xdd] },
} as const;

const styleItemLabel = (key: (typeof STYLE_ITEMS)[number]['key']) =>
  STYLE_ITEMS.find((item) => item.key === key)!.label;

/** The value beside a label in a summary section's definition list. */
const summaryValue = (section: Locator, label: string) =>
  section.locator(`dt:text-is("${label}") + dd`);

/** The step (or editor) heading the wizard shows. */
const stepHeading = (page: Page, name: string) =>
  page.getByRole('heading', { name, exact: true, level: 3 });

async function saveAndContinue(page: Page, title: string, message: string) {
  await page.getByRole('button', { name: SAVE_AND_CONTINUE }).click();
  await answerDialog(page, title, { message });
}

/** What the test reads of the TipTap editor its element carries (`element.editor`). */
interface TiptapLike {
  state: { selection: { empty: boolean } };
}

/** The computed style properties of the first element matching `selector`. */
function computed(page: Page, selector: string, properties: readonly string[]) {
  return page
    .locator(selector)
    .first()
    .evaluate((element, names) => {
      const style = getComputedStyle(element);
      return Object.fromEntries(names.map((name) => [name, style.getPropertyValue(name)]));
    }, properties);
}

describe('a new MyJournal site, from Add New to a balance check on the published site', () => {
  it('goes through the six steps, publishes, and the site shows what was built', async () => {
    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);

    // Step 1: client setup.
    await page.getByRole('link', { name: COMMON_TEXT.addNew }).click();
    await stepHeading(page, STEP_TITLE.setup).waitFor();
    await page.getByLabel(SETUP_LABEL.schemeName).selectOption({ label: PROGRAM.name });
    expect(await page.getByLabel(SETUP_LABEL.programId).inputValue()).toBe(String(PROGRAM.id));
    expect(await page.getByLabel(SETUP_LABEL.schemeType).inputValue()).toBe(SCHEME_TYPE);
    await page.getByLabel(SETUP_LABEL.siteUrl).fill(SITE_URL);
    await page.getByRole('radio', { name: SETUP_LABEL.light }).check();
    await saveAndContinue(page, DIALOG_TEXT.successTitle, JOURNAL_TEXT.profileCreated);

    // Step 2: site settings.
    await stepHeading(page, STEP_TITLE.settings).waitFor();
    const profileId = Number(new URL(page.url().replace('#', '')).searchParams.get('id'));
    expect(profileId).toBeGreaterThan(0);
    await page.getByLabel(SETTINGS_LABEL.title).fill(SETTINGS.title);
    await page.getByLabel(SETTINGS_LABEL.keywords).fill(SETTINGS.keywords);
    await page.getByLabel(SETTINGS_LABEL.description).fill(SETTINGS.description);
    await page.getByLabel(SETTINGS_LABEL.googleAnalytics).fill(SETTINGS.googleAnalytics);
    await page.getByLabel(SETTINGS_LABEL.clientWebsite).fill(SETTINGS.clientWebsite);
    await page
      .getByLabel(SETTINGS_LABEL.expirationDateCount)
      .selectOption({ label: SETTINGS.expiration.value });
    await saveAndContinue(page, DIALOG_TEXT.successTitle, JOURNAL_TEXT.changedProfile);

    // Step 3: pages. Login is mandatory: ticked and not to be unticked.
    await stepHeading(page, STEP_TITLE.pages).waitFor();
    const login = page.getByRole('checkbox', { name: 'Login', exact: true });
    expect(await login.isChecked()).toBe(true);
    expect(await login.isDisabled()).toBe(true);
    for (const name of ['Locations', 'FAQ', 'Privacy Policy', 'Terms and Conditions']) {
      await page.getByRole('checkbox', { name, exact: true }).check();
    }
    await saveAndContinue(page, DIALOG_TEXT.successTitle, JOURNAL_TEXT.profileUpdated);

    // Step 4: real image files through the file inputs, then Upload.
    await stepHeading(page, 'MyJournal Media Files').waitFor();
    for (const slot of MEDIA_SLOTS) {
      const image = IMAGES[slot.key];
      const group = page.getByRole('group', { name: slot.label, exact: true });
      const caption = group.getByRole('status');
      expect(await caption.innerText()).toBe(IMAGE_SLOT_CAPTION.empty);
      expect(
        await group
          .getByRole('button', { name: IMAGE_SLOT_CAPTION.empty, exact: true })
          .isDisabled(),
      ).toBe(true);
      await group.locator('input[type="file"]').setInputFiles({
        name: image.file,
        mimeType: 'image/png',
        buffer: solidPng(image.width, image.height, [...image.rgb]),
      });
      await group
        .getByRole('button', { name: IMAGE_SLOT_CAPTION.ready(image.file), exact: true })
        .click();
      await group.getByRole('button', { name: IMAGE_SLOT_CAPTION.uploaded, exact: true }).waitFor();
      const preview = group.getByRole('img', { name: `${slot.label} preview` });
      await preview.waitFor();
      // The preview is the stored file, served back: it decodes to the uploaded size.
      await page.waitForFunction(
        (element) => element instanceof HTMLImageElement && element.naturalWidth > 0,
        await preview.elementHandle(),
      );
      expect(await preview.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(
        image.width,
      );
    }
    await saveAndContinue(page, DIALOG_TEXT.successTitle, JOURNAL_TEXT.updateProfile);

    // Site Editor, Appearance: fonts from the preview list, a size and colours.
    await stepHeading(page, 'Appearance').waitFor();
    expect(await page.getByText(COMMON_TEXT.stepOf(4, 6), { exact: true }).count()).toBe(1);
    const headline = page.getByRole('group', { name: styleItemLabel('headline') });
    const headlineFont = headline.getByRole('button', { name: /^Font / });
    await headlineFont.click();
    // The list shows previews (images named by their family), no search box.
    const options = page.getByRole('listbox').getByRole('option');
    expect(await options.count()).toBe(FONT_FAMILIES.length);
    await page.getByRole('option', { name: HEADLINE.font, exact: true }).click();
    expect(await page.getByRole('listbox').count()).toBe(0);
    expect(await headlineFont.getAttribute('aria-expanded')).toBe('false');
    await headline.getByRole('button', { name: `Font ${HEADLINE.font}` }).waitFor();
    await headline.getByLabel(APPEARANCE_LABEL.fontSize).fill(HEADLINE.size);
    await headline.getByLabel(APPEARANCE_LABEL.color, { exact: true }).fill(HEADLINE.colour);

    // The menu item's font by keyboard: open on the current font (Roboto), one down, Enter.
    const menu = page.getByRole('group', { name: styleItemLabel('menuItem') });
    const menuFont = menu.getByRole('button', { name: /^Font / });
    await menuFont.focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await menu.getByRole('button', { name: `Font ${FONT_FAMILIES[1]!.name}` }).waitFor();
    // Focus is back on the button.
    await waitForFocus(menuFont);

    // The colour picker's run-time <style> carries the page's CSP nonce: it applies, and no
    // violation is reported (newPage collects console errors).
    const pick = page.getByRole('button', { name: `Pick ${APPEARANCE_LABEL.headerBackground}` });
    await pick.click();
    const picker = page.locator('.react-colorful');
    await picker.waitFor();
    expect((await computed(page, '.react-colorful', ['width']))['width']).toBe('200px');
    await pick.click();
    await picker.waitFor({ state: 'detached' });
    await page
      .getByLabel(APPEARANCE_LABEL.headerBackground, { exact: true })
      .fill(HEADER_BACKGROUND.colour);
    await saveAndContinue(page, DIALOG_TEXT.successTitle, JOURNAL_TEXT.updateProfile);

    // Login page: the title, and rich text typed and made bold with the toolbar.
    await stepHeading(page, 'Login Page').waitFor();
    // A refresh keeps the step and re-selects its tabs.
    await page.reload();
    await stepHeading(page, 'Login Page').waitFor();
    const editorTabs = page.getByRole('navigation', { name: COMMON_TEXT.editorSections });
    expect(
      await editorTabs.getByRole('link', { name: 'Login Page' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(
      await page
        .getByRole('navigation', { name: COMMON_TEXT.wizardSteps })
        .getByRole('link', { name: 'Site Editor' })
        .getAttribute('aria-current'),
    ).toBe('page');
    await page.getByLabel(PAGE_EDITOR_LABEL.title).fill(LOGIN_TITLE);
    const content = page.getByRole('textbox', { name: PAGE_EDITOR_LABEL.content });
    await content.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    const bold = page.getByRole('button', { name: RICH_TEXT_TEXT.bold, exact: true });
    await bold.click();
    await page.keyboard.type(BOLD_TEXT);
    expect(await bold.getAttribute('aria-pressed')).toBe('true');
    await content.locator('strong', { hasText: BOLD_TEXT }).waitFor();
    await page.getByRole('button', { name: SAVE_AND_CONTINUE }).click();
    await answerDialog(page, DIALOG_TEXT.successTitle, { message: JOURNAL_TEXT.loginPageUpdated });

    // The other enabled page editors, in order, each moving to the next.
    await stepHeading(page, 'Locations Page').waitFor();
    await page.getByLabel(PAGE_EDITOR_LABEL.navItem).fill(NAV_ITEM);
    await saveAndContinue(page, DIALOG_TEXT.successTitle, JOURNAL_TEXT.locationPageUpdated);
    await stepHeading(page, 'T&Cs Page').waitFor();
    await saveAndContinue(page, DIALOG_TEXT.successTitle, JOURNAL_TEXT.termsPageUpdated);
    await stepHeading(page, 'FAQ').waitFor();
    // By keyboard only: type, select the line, Shift+Tab to the toolbar, arrow to Italic, Enter.
    const faq = page.getByRole('textbox', { name: PAGE_EDITOR_LABEL.content });
    await faq.click();
    await page.keyboard.type(FAQ_TEXT);
    await page.keyboard.press('Shift+Home');
    // ProseMirror takes a selection made by the browser on its next selectionchange event; a
    // person is never quicker than that, a test is: wait until the editor holds the selection.
    await faq.evaluate(
      (element) =>
        new Promise<void>((resolve) => {
          const editor = (element as HTMLElement & { editor?: TiptapLike }).editor;
          const check = () =>
            editor?.state.selection.empty === false ? resolve() : requestAnimationFrame(check);
          check();
        }),
    );
    await page.keyboard.press('Shift+Tab');
    const toolbar = page.getByRole('toolbar');
    await waitForFocus(toolbar, { within: true });
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    const italic = page.getByRole('button', { name: RICH_TEXT_TEXT.italic, exact: true });
    await waitForFocus(italic);
    await page.keyboard.press('Enter');
    await faq.locator('em', { hasText: FAQ_TEXT }).waitFor();
    expect(await italic.getAttribute('aria-pressed')).toBe('true');
    await saveAndContinue(page, DIALOG_TEXT.successTitle, JOURNAL_TEXT.faqPageUpdated);
    await stepHeading(page, 'Privacy Policy Page').waitFor();
    await saveAndContinue(page, DIALOG_TEXT.successTitle, JOURNAL_TEXT.policyPageUpdated);

    // Edit CSS: the stylesheet holds what the editors wrote; a rule of our own is added.
    await stepHeading(page, 'Edit CSS').waitFor();
    const css = page.getByLabel(CSS_EDITOR_LABEL);
    const stylesheet = await css.inputValue();
    expect(stylesheet).toContain(`'${HEADLINE.font}'`);
    expect(stylesheet).toContain(`${HEADLINE.size}px`);
    expect(stylesheet).toContain('/images/');
    await css.fill(`${stylesheet}${EXTRA_CSS}`);
    await saveAndContinue(page, DIALOG_TEXT.successTitle, JOURNAL_TEXT.cssUpdated);

    // Summary: every section shows what was entered.
    await page.getByRole('heading', { name: 'Summary', level: 2 }).waitFor();
    await page.getByText(COMMON_TEXT.stepOf(6, 6), { exact: true }).waitFor();
    const setup = page.getByRole('region', { name: SUMMARY_LABEL.clientSetup });
    expect(await summaryValue(setup, SETUP_LABEL.schemeName).innerText()).toBe(PROGRAM.name);
    expect(await summaryValue(setup, SETUP_LABEL.schemeType).innerText()).toBe(SCHEME_TYPE);
    expect(await summaryValue(setup, SETUP_LABEL.programId).innerText()).toBe(String(PROGRAM.id));
    expect(await summaryValue(setup, SETUP_LABEL.publishTarget).innerText()).toBe('Test');
    expect(await summaryValue(setup, SETUP_LABEL.siteUrl).innerText()).toBe(
      `${suite.baseUrl}/mj/#!/${SITE_URL}`,
    );
    const settings = page.getByRole('region', { name: SUMMARY_LABEL.siteSettings });
    expect(await summaryValue(settings, SETTINGS_LABEL.title).innerText()).toBe(SETTINGS.title);
    expect(await summaryValue(settings, SETTINGS_LABEL.keywords).innerText()).toBe(
      SETTINGS.keywords,
    );
    expect(await summaryValue(settings, SETTINGS_LABEL.description).innerText()).toBe(
      SETTINGS.description,
    );
    expect(await summaryValue(settings, SETTINGS_LABEL.googleAnalytics).innerText()).toBe(
      SETTINGS.googleAnalytics,
    );
    expect(await summaryValue(settings, SETTINGS_LABEL.clientWebsite).innerText()).toBe(
      SETTINGS.clientWebsite,
    );
    const sitePages = page.getByRole('region', { name: SUMMARY_LABEL.sitePages });
    expect(await sitePages.getByRole('listitem').allInnerTexts()).toEqual([
      'Login',
      'Locations',
      'FAQ',
      'Privacy Policy',
      'Terms and Conditions',
    ]);
    const media = page.getByRole('region', { name: SUMMARY_LABEL.media });
    for (const name of [
      SUMMARY_LABEL.logo,
      SUMMARY_LABEL.headerImg,
      SUMMARY_LABEL.favIcon,
      SUMMARY_LABEL.backgroundImg,
    ]) {
      await media.getByRole('img', { name, exact: true }).waitFor();
    }
    const appearance = page.getByRole('region', { name: SUMMARY_LABEL.appearance });
    expect(
      await appearance
        .getByRole('row', { name: new RegExp(`^${styleItemLabel('headline')}`) })
        .getByRole('cell')
        .allInnerTexts(),
    ).toEqual([HEADLINE.font, `${HEADLINE.size}px`, HEADLINE.colour, 'transparent']);
    expect(
      await appearance
        .getByRole('row', { name: new RegExp(`^${styleItemLabel('menuItem')}`) })
        .getByRole('cell')
        .first()
        .innerText(),
    ).toBe(FONT_FAMILIES[1]!.name);
    const loginSection = page.getByRole('region', { name: 'Login', exact: true });
    expect(await summaryValue(loginSection, SUMMARY_LABEL.pageTitle).innerText()).toBe(LOGIN_TITLE);
    await loginSection.locator('strong', { hasText: BOLD_TEXT }).waitFor();
    const locationsSection = page.getByRole('region', { name: 'Locations', exact: true });
    expect(await summaryValue(locationsSection, SUMMARY_LABEL.navItem).innerText()).toBe(NAV_ITEM);

    // Save keeps the profile as it is.
    await page.getByRole('button', { name: SUMMARY_LABEL.save, exact: true }).click();
    await answerDialog(page, JOURNAL_TEXT.savedTitle, { message: JOURNAL_TEXT.saved });

    // Publish from the summary.
    const publish = page.getByRole('button', { name: SUMMARY_LABEL.publish, exact: true });
    await publish.click();
    await answerDialog(page, JOURNAL_TEXT.publishedFromSummaryTitle, {
      message: JOURNAL_TEXT.publishedFromSummary,
    });
    await page.waitForFunction(
      (name) =>
        [...document.querySelectorAll('button')].some(
          (button) => button.textContent === name && button.disabled,
        ),
      SUMMARY_LABEL.publish,
    );

    // What the server holds now.
    const api = await JournalApi.signIn(suite.baseUrl);
    const stored = await api.profileBySiteUrl(SITE_URL);
    expect(stored).toMatchObject({
      profileId,
      programId: PROGRAM.id,
      isPublished: 1,
      themeId: 1,
      expirationDateCount: SETTINGS.expiration.id,
      title: SETTINGS.title,
      moduleCode: journalModuleCode(PROGRAM.id, PROGRAM.abbreviation, profileId),
      location: 0,
    });
    expect(stored?.cssOverride).toContain(EXTRA_CSS.trim());
    const pages = await api.pages(profileId);
    const loginPage = pages.find((p: JournalPage) => p.pageTypeId === 1);
    expect(loginPage?.content).toContain(`<strong>${BOLD_TEXT}</strong>`);

    // The dashboard's card of the new site: its header image, program and state.
    await page
      .getByRole('navigation', { name: LAYOUT_TEXT.mainMenu })
      .getByRole('link', { name: LAYOUT_TEXT.myJournal })
      .click();
    const card = page.getByRole('article', { name: SETTINGS.title });
    await card.getByText(JOURNAL_TEXT.published_indicator, { exact: true }).waitFor();
    await card.getByText(PROGRAM.name, { exact: true }).waitFor();
    const cardImage = card.getByRole('img', { name: DASHBOARD_TEXT.headerImage(SETTINGS.title) });
    await page.waitForFunction(
      (element) => element instanceof HTMLImageElement && element.naturalWidth > 0,
      await cardImage.elementHandle(),
    );
    expect(errors).toEqual([]);

    // The published site, as a cardholder opens it.
    const site = await newSitePage(suite.browser);
    await site.page.goto(`${suite.baseUrl}/mj/#!/${SITE_URL}`);
    const heading = site.page.getByRole('heading', { level: 1 });
    await heading.getByText(LOGIN_TITLE).waitFor();
    expect(await site.page.title()).toBe(`Login - ${SETTINGS.title}`);
    const nav = site.page.getByRole('navigation', { name: JOURNAL_SITE_TEXT.siteNavigation });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual([
      'Login',
      NAV_ITEM,
      'FAQ',
      'Privacy Policy',
      'Terms and Conditions',
    ]);
    expect(await nav.getByRole('link', { name: 'Login' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await site.page.locator('.pageContent strong', { hasText: BOLD_TEXT }).waitFor();

    // The images, served and decoded.
    const headerImage = site.page.locator('header img.headerImage');
    await site.page.waitForFunction(() => {
      const images = [...document.querySelectorAll<HTMLImageElement>('header img')];
      return images.length === 2 && images.every((image) => image.complete && image.naturalWidth);
    });
    expect(await headerImage.getAttribute('alt')).toBe(SETTINGS.title);
    expect(await headerImage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(
      IMAGES.headerLogo.width,
    );
    expect(
      await site.page
        .locator('header img.siteLogo')
        .evaluate((image: HTMLImageElement) => image.naturalWidth),
    ).toBe(IMAGES.logo.width);
    expect(await site.page.locator('link[rel="icon"]').getAttribute('href')).toMatch(
      /\/images\/[^/]+\.png$/,
    );
    expect(await site.page.locator('meta[name="description"]').getAttribute('content')).toBe(
      SETTINGS.description,
    );

    // The profile's stylesheet applies: fonts, size, colours, background, the added rule.
    await site.page.waitForFunction(
      () => getComputedStyle(document.body).backgroundImage !== 'none',
    );
    expect(await computed(site.page, '.title', ['font-family', 'font-size', 'color'])).toEqual({
      'font-family': expect.stringContaining(HEADLINE.font),
      'font-size': `${HEADLINE.size}px`,
      color: HEADLINE.rgb,
    });
    expect((await computed(site.page, 'nav ul li', ['font-family']))['font-family']).toContain(
      FONT_FAMILIES[1]!.name,
    );
    expect((await computed(site.page, 'header', ['background-color']))['background-color']).toBe(
      HEADER_BACKGROUND.rgb,
    );
    expect((await computed(site.page, 'body', ['background-image']))['background-image']).toMatch(
      /^url\(".*\/images\/[^/]+\.png"\)$/,
    );
    expect((await computed(site.page, '.pageContent', ['letter-spacing']))['letter-spacing']).toBe(
      '2px',
    );
    // The chosen family's font file is loaded, not a fallback.
    await site.page.evaluate(() => document.fonts.ready);
    expect(
      await site.page.evaluate(
        (family) =>
          [...document.fonts].some(
            (face) => face.family.replace(/["']/g, '') === family && face.status === 'loaded',
          ),
        HEADLINE.font,
      ),
    ).toBe(true);

    // The balance check on the Login page.
    const cardNumber = site.page.getByLabel(JOURNAL_SITE_TEXT.cardNumberLabel);
    const pin = site.page.getByLabel(JOURNAL_SITE_TEXT.pinLabel, { exact: true });
    const check = site.page.getByRole('button', { name: JOURNAL_SITE_TEXT.submit });
    await cardNumber.fill(CARD_NUMBER);
    await pin.fill(CARD.pin);
    // From the keyboard: the focus stays on Login while the check runs and after.
    await check.focus();
    await site.page.keyboard.press('Enter');
    await site.page.getByRole('heading', { name: JOURNAL_SITE_TEXT.balanceTitle }).waitFor();
    await waitForFocus(check);
    expect(await site.page.locator('.balanceAmount').innerText()).toBe(`$${CARD.balance}`);
    await site.page.getByText(`\u2022\u2022\u2022\u2022 ${CARD.lastDigits}`).waitFor();
    await site.page
      .getByText(
        new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: 'UTC' }).format(
          Date.UTC(2030, 11, 31),
        ),
      )
      .waitFor();
    expect(await pin.inputValue()).toBe('');

    // A wrong PIN and an unknown card get the same answer; each check waits for its own.
    const refusal = async (card: string, cardPin: string) => {
      await cardNumber.fill(card);
      await pin.fill(cardPin);
      const answered = site.page.waitForResponse((answer) =>
        answer.url().endsWith(JOURNAL_SITE_PATHS.balance(SITE_URL)),
      );
      await check.click();
      await answered;
      await site.page.getByRole('alert').getByText(JOURNAL_SITE_TEXT.cardOrPinWrong).waitFor();
      expect(await site.page.locator('.balanceAmount').count()).toBe(0);
      // Both fields are marked invalid, as a screen reader reads them.
      expect(await cardNumber.getAttribute('aria-invalid')).toBe('true');
      expect(await pin.getAttribute('aria-invalid')).toBe('true');
    };
    await refusal(CARD_NUMBER, '9999');
    await refusal('6035990000009999', '1234');

    // Another page of the site, from the menu.
    await nav.getByRole('link', { name: 'FAQ' }).click();
    await heading.getByText('FAQ', { exact: true }).waitFor();
    await site.page.locator('.pageContent em', { hasText: FAQ_TEXT }).waitFor();

    // The Locations page with its default content: the link, and no broken image for the
    // default's image that has no address yet.
    await nav.getByRole('link', { name: NAV_ITEM }).click();
    await heading.getByText('Our Locations', { exact: true }).waitFor();
    await site.page.locator('.pageContent').getByRole('link').first().waitFor();
    expect(await site.page.locator('.pageContent img').count()).toBe(0);
    // Only the two refusals the test asked for failed; nothing else reached the console.
    expect(site.failedAnswers.map((answer) => answer.status)).toEqual([403, 403]);
    expect(unexpectedErrors(site.errors, [403])).toEqual([]);
    await site.page.context().close();
    await page.context().close();
  });
});
