import { screen, waitFor, within } from '@testing-library/react';
import { EMBEDDED } from '@contracts/api/paths';
import { DIALOG_TEXT, FIELD_MESSAGES } from '@contracts/api/messages';
import { SCHEME_LIMITS, SCHEME_TEXT, type Config, type ConfigInput } from '@contracts/api/schemes';
import { UNSAVED_CHANGES_TEXT } from '@/components/wizard/unsaved-changes';
import { paths, withId } from '@/config/paths';
import { CONFIG_LABEL } from '@/features/schemes/lib/configuration-form';
import {
  buildCardBin,
  buildClient,
  buildGiftConfig,
  buildLoyaltyConfig,
  buildScheme,
} from '../../support/builders';
import { currentPath, embeddedList, renderApp, setTokenCookie } from '../../support/client-app';
import { deferred, installFakeFetch, type FakeFetch } from '../../support/fake-fetch';
import { installSchemeServer, type SchemeFake } from './scheme-fake-server';

let server: FakeFetch;
let fake: SchemeFake;

const gift = paths.gift.wizard;
const loyalty = paths.loyalty.wizard;

const TRANSACTOR = buildClient({ clientId: 1, clientName: 'Coffee Co' });
const LOCAL = buildClient({
  clientId: 2,
  clientName: 'Harbour City',
  binTypeId: 2,
  binNumber: '627182001',
  binName: 'Harbour City Local',
  binCountryId: 1,
});
const BINS = [
  buildCardBin({ id: 1, number: '627182', name: 'Transactor Gift 16' }),
  buildCardBin({ id: 2, number: '627183', name: 'Transactor Gift 19', extensionLength: 4 }),
  buildCardBin({
    id: 5,
    number: '627182001',
    name: 'Harbour City Local',
    cardLength: 19,
    extensionLength: 2,
    flInternal: 0,
  }),
];
/** The next free extension base of each BIN (GET bins/{id}/extension-number). */
const BASES: Record<number, number> = { 1: 3, 2: 0, 5: 7 };

const SCHEMES = [
  buildScheme({ programId: 11, clientId: 1, clientName: 'Coffee Co' }),
  buildScheme({ programId: 12, clientId: 1, clientName: 'Coffee Co', schemeStatus: 2 }),
  buildScheme({ programId: 13, clientId: 2, clientName: 'Harbour City' }),
  buildScheme({ programId: 21, clientId: 1, clientName: 'Coffee Co', programTypeId: 3 }),
  buildScheme({ programId: 22, clientId: 1, clientName: 'Coffee Co', programTypeId: 3 }),
];
const SAVED_GIFT = buildGiftConfig({
  programId: 12,
  liveCardBinId: 1,
  suffixStand: '002',
  numberStandCards: 100,
  creditMin: 5,
  creditMax: 1000,
});

const SAVED_LOYALTY = buildLoyaltyConfig({
  programId: 22,
  liveCardBinId: 1,
  suffixStand: '003',
  loyaltyBalanceMax: 5000,
  redeemMax: 2000,
});

beforeEach(() => {
  server = installFakeFetch();
  fake = installSchemeServer(server, {
    clients: [TRANSACTOR, LOCAL],
    schemes: SCHEMES,
    configs: [SAVED_GIFT, SAVED_LOYALTY],
    bins: BINS,
  });
  server.on('GET /api/gift-card/configurations/expiry-type', {
    body: embeddedList(EMBEDDED.expiryTypes, [
      { id: 1, value: 'Activation Date' },
      { id: 2, value: 'Last Transaction Date' },
    ]),
  });
  server.on('GET /api/gift-card/configurations/expiry-term', {
    body: embeddedList(EMBEDDED.expiryTerms, [
      { id: 12, value: '12 months' },
      { id: 36, value: '36 months' },
    ]),
  });
  for (const [binId, base] of Object.entries(BASES)) {
    server.on(`GET /api/gift-card/bins/${binId}/extension-number`, {
      body: { singleValue: base },
    });
  }
  server.on('POST /api/gift-card/configurations', (request) => {
    const created = { ...(request.body as ConfigInput), schemeStatus: 2 } as Config;
    // Kept, as the server keeps it: the scheme's configuration reads answer it from now on.
    server.on(`GET /api/gift-card/configurations/${created.programId}`, { body: created });
    return { status: 200, body: created };
  });
  for (const scheme of SCHEMES) {
    server.on(`PUT /api/gift-card/configurations/${scheme.programId}`, (request) => ({
      body: { ...(request.body as ConfigInput), schemeStatus: 2 } as Config,
    }));
  }
  setTokenCookie();
});
afterEach(() => server.restore());

