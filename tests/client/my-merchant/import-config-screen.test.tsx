import { screen, waitFor, within } from '@testing-library/react';
import { ERROR_CODE, PROGRAM_TYPE, SITE_PROGRAM } from '@contracts/api/constants';
import {
  MERCHANT_EMBEDDED,
  MERCHANT_TEXT,
  type MerchantPageType,
  type SelectedPageSubTypes,
  type SelectedPageTypes,
} from '@contracts/api/merchant';
import { paths, withId } from '@/config/paths';
import { toMerchantExportFile } from '@/features/my-merchant/lib/import-config';
import { recordEtagSeen, recordKey } from '@/lib/api/record-etags';
import { DEFAULT_RUNTIME_CONFIG } from '@/lib/store/config-slice';
import { MISSING_IMAGES_TEXT } from '@/lib/sites/missing-images';
import { JSON_FILE_TEXT } from '@/lib/sites/read-json-file';
import {
  currentPath,
  embeddedList,
  PROGRAMS,
  renderApp,
  setTokenCookie,
} from '../../support/client-app';
import { pressOk } from '../../support/dialogs';
import { installFakeFetch, serveImages, type FakeFetch } from '../../support/fake-fetch';
import { etagOf } from '../../support/record-etags';
import {
  MERCHANT_PROGRAMS,
  installMerchantServer,
  makeMerchantProfile,
  type MerchantFake,
} from './merchant-fake-server';

const PAGE_TYPES: MerchantPageType[] = [
  { id: 1, name: 'Home', fl_mandatory: 1, children: [] },
  { id: 6, name: 'Terms', fl_mandatory: 0, children: [{ id: 61, typeId: 6, name: 'Returns' }] },
];
const EXPORTED = toMerchantExportFile(
  MERCHANT_PROGRAMS[1]!,
  makeMerchantProfile({
    id: 9,
    programId: MERCHANT_PROGRAMS[1]!.id,
    liveURL: 'books-live',
    testURL: null,
    siteTitle: 'Books',
    siteThemeId: 2,
    overrideCSS: 'p { color: #123456; }',
    publishLive: 1,
    moduleCode: 'MMC_12BG9',
  }),
  [
    { typeId: 1, navItem: 'Start', title: 'Welcome', content: '<p>Hi</p>' },
    { typeId: 6, navItem: 'Terms', title: 'Terms', content: null },
  ],
  [{ subtypeId: 61, pageTypeFk: 6 }],
);

const jsonFile = (content: unknown) =>
  new File([typeof content === 'string' ? content : JSON.stringify(content)], 'books.json', {
    type: 'application/json',
  });

let server: FakeFetch;
let merchant: MerchantFake;

beforeEach(() => {
  server = installFakeFetch();
  merchant = installMerchantServer(server, { nextId: 40 });
  server.on('GET /api/mymerchant/pagetype', {
    body: embeddedList(MERCHANT_EMBEDDED.pageTypes, PAGE_TYPES),
  });
  setTokenCookie();
});
afterEach(() => server.restore());

/** Step 1 without an id, opened from a production host (the location flag set) or not. */
function openSetup(liveHost: boolean) {
  return renderApp({
    route: paths.mm.wizard.setup.path,
    preloadedState: {
      config: {
        ...DEFAULT_RUNTIME_CONFIG,
        productionHosts: liveHost ? [window.location.host] : [],
      },
    },
  });
}

