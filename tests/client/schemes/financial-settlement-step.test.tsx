import { screen, waitFor, within } from '@testing-library/react';
import { DIALOG_TEXT, FIELD_MESSAGES } from '@contracts/api/messages';
import {
  SCHEME_LIMITS,
  SCHEME_STATUS,
  SCHEME_TEXT,
  type FinancialSettlement,
} from '@contracts/api/schemes';
import { UNSAVED_CHANGES_TEXT } from '@/components/wizard/unsaved-changes';
import { paths, withId } from '@/config/paths';
import {
  buildClient,
  buildFinancialSettlement,
  buildGiftConfig,
  buildScheme,
} from '../../support/builders';
import { currentPath, renderApp, setTokenCookie } from '../../support/client-app';
import { deferred, installFakeFetch, type FakeFetch } from '../../support/fake-fetch';
import { installSchemeServer, type SchemeFake } from './scheme-fake-server';

let server: FakeFetch;
let fake: SchemeFake;

const gift = paths.gift.wizard;
const SCHEME = buildScheme({ programId: 11, clientId: 1, clientName: 'Coffee Co' });
const CONFIG = buildGiftConfig({ programId: 11 });
/** Epoch seconds of the day's UTC midnight, as the form sends a picked day. */
const day = (year: number, month: number, date: number) => Date.UTC(year, month - 1, date) / 1000;

function install(settlements: FinancialSettlement[] = []) {
  server = installFakeFetch();
  fake = installSchemeServer(server, {
    clients: [buildClient({ clientId: 1, clientName: 'Coffee Co' })],
    schemes: [SCHEME],
    configs: [CONFIG],
    settlements,
  });
  server.on('POST /api/gift-card/financial-settlements', (request) => ({
    status: 201,
    body: { ...(request.body as FinancialSettlement), schemeStatus: 4 },
  }));
  server.on('PUT /api/gift-card/financial-settlements/11', (request) => ({
    body: { ...(request.body as FinancialSettlement), schemeStatus: 4 },
  }));
}

beforeEach(() => setTokenCookie());
afterEach(() => server.restore());

type User = ReturnType<typeof renderApp>['user'];
const field = (label: string) => screen.getByLabelText(label);
const save = () => screen.getByRole('button', { name: SCHEME_TEXT.buttons.saveContinue });
const enable = () => screen.getByRole('checkbox', { name: 'Enable Financial Settlement' });

async function open(settlements: FinancialSettlement[] = []) {
  install(settlements);
  const rendered = renderApp({ route: withId(gift.financial, 11) });
  await screen.findByRole('heading', { name: 'Financial Settlement for Coffee Co' });
  return rendered;
}

/** Replaces a field's text; pasted in one go (typing key by key is slow on a loaded machine). */
async function typeInto(user: User, label: string, text: string) {
  await user.clear(field(label));
  if (text !== '') await user.paste(text);
}

async function typeDate(user: User, label: string, text: string) {
  await typeInto(user, label, text);
  await user.keyboard('{Escape}');
  await user.tab();
}

async function fillValid(user: User) {
  await user.selectOptions(field('Bank'), 'Test Bank');
  await typeInto(user, 'Bank Authority Number', '123456');
  await typeInto(user, 'Repeat Bank Authority Number', '123456');
  await typeInto(user, 'Pool Account Name', 'Retail Pool 1');
  await typeInto(user, 'Pool Bank Account Number', '06200012345678');
  await typeInto(user, 'Repeat Pool Bank Account Number', '06200012345678');
  await user.selectOptions(field('Frequency'), 'Weekly');
  await user.selectOptions(field('Day of Week'), 'Monday');
  await typeDate(user, 'Start Date', '01.01.2026');
  await typeDate(user, 'End Date', '31.12.2026');
}

