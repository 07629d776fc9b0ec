import type { Locator, Page } from 'playwright-core';
import { DIALOG_TEXT, FIELD_MESSAGES } from '@contracts/api/messages';
import { BASE_CAMPAIGN_ACTION_LABEL, SCHEME_PATHS, SCHEME_TEXT } from '@contracts/api/schemes';
import { CONFIG_LABEL } from '@/features/schemes/lib/configuration-form';
import { SETTLEMENT_LABEL } from '@/features/schemes/lib/settlement-form';
import { LIABILITY_LABEL } from '@/features/schemes/lib/liability-form';
import { BASE_CAMPAIGN_LABEL } from '@/features/schemes/lib/base-campaign';
import { answerDialog, dialogOpen, fieldError, openRoute, signIn } from './support/journal';
import {
  SchemeApi,
  dismissFormNotValid,
  expectFieldError,
  expectStep,
  expectValue,
  field,
  saveButton,
  stepRoute,
  typeDate,
  uniqueLetters,
  unexpectedErrors,
  type Area,
} from './support/schemes';
import { browserSuite } from './support/suite';

/**
 * The validation messages of the scheme steps after General Settings (03 §5) in
 * Chromium against the real server: Configuration (money, minOverMax / maxBelowMin,
 * transOverLimit), Financial Settlement (re-entries, the account format, the date and
 * weekday / monthly checks), Liability Reports (errors only after a submit, a bad recipient tag,
 * the date format), Base Campaign (each mode's required values) and what a real paste (Ctrl+V)
 * puts into the masked account number and a tag input. Each test makes its own
 * scheme through the API; nothing invalid reaches the server.
 */

const suite = browserSuite();
const api = SchemeApi.forSuite(suite);

/** A new client and scheme (and a configuration when asked), through the API. */
async function newScheme(area: Area, { withConfig = false } = {}): Promise<number> {
  const name = `Rules ${uniqueLetters()}`;
  const client = await api.createClient(name);
  const programId = await api.createScheme(area, client.clientId, name);
  if (withConfig) await api.createGiftConfig(programId);
  return programId;
}

async function openStep(
  area: Area,
  step: 'config' | 'financial' | 'liability',
  id: number,
  options?: Parameters<typeof suite.newPage>[0],
) {
  const { page, errors } = await suite.newPage(options);
  await signIn(page, suite.baseUrl);
  await openRoute(page, suite.baseUrl, stepRoute(area, step, id));
  await expectStep(page, area, step);
  return { page, errors };
}

describe('Configuration', () => {
  it('says which money values are missing, out of order or over the total credit', async () => {
    const programId = await newScheme('gift');
    const { page, errors } = await openStep('gift', 'config', programId);
    const L = CONFIG_LABEL;
    const control = (label: string) => field(page, label);

    await saveButton(page).click();
    await answerDialog(page, DIALOG_TEXT.errorTitle, { message: DIALOG_TEXT.formNotValid });
    for (const label of [
      L.expiryFrom,
      L.expiryTerm,
      L.creditMin,
      L.creditMax,
      L.topupMin,
      L.topupMax,
      L.redeemMin,
      L.redeemMax,
      L.masterBin,
    ]) {
      expect(`${label}: ${await fieldError(control(label))}`).toBe(
        `${label}: ${FIELD_MESSAGES.required}`,
      );
    }

    // Not a number; clamped to 9999.99 with two decimals on leaving.
    await control(L.creditMin).fill('abc');
    await expectFieldError(control(L.creditMin), FIELD_MESSAGES.numOnly);
    await control(L.creditMax).fill('123456');
    await control(L.creditMax).blur();
    expect(await control(L.creditMax).inputValue()).toBe('9999.99');

    // Min over max: both say so.
    await control(L.creditMin).fill('600');
    await control(L.creditMax).fill('500');
    await expectFieldError(control(L.creditMin), FIELD_MESSAGES.minOverMax);
    await expectFieldError(control(L.creditMax), FIELD_MESSAGES.maxBelowMin);
    await control(L.creditMin).fill('5');
    await expectFieldError(control(L.creditMin), '');
    await expectFieldError(control(L.creditMax), '');

    // Top-up max and transaction max over the total credit max.
    await control(L.topupMin).fill('10');
    await control(L.topupMax).fill('600');
    await expectFieldError(control(L.topupMax), FIELD_MESSAGES.transOverLimit);
    await control(L.redeemMin).fill('1');
    await control(L.redeemMax).fill('501');
    await expectFieldError(control(L.redeemMax), FIELD_MESSAGES.transOverLimit);
    await control(L.topupMin).fill('300');
    await control(L.topupMax).fill('250');
    await expectFieldError(control(L.topupMin), FIELD_MESSAGES.minOverMax);
    await expectFieldError(control(L.topupMax), FIELD_MESSAGES.maxBelowMin);

    // A card count only once its suffix is ticked.
    expect(await control(L.numberStandCards).isDisabled()).toBe(true);

    await saveButton(page).click();
    await answerDialog(page, DIALOG_TEXT.errorTitle, { message: DIALOG_TEXT.formNotValid });
    expect(await api.status(SCHEME_PATHS.configuration(programId))).toBe(404);
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.context().close();
  });
});

