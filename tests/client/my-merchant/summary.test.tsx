import { screen, waitFor, within } from '@testing-library/react';
import {
  MERCHANT_EMBEDDED,
  MERCHANT_TEXT,
  type MerchantExportFile,
  type MerchantModuleCodeBody,
  type MerchantPageType,
  type MerchantProfile,
  type MerchantProgram,
  type MerchantPublishBody,
  type SelectedPageSubTypes,
  type SelectedPageTypes,
} from '@contracts/api/merchant';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { defaultMerchantStylesheet } from '@contracts/site/style-model';
import { paths, withId } from '@/config/paths';
import { DEFAULT_RUNTIME_CONFIG } from '@/lib/store/config-slice';
import { embeddedList, renderApp, setTokenCookie } from '../../support/client-app';
import { pressOk } from '../../support/dialogs';
import { installFakeFetch, type FakeFetch } from '../../support/fake-fetch';
import { failGoLiveAndTakeBack } from '../site-builder/publish-take-back';

const PROGRAMS: MerchantProgram[] = [
  { id: 1, name: 'Harbour City Gift Card', abbreviation: 'HCG' },
  { id: 2, name: 'Kiwi Fuel', abbreviation: 'KF' },
];
const PAGE_TYPES: MerchantPageType[] = [
  { id: 1, name: 'Home', fl_mandatory: 1, children: [] },
  { id: 4, name: 'Locations', fl_mandatory: 1, children: [] },
  {
    id: 6,
    name: 'Terms',
    fl_mandatory: 0,
    children: [
      { id: 61, typeId: 6, name: 'Returns' },
      { id: 62, typeId: 6, name: 'Card terms' },
      { id: 63, typeId: 6, name: 'Privacy' },
    ],
  },
  { id: 8, name: 'About', fl_mandatory: 0, children: [] },
];
const PROFILE: MerchantProfile = {
  id: 5,
  programId: 1,
  liveURL: null,
  testURL: 'harbour',
  primaryLanguageId: 1,
  secundaryLanguageId: null,
  siteThemeId: 2,
  overrideCSS: `${defaultMerchantStylesheet(2)}\n.title { font-size: 40px; }\n`,
  siteTitle: 'Harbour Gifts',
  description: null,
  siteKeywords: null,
  analyticsTrackingCode: '',
  headerLogoPath: '/images/7.png',
  logoPath: null,
  faviconPath: null,
  backgroundPath: '/images/8.png',
  moduleCode: null,
  publishLive: 0,
  publishTest: 0,
};
const PAGES: SelectedPageTypes = {
  profileId: 5,
  pageTypes: [
    // Out of type order on purpose: the summary lists them as step 3 does.
    {
      typeId: 6,
      navItem: 'Terms',
      title: 'Our terms',
      content: '<p>Read <b>this</b></p><script>window.hacked = true</script>',
    },
    { typeId: 1, navItem: 'Start', title: 'Welcome', content: null },
    { typeId: 4, navItem: 'Stores', title: ' ', content: null },
  ],
};
const SUB_PAGES: SelectedPageSubTypes = {
  profileId: 5,
  pageSubtypes: [
    { subtypeId: 61, pageTypeFk: 6 },
    { subtypeId: 62, pageTypeFk: 6 },
  ],
};

const MODULE_CODE = 'POST /api/mymerchant/modulecode';
const PUT = 'PUT /api/mymerchant/profile/5';
const PUBLISH = 'POST /api/mymerchant/profilepublish/live';

let server: FakeFetch;
let stored: MerchantProfile;

beforeEach(() => {
  stored = structuredClone(PROFILE);
  server = installFakeFetch();
  server.on('GET /api/mymerchant/profile/5', () => ({ body: stored }));
  server.on('GET /api/mymerchant/programs', {
    body: embeddedList(MERCHANT_EMBEDDED.programs, PROGRAMS),
  });
  server.on('GET /api/mymerchant/pagetype', {
    body: embeddedList(MERCHANT_EMBEDDED.pageTypes, PAGE_TYPES),
  });
  server.on('GET /api/mymerchant/profile/pagetypes/5', { body: PAGES });
  server.on('GET /api/mymerchant/profile/pagesubtypes/5', { body: SUB_PAGES });
  server.on(MODULE_CODE, (request) => {
    const body = request.body as MerchantModuleCodeBody;
    stored = { ...stored, moduleCode: body.code };
    return { body: { ...body, moduleCodeId: 9, moduleId: 2 } };
  });
  server.on(PUT, (request) => {
    stored = { ...stored, ...(request.body as MerchantProfile), id: 5 };
    return { body: stored };
  });
  server.on(PUBLISH, (request) => ({
    body: { ...(request.body as MerchantPublishBody), publishId: 3, userName: 'admin' },
  }));
  setTokenCookie();
});
afterEach(() => server.restore());

