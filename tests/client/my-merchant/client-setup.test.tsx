import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { MERCHANT_EMBEDDED, MERCHANT_TEXT } from '@contracts/api/merchant';
import { DIALOG_TEXT, FIELD_MESSAGES } from '@contracts/api/messages';
import { SITE_URL_CHARACTERS_MESSAGE } from '@contracts/api/journal';
import { defaultMerchantStylesheet } from '@contracts/site/style-model';
import { paths, withId } from '@/config/paths';
import { THEME_CHANGE_TEXT } from '@/lib/sites/theme-stylesheet';
import { DEFAULT_RUNTIME_CONFIG } from '@/lib/store/config-slice';
import { currentPath, embeddedList, renderApp, setTokenCookie } from '../../support/client-app';
import { pressOk } from '../../support/dialogs';
import { installFakeFetch, type FakeFetch } from '../../support/fake-fetch';
import {
  installMerchantServer,
  makeMerchantProfile,
  MERCHANT_PROGRAMS,
  type MerchantFake,
} from './merchant-fake-server';

let server: FakeFetch;
let merchant: MerchantFake;

const CAFE = makeMerchantProfile({
  id: 5,
  programId: 12,
  testURL: 'cafe',
  siteThemeId: 1,
  overrideCSS: defaultMerchantStylesheet(1),
});

beforeAll(() => import('@/features/my-merchant/components/merchant-area'));

beforeEach(() => {
  server = installFakeFetch();
  merchant = installMerchantServer(server, { profiles: [CAFE], nextId: 40 });
  setTokenCookie();
  Cookies.remove('id', { path: '/' });
});
afterEach(() => server.restore());

const openStep = (id?: number, options: Parameters<typeof renderApp>[0] = {}) =>
  renderApp({ route: withId(paths.mm.wizard.setup, id ?? null), ...options });
const save = () => screen.getByRole('button', { name: 'Save & Continue' });
const steps = () => screen.getByRole('navigation', { name: /steps/i });