describe('Financial Settlement', () => {
  it('checks the re-entries, the account format, the dates and the day against the period', async () => {
    const programId = await newScheme('gift', { withConfig: true });
    const { page, errors } = await openStep('gift', 'financial', programId);
    const L = SETTLEMENT_LABEL;
    const control = (label: string) => field(page, label);

    // Disabled until enabled; then everything required.
    expect(await control(L.bank).isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: L.enabled, exact: true }).check();
    await saveButton(page).click();
    await answerDialog(page, DIALOG_TEXT.errorTitle, { message: DIALOG_TEXT.formNotValid });
    for (const label of [
      L.bank,
      L.poolAccName,
      L.poolAccBankNumber,
      L.frequency,
      L.startDate,
      L.endDate,
    ]) {
      expect(`${label}: ${await fieldError(control(label))}`).toBe(
        `${label}: ${FIELD_MESSAGES.required}`,
      );
    }

    // Frequency must be chosen first: When and Day of Week wait for it.
    expect(await control(L.when).isDisabled()).toBe(true);
    expect(await control(L.dayOfWeek).isDisabled()).toBe(true);

    // Bank authority: digits, no leading zero, entered twice alike.
    await control(L.bankAuthority).fill('0123');
    await expectFieldError(control(L.bankAuthority), FIELD_MESSAGES.digitOnly);
    await control(L.bankAuthority).fill('12a4');
    await expectFieldError(control(L.bankAuthority), FIELD_MESSAGES.digitOnly);
    await control(L.bankAuthority).fill('1234');
    await control(L.bankAuthorityRepeat).fill('1235');
    await expectFieldError(control(L.bankAuthorityRepeat), FIELD_MESSAGES.areEqual);

    // Pool account: letters, digits and spaces; the number on the bank's format, twice alike.
    await control(L.poolAccName).fill('Pool #1');
    await expectFieldError(control(L.poolAccName), FIELD_MESSAGES.alphaNumOnly);
    await control(L.bank).selectOption({ label: 'Commonwealth Bank of Australia' });
    await control(L.poolAccBankNumber).fill('062000123');
    expect(await control(L.poolAccBankNumber).inputValue()).toBe('062-000 123');
    await expectFieldError(control(L.poolAccBankNumber), FIELD_MESSAGES.minlength);
    await control(L.poolAccBankNumber).fill('06200012345678');
    await control(L.poolAccBankNumberRepeat).fill('06200012345679');
    await expectFieldError(control(L.poolAccBankNumberRepeat), FIELD_MESSAGES.areEqual);

    // Start after end: both say so.
    await typeDate(control(L.startDate), '20.01.2027');
    await typeDate(control(L.endDate), '10.01.2027');
    await expectFieldError(control(L.startDate), FIELD_MESSAGES.startDateValidation);
    await expectFieldError(control(L.endDate), FIELD_MESSAGES.endDateValidation);

    // Weekly: Tuesday 5 to Friday 8 January 2027 holds no Monday, but a Wednesday.
    await control(L.frequency).selectOption({ label: 'Weekly' });
    await control(L.dayOfWeek).selectOption({ label: 'Monday' });
    await typeDate(control(L.startDate), '05.01.2027');
    await typeDate(control(L.endDate), '08.01.2027');
    await expectFieldError(control(L.startDate), '');
    await expectFieldError(control(L.dayOfWeek), FIELD_MESSAGES.dateValidationWeekly);
    await control(L.dayOfWeek).selectOption({ label: 'Wednesday' });
    await expectFieldError(control(L.dayOfWeek), '');

    // Monthly: no month's 3rd working day falls from 10 to 20 February 2027; a period of more
    // than 31 days passes.
    await control(L.frequency).selectOption({ label: 'Monthly' });
    expect(await control(L.dayOfWeek).isDisabled()).toBe(true);
    await control(L.when).selectOption({ label: '3rd working day' });
    await typeDate(control(L.startDate), '10.02.2027');
    await typeDate(control(L.endDate), '20.02.2027');
    await expectFieldError(control(L.when), FIELD_MESSAGES.dateValidationMonthly);
    await typeDate(control(L.endDate), '20.03.2027');
    await expectFieldError(control(L.when), '');

    await saveButton(page).click();
    await answerDialog(page, DIALOG_TEXT.errorTitle, { message: DIALOG_TEXT.formNotValid });
    expect(await api.status(SCHEME_PATHS.settlement(programId))).toBe(404);
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.context().close();
  });
});