const openSummary = (options: Parameters<typeof renderApp>[0] = {}) =>
  renderApp({ route: withId(paths.mm.wizard.summary, 5), ...options });

const rows = (section: HTMLElement) =>
  within(section)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent ?? ''}`);
const region = (name: string) => screen.getByRole('region', { name });
const writes = () =>
  server.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

describe('MyMerchant step 6, Summary', () => {
  it("headline 'Summary'; Client Setup with the test link, Site Settings with '-'", async () => {
    openSummary({
      preloadedState: {
        config: { ...DEFAULT_RUNTIME_CONFIG, testSiteHost: 'https://test-sites.example/' },
      },
    });
    const setup = await screen.findByRole('region', { name: 'Client Setup' });
    expect(screen.getByRole('heading', { name: 'Summary', level: 2 })).toBeVisible();
    expect(screen.getByText('step 6 of 6')).toBeInTheDocument();
    expect(rows(setup)).toEqual([
      'Scheme Name: Harbour City Gift Card',
      'Scheme Type: Gift',
      'Program ID: 1',
      'Test site: https://test-sites.example/mm/#!/harbour',
      'Live site: -',
    ]);
    expect(within(setup).getByRole('link')).toHaveAttribute(
      'href',
      'https://test-sites.example/mm/#!/harbour',
    );
    expect(rows(region('Site Settings'))).toEqual([
      'Site Title: Harbour Gifts',
      'Google Analytics Tracking Code: -',
    ]);
  });

  it('pages in type order, details only with a title or content, sub-pages, media, appearance', async () => {
    openSummary();
    const pages = await screen.findByRole('region', { name: 'Site Pages' });
    expect(
      within(pages)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Home', 'Locations', 'Terms']);
    expect(rows(region('Home'))).toEqual([
      'Navigation Item Label: Start',
      'Title (H1): Welcome',
      'Content: -',
      'Sub-pages: -',
    ]);
    // Locations has neither a title nor content: no detail.
    expect(screen.queryByRole('region', { name: 'Locations' })).not.toBeInTheDocument();
    const terms = region('Terms');
    expect(rows(terms)).toEqual([
      'Navigation Item Label: Terms',
      'Title (H1): Our terms',
      'Content: Read this',
      'Sub-pages: Returns, Card terms',
    ]);
    expect(terms.querySelector('script')).toBeNull();

    const media = region('Media Files added');
    expect(within(media).getByRole('img', { name: 'Header logo' })).toHaveAttribute(
      'src',
      '/images/7.png',
    );
    expect(within(media).getByRole('img', { name: 'Background' })).toHaveAttribute(
      'src',
      '/images/8.png',
    );
    // Each image with its path (02 §2 Step 6).
    expect(rows(media)).toEqual([
      'Header logo: /images/7.png',
      'Logo: -',
      'Favicon: -',
      'Background: /images/8.png',
    ]);

    const appearance = within(region('Site Appearance')).getByRole('table');
    const headline = within(appearance).getByRole('row', { name: /Page Headlines h1/ });
    expect(headline).toHaveTextContent('Open Sans');
    expect(headline).toHaveTextContent('40px');
  });

  it("Publish: module code MMC_, publishLive 1 (and publishTest on a test host), profilepublish/live, 'Your profile is now published'", async () => {
    const before = Date.now();
    const { user } = openSummary();
    const publish = await screen.findByRole('button', { name: 'Publish' });
    await user.click(publish);

    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(dialog).toHaveTextContent(MERCHANT_TEXT.publishedNow);
    expect(writes()).toEqual([
      'POST /api/mymerchant/modulecode',
      'PUT /api/mymerchant/profile/5',
      'POST /api/mymerchant/profilepublish/live',
    ]);
    expect(server.calls(MODULE_CODE)[0]!.body).toEqual({
      name: 'Harbour City Gift Card',
      code: 'MMC_1HCG5',
      programId: 1,
    });
    const put = server.calls(PUT)[0]!;
    expect(put.url.searchParams.get('returnBody')).toBe('true');
    expect(put.body).toEqual({
      ...PROFILE,
      moduleCode: 'MMC_1HCG5',
      publishLive: 1,
      publishTest: 1,
    });
    const record = server.calls(PUBLISH)[0]!.body as MerchantPublishBody;
    expect(record).toEqual({
      creationDate: expect.any(Number),
      programId: 1,
      profileId: 5,
      profileLocationId: 0,
    });
    expect(record.creationDate).toBeGreaterThanOrEqual(before);

    await user.click(within(dialog).getByRole('button', { name: DIALOG_TEXT.ok }));
    // The profile is read again: publishLive is set, so Publish is disabled.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled());
  });

  it("a failed module code shows 'Something went wrong' and publishes nothing", async () => {
    server.on(MODULE_CODE, {
      status: 400,
      body: { errorCode: 1, errorMessage: 'code: Must be MMC_1HCG followed by …' },
    });
    const { user } = openSummary();
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: MERCHANT_TEXT.errorTitle });
    expect(dialog).toHaveTextContent(MERCHANT_TEXT.moduleCodeFailed);
    expect(writes()).toEqual(['POST /api/mymerchant/modulecode']);
  });

  it("a failed publish record says 'Something went wrong', takes the flags back and leaves Publish to retry", async () => {
    server.on(PUBLISH, { status: 500, body: { errorCode: 500, errorMessage: 'Server error' } });
    const { user } = openSummary();
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: MERCHANT_TEXT.errorTitle });
    expect(dialog).toHaveTextContent(MERCHANT_TEXT.publishFailed);
    expect(writes()).toEqual([MODULE_CODE, PUT, PUBLISH, PUT]);
    expect(server.calls(PUT)[1]!.body).toMatchObject({ publishLive: 0, publishTest: 0 });
    expect(stored).toMatchObject({ moduleCode: 'MMC_1HCG5', publishLive: 0, publishTest: 0 });

    await user.click(within(dialog).getByRole('button', { name: DIALOG_TEXT.ok }));
    const publish = screen.getByRole('button', { name: 'Publish' });
    expect(publish).toBeEnabled();
    // Available again once the failed publish has ended (unavailable while it runs).
    await waitFor(() => expect(publish).not.toHaveAttribute('aria-disabled'));

    server.on(PUBLISH, (request) => ({
      body: { ...(request.body as MerchantPublishBody), publishId: 4, userName: 'admin' },
    }));
    await user.click(publish);
    const done = await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(done).toHaveTextContent(MERCHANT_TEXT.publishedNow);
    expect(stored).toMatchObject({ publishLive: 1, publishTest: 1 });
  });

  it('a take-back that fails leaves the profile published, and the summary shows it so', async () => {
    failGoLiveAndTakeBack(server, { goLive: PUBLISH, saveProfile: PUT });
    const { user } = openSummary();
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await pressOk(user, MERCHANT_TEXT.errorTitle)).toContain(MERCHANT_TEXT.publishFailed);
    expect(writes()).toEqual([MODULE_CODE, PUT, PUBLISH, PUT]);
    expect(stored).toMatchObject({ publishLive: 1 });
    // Read again: published, so Publish is disabled, as on the dashboard's card.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled());
  });

  it('Publish is disabled once publishLive is set', async () => {
    stored = { ...stored, publishLive: 1 };
    openSummary();
    expect(await screen.findByRole('button', { name: 'Publish' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });

  it('Export downloads "{program name}.json" holding the program, the profile and its pages', async () => {
    const blobs: Blob[] = [];
    const names: string[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:export';
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    try {
      const { user } = openSummary();
      await user.click(await screen.findByRole('button', { name: 'Export' }));
      expect(names).toEqual(['Harbour City Gift Card.json']);
      expect(blobs[0]!.type).toBe('application/json');
      const file = JSON.parse(await blobs[0]!.text()) as MerchantExportFile;
      expect(file.program).toEqual(PROGRAMS[0]);
      expect(file.profile).toEqual(PROFILE);
      expect(file.pages).toEqual([
        {
          pageTypeId: 6,
          pageId: 6,
          enabled: 1,
          navItem: 'Terms',
          title: 'Our terms',
          content: PAGES.pageTypes[0]!.content,
          subtypeIds: [61, 62],
        },
        {
          pageTypeId: 1,
          pageId: 1,
          enabled: 1,
          navItem: 'Start',
          title: 'Welcome',
          content: null,
          subtypeIds: [],
        },
        {
          pageTypeId: 4,
          pageId: 4,
          enabled: 1,
          navItem: 'Stores',
          title: ' ',
          content: null,
          subtypeIds: [],
        },
      ]);
      expect(writes()).toEqual([]);
    } finally {
      click.mockRestore();
    }
  });
});
