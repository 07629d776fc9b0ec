import type { Page } from 'playwright-core';
import { MERCHANT_SITE_PATHS, MERCHANT_TEXT } from '@contracts/api/merchant';
import { MERCHANT_SITE_TEXT } from '@contracts/api/merchant-site';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { STYLE_ITEMS } from '@contracts/site/style-model';
import { IMAGE_SLOT_CAPTION } from '@/components/form/ImageSlotField';
import { APPEARANCE_LABEL } from '@/components/site-builder/appearance-form';
import { MEDIA_SLOTS } from '@/components/site-builder/media-slots';
import { PAGE_EDITOR_LABEL } from '@/components/site-builder/page-text-fields';
import { PROFILE_CARD_TEXT } from '@/components/site-builder/profile-card';
import { SITE_SETTINGS_LABEL, SITE_SETUP_LABEL } from '@/components/site-builder/setup-fields';
import { SAVE_AND_CONTINUE } from '@/components/wizard/profile-step';
import { COMMON_TEXT, LAYOUT_TEXT } from '@/config/texts';
import { SITE_PAGES_TEXT } from '@/features/my-merchant/components/steps/site-pages-step';
import { MEDIA_TEXT } from '@/features/my-merchant/components/steps/media-step';
import { SITE_EDITOR_TEXT } from '@/features/my-merchant/components/steps/site-editor-step';
import { MERCHANT_SUMMARY_LABEL } from '@/features/my-merchant/components/steps/summary-step';
import { STEP_TITLE, UNPUBLISH_CONFIRM } from '@/features/my-merchant/lib/merchant-texts';
import { answerDialog, JournalApi, newSitePage, signIn, unexpectedErrors } from './support/journal';
import {
  createMerchantProfile,
  merchantProfileByUrl,
  pagePanel,
  programWithStores,
  stepHeading,
  summaryValue,
  updateMerchantProfile,
} from './support/merchant';
import { solidPng } from './support/png';
import { giftProgramForSuite, SchemeApi, uniqueLetters } from './support/schemes';
import { browserSuite } from './support/suite';

/**
 * The MyMerchant flow in Chromium against the real server: a new profile through the
 * six steps (Add New), published from the summary, then the published site with its pages,
 * sub-pages and the store locator over stores imported for the program; unpublishing from the
 * dashboard. Records a test needs come from the API.
 */

const suite = browserSuite();
const api = JournalApi.forSuite(suite);
const schemes = SchemeApi.forSuite(suite);
/** A program of the tests' own for the profiles that need one, made through the API. */
const PROGRAM = giftProgramForSuite(schemes, 'Merchantown');

const SAVE = SAVE_AND_CONTINUE;
const L = MERCHANT_SUMMARY_LABEL;

/** Opens the merchant dashboard from the sidebar. */
async function openMerchantDashboard(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: LAYOUT_TEXT.mainMenu })
    .getByRole('link', { name: LAYOUT_TEXT.myMerchant })
    .click();
  await page.getByRole('heading', { name: MERCHANT_TEXT.dashboardHeading }).waitFor();
}

const styleItemLabel = (key: (typeof STYLE_ITEMS)[number]['key']) =>
  STYLE_ITEMS.find((item) => item.key === key)!.label;