type User = ReturnType<typeof renderApp>['user'];
const field = (label: string) => screen.getByLabelText(label);
const box = (name: string) => screen.getByRole('checkbox', { name });
const save = () => screen.getByRole('button', { name: SCHEME_TEXT.buttons.saveContinue });

async function open(route: string, clientName = 'Coffee Co') {
  const rendered = renderApp({ route });
  await screen.findByRole('heading', { name: `Scheme Configuration for ${clientName}` });
  return rendered;
}

async function typeInto(user: User, label: string, text: string) {
  await user.clear(field(label));
  await user.type(field(label), text);
  await user.tab();
}

async function fillGift(user: User) {
  await user.selectOptions(field('Calculate Expiry From'), 'Activation Date');
  await user.selectOptions(field('Expiry Term'), '12 months');
  await typeInto(user, 'Minimum Credit Value', '5');
  await typeInto(user, 'Maximum Credit Value', '500');
  await typeInto(user, 'Minimum Top-Up Value', '10');
  await typeInto(user, 'Maximum Top-Up Value', '200');
  await typeInto(user, 'Minimum Redeem Value', '1');
  await typeInto(user, 'Maximum Transaction Value', '500');
}

async function chooseMasterBin(user: User, label: string) {
  await user.selectOptions(field('Master BIN'), label);
  await waitFor(() => expect(box('Standard')).toBeEnabled());
}

