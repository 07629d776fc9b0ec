import { screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { EMBEDDED } from '@contracts/api/paths';
import { reviewMailSentText, type ReviewMailRequest } from '@contracts/api/mail';
import {
  SCHEME_EMBEDDED,
  SCHEME_TEXT,
  type BaseCampaignNonAction,
  type UploadedFile,
} from '@contracts/api/schemes';
import { paths, withId } from '@/config/paths';
import { captureElementPng } from '@/features/schemes/lib/screenshot';
import { ACTIVATION_TEXT, SCHEME_STATE_TEXT } from '@/features/schemes/lib/scheme-texts';
import {
  buildBaseCampaignAction,
  buildCardBin,
  buildClient,
  buildFinancialSettlement,
  buildGiftConfig,
  buildLiabilityReportConfig,
  buildLoyaltyConfig,
  buildScheme,
} from '../../support/builders';
import { currentPath, embeddedList, renderApp, setTokenCookie } from '../../support/client-app';
import { installFakeFetch, NETWORK_ERROR, type FakeFetch } from '../../support/fake-fetch';
import { installSchemeServer, type SchemeFake } from './scheme-fake-server';

// The screenshot needs a real browser; here it is a fixed PNG (the module is its only user).
jest.mock('@/features/schemes/lib/screenshot', () => ({
  captureElementPng: jest.fn(),
}));
const capture = jest.mocked(captureElementPng);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let server: FakeFetch;
let fake: SchemeFake;

const gift = paths.gift.wizard;
const loyalty = paths.loyalty.wizard;
const CLIENT = buildClient({ clientId: 1, clientName: 'Coffee Co' });
const GIFT = buildScheme({
  programId: 11,
  clientId: 1,
  clientName: 'Coffee Co',
  schemeName: 'Coffee Gift',
  poweruserLogin: 'coffee.owner',
  schemeShortName: 'COFFEE',
  schemeAbbreviation: 'CFG',
  transactionMethodsStr: '1,3',
  email: 'owner@coffee.example',
});
const UNCONFIGURED = buildScheme({ programId: 12, clientId: 1, schemeName: 'Books Gift' });
const LOYAL = buildScheme({ programId: 21, programTypeId: 3, clientId: 1, schemeName: 'Points' });
const UPLOADED_AT = Date.UTC(2026, 2, 4, 9, 5, 7) / 1000;
const FILES: UploadedFile[] = [{ fileName: 'cards-march.txt', createdDate: UPLOADED_AT }];

beforeEach(() => {
  server = installFakeFetch();
  fake = installSchemeServer(server, {
    clients: [CLIENT],
    schemes: [GIFT, UNCONFIGURED, LOYAL],
    configs: [
      buildGiftConfig({ programId: 11, suffixStand: '004', suffixVirtual: null }),
      buildLoyaltyConfig({ programId: 21 }),
    ],
    settlements: [
      buildFinancialSettlement({
        programId: 11,
        bankName: 'Test Bank',
        poolAccName: 'Coffee Pool',
      }),
    ],
    bins: [buildCardBin({ id: 1, name: 'Coffee BIN', number: '627182', cardLength: 16 })],
  });
  server.on('GET /api/gift-card/configurations/expiry-type', {
    body: embeddedList(EMBEDDED.expiryTypes, [{ id: 1, value: 'Activation Date' }]),
  });
  server.on('GET /api/gift-card/configurations/expiry-term', {
    body: embeddedList(EMBEDDED.expiryTerms, [{ id: 12, value: '12 months' }]),
  });
  server.on('GET /api/gift-card/liability/frequency', {
    body: embeddedList(SCHEME_EMBEDDED.frequencies, [{ id: 3, value: 'Weekly' }]),
  });
  server.on('GET /api/gift-card/liability/schedulerFunction', {
    body: embeddedList(SCHEME_EMBEDDED.schedulerFunctions, [{ id: 2, value: 'End of month' }]),
  });
  server.on('GET /api/gift-card/liability', (request) =>
    request.url.searchParams.get('programId') === '11'
      ? {
          body: buildLiabilityReportConfig({
            programId: 11,
            emailRecipient: 'a@x.example,b@x.example',
          }),
        }
      : { status: 404, body: { errorCode: 3, errorMessage: 'none' } },
  );
  for (const id of [11, 12, 21]) {
    server.on(`GET /api/gift-card/summaries/${id}/uploaded-files`, {
      body: embeddedList(SCHEME_EMBEDDED.files, id === 11 ? FILES : []),
    });
    server.on(`PUT /api/gift-card/summaries/${id}`, { body: { programId: id, schemeStatus: 5 } });
  }
  server.on('POST /images/review', { status: 201, body: { id: 'review-1' } });
  server.on('POST /mail', (request) => {
    const { email, schemeName, programId } = request.body as ReviewMailRequest;
    // As the server does: the scheme named is marked as sent for review.
    const scheme = fake.schemes.find((each) => each.programId === programId);
    if (scheme) scheme.reviewSentAt = 1_780_000_000;
    return { body: { id: 'mail-1', email, schemeName, status: 'kept' } };
  });
  capture.mockReset();
  capture.mockResolvedValue(new Blob([PNG], { type: 'image/png' }));
  setTokenCookie();
});
afterEach(() => server.restore());

type User = ReturnType<typeof renderApp>['user'];

async function open(route: string = withId(gift.summary, 11)) {
  const rendered = renderApp({ route });
  await screen.findByRole('region', { name: 'Scheme Details' });
  return rendered;
}

/** The value shown for `label` in the section titled `section`. */
function valueIn(section: string, label: string): string | null {
  const region = screen.getByRole('region', { name: section });
  return within(region).getByText(label, { selector: 'dt' }).nextElementSibling!.textContent;
}

async function expectValue(section: string, label: string, value: string) {
  await waitFor(() => expect(valueIn(section, label)).toBe(value));
}

async function okDialog(user: User, title: string, text: string) {
  const dialog = await screen.findByRole('dialog', { name: title });
  expect(dialog).toHaveTextContent(text);
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
}

const button = (name: string) => screen.getByRole('button', { name });

/** The Summary's heading: the scheme's name and its state. */
const stateHeading = (schemeName: string, state: string) =>
  screen.findByRole('heading', { name: `${schemeName} ${SCHEME_STATE_TEXT.label} ${state}` });

/** Activate Scheme, and the question naming the scheme answered with `answer`. */
async function activate(user: User, schemeName: string, answer: 'confirm' | 'cancel') {
  await user.click(button('Activate Scheme'));
  const question = await screen.findByRole('dialog', {
    name: ACTIVATION_TEXT.confirmTitle(schemeName),
  });
  expect(question).toHaveTextContent(ACTIVATION_TEXT.confirmMessage(schemeName));
  // Activation cannot be undone: Cancel has the focus.
  expect(within(question).getByRole('button', { name: ACTIVATION_TEXT.cancel })).toHaveFocus();
  await user.click(within(question).getByRole('button', { name: ACTIVATION_TEXT[answer] }));
}

describe('Summary (03 §2 Summary)', () => {
  it('shows every read-only section of a gift scheme', async () => {
    await open();
    expect(screen.getByText('step 6 of 6')).toBeInTheDocument();
    await expectValue('Scheme Details', 'Scheme Name', 'Coffee Gift');
    await expectValue('Scheme Details', 'Owner', 'coffee.owner');
    await expectValue('Scheme Details', 'Short Name', 'COFFEE');
    await expectValue('Scheme Details', 'Pool Trader', 'Coffee Pool');
    await expectValue('Scheme Details', 'Abbreviation', 'CFG');
    await expectValue('Scheme Details', 'Transacting Methods', 'Card, Online');

    await expectValue('Card Details', 'Card Type', '[Card Type]');
    await expectValue('Card Details', 'Card Name', 'Coffee BIN');
    await expectValue('Card Details', 'BIN Number', '627182');
    await expectValue('Card Details', 'Card Number Length', '16');

    await expectValue('Create Cards', 'Standard', '004');
    await expectValue('Create Cards', 'Virtual', '[Virtual]');
    await expectValue('Create Cards', 'Bulk Order', '[Bulk Order]');

    await expectValue('Expiry', 'Calculate From', 'Activation Date');
    await expectValue('Expiry', 'Expiry Term', '12 months');

    await expectValue('Merchant Transaction Types', 'Top-Up', 'Yes');
    await expectValue('Merchant Transaction Types', 'Redeem', 'Yes');
    await expectValue('Merchant Transaction Types', 'Multiple Top-Ups', 'Yes');

    await expectValue('Cardholder Settings', 'Min Top-Up', '5.00');
    await expectValue('Cardholder Settings', 'Max Top-Up', '500.00');
    await expectValue('Cardholder Settings', 'Min Redeem', '1.00');
    await expectValue('Cardholder Settings', 'Max Transaction Value', '1000.00');

    await expectValue('Financial Settlement', 'Bank', 'Test Bank');
    await expectValue('Financial Settlement', 'Authority Number', '123456');
    await expectValue('Financial Settlement', 'Pool Account Number', '062-000 12345678');
    await expectValue('Financial Settlement', 'Settle On', 'Weekly, Monday');

    await expectValue('Liability Report', 'Recipient', 'a@x.example, b@x.example');
    await expectValue('Liability Report', 'Subject', 'Liability report');
    await expectValue('Liability Report', 'Frequency', 'Weekly');
    // The day the Liability step shows for 1 Dec 2026 (UTC midnight), in any zone.
    await expectValue('Liability Report', 'Next Execution Date', '01.12.2026');
    await expectValue('Liability Report', 'Grouping Horizon', '3');
    expect(screen.queryByRole('region', { name: 'Base Campaign' })).toBeNull();

    const uploaded = screen.getByRole('region', { name: 'Files Uploaded' });
    const shown = format(new Date(UPLOADED_AT * 1000), 'HH:mm:ss dd/MM/yyyy');
    expect(shown).toMatch(/^\d{2}:\d{2}:\d{2} \d{2}\/\d{2}\/\d{4}$/);
    expect(await within(uploaded).findByRole('listitem')).toHaveTextContent(
      `${shown}cards-march.txt`,
    );
    expect(
      within(screen.getByRole('region', { name: 'Files Created' })).queryAllByRole('listitem'),
    ).toHaveLength(0);
    for (const name of ['Edit Scheme', 'Send to Review', 'Activate Scheme']) {
      expect(button(name)).toBeEnabled();
    }
  });

  it('a loyalty scheme shows its base campaign and loyalty fields, no bulk order', async () => {
    server.on('GET /api/gift-card/base-campaign/campaign-action/21', {
      body: buildBaseCampaignAction({ programId: 21, actionTypeId: 4 }),
    });
    const rows: BaseCampaignNonAction[] = [
      { programId: 21, actionTypeId: 4, fromValue: 0, toValue: 20, multiplier: 1 },
      { programId: 21, actionTypeId: 4, fromValue: 21, toValue: 200, multiplier: 2.5 },
    ];
    server.on('GET /api/gift-card/base-campaign/campaign-non-action/21', {
      body: embeddedList(SCHEME_EMBEDDED.nonActions, rows),
    });
    await open(withId(loyalty.summary, 21));
    expect(screen.getByText('step 7 of 7')).toBeInTheDocument();
    await expectValue('Base Campaign', 'Action', 'Sliding Scale');
    await expectValue('Base Campaign', 'Scale', '$0 - $20 x 1; $21 - $200 x 2.5');
    await expectValue('Merchant Transaction Types', 'Loyalty Redeem', 'Yes');
    expect(
      within(screen.getByRole('region', { name: 'Create Cards' })).queryByText('Bulk Order'),
    ).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Cardholder Settings' })).queryByText('Min Top-Up'),
    ).toBeNull();
    // No settlement or liability yet: empty values read "-".
    await expectValue('Financial Settlement', 'Bank', '-');
    await expectValue('Liability Report', 'Recipient', '-');
  });

  it('"Edit Scheme" goes back to Client Setup of the scheme', async () => {
    const { user } = await open();
    await user.click(button('Edit Scheme'));
    await waitFor(() => expect(currentPath()).toBe(gift.setup.path));
    expect(window.location.hash).toBe(`#${gift.setup.path}?id=11`);
  });

  it('shows the scheme in setup in its heading (statuses 1 to 4)', async () => {
    await open();
    expect(await stateHeading('Coffee Gift', SCHEME_STATE_TEXT.setup)).toBeInTheDocument();
  });

  it('activation asks first, naming the scheme; Cancel activates nothing', async () => {
    const { user } = await open();
    await activate(user, 'Coffee Gift', 'cancel');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.writes()).toEqual([]);
    expect(currentPath()).toBe(gift.summary.path);
    expect(button('Activate Scheme')).toBeEnabled();
  });

  it('an active scheme says so, and its Activate Scheme is disabled with a note why', async () => {
    fake.schemes.find((each) => each.programId === 11)!.schemeStatus = 5;
    fake.schemes.find((each) => each.programId === 11)!.reviewSentAt = 1_780_000_000;
    await open();
    // Active comes before Sent for review.
    expect(await stateHeading('Coffee Gift', SCHEME_STATE_TEXT.active)).toBeInTheDocument();
    expect(button('Activate Scheme')).toBeDisabled();
    expect(button('Activate Scheme')).toHaveAccessibleDescription(ACTIVATION_TEXT.alreadyActive);
    expect(screen.getByText(ACTIVATION_TEXT.alreadyActive)).toBeVisible();
    expect(button('Send to Review')).toBeEnabled();
  });

  it('activates after fetching the config, says so and goes to the dashboard', async () => {
    const { user } = await open();
    const configReads = server.calls('GET /api/gift-card/configurations/11').length;
    await activate(user, 'Coffee Gift', 'confirm');
    await okDialog(user, SCHEME_TEXT.successTitle, SCHEME_TEXT.activated);
    expect(server.calls('GET /api/gift-card/configurations/11').length).toBe(configReads + 1);
    expect(fake.writes()).toEqual(['PUT /api/gift-card/summaries/11']);
    await waitFor(() => expect(currentPath()).toBe(paths.gift.dashboard.path));
  });

  it('without a configuration: "Failed" with the 03 §8 text, then Configuration', async () => {
    // Summary opens only with a configuration (03 §2); this one is gone when Activate reads it.
    const { user } = await open();
    server.on('GET /api/gift-card/configurations/11', {
      status: 404,
      body: { errorCode: 3, errorMessage: 'Configuration not found' },
    });
    await activate(user, 'Coffee Gift', 'confirm');
    await okDialog(user, SCHEME_TEXT.failedTitle, SCHEME_TEXT.activateWithoutConfig);
    expect(fake.writes()).toEqual([]);
    await waitFor(() => expect(currentPath()).toBe(gift.config.path));
    expect(window.location.hash).toBe(`#${gift.config.path}?id=11`);
  });

  it('a refused activation shows "Failed: {errorCode}" and stays', async () => {
    server.on('PUT /api/gift-card/summaries/11', {
      status: 409,
      body: { errorCode: 7, errorMessage: SCHEME_TEXT.activateWithoutConfig },
    });
    const { user } = await open();
    await activate(user, 'Coffee Gift', 'confirm');
    await okDialog(user, SCHEME_TEXT.failedCodeTitle(7), SCHEME_TEXT.activateWithoutConfig);
    expect(currentPath()).toBe(gift.summary.path);
    expect(button('Activate Scheme')).toBeEnabled();
  });

  it('"Send to Review" sends a screenshot of the summary, then the mail to the scheme e-mail', async () => {
    const { user } = await open();
    await stateHeading('Coffee Gift', SCHEME_STATE_TEXT.setup);
    await expectValue('Scheme Details', 'Scheme Name', 'Coffee Gift');
    await user.click(button('Send to Review'));
    await okDialog(
      user,
      SCHEME_TEXT.successTitle,
      reviewMailSentText('Coffee Gift', 'owner@coffee.example'),
    );
    expect(capture).toHaveBeenCalledTimes(1);
    const captured = capture.mock.calls[0]![0];
    expect(captured).toBe(screen.getByRole('region', { name: 'Scheme summary' }));
    expect(within(captured).queryByRole('button')).toBeNull();
    expect(fake.writes()).toEqual(['POST /images/review', 'POST /mail']);
    expect(String(fake.writeBody(0))).toContain('name="file"');
    expect(fake.writeBody(1)).toEqual({
      email: 'owner@coffee.example',
      schemeName: 'Coffee Gift',
      image: 'review-1',
      programId: 11,
    });
    // The scheme is read again: its heading says it went for review.
    expect(await stateHeading('Coffee Gift', SCHEME_STATE_TEXT.review)).toBeInTheDocument();
  });

  it('a failed review mail shows "Error: {errorCode}" with the server message', async () => {
    server.on('POST /mail', {
      status: 400,
      body: { errorCode: 1, errorMessage: 'email: Invalid email address' },
    });
    const { user } = await open();
    await user.click(button('Send to Review'));
    await okDialog(user, SCHEME_TEXT.errorTitle(1), 'email: Invalid email address');
    expect(button('Send to Review')).toBeEnabled();
  });

  it('a review upload without an answer shows an error and sends no mail', async () => {
    server.on('POST /images/review', NETWORK_ERROR);
    const { user } = await open();
    await user.click(button('Send to Review'));
    expect(await screen.findByRole('dialog', { name: /^Error: / })).toBeInTheDocument();
    expect(server.calls('POST /mail')).toHaveLength(0);
  });

  it('a failed uploaded-file list shows "Failed fetching Uploaded file list"', async () => {
    server.on('GET /api/gift-card/summaries/11/uploaded-files', {
      status: 500,
      body: { errorCode: 9, errorMessage: 'The file list is not available' },
    });
    const { user } = await open();
    await okDialog(user, SCHEME_TEXT.uploadedFilesFailedTitle, 'The file list is not available');
  });
});
