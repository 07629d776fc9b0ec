import { screen, waitFor, within } from '@testing-library/react';
import { MERCHANT_EMBEDDED, MERCHANT_TEXT } from '@contracts/api/merchant';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { paths } from '@/config/paths';
import { DEFAULT_RUNTIME_CONFIG } from '@/lib/store/config-slice';
import { currentPath, embeddedList, renderApp, setTokenCookie } from '../../support/client-app';
import { pressOk } from '../../support/dialogs';
import {
  deferred,
  installFakeFetch,
  NETWORK_ERROR,
  type FakeFetch,
  type FakeResponse,
} from '../../support/fake-fetch';
import {
  installMerchantServer,
  makeMerchantProfile,
  type MerchantFake,
} from './merchant-fake-server';
import {
  failGoLiveAfterOtherSave,
  failGoLiveAndTakeBack,
  type PublishCalls,
} from '../site-builder/publish-take-back';

let server: FakeFetch;
let merchant: MerchantFake;

const CAFE = makeMerchantProfile({
  id: 1,
  programId: 11,
  siteTitle: 'Cafe corner',
  testURL: 'cafe',
  // Published on the test host only: the card follows publishLive (02 §2).
  publishTest: 1,
});
const BOOKS = makeMerchantProfile({
  id: 2,
  programId: 12,
  siteTitle: 'Book nook',
  testURL: 'booknook',
  logoPath: '/images/logo-7.png',
  publishLive: 1,
  publishTest: 1,
  moduleCode: 'MMC_12BG2',
});

/** Cafe corner's publish: its publish record, then its profile's save. */
const CAFE_PUBLISH_CALLS: PublishCalls = {
  goLive: 'POST /api/mymerchant/profilepublish/live',
  saveProfile: 'PUT /api/mymerchant/profile/1',
};

beforeAll(() => import('@/features/my-merchant/components/merchant-area'));

beforeEach(() => {
  server = installFakeFetch();
  merchant = installMerchantServer(server, { profiles: [CAFE, BOOKS] });
  setTokenCookie();
});
afterEach(() => server.restore());

const openDashboard = () => renderApp({ route: paths.mm.dashboard.path });
const card = (title: string) => screen.findByRole('article', { name: title });
const UNPUBLISH_CONFIRM = 'Unpublish Profile ?';

describe('merchant dashboard (02 §2)', () => {
  it('shows the loading indicator until profiles and programs are in, then a card each', async () => {
    const answer = deferred<FakeResponse>();
    server.on('GET /api/mymerchant/profile', () => answer.promise);
    openDashboard();

    expect(
      await screen.findByRole('heading', { name: MERCHANT_TEXT.dashboardHeading }),
    ).toBeVisible();
    expect(await screen.findByRole('status')).toHaveTextContent(DIALOG_TEXT.loading);
    expect(screen.queryByRole('article')).not.toBeInTheDocument();

    answer.resolve({ body: embeddedList(MERCHANT_EMBEDDED.profiles, [CAFE, BOOKS]) });
    const cafe = await card('Cafe corner');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(within(cafe).getByText('Coffee Gift')).toBeVisible();
    expect(within(cafe).getByText(MERCHANT_TEXT.notPublished_indicator)).toBeVisible();
    // No logo: a default image (02 §2 Dashboard), named as such.
    expect(within(cafe).getByRole('img', { name: 'Default logo of Cafe corner' })).toBeVisible();
    expect(within(cafe).getByRole('button', { name: 'Publish' })).toBeEnabled();
    expect(within(cafe).getByRole('link', { name: 'Cafe corner' })).toHaveAttribute(
      'href',
      `#${paths.mm.wizard.setup.path}?id=1`,
    );

    const books = await card('Book nook');
    expect(within(books).getByText('Books Gift')).toBeVisible();
    expect(within(books).getByText(MERCHANT_TEXT.published_indicator)).toBeVisible();
    expect(within(books).getByRole('img', { name: 'Logo of Book nook' })).toHaveAttribute(
      'src',
      '/images/logo-7.png',
    );
    expect(within(books).getByRole('button', { name: 'Unpublish' })).toBeVisible();
  });

  it('searches by title, program name or URL', async () => {
    const { user } = openDashboard();
    await card('Cafe corner');
    const search = screen.getByRole('searchbox');
    await user.type(search, 'books');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Cafe corner' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Book nook' })).toBeVisible();
    await user.clear(search);
    await user.type(search, 'cafe');
    expect(await card('Cafe corner')).toBeVisible();
    expect(screen.queryByRole('article', { name: 'Book nook' })).toBeNull();
    await user.clear(search);
    await user.type(search, 'nothing like it');
    expect(await screen.findByText('No website matches your search.')).toBeVisible();
  });

  it('has Add New, which opens an empty step 1', async () => {
    const { user } = openDashboard();
    await user.click(await screen.findByRole('link', { name: 'Add New' }));
    await waitFor(() => expect(currentPath()).toBe(paths.mm.wizard.setup.path));
  });
});