describe('merchant wizard shell and step 1 (02 §2)', () => {
  it('shows six tabs, only the first enabled without an id, and "step 1 of 6"', async () => {
    openStep();
    expect(await screen.findByLabelText('Scheme Name')).toBeVisible();
    const tabs = within(steps());
    expect(tabs.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      ...MERCHANT_TEXT.tabs,
    ]);
    expect(tabs.getByRole('link', { name: 'Client Setup' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    for (const label of MERCHANT_TEXT.tabs.slice(1)) {
      expect(tabs.queryByRole('link', { name: label })).toBeNull();
    }
    expect(screen.getByText(MERCHANT_TEXT.stepOf(1))).toBeVisible();
  });

  it('offers the programs, Gift, the program id, only the first language, no import on a test host', async () => {
    const { user } = openStep();
    await user.selectOptions(await screen.findByLabelText('Scheme Name'), 'Books Gift');
    expect(screen.getByLabelText('Scheme Type')).toHaveValue('Gift');
    expect(screen.getByLabelText('Program ID')).toHaveValue('12');
    expect(
      within(screen.getByLabelText('Primary Language'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['', 'English']);
    expect(within(screen.getByLabelText('Secondary Language')).getAllByRole('option')).toHaveLength(
      1,
    );
    expect(screen.getByRole('radio', { name: 'Light' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Dark' })).not.toBeChecked();
    expect(screen.queryByLabelText('Import config')).toBeNull();
  });

  describe('with a loyalty program in the merchant view of the program store', () => {
    beforeEach(() => {
      server.on('GET /api/mymerchant/programs', {
        body: embeddedList(MERCHANT_EMBEDDED.programs, [
          ...MERCHANT_PROGRAMS,
          { id: 21, name: 'Fuel Rewards', abbreviation: 'FR' },
        ]),
      });
    });
    const schemeNames = async () =>
      within(await screen.findByLabelText('Scheme Name'))
        .getAllByRole('option')
        .map((option) => option.textContent);

    it('Scheme Name lists only gift programs', async () => {
      openStep();
      expect(await schemeNames()).toEqual(['', 'Coffee Gift', 'Books Gift']);
    });

    it('an existing profile of a loyalty program still shows its own', async () => {
      merchant.profiles[0] = { ...CAFE, programId: 21 };
      openStep(5);
      await waitFor(() => expect(screen.getByLabelText('Scheme Name')).toHaveValue('21'));
      expect(screen.getByLabelText('Scheme Name')).toHaveDisplayValue('Fuel Rewards');
      expect(await schemeNames()).toEqual(['', 'Coffee Gift', 'Books Gift', 'Fuel Rewards']);
    });
  });

  it('shows the import only when the location flag is set (a production host)', async () => {
    openStep(undefined, {
      preloadedState: {
        config: { ...DEFAULT_RUNTIME_CONFIG, productionHosts: [window.location.host] },
      },
    });
    expect(await screen.findByLabelText('Import config')).toHaveAttribute('type', 'file');
  });

  it('a failed submit shows the field messages; nothing is sent', async () => {
    const { user } = openStep();
    await user.click(await screen.findByRole('button', { name: 'Save & Continue' }));
    for (const label of ['Scheme Name', 'URL', 'Primary Language']) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(FIELD_MESSAGES.required);
    }
    expect(screen.getByRole('group', { name: 'Site Theme' })).toHaveAccessibleDescription(
      FIELD_MESSAGES.required,
    );
    await user.type(screen.getByLabelText('URL'), 'abc');
    expect(screen.getByLabelText('URL')).toHaveAccessibleDescription(FIELD_MESSAGES.minlength);
    await user.type(screen.getByLabelText('URL'), 'd'.repeat(30));
    expect(screen.getByLabelText('URL')).toHaveAccessibleDescription(FIELD_MESSAGES.maxlength);
    await user.clear(screen.getByLabelText('URL'));
    await user.type(screen.getByLabelText('URL'), 'my site!');
    expect(screen.getByLabelText('URL')).toHaveAccessibleDescription(SITE_URL_CHARACTERS_MESSAGE);
    await user.click(save());
    expect(merchant.writes()).toEqual([]);
  });

  it('creates the profile with the theme’s merchant stylesheet, keeps its id in the cookie, goes to step 2', async () => {
    const { user } = openStep();
    await user.selectOptions(await screen.findByLabelText('Scheme Name'), 'Coffee Gift');
    await user.type(screen.getByLabelText('URL'), 'coffee-corner');
    await user.selectOptions(screen.getByLabelText('Primary Language'), 'English');
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    await user.click(save());

    expect(await pressOk(user, DIALOG_TEXT.successTitle)).toContain(MERCHANT_TEXT.profileCreated);
    expect(server.calls('POST /api/mymerchant/profile')[0]!.body).toEqual({
      programId: 11,
      testURL: 'coffee-corner',
      primaryLanguageId: 1,
      secundaryLanguageId: null,
      siteThemeId: 2,
      overrideCSS: defaultMerchantStylesheet(2),
    });
    expect(Cookies.get('id')).toBe('40');
    await waitFor(() => expect(currentPath()).toBe(paths.mm.wizard.setting.path));
    expect(window.location.hash).toContain('id=40');
  });

  it('a URL the server refuses shows under the URL field', async () => {
    server.on('POST /api/mymerchant/profile', {
      status: 409,
      body: { errorCode: 9, errorMessage: 'testURL: coffee is already used' },
    });
    const { user } = openStep();
    await user.selectOptions(await screen.findByLabelText('Scheme Name'), 'Coffee Gift');
    await user.type(screen.getByLabelText('URL'), 'coffee');
    await user.selectOptions(screen.getByLabelText('Primary Language'), 'English');
    await user.click(screen.getByRole('radio', { name: 'Light' }));
    await user.click(save());
    await waitFor(() =>
      expect(screen.getByLabelText('URL')).toHaveAccessibleDescription('coffee is already used'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('updates an existing profile: program locked; a theme change resets the stylesheet', async () => {
    const { user } = openStep(5);
    const scheme = await screen.findByLabelText('Scheme Name');
    await waitFor(() => expect(scheme).toHaveValue('12'));
    expect(scheme).toBeDisabled();
    expect(screen.getByLabelText('URL')).toHaveValue('cafe');
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(within(steps()).getByRole('link', { name: 'Summary' })).toBeVisible();

    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    await user.click(save());
    expect(await pressOk(user, DIALOG_TEXT.successTitle)).toContain(MERCHANT_TEXT.profileUpdated);
    expect(merchant.writes()).toEqual(['PUT /api/mymerchant/profile/5']);
    expect(merchant.profiles[0]).toMatchObject({
      programId: 12,
      testURL: 'cafe',
      siteThemeId: 2,
      secundaryLanguageId: null,
      overrideCSS: defaultMerchantStylesheet(2),
    });
    await waitFor(() => expect(currentPath()).toBe(paths.mm.wizard.setting.path));
  });

  it('a theme change over a styled stylesheet asks with Cancel focused, so Enter keeps it', async () => {
    const styled = `${defaultMerchantStylesheet(1)}\n/* precious custom css */\n`;
    merchant.profiles[0] = { ...CAFE, overrideCSS: styled };
    const { user } = openStep(5);
    await waitFor(() => expect(screen.getByLabelText('URL')).toHaveValue('cafe'));
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    await user.click(save());

    const question = await screen.findByRole('dialog', { name: THEME_CHANGE_TEXT.title });
    const cancel = within(question).getByRole('button', { name: DIALOG_TEXT.cancel });
    await waitFor(() => expect(cancel).toHaveFocus());
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(merchant.writes()).toEqual([]);
    expect(merchant.profiles[0]!.overrideCSS).toBe(styled);
    expect(currentPath()).toBe(paths.mm.wizard.setup.path);
  });
});
