import { screen, waitFor } from '@testing-library/react';
import { MERCHANT_TEXT } from '@contracts/api/merchant';
import { DIALOG_TEXT, FIELD_MESSAGES } from '@contracts/api/messages';
import { paths, withId } from '@/config/paths';
import { currentPath, renderApp, setTokenCookie } from '../../support/client-app';
import { pressOk } from '../../support/dialogs';
import { installFakeFetch, type FakeFetch } from '../../support/fake-fetch';
import {
  installMerchantServer,
  makeMerchantProfile,
  type MerchantFake,
} from './merchant-fake-server';

let server: FakeFetch;
let merchant: MerchantFake;

beforeAll(() => import('@/features/my-merchant/components/merchant-area'));

beforeEach(() => {
  server = installFakeFetch();
  merchant = installMerchantServer(server, {
    profiles: [makeMerchantProfile({ id: 7, siteTitle: 'Old title', analyticsTrackingCode: null })],
  });
  setTokenCookie();
});
afterEach(() => server.restore());

const openStep = () => renderApp({ route: withId(paths.mm.wizard.setting, 7) });
const save = () => screen.getByRole('button', { name: 'Save & Continue' });

describe('merchant step 2, Site Settings (02 §2, §5)', () => {
  it('without an id the wizard goes to step 1', async () => {
    renderApp({ route: paths.mm.wizard.setting.path });
    await waitFor(() => expect(currentPath()).toBe(paths.mm.wizard.setup.path));
  });

  it('checks the title (required, 2 to 100); nothing is sent while invalid', async () => {
    const { user } = openStep();
    const title = await screen.findByLabelText('Site Title');
    await waitFor(() => expect(title).toHaveValue('Old title'));
    expect(screen.getByText(MERCHANT_TEXT.stepOf(2))).toBeVisible();
    await user.clear(title);
    await user.click(save());
    expect(title).toHaveAccessibleDescription(FIELD_MESSAGES.required);
    await user.type(title, 'A');
    expect(title).toHaveAccessibleDescription(FIELD_MESSAGES.minlength);
    await user.type(title, 'b'.repeat(100));
    expect(title).toHaveAccessibleDescription(FIELD_MESSAGES.maxlength);
    await user.click(save());
    expect(merchant.writes()).toEqual([]);
  });

  it('saves through sitesettings, says so, then goes to step 3', async () => {
    const { user } = openStep();
    const title = await screen.findByLabelText('Site Title');
    await waitFor(() => expect(title).toHaveValue('Old title'));
    await user.clear(title);
    await user.type(title, 'Cafe corner');
    await user.type(screen.getByLabelText('Google Analytics Tracking Code'), 'G-123');
    await user.click(save());

    expect(await pressOk(user, DIALOG_TEXT.successTitle)).toContain(MERCHANT_TEXT.profileUpdated);
    expect(server.calls('POST /api/mymerchant/profile/sitesettings')[0]!.body).toEqual({
      id: 7,
      siteTitle: 'Cafe corner',
      analyticsTrackingCode: 'G-123',
    });
    await waitFor(() => expect(currentPath()).toBe(paths.mm.wizard.page.path));
  });

  it('an empty tracking code is sent as null', async () => {
    const { user } = openStep();
    await waitFor(async () =>
      expect(await screen.findByLabelText('Site Title')).toHaveValue('Old title'),
    );
    await user.click(save());
    await pressOk(user, DIALOG_TEXT.successTitle);
    expect(server.calls('POST /api/mymerchant/profile/sitesettings')[0]!.body).toEqual({
      id: 7,
      siteTitle: 'Old title',
      analyticsTrackingCode: null,
    });
  });

  it('a failed save shows the server’s message (the journal’s decision) and stays', async () => {
    server.on('POST /api/mymerchant/profile/sitesettings', {
      status: 400,
      body: { errorCode: 1, errorMessage: 'siteTitle: too long' },
    });
    const { user } = openStep();
    await waitFor(async () =>
      expect(await screen.findByLabelText('Site Title')).toHaveValue('Old title'),
    );
    await user.click(save());
    expect(await pressOk(user, DIALOG_TEXT.errorTitle)).toContain('siteTitle: too long');
    expect(currentPath()).toBe(paths.mm.wizard.setting.path);
  });
});
