/**
 * Two operators on one scheme (docs/decisions.md, "Concurrent edits"): a step saves with the
 * ETag of the record it shows as If-Match; a 412 says so, reads the record again and keeps what
 * the operator typed; a create refused because the other operator created the record first
 * keeps the typed values too, and the next save updates that record.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { ERROR_CODE } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { EMBEDDED } from '@contracts/api/paths';
import {
  SCHEME_FINANCE_MESSAGE,
  SCHEME_SERVER_MESSAGE,
  SCHEME_TEXT,
  type Config,
  type ConfigInput,
  type FinancialSettlement,
  type Scheme,
  type SchemeInput,
} from '@contracts/api/schemes';
import { paths, withId } from '@/config/paths';
import { SETTLEMENT_LABEL } from '@/features/schemes/lib/settlement-form';
import {
  buildCardBin,
  buildClient,
  buildFinancialSettlement,
  buildGiftConfig,
  buildLoyaltyConfig,
  buildScheme,
} from '../../support/builders';
import { embeddedList, renderApp, setTokenCookie } from '../../support/client-app';
import { installFakeFetch, type FakeFetch, type RecordedRequest } from '../../support/fake-fetch';
import { installSchemeServer } from './scheme-fake-server';

let server: FakeFetch;

const gift = paths.gift.wizard;
const SCHEME = buildScheme({
  programId: 11,
  clientId: 1,
  clientName: 'Coffee Co',
  schemeName: 'Coffee Gift',
  countryId: 1,
  stateId: 10,
  city: 'SYDNEY',
  mobile: '0411111111',
  transactionMethodsStr: '1,3',
});
const STALE = { errorCode: ERROR_CODE.CONFLICT, errorMessage: ERROR_MESSAGE.staleRecord };

/**
 * A record on the fake server the way the real one keeps it: read with a strong ETag, saved only
 * with the current one as If-Match (or none).
 */
function versioned<T>(initial: T | null) {
  let record = initial;
  let version = 1;
  const etag = () => `"v${version}"`;
  return {
    get: () => record,
    etag,
    /** Another operator's save. */
    set(next: T) {
      record = next;
      version += 1;
    },
    read: () =>
      record === null
        ? { status: 404, body: { errorCode: 3, errorMessage: 'Not found' } }
        : { body: record, headers: { ETag: etag() } },
    save(request: RecordedRequest, next: T) {
      const ifMatch = request.headers.get('If-Match');
      if (ifMatch !== null && ifMatch !== etag()) return { status: 412, body: STALE };
      this.set(next);
      return { body: next, headers: { ETag: etag() } };
    },
  };
}

beforeEach(() => setTokenCookie());
afterEach(() => server.restore());

type User = ReturnType<typeof renderApp>['user'];
const field = (label: string) => screen.getByLabelText(label);
const save = () => screen.getByRole('button', { name: SCHEME_TEXT.buttons.saveContinue });

async function typeInto(user: User, label: string, text: string) {
  await user.clear(field(label));
  if (text !== '') await user.paste(text);
}

/**
 * Saves again once the refused save has ended: until then Save & Continue reads unavailable and
 * does nothing.
 */
async function saveAgain(user: User) {
  await waitFor(() => expect(save()).not.toHaveAttribute('aria-disabled'));
  await user.click(save());
}

async function closeDialog(user: User, name: string | RegExp) {
  const dialog = await screen.findByRole('dialog', { name });
  const text = dialog.textContent;
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  return text;
}

describe('General Settings saved by two operators', () => {
  it('a stale save says so, shows the other save in untouched fields and keeps the typed ones', async () => {
    server = installFakeFetch();
    installSchemeServer(server, {
      clients: [buildClient({ clientId: 1, clientName: 'Coffee Co' })],
      schemes: [SCHEME],
    });
    const scheme = versioned<Scheme>(SCHEME);
    server.on('GET /api/gift-card/schemes/11', () => scheme.read());
    server.on('PUT /api/gift-card/schemes/11', (request) => {
      const {
        poweruserPassword: _p,
        poweruserPasswordRepeat: _r,
        ...body
      } = request.body as SchemeInput;
      return scheme.save(request, { ...scheme.get()!, ...body, programId: 11 } as Scheme);
    });

    const { user } = renderApp({ route: withId(gift.general, 11) });
    await waitFor(() => expect(field('City')).toHaveValue('SYDNEY'));

    // Operator B saves a new city.
    scheme.set({ ...SCHEME, city: 'MELBOURNE' });

    // Operator A changes only the mobile.
    await typeInto(user, 'Mobile', '0499999999');
    await user.click(save());
    const text = await closeDialog(user, SCHEME_TEXT.errorTitle(ERROR_CODE.CONFLICT));
    expect(text).toContain(ERROR_MESSAGE.staleRecord);
    expect(text).toContain(DIALOG_TEXT.staleRecordReloaded);
    const puts = () => server.calls('PUT /api/gift-card/schemes/11');
    expect(puts()[0]!.headers.get('If-Match')).toBe('"v1"');
    expect(scheme.get()).toMatchObject({ city: 'MELBOURNE', mobile: '0411111111' });

    // The record read again: B's city shows, A's mobile stays.
    await waitFor(() => expect(field('City')).toHaveValue('MELBOURNE'));
    expect(field('Mobile')).toHaveValue('0499999999');

    // The next save goes with the fresh ETag and keeps both changes.
    await saveAgain(user);
    await closeDialog(user, SCHEME_TEXT.successTitle);
    expect(puts()).toHaveLength(2);
    expect(puts()[1]!.headers.get('If-Match')).toBe('"v2"');
    expect(scheme.get()).toMatchObject({ city: 'MELBOURNE', mobile: '0499999999' });
  });
});