describe('Liability Reports', () => {
  it('shows its errors after a submit: a bad recipient tag, the subject, the date format, the mode', async () => {
    const programId = await newScheme('gift', { withConfig: true });
    const { page, errors } = await openStep('gift', 'liability', programId);
    const L = LIABILITY_LABEL;
    const control = (label: string) => field(page, label);

    // Save & Continue only once enabled.
    expect(await saveButton(page).isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: L.enabled, exact: true }).check();

    // A bad tag: no message before a submit attempt.
    await control(L.recipient).pressSequentially('not-an-email ');
    await page
      .getByRole('list', { name: `${L.recipient}: added` })
      .getByText('not-an-email')
      .waitFor();
    await control(L.subject).fill('x'.repeat(33));
    expect(await fieldError(control(L.recipient))).toBe('');
    expect(await fieldError(control(L.subject))).toBe('');

    await saveButton(page).click();
    await answerDialog(page, DIALOG_TEXT.errorTitle, { message: DIALOG_TEXT.formNotValid });
    await expectFieldError(control(L.recipient), FIELD_MESSAGES.email);
    await expectFieldError(control(L.subject), FIELD_MESSAGES.maxlength);
    await expectFieldError(control(L.frequency), FIELD_MESSAGES.required);
    await expectFieldError(control(L.nextExecutionDate), FIELD_MESSAGES.required);
    await expectFieldError(control(L.groupingHorizon), FIELD_MESSAGES.required);

    // A bad CC tag too; the bad recipient removed leaves the recipient required.
    await control(L.cc).pressSequentially('cc.example.com ');
    await expectFieldError(control(L.cc), FIELD_MESSAGES.email);
    await page.getByRole('button', { name: 'Remove not-an-email', exact: true }).click();
    await expectFieldError(control(L.recipient), FIELD_MESSAGES.required);
    await control(L.recipient).pressSequentially('finance@example.com ');
    await expectFieldError(control(L.recipient), '');

    await control(L.subject).fill('Monthly liability');
    await expectFieldError(control(L.subject), '');
    await typeDate(control(L.nextExecutionDate), '31.02.2027');
    await expectFieldError(control(L.nextExecutionDate), FIELD_MESSAGES.checkFormat);
    await control(L.groupingHorizon).fill('ab');
    await expectFieldError(control(L.groupingHorizon), FIELD_MESSAGES.numOnly);
    await control(L.groupingHorizon).fill('123');
    await expectFieldError(control(L.groupingHorizon), FIELD_MESSAGES.maxlength);

    // Scheduler mode: the frequency fields are off, a scheduler function is required.
    await page
      .getByRole('radio', { name: SCHEME_TEXT.liabilityModes.scheduler, exact: true })
      .check();
    expect(await control(L.frequency).isDisabled()).toBe(true);
    await expectFieldError(control(L.schedulerFunction), FIELD_MESSAGES.required);

    await saveButton(page).click();
    await answerDialog(page, DIALOG_TEXT.errorTitle, { message: DIALOG_TEXT.formNotValid });
    expect(await api.status(`${SCHEME_PATHS.liability}?programId=${programId}`)).toBe(404);
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.context().close();
  });
});

describe('Pasted from the clipboard (Ctrl+V)', () => {
  const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] };

  async function paste(page: Page, control: Locator, text: string) {
    await page.evaluate((value) => navigator.clipboard.writeText(value), text);
    await control.focus();
    await page.keyboard.press('ControlOrMeta+V');
  }

  it('an account number with spaces around it keeps every digit; an address list gives a tag each', async () => {
    const programId = await newScheme('gift', { withConfig: true });
    const financial = await openStep('gift', 'financial', programId, CLIPBOARD);
    const S = SETTLEMENT_LABEL;
    const control = (label: string) => field(financial.page, label);
    await financial.page.getByRole('checkbox', { name: S.enabled, exact: true }).check();
    await control(S.bank).selectOption({ label: 'Commonwealth Bank of Australia' });
    await paste(financial.page, control(S.poolAccBankNumber), ' 062-000 12345678 ');
    await expectValue(financial.page, S.poolAccBankNumber, '062-000 12345678');
    await control(S.poolAccBankNumberRepeat).fill('06200012345678');
    await expectFieldError(control(S.poolAccBankNumber), '');
    await expectFieldError(control(S.poolAccBankNumberRepeat), '');
    expect(unexpectedErrors(financial.errors)).toEqual([]);
    await financial.page.context().close();

    const liability = await openStep('gift', 'liability', programId, CLIPBOARD);
    const L = LIABILITY_LABEL;
    await liability.page.getByRole('checkbox', { name: L.enabled, exact: true }).check();
    await paste(liability.page, field(liability.page, L.cc), '  a@b.com   c@d.com, e@f.com  ');
    const tags = liability.page.getByRole('list', { name: `${L.cc}: added` }).getByRole('listitem');
    await tags.nth(2).waitFor();
    expect(await tags.allTextContents()).toEqual(['a@b.com', 'c@d.com', 'e@f.com']);
    expect(await field(liability.page, L.cc).inputValue()).toBe('');
    expect(unexpectedErrors(liability.errors)).toEqual([]);
    await liability.page.context().close();
  });
});