describe('a new MyMerchant site, from Add New to a store search on the published site', () => {
  it('goes through the six steps, publishes, and the site shows its pages and stores', async () => {
    const name = `Merchant ${uniqueLetters()}`;
    const programName = `${name} Scheme`;
    const programId = await programWithStores(schemes, api, name, [
      {
        storeCode: 'H1',
        storeName: 'Harbour Gifts',
        address: '1 Harbour Street',
        city: 'Sydney',
        postcode: '2000',
        countryCode: 'AU',
      },
      {
        storeCode: 'C1',
        storeName: 'Collins Corner',
        address: '12 Collins Street',
        city: 'Melbourne',
        postcode: '3000',
        countryCode: 'AU',
      },
      {
        storeCode: 'B1',
        storeName: 'Bourke Boutique',
        address: '8 Bourke Street',
        city: 'Melbourne',
        postcode: '3000',
        countryCode: 'AU',
      },
    ]);
    const url = `mm-${uniqueLetters()}`;
    const title = `${name} Stores`;
    const tracking = 'UA-4242-1';
    const about = {
      navItem: 'Who we are',
      title: 'About our gift cards',
      content: 'Gift cards since 1999.',
      subPages: ['Our Story', 'Our Team'],
    };
    const headline = { colour: '#aa3300', rgb: 'rgb(170, 51, 0)' };

    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    await openMerchantDashboard(page);

    // Step 1: program, URL, language, theme.
    await page.getByRole('link', { name: COMMON_TEXT.addNew }).click();
    await stepHeading(page, STEP_TITLE.setup).waitFor();
    await page.getByText(MERCHANT_TEXT.stepOf(1), { exact: true }).waitFor();
    await page.getByLabel(SITE_SETUP_LABEL.schemeName).selectOption({ label: programName });
    expect(await page.getByLabel(SITE_SETUP_LABEL.programId).inputValue()).toBe(String(programId));
    expect(await page.getByLabel(SITE_SETUP_LABEL.schemeType).inputValue()).toBe(
      MERCHANT_TEXT.schemeType,
    );
    await page.getByLabel(SITE_SETUP_LABEL.siteUrl).fill(url);
    await page.getByLabel(SITE_SETUP_LABEL.primaryLanguage).selectOption({ label: 'English' });
    await page.getByRole('radio', { name: SITE_SETUP_LABEL.light }).check();
    // Not on the live host: no import input (02 §2).
    expect(await page.getByLabel(SITE_SETUP_LABEL.importConfig).count()).toBe(0);
    await page.getByRole('button', { name: SAVE }).click();
    await answerDialog(page, MERCHANT_TEXT.successTitle, { message: MERCHANT_TEXT.profileCreated });

    // Step 2: title and tracking code.
    await stepHeading(page, STEP_TITLE.settings).waitFor();
    await page.getByLabel(SITE_SETTINGS_LABEL.siteTitle).fill(title);
    await page.getByLabel(SITE_SETTINGS_LABEL.analyticsTrackingCode).fill(tracking);
    await page.getByRole('button', { name: SAVE }).click();
    await answerDialog(page, MERCHANT_TEXT.successTitle, { message: MERCHANT_TEXT.profileUpdated });

    // Step 3: Home and Locations are mandatory; About Us gets its texts and two sub-pages.
    await stepHeading(page, SITE_PAGES_TEXT.title).waitFor();
    for (const mandatory of ['Home', 'Locations']) {
      const box = page.getByRole('checkbox', { name: mandatory, exact: true });
      expect(await box.isChecked()).toBe(true);
      expect(await box.isDisabled()).toBe(true);
    }
    await page.getByRole('checkbox', { name: 'About Us', exact: true }).check();
    await page.getByRole('button', { name: SITE_PAGES_TEXT.editPage('About Us') }).click();
    const panel = pagePanel(page, 'About Us');
    await panel.getByLabel(PAGE_EDITOR_LABEL.navItem).fill(about.navItem);
    await panel.getByLabel(PAGE_EDITOR_LABEL.title).fill(about.title);
    const content = panel.getByRole('textbox', { name: PAGE_EDITOR_LABEL.content });
    await content.click();
    await page.keyboard.type(about.content);
    await content.getByText(about.content).waitFor();
    for (const sub of about.subPages) {
      await panel.getByRole('checkbox', { name: sub, exact: true }).check();
    }
    await page.getByRole('button', { name: SAVE }).click();
    await answerDialog(page, MERCHANT_TEXT.successTitle, { message: MERCHANT_TEXT.pagesUpdated });

    // Step 4: real images, each uploaded and confirmed.
    await stepHeading(page, MEDIA_TEXT.title).waitFor();
    const images = [
      { key: 'logo', file: 'logo.png', width: 48, type: 'Logo', rgb: [0xc0, 0x39, 0x2b] },
      { key: 'headerLogo', file: 'header.png', width: 120, type: 'Header logo', rgb: [9, 9, 90] },
    ] as const;
    for (const image of images) {
      const slot = MEDIA_SLOTS.find((candidate) => candidate.key === image.key)!;
      const group = page.getByRole('group', { name: slot.label, exact: true });
      const png = solidPng(image.width, 40, [...image.rgb]);
      expect(png.length).toBeLessThan(300 * 1024);
      await group.locator('input[type="file"]').setInputFiles({
        name: image.file,
        mimeType: 'image/png',
        buffer: png,
      });
      await group
        .getByRole('button', { name: IMAGE_SLOT_CAPTION.ready(image.file), exact: true })
        .click();
      await answerDialog(page, MERCHANT_TEXT.successTitle, {
        message: MERCHANT_TEXT.fileUploaded(image.type),
      });
      await group.getByRole('button', { name: IMAGE_SLOT_CAPTION.uploaded, exact: true }).waitFor();
    }
    await page.getByRole('button', { name: SAVE }).click();

    // Step 5: Edit Fonts, the headline's font colour.
    await page.getByRole('radio', { name: SITE_EDITOR_TEXT.fonts }).waitFor();
    expect(await page.getByRole('radio', { name: SITE_EDITOR_TEXT.fonts }).isChecked()).toBe(true);
    await page
      .getByRole('group', { name: styleItemLabel('headline') })
      .getByLabel(APPEARANCE_LABEL.color, { exact: true })
      .fill(headline.colour);
    await page.getByRole('button', { name: SAVE }).click();
    await answerDialog(page, MERCHANT_TEXT.successTitle, { message: MERCHANT_TEXT.profileUpdated });

    // Step 6: the summary shows what was entered.
    await page.getByRole('heading', { name: MERCHANT_TEXT.summaryHeadline, level: 2 }).waitFor();
    await page.getByText(MERCHANT_TEXT.stepOf(6), { exact: true }).waitFor();
    const setup = page.getByRole('region', { name: L.clientSetup });
    expect(await summaryValue(setup, SITE_SETUP_LABEL.schemeName).innerText()).toBe(programName);
    expect(await summaryValue(setup, SITE_SETUP_LABEL.programId).innerText()).toBe(
      String(programId),
    );
    expect(await summaryValue(setup, L.testSite).innerText()).toBe(
      MERCHANT_SITE_PATHS.link(suite.baseUrl, url),
    );
    const settings = page.getByRole('region', { name: L.siteSettings });
    expect(await summaryValue(settings, L.siteTitle).innerText()).toBe(title);
    expect(await summaryValue(settings, L.analytics).innerText()).toBe(tracking);
    expect(
      await page.getByRole('region', { name: L.sitePages }).getByRole('listitem').allInnerTexts(),
    ).toEqual(['Home', 'About Us', 'Locations']);
    const aboutSection = page.getByRole('region', { name: 'About Us', exact: true });
    expect(await summaryValue(aboutSection, L.navItem).innerText()).toBe(about.navItem);
    expect(await summaryValue(aboutSection, L.pageTitle).innerText()).toBe(about.title);
    expect(await summaryValue(aboutSection, L.content).innerText()).toBe(about.content);
    expect(await summaryValue(aboutSection, L.subPages).innerText()).toBe(
      about.subPages.join(', '),
    );
    const media = page.getByRole('region', { name: L.media });
    for (const image of images)
      await media.getByRole('img', { name: image.type, exact: true }).waitFor();
    expect(
      await page
        .getByRole('region', { name: L.appearance })
        .getByRole('row', { name: new RegExp(`^${styleItemLabel('headline')}`) })
        .getByRole('cell')
        .nth(2)
        .innerText(),
    ).toBe(headline.colour);

    // Publish: the summary's text, then the button stays disabled.
    const publish = page.getByRole('button', { name: L.publish, exact: true });
    await publish.click();
    await answerDialog(page, MERCHANT_TEXT.successTitle, { message: MERCHANT_TEXT.publishedNow });
    await page.waitForFunction(
      (label) =>
        [...document.querySelectorAll('button')].some(
          (button) => button.textContent === label && button.disabled,
        ),
      L.publish,
    );
    const stored = (await merchantProfileByUrl(api, url))!;
    expect(stored).toMatchObject({ programId, testURL: url, siteTitle: title, publishLive: 1 });
    expect(stored.moduleCode).toBe(`MMC_${programId}TGC${stored.id}`);
    expect(errors).toEqual([]);
    await page.context().close();

    // The published site: pages by their navigation labels, titles, content, a sub-page.
    const site = await newSitePage(suite.browser);
    await site.page.goto(`${suite.baseUrl}/mm/#!/${url}`);
    const h1 = site.page.getByRole('heading', { level: 1 });
    await h1.getByText('Home', { exact: true }).waitFor();
    const nav = site.page.getByRole('navigation', { name: MERCHANT_SITE_TEXT.siteNavigation });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual([
      'Home',
      about.navItem,
      'Locations',
    ]);
    // The profile's stylesheet (its own file) gives the headline the chosen colour.
    await site.page.waitForFunction((rgb) => {
      const title = document.querySelector('h1');
      return title !== null && getComputedStyle(title).color === rgb;
    }, headline.rgb);
    await nav.getByRole('link', { name: about.navItem }).click();
    await h1.getByText(about.title, { exact: true }).waitFor();
    await site.page.locator('.pageContent').getByText(about.content).waitFor();
    const sections = site.page.getByRole('navigation', { name: MERCHANT_SITE_TEXT.subPages });
    expect(await sections.getByRole('link').allInnerTexts()).toEqual(about.subPages);
    await sections.getByRole('link', { name: 'Our Team' }).click();
    await h1.getByText('Our Team', { exact: true }).waitFor();
    await site.page.getByRole('link', { name: MERCHANT_SITE_TEXT.backTo(about.navItem) }).waitFor();

    // Locations: the store locator over the imported stores, by name and by city.
    await nav.getByRole('link', { name: 'Locations' }).click();
    await h1.getByText('Locations', { exact: true }).waitFor();
    const status = site.page.getByRole('status');
    await status.getByText(MERCHANT_SITE_TEXT.showing(1, 3, 3), { exact: true }).waitFor();
    const storeNames = () =>
      site.page.getByRole('list', { name: MERCHANT_SITE_TEXT.resultsHeading }).locator('h3');
    const search = site.page.getByLabel(MERCHANT_SITE_TEXT.searchLabel);
    await search.fill('harbour');
    await search.press('Enter');
    await status.getByText(MERCHANT_SITE_TEXT.showing(1, 1, 1), { exact: true }).waitFor();
    expect(await storeNames().allInnerTexts()).toEqual(['Harbour Gifts']);
    await search.fill('Melbourne');
    await site.page.getByRole('button', { name: MERCHANT_SITE_TEXT.searchButton }).click();
    await status.getByText(MERCHANT_SITE_TEXT.showing(1, 2, 2), { exact: true }).waitFor();
    expect((await storeNames().allInnerTexts()).sort()).toEqual([
      'Bourke Boutique',
      'Collins Corner',
    ]);
    await search.fill('Perth');
    await search.press('Enter');
    await status.getByText(MERCHANT_SITE_TEXT.noStores, { exact: true }).waitFor();
    expect(site.failedAnswers).toEqual([]);
    expect(unexpectedErrors(site.errors, [])).toEqual([]);
    await site.page.context().close();
  });
});