describe('Financial Settlement created by two operators', () => {
  /** Epoch seconds of local midnight, as the form sends a picked day. */
  const day = (year: number, month: number, date: number) =>
    new Date(year, month - 1, date).getTime() / 1000;

  it('the second create keeps its typed values, and its next save updates the settlement', async () => {
    server = installFakeFetch();
    installSchemeServer(server, {
      clients: [buildClient({ clientId: 1, clientName: 'Coffee Co' })],
      schemes: [SCHEME],
      configs: [buildGiftConfig({ programId: 11 })],
    });
    const settlement = versioned<FinancialSettlement>(null);
    server.on('GET /api/gift-card/financial-settlements/11', () => settlement.read());
    server.on('POST /api/gift-card/financial-settlements', () =>
      settlement.get() === null
        ? { status: 500, body: { errorCode: 99, errorMessage: 'not expected' } }
        : {
            status: 409,
            body: {
              errorCode: ERROR_CODE.CONFLICT,
              errorMessage: `programId: ${SCHEME_FINANCE_MESSAGE.settlementExists}`,
            },
          },
    );
    server.on('PUT /api/gift-card/financial-settlements/11', (request) =>
      settlement.save(request, {
        ...(request.body as FinancialSettlement),
        schemeStatus: 4,
      }),
    );

    const { user } = renderApp({ route: withId(gift.financial, 11) });
    await screen.findByRole('heading', { name: 'Financial Settlement for Coffee Co' });

    // Operator B fills the form.
    await user.click(screen.getByRole('checkbox', { name: 'Enable Financial Settlement' }));
    await user.selectOptions(field('Bank'), 'Test Bank');
    await typeInto(user, 'Bank Authority Number', '123456');
    await typeInto(user, 'Repeat Bank Authority Number', '123456');
    await typeInto(user, 'Pool Account Name', 'Pool B');
    await typeInto(user, 'Pool Bank Account Number', '06200012345678');
    await typeInto(user, 'Repeat Pool Bank Account Number', '06200012345678');
    await user.selectOptions(field('Frequency'), 'Weekly');
    await user.selectOptions(field('Day of Week'), 'Monday');
    for (const [label, text] of [
      ['Start Date', '05.01.2026'],
      ['End Date', '31.12.2026'],
    ] as const) {
      await typeInto(user, label, text);
      await user.keyboard('{Escape}');
      await user.tab();
    }

    // Operator A creates the settlement first.
    settlement.set(
      buildFinancialSettlement({
        programId: 11,
        poolAccName: 'Pool A',
        startDate: day(2026, 1, 12),
        endDate: day(2026, 6, 29),
        flDualBillingSeq: 1,
      }),
    );

    await user.click(save());
    const text = await closeDialog(user, SCHEME_TEXT.errorTitle(ERROR_CODE.CONFLICT));
    expect(text).toContain(SCHEME_FINANCE_MESSAGE.settlementExists);

    // The settlement read again (now A's): it shows in what B left untouched, B's typed values
    // kept on top of it.
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: SETTLEMENT_LABEL.dualBilling })).toBeChecked(),
    );
    expect(field('Pool Account Name')).toHaveValue('Pool B');
    expect(field('Start Date')).toHaveValue('05.01.2026');
    expect(field('End Date')).toHaveValue('31.12.2026');

    // B's next save updates A's settlement with B's values, with its ETag.
    await saveAgain(user);
    await closeDialog(user, SCHEME_TEXT.successTitle);
    const put = server.calls('PUT /api/gift-card/financial-settlements/11');
    expect(put).toHaveLength(1);
    expect(put[0]!.headers.get('If-Match')).toBe('"v2"');
    expect(settlement.get()).toMatchObject({
      poolAccName: 'Pool B',
      startDate: day(2026, 1, 5),
      endDate: day(2026, 12, 31),
    });
  });
});