describe("'Form not valid, please fix errors before submit' from the keyboard", () => {
  it('opens with OK focused, closes on Enter or Escape, then the first field in error has the focus', async () => {
    const programId = await newScheme('gift', { withConfig: true });

    const financial = await openStep('gift', 'financial', programId);
    await financial.page
      .getByRole('checkbox', { name: SETTLEMENT_LABEL.enabled, exact: true })
      .check();
    expect(await dismissFormNotValid(financial.page, 'Enter')).toBe(SETTLEMENT_LABEL.bank);
    // Again, now with the fields already in error: Escape this time.
    expect(await dismissFormNotValid(financial.page, 'Escape')).toBe(SETTLEMENT_LABEL.bank);
    expect(unexpectedErrors(financial.errors)).toEqual([]);
    await financial.page.context().close();

    const liability = await openStep('gift', 'liability', programId);
    await liability.page
      .getByRole('checkbox', { name: LIABILITY_LABEL.enabled, exact: true })
      .check();
    expect(await dismissFormNotValid(liability.page, 'Escape')).toBe(LIABILITY_LABEL.recipient);
    expect(unexpectedErrors(liability.errors)).toEqual([]);
    await liability.page.context().close();

    const config = await openStep('gift', 'config', await newScheme('gift'));
    expect(await dismissFormNotValid(config.page, 'Enter')).not.toBe('');
    expect(unexpectedErrors(config.errors)).toEqual([]);
    await config.page.context().close();
  });
});

describe('Base Campaign', () => {
  it("requires each mode's values and saves nothing while they are missing", async () => {
    const name = `Rules ${uniqueLetters()}`;
    const client = await api.createClient(name);
    const programId = await api.createScheme('loyalty', client.clientId, name);
    // Base Campaign opens once the configuration exists (03 §2).
    await api.createLoyaltyConfig(programId);
    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    await openRoute(page, suite.baseUrl, stepRoute('loyalty', 'basecampaign', programId));
    await expectStep(page, 'loyalty', 'basecampaign');

    const mode = (id: 2 | 3 | 4) =>
      page.getByRole('radio', { name: BASE_CAMPAIGN_ACTION_LABEL[id], exact: true });
    const points = field(page, BASE_CAMPAIGN_LABEL.flatPoints);
    await mode(2).check();
    await saveButton(page).click();
    await expectFieldError(points, FIELD_MESSAGES.required);

    await mode(3).check();
    const units = field(page, BASE_CAMPAIGN_LABEL.relativeUnits);
    const amountPer = field(page, BASE_CAMPAIGN_LABEL.relativeAmountPer);
    await saveButton(page).click();
    await expectFieldError(units, FIELD_MESSAGES.required);
    await expectFieldError(amountPer, FIELD_MESSAGES.required);

    // A new sliding row has no multiplier yet.
    const sliding = BASE_CAMPAIGN_ACTION_LABEL[4];
    await mode(4).check();
    await page
      .getByRole('button', { name: BASE_CAMPAIGN_LABEL.addScale(sliding), exact: true })
      .click();
    const second = page
      .getByRole('group', { name: BASE_CAMPAIGN_LABEL.row(sliding, 1), exact: true })
      .getByLabel(BASE_CAMPAIGN_LABEL.multiplier, { exact: true });
    await saveButton(page).click();
    await expectFieldError(second, FIELD_MESSAGES.required);
    expect(await dialogOpen(page)).toBe(false);

    // Skipping asks; "No, go back" stays.
    await page.getByRole('button', { name: SCHEME_TEXT.buttons.skip, exact: true }).click();
    await answerDialog(page, SCHEME_TEXT.skipTitle, {
      message: SCHEME_TEXT.skipMessage,
      button: SCHEME_TEXT.skipCancel,
    });
    await expectStep(page, 'loyalty', 'basecampaign');
    expect(await api.status(SCHEME_PATHS.campaignAction(programId))).toBe(404);
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.context().close();
  });
});