describe('Financial Settlement step (03 §2 step 4, §4, §5 Financial)', () => {
  it('shows step 4 with every field disabled until the enable box is ticked', async () => {
    const { user } = await open();
    expect(screen.getByText('step 4 of 6')).toBeInTheDocument();
    expect(enable()).not.toBeChecked();
    for (const label of ['Bank', 'Pool Account Name', 'Frequency', 'Start Date', 'End Date']) {
      expect(field(label)).toBeDisabled();
    }
    expect(screen.getByRole('checkbox', { name: 'Dual Billing Sequence' })).toBeDisabled();
    await user.click(enable());
    for (const label of ['Bank', 'Pool Account Name', 'Frequency', 'Start Date', 'End Date']) {
      expect(field(label)).toBeEnabled();
    }
  });

  it('an invalid submit says so and marks the required fields; nothing is sent', async () => {
    const { user } = await open();
    await user.click(enable());
    await user.click(save());
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.errorTitle });
    expect(dialog).toHaveTextContent(DIALOG_TEXT.formNotValid);
    // OK has the focus (the field in error does not take it while the dialog is open): Enter
    // closes it, and the first field in error gets the focus.
    const ok = within(dialog).getByRole('button', { name: 'OK' });
    await waitFor(() => expect(ok).toHaveFocus());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ok).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(field('Bank')).toHaveFocus());

    // Escape closes it too.
    await user.click(save());
    await screen.findByRole('dialog', { name: DIALOG_TEXT.errorTitle });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(field('Bank')).toHaveFocus());
    for (const label of [
      'Bank',
      'Pool Account Name',
      'Pool Bank Account Number',
      'Repeat Pool Bank Account Number',
      'Frequency',
      'Start Date',
      'End Date',
    ]) {
      expect(field(label)).toHaveAccessibleDescription(FIELD_MESSAGES.required);
    }
    expect(fake.writes()).toEqual([]);
  });

  it('checks the bank authority, pool account name and account number rules', async () => {
    const { user } = await open();
    await user.click(enable());
    const expectMessage = async (label: string, text: string, message: string) => {
      await typeInto(user, label, text);
      await user.tab();
      expect(field(label)).toHaveAccessibleDescription(message);
    };
    await expectMessage('Bank Authority Number', '0123', FIELD_MESSAGES.digitOnly);
    await expectMessage('Bank Authority Number', '12a', FIELD_MESSAGES.digitOnly);
    await expectMessage('Bank Authority Number', '1'.repeat(17), FIELD_MESSAGES.maxlength);
    await typeInto(user, 'Bank Authority Number', '123');
    await expectMessage('Repeat Bank Authority Number', '', FIELD_MESSAGES.required);
    await expectMessage('Repeat Bank Authority Number', '124', FIELD_MESSAGES.areEqual);
    await expectMessage('Pool Account Name', 'Pool-1', FIELD_MESSAGES.alphaNumOnly);
    await expectMessage('Pool Account Name', 'p'.repeat(101), FIELD_MESSAGES.maxlength);

    // The account number takes the chosen bank's format as a mask (000-000 00000000).
    await user.selectOptions(field('Bank'), 'Test Bank');
    expect(field('Pool Bank Account Number')).toHaveAccessibleDescription(
      'Format: 000-000 00000000',
    );
    await typeInto(user, 'Pool Bank Account Number', '062x0001234');
    expect(field('Pool Bank Account Number')).toHaveValue('062-000 1234');
    await user.tab();
    // The message comes first, then the format help.
    expect(field('Pool Bank Account Number')).toHaveAccessibleDescription(
      `${FIELD_MESSAGES.minlength} Format: 000-000 00000000`,
    );
    await typeInto(user, 'Pool Bank Account Number', '06200012345678');
    expect(field('Pool Bank Account Number')).toHaveValue('062-000 12345678');
    await expectMessage(
      'Repeat Pool Bank Account Number',
      '06200012345679',
      `${FIELD_MESSAGES.areEqual} Format: 000-000 00000000`,
    );
  });

  it('a pool bank account number pasted with spaces and separators around it is kept whole', async () => {
    const { user } = await open();
    await user.click(enable());
    await user.selectOptions(field('Bank'), 'Test Bank');
    // As copied from a document: the mask drops what it does not take before the length counts.
    await typeInto(user, 'Pool Bank Account Number', ' 062-000 12345678 ');
    await typeInto(user, 'Repeat Pool Bank Account Number', '06200012345678');
    await user.tab();
    expect(field('Pool Bank Account Number')).toHaveValue('062-000 12345678');
    expect(field('Pool Bank Account Number')).toHaveAccessibleDescription(
      'Format: 000-000 00000000',
    );
    expect(field('Repeat Pool Bank Account Number')).toHaveAccessibleDescription(
      'Format: 000-000 00000000',
    );
  });

  it('the pool bank account number is at most 30 characters', async () => {
    const { user } = await open();
    await user.click(enable());
    // No bank chosen yet: no format masks the number, so only the limit holds it.
    const number = field('Pool Bank Account Number');
    await typeInto(
      user,
      'Pool Bank Account Number',
      '1'.repeat(SCHEME_LIMITS.poolAccBankNumber + 1),
    );
    await user.tab();
    expect(number).toHaveAccessibleDescription(FIELD_MESSAGES.maxlength);
    await typeInto(user, 'Pool Bank Account Number', '1'.repeat(SCHEME_LIMITS.poolAccBankNumber));
    expect(number).not.toHaveAccessibleDescription();
  });

  it('frequency: When and Day of Week wait for a frequency; monthly takes When, the others a day', async () => {
    const { user } = await open();
    await user.click(enable());
    // 03 §5: "Frequency must be chosen first".
    expect(field('Frequency')).toHaveValue('');
    expect(field('When')).toBeDisabled();
    expect(field('Day of Week')).toBeDisabled();

    await user.selectOptions(field('Frequency'), 'Monthly');
    expect(field('Day of Week')).toBeDisabled();
    expect(field('Day of Week')).toHaveValue('');
    expect(field('When')).toBeEnabled();
    await user.selectOptions(field('When'), '2nd working day');

    await user.selectOptions(field('Frequency'), 'Weekly');
    expect(field('When')).toBeDisabled();
    expect(field('When')).toHaveValue('');
    expect(field('Day of Week')).toBeEnabled();

    await user.selectOptions(field('Frequency'), 'Daily - Working Days');
    expect(field('Day of Week')).toBeEnabled();
    expect(
      within(field('Day of Week')).getByRole('option', { name: 'Every working day' }),
    ).toBeInTheDocument();

    // No frequency again: both closed and cleared.
    await user.selectOptions(field('Frequency'), 'Weekly');
    await user.selectOptions(field('Day of Week'), 'Tuesday');
    await user.selectOptions(field('Frequency'), '');
    expect(field('When')).toBeDisabled();
    expect(field('Day of Week')).toBeDisabled();
    expect(field('Day of Week')).toHaveValue('');
  });

  it('checks the dates: format, start not after end', async () => {
    const { user } = await open();
    await user.click(enable());
    await typeDate(user, 'Start Date', '31.02.2026');
    expect(field('Start Date')).toHaveAccessibleDescription(FIELD_MESSAGES.checkFormat);

    await typeDate(user, 'Start Date', '10.01.2026');
    await typeDate(user, 'End Date', '05.01.2026');
    expect(field('Start Date')).toHaveAccessibleDescription(FIELD_MESSAGES.startDateValidation);
    expect(field('End Date')).toHaveAccessibleDescription(FIELD_MESSAGES.endDateValidation);
  });

  it('checks the weekly and monthly "Day is not contained in the period" rules', async () => {
    const { user } = await open();
    await user.click(enable());
    // Tuesday 6 to Thursday 8 January 2026 holds no Monday.
    await typeDate(user, 'Start Date', '06.01.2026');
    await typeDate(user, 'End Date', '08.01.2026');
    await user.selectOptions(field('Frequency'), 'Weekly');
    await user.selectOptions(field('Day of Week'), 'Monday');
    await user.tab();
    await waitFor(() =>
      expect(field('Day of Week')).toHaveAccessibleDescription(FIELD_MESSAGES.dateValidationWeekly),
    );
    await user.selectOptions(field('Day of Week'), 'Wednesday');
    await waitFor(() => expect(field('Day of Week')).not.toHaveAccessibleDescription());

    // 5 to 20 January 2026: day 1 (Thursday 1 Jan, Monday 2 Feb) is not in it.
    await typeDate(user, 'Start Date', '05.01.2026');
    await typeDate(user, 'End Date', '20.01.2026');
    await user.selectOptions(field('Frequency'), 'Monthly');
    await user.selectOptions(field('When'), '1st working day');
    await user.tab();
    // The picker closes its calendar on timers of its own: the message follows once it has.
    await waitFor(() =>
      expect(field('When')).toHaveAccessibleDescription(FIELD_MESSAGES.dateValidationMonthly),
    );
    // Over 31 days passes.
    await typeDate(user, 'End Date', '28.02.2026');
    await waitFor(() => expect(field('When')).not.toHaveAccessibleDescription());
  });

  it('creates the settlement (epoch seconds, empty authority as null), says so and moves on', async () => {
    const { user } = await open();
    await user.click(enable());
    await fillValid(user);
    await typeInto(user, 'Bank Authority Number', '');
    await typeInto(user, 'Repeat Bank Authority Number', '');
    await user.click(screen.getByRole('checkbox', { name: 'Dual Billing Sequence' }));
    await user.click(save());
    const dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.successTitle });
    expect(dialog).toHaveTextContent(SCHEME_TEXT.settlementCreated);
    expect(fake.writes()).toEqual(['POST /api/gift-card/financial-settlements']);
    expect(fake.writeBody(0)).toEqual({
      programId: 11,
      bankId: 1,
      bankAuthority: null,
      poolAccName: 'Retail Pool 1',
      poolAccBankNumber: '062-000 12345678',
      frequency: 3,
      frequencyWhen: null,
      frequencyDayOfWeek: 1,
      flDualBillingSeq: 1,
      startDate: day(2026, 1, 1),
      endDate: day(2026, 12, 31),
      schemeStatus: SCHEME_STATUS.FINANCIAL,
    });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(currentPath()).toBe(gift.liability.path));
    expect(window.location.hash).toBe(`#${gift.liability.path}?id=11`);
  });

  it('loads an existing settlement (account number zero-padded) and updates it', async () => {
    const { user } = await open([
      buildFinancialSettlement({
        programId: 11,
        poolAccBankNumber: '6200012345678',
        frequency: 1,
        frequencyWhen: 2,
        frequencyDayOfWeek: null,
        startDate: Date.UTC(2026, 0, 1) / 1000,
        endDate: Date.UTC(2026, 11, 31) / 1000,
      }),
    ]);
    await waitFor(() => expect(enable()).toBeChecked());
    expect(field('Pool Bank Account Number')).toHaveValue('062-000 12345678');
    expect(field('Repeat Pool Bank Account Number')).toHaveValue('062-000 12345678');
    expect(field('Bank Authority Number')).toHaveValue('123456');
    expect(field('When')).toHaveDisplayValue('2nd working day');
    expect(field('Day of Week')).toBeDisabled();
    expect(field('Start Date')).toHaveValue('01.01.2026');
    expect(field('End Date')).toHaveValue('31.12.2026');
    await typeInto(user, 'Pool Account Name', 'New Pool');
    await user.click(save());
    const dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.successTitle });
    expect(dialog).toHaveTextContent(SCHEME_TEXT.settlementUpdated);
    expect(fake.writes()).toEqual(['PUT /api/gift-card/financial-settlements/11']);
    expect(fake.writeBody(0)).toMatchObject({
      poolAccName: 'New Pool',
      poolAccBankNumber: '062-000 12345678',
      frequency: 1,
      frequencyWhen: 2,
      frequencyDayOfWeek: null,
      startDate: day(2026, 1, 1),
      endDate: day(2026, 12, 31),
    });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(currentPath()).toBe(gift.liability.path));
  });

  it('a date typed back to the loaded one is no change: leaving does not ask', async () => {
    const { user } = await open([
      buildFinancialSettlement({ programId: 11, startDate: Date.UTC(2026, 0, 1) / 1000 }),
    ]);
    await waitFor(() => expect(field('Start Date')).toHaveValue('01.01.2026'));
    const liability = () => screen.getByRole('link', { name: /Liability/ });
    await typeDate(user, 'Start Date', '05.01.2026');
    await user.click(liability());
    const question = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.title });
    await user.click(within(question).getByRole('button', { name: UNSAVED_CHANGES_TEXT.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await typeDate(user, 'Start Date', '01.01.2026');
    await user.click(liability());
    await waitFor(() => expect(currentPath()).toBe(gift.liability.path));
    expect(screen.queryByRole('dialog', { name: UNSAVED_CHANGES_TEXT.title })).toBeNull();
  });

  it('text typed while the save runs is not sent, and moving on asks before leaving it', async () => {
    const { user } = await open([buildFinancialSettlement({ programId: 11 })]);
    await waitFor(() => expect(enable()).toBeChecked());
    const held = deferred<undefined>();
    server.once('PUT /api/gift-card/financial-settlements/11', async (request) => {
      await held.promise;
      return { body: { ...(request.body as FinancialSettlement), schemeStatus: 4 } };
    });
    await typeInto(user, 'Pool Account Name', 'New Pool');
    await user.click(save());
    await waitFor(() =>
      expect(fake.writes()).toEqual(['PUT /api/gift-card/financial-settlements/11']),
    );
    await user.type(field('Pool Account Name'), ' 2');
    held.resolve(undefined);
    const success = await screen.findByRole('dialog', { name: SCHEME_TEXT.successTitle });
    expect(fake.writeBody(0)).toMatchObject({ poolAccName: 'New Pool' });
    await user.click(within(success).getByRole('button', { name: 'OK' }));

    const question = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.title });
    await user.click(within(question).getByRole('button', { name: UNSAVED_CHANGES_TEXT.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath()).toBe(gift.financial.path);
    expect(field('Pool Account Name')).toHaveValue('New Pool 2');
    // Still unsaved: leaving by a tab asks too.
    await user.click(screen.getByRole('link', { name: /Liability/ }));
    await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.title });
  });

  it('an account number typed over the saved one stays while the bank is unchosen and chosen again', async () => {
    const { user } = await open([buildFinancialSettlement({ programId: 11 })]);
    await waitFor(() => expect(enable()).toBeChecked());
    expect(field('Pool Bank Account Number')).toHaveValue('062-000 12345678');
    await typeInto(user, 'Pool Bank Account Number', '06200099999999');
    expect(field('Pool Bank Account Number')).toHaveValue('062-000 99999999');

    // No bank: no account format, so the number shows as plain text; the bank back masks it.
    await user.selectOptions(field('Bank'), '');
    expect(field('Pool Bank Account Number')).toHaveValue('062-000 99999999');
    await user.selectOptions(field('Bank'), 'Test Bank');
    expect(field('Pool Bank Account Number')).toHaveValue('062-000 99999999');
    await typeInto(user, 'Repeat Pool Bank Account Number', '06200099999999');
    await user.click(save());
    await screen.findByRole('dialog', { name: SCHEME_TEXT.successTitle });
    expect(fake.writeBody(0)).toMatchObject({ bankId: 1, poolAccBankNumber: '062-000 99999999' });
  });

  it("shows the server's failure as 'Error: {errorCode}' and stays", async () => {
    const { user } = await open([buildFinancialSettlement({ programId: 11 })]);
    await waitFor(() => expect(enable()).toBeChecked());
    server.on('PUT /api/gift-card/financial-settlements/11', {
      status: 400,
      body: { errorCode: 1, errorMessage: 'poolAccBankNumber: Must match the format' },
    });
    await user.click(save());
    const dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.errorTitle(1) });
    expect(dialog).toHaveTextContent('poolAccBankNumber: Must match the format');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(currentPath()).toBe(gift.financial.path);
  });

  it('skip asks first; "No, go back" stays, "Yes, skip" moves to Liability Reports unsaved', async () => {
    const { user } = await open();
    await user.click(enable());
    await typeInto(user, 'Pool Account Name', 'Unsaved');
    const skip = screen.getByRole('button', { name: SCHEME_TEXT.buttons.skip });
    await user.click(skip);
    let dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.skipTitle });
    expect(dialog).toHaveTextContent(SCHEME_TEXT.skipMessage);
    await user.click(within(dialog).getByRole('button', { name: SCHEME_TEXT.skipCancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath()).toBe(gift.financial.path);

    await user.click(skip);
    dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.skipTitle });
    await user.click(within(dialog).getByRole('button', { name: SCHEME_TEXT.skipConfirm }));
    await waitFor(() => expect(currentPath()).toBe(gift.liability.path));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fake.writes()).toEqual([]);
  });

  it('with the box unticked, Save & Continue moves on without saving', async () => {
    const { user } = await open();
    await user.click(save());
    await waitFor(() => expect(currentPath()).toBe(gift.liability.path));
    expect(fake.writes()).toEqual([]);
  });
});