describe('publish, unpublish and open site (02 §4)', () => {
  it('publishes: module code MMC_, the profile marked published, the publish record', async () => {
    const { user } = openDashboard();
    await user.click(within(await card('Cafe corner')).getByRole('button', { name: 'Publish' }));
    expect(await pressOk(user, MERCHANT_TEXT.successTitle)).toContain(
      MERCHANT_TEXT.published('Cafe corner'),
    );
    expect(merchant.writes()).toEqual([
      'POST /api/mymerchant/modulecode',
      'PUT /api/mymerchant/profile/1',
      'POST /api/mymerchant/profilepublish/live',
    ]);
    expect(server.calls('POST /api/mymerchant/modulecode')[0]!.body).toEqual({
      name: 'Coffee Gift',
      code: 'MMC_11CG1',
      programId: 11,
    });
    expect(merchant.profiles[0]).toMatchObject({
      moduleCode: 'MMC_11CG1',
      publishLive: 1,
      publishTest: 1,
    });
    expect(server.calls('POST /api/mymerchant/profilepublish/live')[0]!.body).toMatchObject({
      programId: 11,
      profileId: 1,
      profileLocationId: 0,
    });
    expect(
      await within(await card('Cafe corner')).findByText(MERCHANT_TEXT.published_indicator),
    ).toBeVisible();
  });

  it('a failed module code says "Error" / "Something went wrong" and changes nothing', async () => {
    server.on('POST /api/mymerchant/modulecode', {
      status: 400,
      body: { errorCode: 1, errorMessage: 'code: refused' },
    });
    const { user } = openDashboard();
    await user.click(within(await card('Cafe corner')).getByRole('button', { name: 'Publish' }));
    expect(await pressOk(user, MERCHANT_TEXT.errorTitle)).toContain(MERCHANT_TEXT.moduleCodeFailed);
    expect(merchant.writes()).toEqual(['POST /api/mymerchant/modulecode']);
  });

  it('a failed publish record says "Error" / "Something went wrong" and leaves the site unpublished', async () => {
    server.on('POST /api/mymerchant/profilepublish/live', {
      status: 500,
      body: { errorCode: 500, errorMessage: 'Server error' },
    });
    const { user } = openDashboard();
    await user.click(within(await card('Cafe corner')).getByRole('button', { name: 'Publish' }));
    expect(await pressOk(user, MERCHANT_TEXT.errorTitle)).toContain(MERCHANT_TEXT.publishFailed);
    expect(merchant.writes()).toEqual([
      'POST /api/mymerchant/modulecode',
      'PUT /api/mymerchant/profile/1',
      'POST /api/mymerchant/profilepublish/live',
      'PUT /api/mymerchant/profile/1',
    ]);
    // The flags as they were (publishTest was already set); the module code is the profile's.
    expect(merchant.profiles[0]).toMatchObject({
      moduleCode: 'MMC_11CG1',
      publishLive: 0,
      publishTest: 1,
    });
    const cafe = await card('Cafe corner');
    expect(await within(cafe).findByText(MERCHANT_TEXT.notPublished_indicator)).toBeVisible();
    expect(within(cafe).getByRole('button', { name: 'Publish' })).toBeEnabled();
  });

  it('sends no second take-back when the first is refused as stale: a publish made meanwhile stays', async () => {
    failGoLiveAfterOtherSave(server, CAFE_PUBLISH_CALLS, () => {
      merchant.profiles[0] = {
        ...merchant.profiles[0]!,
        publishLive: 1,
        description: 'Published by another operator',
      };
    });
    const { user } = openDashboard();
    await user.click(within(await card('Cafe corner')).getByRole('button', { name: 'Publish' }));
    expect(await pressOk(user, MERCHANT_TEXT.errorTitle)).toContain(MERCHANT_TEXT.publishFailed);
    expect(merchant.writes()).toEqual([
      'POST /api/mymerchant/modulecode',
      'PUT /api/mymerchant/profile/1',
      'POST /api/mymerchant/profilepublish/live',
      'PUT /api/mymerchant/profile/1',
    ]);
    expect(merchant.profiles[0]).toMatchObject({
      publishLive: 1,
      description: 'Published by another operator',
    });
    const cafe = await card('Cafe corner');
    expect(await within(cafe).findByText(MERCHANT_TEXT.published_indicator)).toBeVisible();
    expect(within(cafe).getByRole('button', { name: 'Unpublish' })).toBeEnabled();
  });

  it.each([
    ['a server error', undefined],
    ['a network failure', NETWORK_ERROR],
  ] as const)(
    'when the take-back fails with %s, the card shows the profile published, as stored',
    async (_case, answer) => {
      failGoLiveAndTakeBack(server, CAFE_PUBLISH_CALLS, answer);
      const { user } = openDashboard();
      await user.click(within(await card('Cafe corner')).getByRole('button', { name: 'Publish' }));
      expect(await pressOk(user, MERCHANT_TEXT.errorTitle)).toContain(MERCHANT_TEXT.publishFailed);
      expect(merchant.profiles[0]).toMatchObject({ publishLive: 1 });
      const cafe = await card('Cafe corner');
      expect(await within(cafe).findByText(MERCHANT_TEXT.published_indicator)).toBeVisible();
      expect(within(cafe).getByRole('button', { name: 'Unpublish' })).toBeEnabled();
    },
  );

  it('unpublish asks first (Cancel focused), then clears publishLive and this host’s flag', async () => {
    const { user } = openDashboard();
    const books = await card('Book nook');
    await user.click(within(books).getByRole('button', { name: 'Unpublish' }));
    const confirm = await screen.findByRole('dialog', { name: UNPUBLISH_CONFIRM });
    // Unpublishing takes the site offline: the question opens on Cancel, so Enter keeps it.
    const cancel = within(confirm).getByRole('button', { name: DIALOG_TEXT.cancel });
    await waitFor(() => expect(cancel).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(merchant.writes()).toEqual([]);

    // The question answered, Unpublish is available again (unavailable while its flow runs).
    const unpublish = within(books).getByRole('button', { name: 'Unpublish' });
    await waitFor(() => expect(unpublish).not.toHaveAttribute('aria-disabled'));
    await user.click(unpublish);
    await pressOk(user, UNPUBLISH_CONFIRM);
    const done = await screen.findByRole('dialog', { name: MERCHANT_TEXT.unpublished });
    expect(done).toHaveTextContent(MERCHANT_TEXT.unpublishedDetail);
    expect(merchant.writes()).toEqual(['PUT /api/mymerchant/profile/2']);
    expect(merchant.profiles[1]).toMatchObject({ publishLive: 0, publishTest: 0 });
  });

  it.each([
    ['one site host for test and live (the default)', '', '', 0],
    ['a live site host of its own', 'http://test.example', 'http://live.example', 1],
  ])(
    'on a live host with %s, unpublish clears publishTest only if that host serves it too',
    async (_case, testSiteHost, liveSiteHost, publishTest) => {
      merchant.profiles[1]!.publishTest = 1;
      const { user } = renderApp({
        route: paths.mm.dashboard.path,
        preloadedState: {
          config: {
            ...DEFAULT_RUNTIME_CONFIG,
            productionHosts: [window.location.host],
            testSiteHost,
            liveSiteHost,
          },
        },
      });
      await user.click(within(await card('Book nook')).getByRole('button', { name: 'Unpublish' }));
      await pressOk(user, UNPUBLISH_CONFIRM);
      await screen.findByRole('dialog', { name: MERCHANT_TEXT.unpublished });
      expect(merchant.profiles[1]).toMatchObject({ publishLive: 0, publishTest });
    },
  );

  it('"Open site" warns for an unpublished profile and opens a published one', async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    try {
      const unpublished = makeMerchantProfile({ id: 3, siteTitle: 'Closed shop' });
      merchant.profiles.push(unpublished);
      const { user } = openDashboard();
      await user.click(
        within(await card('Closed shop')).getByRole('button', { name: 'Open site' }),
      );
      const warning = await screen.findByRole('dialog', { name: DIALOG_TEXT.warningTitle });
      expect(warning).toHaveTextContent(MERCHANT_TEXT.notPublishedYet);
      expect(open).not.toHaveBeenCalled();
      await user.click(within(warning).getByRole('button', { name: DIALOG_TEXT.ok }));

      await user.click(within(await card('Book nook')).getByRole('button', { name: 'Open site' }));
      expect(open).toHaveBeenCalledWith(
        `${window.location.origin}/mm/#!/booknook`,
        '_blank',
        'noopener',
      );
    } finally {
      open.mockRestore();
    }
  });
});