describe('MyMerchant step 1, Import config (02 §2, §4)', () => {
  it('is offered only when the location flag is set', async () => {
    openSetup(false);
    await screen.findByLabelText('Scheme Name');
    expect(screen.queryByLabelText('Import config')).not.toBeInTheDocument();
  });

  it("creates the profile, its pages and then its sub-pages; 'Import configuration successfully!' and step 2", async () => {
    const { user } = openSetup(true);
    await user.upload(await screen.findByLabelText('Import config'), jsonFile(EXPORTED));

    expect(await pressOk(user, MERCHANT_TEXT.successTitle)).toContain(MERCHANT_TEXT.importSuccess);
    expect(merchant.writes()).toEqual([
      'POST /api/mymerchant/profile',
      'POST /api/mymerchant/profile/pagetypes/',
      'POST /api/mymerchant/profile/pagesubtypes/',
    ]);
    expect(merchant.profiles.find((p) => p.id === 40)).toMatchObject({
      programId: MERCHANT_PROGRAMS[1]!.id,
      liveURL: 'books-live',
      siteTitle: 'Books',
      siteThemeId: 2,
      overrideCSS: 'p { color: #123456; }',
      publishLive: 0,
      moduleCode: null,
    });
    const pages = server.calls('POST /api/mymerchant/profile/pagetypes/')[0]!.body;
    expect(pages).toEqual({
      profileId: 40,
      pageTypes: [
        { typeId: 1, navItem: 'Start', title: 'Welcome', content: '<p>Hi</p>' },
        { typeId: 6, navItem: 'Terms', title: 'Terms', content: null },
      ],
    } satisfies SelectedPageTypes);
    const subPages = server.calls('POST /api/mymerchant/profile/pagesubtypes/')[0]!.body;
    expect(subPages).toEqual({
      profileId: 40,
      pageSubtypes: [{ subtypeId: 61, pageTypeFk: 6 }],
    } satisfies SelectedPageSubTypes);
    // The pages were read just before their save, which went with the ETag of that read.
    const ifMatch = (route: `POST /${string}`) => server.calls(route)[0]!.headers.get('If-Match');
    expect(server.calls('GET /api/mymerchant/profile/pagetypes/40')).toHaveLength(1);
    expect(ifMatch('POST /api/mymerchant/profile/pagetypes/')).toBe(
      etagOf({ profileId: 40, pageTypes: [], pageSubtypes: [] }),
    );
    expect(ifMatch('POST /api/mymerchant/profile/pagesubtypes/')).toMatch(/^"/);
    await waitFor(() => expect(currentPath()).toBe(paths.mm.wizard.setting.path));
    expect(window.location.hash).toContain('id=40');
  });

  it("a refused call shows 'Failed' with the server's errorMessage and reopens the profile made", async () => {
    server.on('POST /api/mymerchant/profile/pagetypes/', {
      status: 404,
      body: { errorCode: 4, errorMessage: 'Unknown page type 6' },
    });
    const { user } = openSetup(true);
    await user.upload(await screen.findByLabelText('Import config'), jsonFile(EXPORTED));

    expect(await pressOk(user, MERCHANT_TEXT.importFailedTitle)).toContain('Unknown page type 6');
    expect(merchant.writes()).not.toContain('POST /api/mymerchant/profile/pagesubtypes/');
    await waitFor(() => expect(window.location.hash).toBe(`#${withId(paths.mm.wizard.setup, 40)}`));
  });

  it("a file of a loyalty program: the refused create shows 'Failed' with the server's errorMessage", async () => {
    const loyalty = PROGRAMS.find((program) => program.programTypeId === PROGRAM_TYPE.LOYALTY)!;
    const errorMessage = `programId: ${SITE_PROGRAM.notGift(loyalty.programId, loyalty.name)}`;
    server.on('POST /api/mymerchant/profile', {
      status: 400,
      body: { errorCode: ERROR_CODE.VALIDATION, errorMessage },
    });
    const { user } = openSetup(true);
    const file = { ...EXPORTED, program: { id: loyalty.programId, name: loyalty.name } };
    await user.upload(await screen.findByLabelText('Import config'), jsonFile(file));

    expect(await pressOk(user, MERCHANT_TEXT.importFailedTitle)).toContain(errorMessage);
    expect(server.calls('POST /api/mymerchant/profile')[0]!.body).toMatchObject({
      programId: loyalty.programId,
    });
    expect(merchant.writes()).toEqual(['POST /api/mymerchant/profile']);
    expect(currentPath()).toBe(paths.mm.wizard.setup.path);
    expect(window.location.hash).not.toContain('id=');
  });

  it('leaves an image the server no longer has empty, names it, and imports the rest', async () => {
    serveImages(server, { stored: ['img-1'], gone: ['gone-3'] });
    const file = {
      ...EXPORTED,
      profile: {
        ...EXPORTED.profile,
        logoPath: '/images/img-1.png',
        faviconPath: '/images/gone-3.png',
      },
    };
    const { user } = openSetup(true);
    await user.upload(await screen.findByLabelText('Import config'), jsonFile(file));

    const dialog = await screen.findByRole('dialog', { name: MERCHANT_TEXT.successTitle });
    expect(dialog).toHaveTextContent(MERCHANT_TEXT.importSuccess);
    expect(
      within(dialog).getByText(MISSING_IMAGES_TEXT.leftEmpty(['Favicon image'])),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    expect(merchant.writes()).toEqual([
      'POST /api/mymerchant/profile',
      'POST /api/mymerchant/profile/pagetypes/',
      'POST /api/mymerchant/profile/pagesubtypes/',
    ]);
    expect(merchant.profiles.find((p) => p.id === 40)).toMatchObject({
      siteTitle: 'Books',
      logoPath: '/images/img-1.png',
      faviconPath: null,
    });
    expect(JSON.stringify(server.requests.map((request) => request.body))).not.toContain('gone-3');
    await waitFor(() => expect(currentPath()).toBe(paths.mm.wizard.setting.path));
  });

  it("over an existing profile, keeps its current image where the file's is gone, and says so", async () => {
    merchant = installMerchantServer(server, {
      profiles: [
        makeMerchantProfile({
          id: 7,
          programId: MERCHANT_PROGRAMS[1]!.id,
          liveURL: 'books-live',
          faviconPath: '/images/now-8.png',
          backgroundPath: null,
        }),
      ],
    });
    serveImages(server, { gone: ['gone-3', 'gone-4'] });
    const file = {
      ...EXPORTED,
      profile: {
        ...EXPORTED.profile,
        faviconPath: '/images/gone-3.png',
        backgroundPath: '/images/gone-4.png',
      },
    };
    const { user } = renderApp({
      route: withId(paths.mm.wizard.setup, 7),
      preloadedState: {
        config: { ...DEFAULT_RUNTIME_CONFIG, productionHosts: [window.location.host] },
      },
    });
    await waitFor(() => expect(screen.getByLabelText('URL')).toHaveValue('books-live'));
    await user.upload(screen.getByLabelText('Import config'), jsonFile(file));

    const dialog = await screen.findByRole('dialog', { name: MERCHANT_TEXT.successTitle });
    expect(
      within(dialog).getByText(MISSING_IMAGES_TEXT.keptCurrent(['Favicon image'])),
    ).toBeVisible();
    expect(
      within(dialog).getByText(MISSING_IMAGES_TEXT.leftEmpty(['Background image'])),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    expect(merchant.writes()[0]).toBe('PUT /api/mymerchant/profile/7');
    expect(merchant.profiles.find((p) => p.id === 7)).toMatchObject({
      siteTitle: 'Books',
      faviconPath: '/images/now-8.png',
      backgroundPath: null,
    });
    expect(JSON.stringify(server.requests.map((request) => request.body))).not.toContain('gone-');
  });

  it('over an existing profile, replaces its pages as they are now, not as step 3 last read them', async () => {
    merchant = installMerchantServer(server, {
      profiles: [
        makeMerchantProfile({ id: 7, programId: MERCHANT_PROGRAMS[1]!.id, liveURL: 'books-live' }),
      ],
    });
    const { user, store } = renderApp({
      route: withId(paths.mm.wizard.setup, 7),
      preloadedState: {
        config: { ...DEFAULT_RUNTIME_CONFIG, productionHosts: [window.location.host] },
      },
    });
    // The ETag of the pages as step 3 read them earlier, before another operator saved them.
    store.dispatch(recordEtagSeen({ key: recordKey('merchantPages', 7), etag: '"earlier"' }));
    await waitFor(() => expect(screen.getByLabelText('URL')).toHaveValue('books-live'));
    await user.upload(screen.getByLabelText('Import config'), jsonFile(EXPORTED));

    expect(await pressOk(user, MERCHANT_TEXT.successTitle)).toContain(MERCHANT_TEXT.importSuccess);
    expect(merchant.writes()).toEqual([
      'PUT /api/mymerchant/profile/7',
      'POST /api/mymerchant/profile/pagetypes/',
      'POST /api/mymerchant/profile/pagesubtypes/',
    ]);
  });

  it("a file that is not JSON fails with 'Failed' and sends nothing", async () => {
    const { user } = openSetup(true);
    await user.upload(await screen.findByLabelText('Import config'), jsonFile('{ not json'));
    expect(await pressOk(user, MERCHANT_TEXT.importFailedTitle)).toContain(JSON_FILE_TEXT.notJson);
    expect(merchant.writes()).toEqual([]);
  });
});