describe('unpublishing from the dashboard', () => {
  it("says 'Unpublishing Completed' and the site then says it is not published", async () => {
    const url = `mm-${uniqueLetters()}`;
    const title = `Unpublish ${uniqueLetters()} Stores`;
    const profile = await createMerchantProfile(api, {
      programId: PROGRAM.id,
      testURL: url,
      siteTitle: title,
    });
    await updateMerchantProfile(api, profile.id, { publishLive: 1, publishTest: 1 });

    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    await openMerchantDashboard(page);
    const card = page.getByRole('article', { name: title });
    await card.getByText(MERCHANT_TEXT.published_indicator, { exact: true }).waitFor();
    await card.getByRole('button', { name: PROFILE_CARD_TEXT.unpublish }).click();
    await answerDialog(page, UNPUBLISH_CONFIRM);
    await answerDialog(page, MERCHANT_TEXT.unpublished, {
      message: MERCHANT_TEXT.unpublishedDetail,
    });
    await card.getByText(MERCHANT_TEXT.notPublished_indicator, { exact: true }).waitFor();
    expect(await merchantProfileByUrl(api, url)).toMatchObject({ publishLive: 0, publishTest: 0 });

    // Open site warns instead of opening a tab.
    await card.getByRole('button', { name: PROFILE_CARD_TEXT.openSite }).click();
    await answerDialog(page, DIALOG_TEXT.warningTitle, { message: MERCHANT_TEXT.notPublishedYet });
    expect(page.context().pages()).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.context().close();

    const site = await newSitePage(suite.browser);
    await site.page.goto(`${suite.baseUrl}/mm/#!/${url}`);
    await site.page
      .getByRole('heading', { level: 1, name: MERCHANT_SITE_TEXT.notPublishedTitle })
      .waitFor();
    await site.page.getByText(MERCHANT_SITE_TEXT.notPublished, { exact: true }).waitFor();
    expect(await site.page.getByRole('navigation').count()).toBe(0);
    expect(site.failedAnswers.map((answer) => answer.status)).toEqual([404]);
    expect(unexpectedErrors(site.errors, [404])).toEqual([]);
    await site.page.context().close();
  });
});