describe('Configuration step (03 §2 step 2, §4, §5)', () => {
  it('shows the gift sections, step 2 of 6, and creates the configuration', async () => {
    const { user } = await open(withId(gift.config, 11));
    for (const title of [
      'Set the Rules',
      'Total Credit Value',
      'Top-Up or Reload Value',
      'Redeem Value',
      'Transaction Value',
      'Merchant Transaction Types',
      'Create Cards',
      'Suffixes',
      'Create Card Files',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeVisible();
    }
    expect(screen.queryByRole('heading', { name: 'Total Loyalty Value' })).toBeNull();
    expect(screen.getByText('step 2 of 6')).toBeInTheDocument();
    // Only the master (internal) BINs are offered to a transactor client.
    const options = within(field('Master BIN'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['', '627182 - Transactor Gift 16', '627183 - Transactor Gift 19']);

    await fillGift(user);
    await chooseMasterBin(user, '627182 - Transactor Gift 16');
    expect(field('Card Length')).toHaveValue('16');
    await user.click(box('Standard'));
    await typeInto(user, 'Number of Standard Cards', '250');
    await user.click(box('Multiple Top-Ups'));
    await user.click(box('Redeem'));
    await user.click(save());

    const dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.successTitle });
    expect(dialog).toHaveTextContent(SCHEME_TEXT.configCreated);
    expect(fake.writes()).toEqual(['POST /api/gift-card/configurations']);
    expect(server.calls('POST /api/gift-card/configurations')[0]!.url.search).toBe(
      '?responseBody=true',
    );
    expect(fake.writeBody(0)).toEqual({
      programId: 11,
      programTypeId: 1,
      expiryExtend: 0,
      expiryFrom: 1,
      expiryTerm: 12,
      creditMin: 5,
      creditMax: 500,
      topupMin: 10,
      topupMax: 200,
      multiTopup: 1,
      redeemMin: 1,
      redeemMax: 500,
      merchantTopup: 0,
      merchantRedeem: 1,
      liveCardBinId: 1,
      suffixLength: 3,
      suffixStand: '004',
      suffixBulk: null,
      suffixVirtual: null,
      numberStandCards: 250,
      numberBulkCards: null,
      schemeStatus: 2,
    });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(currentPath()).toBe(gift.upload.path));
    expect(window.location.hash).toBe(`#${gift.upload.path}?id=11`);
    // Still there once the configuration has been read again.
    await waitFor(() =>
      expect(server.calls('GET /api/gift-card/configurations/11').length).toBeGreaterThan(1),
    );
    await screen.findByText('step 3 of 6');
    expect(window.location.hash).toBe(`#${gift.upload.path}?id=11`);
  });

  it('suffixes: ticked from the BIN base by position, zero-padded, cleared on unticking', async () => {
    const { user } = await open(withId(gift.config, 11));
    // No base before a BIN is chosen: nothing can be ticked.
    for (const name of ['Standard', 'Bulk Order', 'Virtual']) expect(box(name)).toBeDisabled();
    expect(field('Number of Standard Cards')).toBeDisabled();
    expect(field('Number of Bulk Order Cards')).toBeDisabled();

    await chooseMasterBin(user, '627183 - Transactor Gift 19');
    expect(server.calls('GET /api/gift-card/bins/2/extension-number')).toHaveLength(1);
    await user.click(box('Virtual'));
    expect(field('Virtual Suffix')).toHaveValue('0003');
    await user.click(box('Bulk Order'));
    expect(field('Bulk Order Suffix')).toHaveValue('0002');
    expect(field('Number of Bulk Order Cards')).toBeEnabled();
    expect(field('Number of Standard Cards')).toBeDisabled();
    await typeInto(user, 'Number of Bulk Order Cards', '40');

    await user.click(box('Bulk Order'));
    expect(field('Bulk Order Suffix')).toHaveValue('');
    expect(field('Number of Bulk Order Cards')).toBeDisabled();
    expect(field('Number of Bulk Order Cards')).toHaveValue('');

    // Another BIN has another base: what was ticked for the previous one is cleared.
    await chooseMasterBin(user, '627182 - Transactor Gift 16');
    expect(field('Virtual Suffix')).toHaveValue('');
    expect(box('Virtual')).not.toBeChecked();
    await user.click(box('Standard'));
    expect(field('Standard Suffix')).toHaveValue('004');
  });

  it('an invalid submit says so in a dialog and marks every required field', async () => {
    const { user } = await open(withId(gift.config, 11));
    await user.click(save());
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.errorTitle });
    expect(dialog).toHaveTextContent(DIALOG_TEXT.formNotValid);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    for (const label of [
      'Calculate Expiry From',
      'Expiry Term',
      'Minimum Credit Value',
      'Maximum Credit Value',
      'Minimum Top-Up Value',
      'Maximum Top-Up Value',
      'Minimum Redeem Value',
      'Maximum Transaction Value',
      'Master BIN',
    ]) {
      expect(field(label)).toHaveAccessibleDescription(FIELD_MESSAGES.required);
    }
    expect(fake.writes()).toEqual([]);
  });

  it('checks the money rules: two decimals, clamp, numbers, minOverMax, maxBelowMin', async () => {
    const { user } = await open(withId(gift.config, 11));
    await typeInto(user, 'Minimum Credit Value', '12.5');
    expect(field('Minimum Credit Value')).toHaveValue('12.50');
    await typeInto(user, 'Maximum Credit Value', '12000');
    expect(field('Maximum Credit Value')).toHaveValue('9999.99');
    await typeInto(user, 'Minimum Credit Value', 'abc');
    expect(field('Minimum Credit Value')).toHaveAccessibleDescription(FIELD_MESSAGES.numOnly);

    await typeInto(user, 'Maximum Credit Value', '100');
    await typeInto(user, 'Minimum Credit Value', '150');
    expect(field('Minimum Credit Value')).toHaveAccessibleDescription(FIELD_MESSAGES.minOverMax);
    expect(field('Maximum Credit Value')).toHaveAccessibleDescription(FIELD_MESSAGES.maxBelowMin);
    await typeInto(user, 'Minimum Credit Value', '10');
    expect(field('Minimum Credit Value')).not.toHaveAccessibleDescription();
    expect(field('Maximum Credit Value')).not.toHaveAccessibleDescription();
  });

  it('checks transOverLimit on top-up and transaction max, and the redeem min/max', async () => {
    const { user } = await open(withId(gift.config, 11));
    await typeInto(user, 'Maximum Credit Value', '100');
    await typeInto(user, 'Minimum Top-Up Value', '5');
    await typeInto(user, 'Maximum Top-Up Value', '150');
    expect(field('Maximum Top-Up Value')).toHaveAccessibleDescription(
      FIELD_MESSAGES.transOverLimit,
    );
    await typeInto(user, 'Minimum Redeem Value', '1');
    await typeInto(user, 'Maximum Transaction Value', '101');
    expect(field('Maximum Transaction Value')).toHaveAccessibleDescription(
      FIELD_MESSAGES.transOverLimit,
    );
    // Raising the total credit lifts both.
    await typeInto(user, 'Maximum Credit Value', '200');
    expect(field('Maximum Top-Up Value')).not.toHaveAccessibleDescription();
    expect(field('Maximum Transaction Value')).not.toHaveAccessibleDescription();

    await typeInto(user, 'Minimum Redeem Value', '101');
    expect(field('Minimum Redeem Value')).toHaveAccessibleDescription(FIELD_MESSAGES.minOverMax);
    expect(field('Maximum Transaction Value')).toHaveAccessibleDescription(
      FIELD_MESSAGES.maxBelowMin,
    );
  });

  it('card counts: digits only, at most 15', async () => {
    const { user } = await open(withId(gift.config, 11));
    await chooseMasterBin(user, '627182 - Transactor Gift 16');
    await user.click(box('Standard'));
    await typeInto(user, 'Number of Standard Cards', '12a');
    expect(field('Number of Standard Cards')).toHaveAccessibleDescription(FIELD_MESSAGES.numOnly);
    await typeInto(user, 'Number of Standard Cards', '1'.repeat(16));
    expect(field('Number of Standard Cards')).toHaveAccessibleDescription(FIELD_MESSAGES.maxlength);
    await typeInto(user, 'Number of Standard Cards', '1'.repeat(15));
    expect(field('Number of Standard Cards')).not.toHaveAccessibleDescription();
  });

  it('unticking Multiple Top-Ups with an empty min or max clears the top-up values', async () => {
    const { user } = await open(withId(gift.config, 11));
    await user.click(box('Multiple Top-Ups'));
    await typeInto(user, 'Maximum Top-Up Value', '50');
    await user.click(box('Multiple Top-Ups'));
    await waitFor(() => expect(field('Maximum Top-Up Value')).toHaveValue(''));

    await user.click(box('Multiple Top-Ups'));
    await typeInto(user, 'Minimum Top-Up Value', '5');
    await typeInto(user, 'Maximum Top-Up Value', '50');
    await user.click(box('Multiple Top-Ups'));
    expect(field('Minimum Top-Up Value')).toHaveValue('5.00');
    expect(field('Maximum Top-Up Value')).toHaveValue('50.00');
  });

  it('updates an existing configuration: BIN and saved suffix locked', async () => {
    const { user } = await open(withId(gift.config, 12));
    await waitFor(() => expect(field('Maximum Credit Value')).toHaveValue('1000.00'));
    expect(field('Master BIN')).toBeDisabled();
    expect(field('Master BIN')).toHaveDisplayValue('627182 - Transactor Gift 16');
    expect(box('Standard')).toBeChecked();
    expect(box('Standard')).toBeDisabled();
    expect(field('Standard Suffix')).toHaveValue('002');
    expect(field('Number of Standard Cards')).toHaveValue('100');
    // A suffix not saved yet may still be added (base 3 of BIN 1: Virtual is base+3).
    await waitFor(() => expect(box('Virtual')).toBeEnabled());
    await user.click(box('Virtual'));
    expect(field('Virtual Suffix')).toHaveValue('006');
    await typeInto(user, 'Maximum Credit Value', '2000');
    await user.click(save());

    const dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.successTitle });
    expect(dialog).toHaveTextContent(SCHEME_TEXT.configUpdated);
    expect(fake.writes()).toEqual(['PUT /api/gift-card/configurations/12']);
    expect(fake.writeBody(0)).toMatchObject({
      programId: 12,
      liveCardBinId: 1,
      creditMax: 2000,
      suffixStand: '002',
      suffixVirtual: '006',
      numberStandCards: 100,
    });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(currentPath()).toBe(gift.upload.path));
    expect(window.location.hash).toBe(`#${gift.upload.path}?id=12`);
  });

  it('a save with Enter in a money field moves on after OK with no question, the re-read held', async () => {
    const { user } = await open(withId(gift.config, 12));
    await waitFor(() => expect(field('Maximum Credit Value')).toHaveValue('1000.00'));
    // The record's re-read after the save answers only once the step has moved on.
    const reread = deferred<true>();
    server.on('GET /api/gift-card/configurations/12', async () => {
      await reread.promise;
      return { body: { ...SAVED_GIFT, creditMax: 2000 } };
    });
    await user.clear(field('Maximum Credit Value'));
    await user.type(field('Maximum Credit Value'), '2000{Enter}');
    const dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.successTitle });
    expect(fake.writeBody(0)).toMatchObject({ programId: 12, creditMax: 2000 });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(currentPath()).toBe(gift.upload.path));
    expect(screen.queryByRole('dialog', { name: UNSAVED_CHANGES_TEXT.title })).toBeNull();
    reread.resolve(true);
  });

  it('loyalty: Total Loyalty Value, no top-up or bulk, transOverLimit on the balance', async () => {
    const { user } = await open(withId(loyalty.config, 21));
    expect(screen.getByRole('heading', { name: 'Total Loyalty Value' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Total Credit Value' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Top-Up or Reload Value' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Bulk Order' })).toBeNull();
    expect(screen.queryByLabelText('Number of Bulk Order Cards')).toBeNull();
    expect(screen.getByText('step 2 of 7')).toBeInTheDocument();

    await user.selectOptions(field('Calculate Expiry From'), 'Last Transaction Date');
    await user.selectOptions(field('Expiry Term'), '36 months');
    await typeInto(user, 'Minimum Loyalty Value', '0');
    await typeInto(user, 'Maximum Loyalty Value', '300');
    await typeInto(user, 'Minimum Redeem Value', '10');
    await typeInto(user, 'Maximum Transaction Value', '400');
    expect(field('Maximum Transaction Value')).toHaveAccessibleDescription(
      FIELD_MESSAGES.transOverLimit,
    );
    await typeInto(user, 'Maximum Transaction Value', '300');
    await chooseMasterBin(user, '627182 - Transactor Gift 16');
    await user.click(box('Virtual'));
    await user.click(box('Loyalty Redeem'));
    await user.click(box('Extend Expiry'));
    await user.click(save());

    const dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.successTitle });
    expect(dialog).toHaveTextContent(SCHEME_TEXT.configCreated);
    expect(fake.writeBody(0)).toEqual({
      programId: 21,
      programTypeId: 3,
      expiryExtend: 1,
      expiryFrom: 2,
      expiryTerm: 36,
      loyaltyBalanceMin: 0,
      loyaltyBalanceMax: 300,
      redeemMin: 10,
      redeemMax: 300,
      merchantRedeem: 0,
      merchantLoyaltyRedeem: 1,
      liveCardBinId: 1,
      suffixLength: 3,
      suffixStand: null,
      suffixVirtual: '006',
      numberStandCards: null,
      schemeStatus: 2,
    });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(currentPath()).toBe(loyalty.upload.path));
  });

  it('loyalty: the Loyalty Value min and max are required, the min under the max', async () => {
    const { user } = await open(withId(loyalty.config, 21));
    await user.click(save());
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.errorTitle });
    expect(dialog).toHaveTextContent(DIALOG_TEXT.formNotValid);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(field('Minimum Loyalty Value')).toHaveAccessibleDescription(FIELD_MESSAGES.required);
    expect(field('Maximum Loyalty Value')).toHaveAccessibleDescription(FIELD_MESSAGES.required);

    await typeInto(user, 'Maximum Loyalty Value', '100');
    await typeInto(user, 'Minimum Loyalty Value', '150');
    expect(field('Minimum Loyalty Value')).toHaveAccessibleDescription(FIELD_MESSAGES.minOverMax);
    expect(field('Maximum Loyalty Value')).toHaveAccessibleDescription(FIELD_MESSAGES.maxBelowMin);
    await typeInto(user, 'Minimum Loyalty Value', '10');
    expect(field('Minimum Loyalty Value')).not.toHaveAccessibleDescription();
    expect(field('Maximum Loyalty Value')).not.toHaveAccessibleDescription();
    expect(fake.writes()).toEqual([]);
  });

  it('updates a loyalty configuration with the loyalty field set only', async () => {
    const { user } = await open(withId(loyalty.config, 22));
    await waitFor(() => expect(field('Maximum Loyalty Value')).toHaveValue('5000.00'));
    expect(box('Standard')).toBeDisabled();
    expect(field('Standard Suffix')).toHaveValue('003');
    await typeInto(user, 'Maximum Transaction Value', '2500');
    await user.click(save());
    const dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.successTitle });
    expect(dialog).toHaveTextContent(SCHEME_TEXT.configUpdated);
    expect(fake.writes()).toEqual(['PUT /api/gift-card/configurations/22']);
    const { schemeStatus: _status, ...saved } = SAVED_LOYALTY;
    expect(fake.writeBody(0)).toEqual({ ...saved, redeemMax: 2500, schemeStatus: 2 });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(currentPath()).toBe(loyalty.upload.path));
  });

  it("a client with its own BIN uses that BIN's card BIN and base", async () => {
    const { user } = await open(withId(gift.config, 13), 'Harbour City');
    expect(screen.queryByLabelText('Master BIN')).toBeNull();
    expect(field('BIN Number')).toHaveValue('627182001');
    expect(field('BIN Number')).toHaveAttribute('readonly');
    expect(field('Card Length')).toHaveValue('19');
    await waitFor(() => expect(box('Standard')).toBeEnabled());
    await user.click(box('Standard'));
    expect(field('Standard Suffix')).toHaveValue('08');
    await fillGift(user);
    await user.click(save());
    await screen.findByRole('dialog', { name: SCHEME_TEXT.successTitle });
    expect(fake.writeBody(0)).toMatchObject({
      liveCardBinId: 5,
      suffixLength: 2,
      suffixStand: '08',
    });
  });

  it('a client whose card BIN is missing: BIN Number says so and the refused save marks it', async () => {
    const orphan = buildClient({
      clientId: 3,
      clientName: 'Orphan Co',
      binTypeId: 1,
      binNumber: '999999',
      binName: 'Orphan BIN',
    });
    fake = installSchemeServer(server, {
      clients: [TRANSACTOR, LOCAL, orphan],
      schemes: [...SCHEMES, buildScheme({ programId: 14, clientId: 3, clientName: 'Orphan Co' })],
      bins: BINS,
    });
    const { user } = await open(withId(gift.config, 14), 'Orphan Co');
    const binNumber = field(CONFIG_LABEL.binNumber);
    expect(binNumber).toHaveAccessibleDescription(CONFIG_LABEL.noOwnBin('999999'));
    expect(box('Standard')).toBeDisabled();
    await fillGift(user);
    await user.click(save());
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.errorTitle });
    expect(dialog).toHaveTextContent(DIALOG_TEXT.formNotValid);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(binNumber).toHaveAttribute('aria-invalid', 'true');
    expect(fake.writes()).toEqual([]);
  });

  it.each([
    ['under 6', SCHEME_LIMITS.configBinText.min - 1, FIELD_MESSAGES.minlength],
    ['over 9', SCHEME_LIMITS.configBinText.max + 1, FIELD_MESSAGES.maxlength],
  ])(
    "a client's own BIN stored at %s characters: BIN Number says so and the save is refused",
    async (_case, length, message) => {
      const number = '6'.repeat(length);
      const client = buildClient({
        clientId: 3,
        clientName: 'Legacy Co',
        binTypeId: 1,
        binNumber: number,
        binName: 'Legacy BIN',
      });
      fake = installSchemeServer(server, {
        clients: [TRANSACTOR, LOCAL, client],
        schemes: [...SCHEMES, buildScheme({ programId: 14, clientId: 3, clientName: 'Legacy Co' })],
        bins: [...BINS, buildCardBin({ id: 6, number, name: 'Legacy BIN', flInternal: 0 })],
      });
      server.on('GET /api/gift-card/bins/6/extension-number', { body: { singleValue: 0 } });
      const { user } = await open(withId(gift.config, 14), 'Legacy Co');
      const binNumber = field(CONFIG_LABEL.binNumber);
      expect(binNumber).toHaveValue(number);
      expect(binNumber).toHaveAccessibleDescription(message);
      await fillGift(user);
      await user.click(save());
      const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.errorTitle });
      expect(dialog).toHaveTextContent(DIALOG_TEXT.formNotValid);
      expect(fake.writes()).toEqual([]);
    },
  );

  it('a failed save shows "Error: {errorCode}" with the server message and stays', async () => {
    server.on('POST /api/gift-card/configurations', {
      status: 409,
      body: { errorCode: 9, errorMessage: 'suffixStand: 004 is already used on this BIN' },
    });
    const { user } = await open(withId(gift.config, 11));
    await fillGift(user);
    await chooseMasterBin(user, '627182 - Transactor Gift 16');
    await user.click(box('Standard'));
    await user.click(save());
    const dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.errorTitle(9) });
    expect(dialog).toHaveTextContent('suffixStand: 004 is already used on this BIN');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(currentPath()).toBe(gift.config.path);
    expect(save()).toBeEnabled();
  });

  it('asks before leaving with unsaved changes, suffix ticks included', async () => {
    const { user } = await open(withId(gift.config, 12));
    await waitFor(() => expect(box('Virtual')).toBeEnabled());
    await user.click(box('Virtual'));
    const nav = screen.getByRole('navigation', { name: 'Wizard steps' });
    await user.click(within(nav).getByRole('link', { name: 'General Settings' }));
    let dialog = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.title });
    await user.click(within(dialog).getByRole('button', { name: UNSAVED_CHANGES_TEXT.stay }));
    expect(currentPath()).toBe(gift.config.path);
    expect(field('Virtual Suffix')).toHaveValue('006');

    await user.click(within(nav).getByRole('link', { name: 'General Settings' }));
    dialog = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.title });
    await user.click(within(dialog).getByRole('button', { name: UNSAVED_CHANGES_TEXT.leave }));
    await waitFor(() => expect(currentPath()).toBe(gift.general.path));
    expect(fake.writes()).toEqual([]);
  });

  it('a configuration read failing with another status than 404 shows "Error: {status}"', async () => {
    server.on('GET /api/gift-card/configurations/11', {
      status: 500,
      body: { errorCode: 1, errorMessage: 'The data file could not be read' },
    });
    renderApp({ route: withId(gift.config, 11) });
    const dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.errorTitle(500) });
    expect(dialog).toHaveTextContent('The data file could not be read');
    expect(screen.queryByRole('button', { name: SCHEME_TEXT.buttons.saveContinue })).toBeNull();
  });
});