describe('Configuration created by two operators', () => {
  const LOYALTY = buildScheme({
    programId: 21,
    programTypeId: 3,
    clientId: 1,
    clientName: 'Coffee Co',
  });
  const BINS = [
    buildCardBin({ id: 1, number: '627182', name: 'Transactor Gift 16' }),
    buildCardBin({ id: 2, number: '627183', name: 'Transactor Gift 19', extensionLength: 4 }),
  ];

  it('the second create keeps its typed values, takes the stored BIN and suffixes, then updates', async () => {
    server = installFakeFetch();
    installSchemeServer(server, {
      clients: [buildClient({ clientId: 1, clientName: 'Coffee Co' })],
      schemes: [LOYALTY],
      bins: BINS,
    });
    server.on('GET /api/gift-card/configurations/expiry-type', {
      body: embeddedList(EMBEDDED.expiryTypes, [{ id: 1, value: 'Activation Date' }]),
    });
    server.on('GET /api/gift-card/configurations/expiry-term', {
      body: embeddedList(EMBEDDED.expiryTerms, [
        { id: 12, value: '12 months' },
        { id: 36, value: '36 months' },
      ]),
    });
    server.on('GET /api/gift-card/bins/1/extension-number', { body: { singleValue: 6 } });
    server.on('GET /api/gift-card/bins/2/extension-number', { body: { singleValue: 0 } });
    const config = versioned<Config>(null);
    server.on('GET /api/gift-card/configurations/21', () => config.read());
    server.on('POST /api/gift-card/configurations', () =>
      config.get() === null
        ? { status: 500, body: { errorCode: 99, errorMessage: 'not expected' } }
        : {
            status: 409,
            body: {
              errorCode: ERROR_CODE.CONFLICT,
              errorMessage: `programId: ${SCHEME_SERVER_MESSAGE.configExists}`,
            },
          },
    );
    server.on('PUT /api/gift-card/configurations/21', (request) =>
      config.save(request, { ...(request.body as ConfigInput), schemeStatus: 2 } as Config),
    );

    const { user } = renderApp({ route: withId(paths.loyalty.wizard.config, 21) });
    await screen.findByRole('heading', { name: 'Scheme Configuration for Coffee Co' });

    // Operator B fills the form on the other master BIN.
    await user.selectOptions(field('Calculate Expiry From'), 'Activation Date');
    await user.selectOptions(field('Expiry Term'), '36 months');
    for (const [label, text] of [
      ['Minimum Loyalty Value', '0'],
      ['Maximum Loyalty Value', '1000'],
      ['Minimum Redeem Value', '1'],
      ['Maximum Transaction Value', '900'],
    ] as const) {
      await typeInto(user, label, text);
    }
    await user.selectOptions(field('Master BIN'), '627183 - Transactor Gift 19');
    const standard = screen.getByRole('checkbox', { name: 'Standard' });
    await waitFor(() => expect(standard).toBeEnabled());
    await user.click(standard);
    await user.click(screen.getByRole('checkbox', { name: 'Virtual' }));
    expect(field('Standard Suffix')).toHaveValue('0001');
    await typeInto(user, 'Number of Standard Cards', '200');

    // Operator A creates the configuration first, on the first BIN.
    config.set(
      buildLoyaltyConfig({
        programId: 21,
        expiryTerm: 12,
        loyaltyBalanceMax: 5000,
        liveCardBinId: 1,
        suffixStand: '007',
        suffixVirtual: null,
        numberStandCards: 100,
      }),
    );

    await user.click(save());
    const text = await closeDialog(user, SCHEME_TEXT.errorTitle(ERROR_CODE.CONFLICT));
    expect(text).toContain(SCHEME_SERVER_MESSAGE.configExists);

    // The configuration read again (now A's): its BIN and saved suffix are locked and shown,
    // B's Virtual tick (made for the other BIN) is dropped, and every other typed value stays.
    await waitFor(() => expect(field('Master BIN')).toBeDisabled());
    expect(field('Master BIN')).toHaveDisplayValue('627182 - Transactor Gift 16');
    expect(field('Standard Suffix')).toHaveValue('007');
    expect(screen.getByRole('checkbox', { name: 'Standard' })).toBeDisabled();
    expect(field('Virtual Suffix')).toHaveValue('');
    expect(field('Expiry Term')).toHaveDisplayValue('36 months');
    expect(field('Maximum Loyalty Value')).toHaveValue('1000.00');
    expect(field('Number of Standard Cards')).toHaveValue('200');

    // B's next save updates A's configuration with B's values, with its ETag.
    await saveAgain(user);
    await closeDialog(user, SCHEME_TEXT.successTitle);
    const put = server.calls('PUT /api/gift-card/configurations/21');
    expect(put).toHaveLength(1);
    expect(put[0]!.headers.get('If-Match')).toBe('"v2"');
    expect(config.get()).toMatchObject({
      liveCardBinId: 1,
      suffixStand: '007',
      suffixVirtual: null,
      expiryTerm: 36,
      loyaltyBalanceMax: 1000,
      redeemMax: 900,
      numberStandCards: 200,
    });
  });
});
