import type { Locator, Page } from 'playwright-core';
import { ERROR_CODE } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import {
  BASE_CAMPAIGN_ACTION,
  SCHEME_FINANCE_MESSAGE,
  SCHEME_PATHS,
  SCHEME_SERVER_MESSAGE,
  SCHEME_TEXT,
  type Config,
} from '@contracts/api/schemes';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { CONFIG_LABEL } from '@/features/schemes/lib/configuration-form';
import { LIABILITY_LABEL } from '@/features/schemes/lib/liability-form';
import { GENERAL_LABEL } from '@/features/schemes/lib/scheme-texts';
import { SETTLEMENT_LABEL } from '@/features/schemes/lib/settlement-form';
import { waitForFocus } from './support/browser';
import { openRoute, signIn } from './support/journal';
import {
  SchemeApi,
  expectStep,
  expectValue,
  field,
  saveButton,
  stepRoute,
  uniqueLetters,
  unexpectedErrors,
  type Area,
  type StepKey,
} from './support/schemes';
import { browserSuite } from './support/suite';

/**
 * Where the keyboard focus goes in the scheme wizard, in Chromium against the real server
 * (docs/decisions.md, "Accessibility"): after a refused save its dialog, closed with OK or
 * Escape, gives the focus back to the button that saved (a button that becomes disabled while
 * its save runs would have lost it to the page); Enter in a date field keeps the focus there, and
 * the focus the date's calendar gives back late does not take it from the next field.
 */

const suite = browserSuite();
const api = SchemeApi.forSuite(suite);

async function openStep(area: Area, step: StepKey, id?: number) {
  const { page, errors } = await suite.newPage();
  await signIn(page, suite.baseUrl);
  await openRoute(page, suite.baseUrl, stepRoute(area, step, id));
  await expectStep(page, area, step);
  return { page, errors };
}

/** A new client and scheme through the API; with a configuration when asked. */
async function newScheme(area: Area, { withConfig = false } = {}): Promise<number> {
  const name = `Focus ${uniqueLetters()}`;
  const client = await api.createClient(name);
  const programId = await api.createScheme(area, client.clientId, name);
  if (withConfig && area === 'gift') await api.createGiftConfig(programId);
  if (withConfig && area === 'loyalty') await api.createLoyaltyConfig(programId);
  return programId;
}

/** Focuses `control` and presses Enter on it, as a keyboard user does. */
async function pressEnterOn(control: Locator): Promise<void> {
  await control.focus();
  await control.press('Enter');
}

/**
 * Waits for the dialog titled `title` with `message`, its OK focused, closes it with `key` and
 * waits until it is gone.
 */
async function closeWith(page: Page, title: string, message: string, key: 'Enter' | 'Escape') {
  const dialog = page.getByRole('dialog', { name: title, exact: true });
  await dialog.getByText(message, { exact: false }).waitFor();
  await waitForFocus(dialog.getByRole('button', { name: DIALOG_TEXT.ok, exact: true }));
  await page.keyboard.press(key);
  await dialog.waitFor({ state: 'detached' });
}

/** Two animation frames: anything the page deferred to the next frame has run. */
const nextFrames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );

describe.each(['Enter', 'Escape'] as const)(
  'a refused save, its dialog closed with %s, gives the focus back',
  (key) => {
    it('Client Setup: a name already taken, Save & Continue focused again', async () => {
      const taken = `Focus ${uniqueLetters()} Co`;
      await api.createClient(taken);
      const { page, errors } = await openStep('gift', 'setup');
      await page.getByRole('radio', { name: 'New client', exact: true }).check();
      await field(page, 'New Client Name').fill(`  ${taken.toUpperCase()} `);
      await pressEnterOn(saveButton(page));
      await closeWith(page, SCHEME_TEXT.errorTitle(ERROR_CODE.CONFLICT), 'already a client', key);
      await waitForFocus(saveButton(page));
      expect(await saveButton(page).isEnabled()).toBe(true);
      expect(unexpectedErrors(errors).filter((error) => !/\b409\b/.test(error))).toEqual([]);
      await page.context().close();
    });

    it('General Settings: an image the server refuses, let go, and Browse focused', async () => {
      const programId = await newScheme('gift');
      const { page } = await openStep('gift', 'general', programId);
      await expectValue(page, GENERAL_LABEL.city, 'SYDNEY');
      const slot = page.getByRole('group', { name: GENERAL_LABEL.buttonImage, exact: true });
      // Named .png, but not an image: the server looks at the bytes.
      await slot.locator('input[type="file"]').setInputFiles({
        name: 'fake.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not an image at all'),
      });
      const upload = slot.getByRole('button', { name: 'fake.png is ready to be uploaded' });
      await pressEnterOn(upload);
      await closeWith(
        page,
        SCHEME_TEXT.errorTitle(ERROR_CODE.UNSUPPORTED_MEDIA),
        ERROR_MESSAGE.unsupportedMedia,
        key,
      );
      // The file would be refused again: the slot is empty again, Browse has the focus.
      await slot.getByRole('button', { name: 'Upload an Image', exact: true }).waitFor();
      await waitForFocus(slot.getByRole('button', { name: 'Browse', exact: true }));
      await page.context().close();
    });
  },
);

it('Configuration: a create refused because the other operator created it keeps the typed values and the focus', async () => {
  const programId = await newScheme('loyalty');
  const { page } = await openStep('loyalty', 'config', programId);

  // This operator fills the form on master BIN 1, ticks Standard and asks for 200 cards.
  await field(page, CONFIG_LABEL.expiryFrom).selectOption({ label: 'Activation Date' });
  await field(page, CONFIG_LABEL.expiryTerm).selectOption({ label: '24 months' });
  await field(page, CONFIG_LABEL.loyaltyBalanceMin).fill('0');
  await field(page, CONFIG_LABEL.loyaltyBalanceMax).fill('3000');
  await field(page, CONFIG_LABEL.redeemMin).fill('10');
  await field(page, CONFIG_LABEL.redeemMax).fill('1500');
  await field(page, CONFIG_LABEL.masterBin).selectOption({ label: '627182 - Transactor Gift 16' });
  await page.getByRole('checkbox', { name: CONFIG_LABEL.suffix.suffixStand, exact: true }).check();
  const suffix = await field(page, CONFIG_LABEL.suffixValue.suffixStand).inputValue();
  expect(suffix).toMatch(/^\d{3}$/);
  await field(page, CONFIG_LABEL.numberStandCards).fill('200');

  // The other operator creates the configuration first (12 months, no suffix, BIN 1).
  await api.createLoyaltyConfig(programId);

  await pressEnterOn(saveButton(page));
  await closeWith(
    page,
    SCHEME_TEXT.errorTitle(ERROR_CODE.CONFLICT),
    SCHEME_SERVER_MESSAGE.configExists,
    'Escape',
  );
  await waitForFocus(saveButton(page));

  // The stored configuration is read again; what this operator typed stays.
  await field(page, CONFIG_LABEL.masterBin).and(page.locator(':disabled')).waitFor();
  expect(
    await field(page, CONFIG_LABEL.expiryTerm).evaluate(
      (select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent,
    ),
  ).toBe('24 months');
  await expectValue(page, CONFIG_LABEL.numberStandCards, '200');
  await expectValue(page, CONFIG_LABEL.suffixValue.suffixStand, suffix);

  // The next save updates the stored configuration with them.
  await saveButton(page).click();
  const success = page.getByRole('dialog', { name: SCHEME_TEXT.successTitle, exact: true });
  await success.getByText(SCHEME_TEXT.configUpdated, { exact: true }).waitFor();
  const stored = await api.call<Config>('GET', SCHEME_PATHS.configuration(programId));
  expect(stored).toMatchObject({
    expiryTerm: 24,
    liveCardBinId: 1,
    suffixStand: suffix,
    numberStandCards: 200,
  });
  await page.context().close();
});

it('Base Campaign (Save & Continue of the later steps): the focus goes back to it', async () => {
  const programId = await newScheme('loyalty', { withConfig: true });
  const { page } = await openStep('loyalty', 'basecampaign', programId);
  await api.call('POST', SCHEME_PATHS.baseCampaign, {
    programId,
    actionTypeId: BASE_CAMPAIGN_ACTION.DEFAULT,
  });
  await pressEnterOn(saveButton(page));
  await closeWith(
    page,
    SCHEME_TEXT.failedCodeTitle(ERROR_CODE.CONFLICT),
    SCHEME_FINANCE_MESSAGE.baseCampaignExists,
    'Enter',
  );
  await waitForFocus(saveButton(page));
  await page.context().close();
});

describe('Enter in a date field', () => {
  /** Types `text` into the date field after Tab has brought the focus there, then Enter. */
  async function typeThenEnter(page: Page, from: string, label: string, text: string) {
    const control = field(page, label);
    await field(page, from).focus();
    await page.keyboard.press('Tab');
    await waitForFocus(control);
    // The calendar opens on focus.
    await page.locator('.react-datepicker').waitFor();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
    await page.locator('.react-datepicker').waitFor({ state: 'detached' });
    await waitForFocus(control);
    await nextFrames(page);
    expect(await control.evaluate((input) => input === document.activeElement)).toBe(true);
    // The calendar stays closed, and the date is taken.
    expect(await page.locator('.react-datepicker').count()).toBe(0);
    expect(await control.inputValue()).toBe(text);

    // The field works as before: Tab moves on, and coming back opens the calendar again.
    await page.keyboard.press('Tab');
    await page.waitForFunction(
      (input) => document.activeElement !== input && document.activeElement !== document.body,
      await control.elementHandle(),
    );
    await page.keyboard.press('Shift+Tab');
    await waitForFocus(control);
    await page.locator('.react-datepicker').waitFor();
    await page.keyboard.press('Escape');
  }

  it('Financial Settlement: the End Date keeps the focus, the calendar closed', async () => {
    const programId = await newScheme('gift', { withConfig: true });
    const { page, errors } = await openStep('gift', 'financial', programId);
    await page.getByRole('checkbox', { name: SETTLEMENT_LABEL.enabled, exact: true }).check();
    await typeThenEnter(page, SETTLEMENT_LABEL.startDate, SETTLEMENT_LABEL.endDate, '30.06.2027');
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.context().close();
  });

  it('Liability Reports: the Next Execution Date keeps the focus, the calendar closed', async () => {
    const programId = await newScheme('gift', { withConfig: true });
    const { page, errors } = await openStep('gift', 'liability', programId);
    await page.getByRole('checkbox', { name: LIABILITY_LABEL.enabled, exact: true }).check();
    await typeThenEnter(
      page,
      LIABILITY_LABEL.frequency,
      LIABILITY_LABEL.nextExecutionDate,
      '29.02.2028',
    );
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.context().close();
  });
});

it('Liability Reports: Escape in the Next Execution Date, then straight on to Grouping Horizon: what is typed goes there', async () => {
  const programId = await newScheme('gift', { withConfig: true });
  const { page, errors } = await openStep('gift', 'liability', programId);
  await page.getByRole('checkbox', { name: LIABILITY_LABEL.enabled, exact: true }).check();
  await page
    .getByRole('radio', { name: SCHEME_TEXT.liabilityModes.frequency, exact: true })
    .check();
  const date = field(page, LIABILITY_LABEL.nextExecutionDate);
  const horizon = field(page, LIABILITY_LABEL.groupingHorizon);
  await date.focus();
  await page.locator('.react-datepicker').waitFor();
  await page.keyboard.type('01.02.2027');
  // Escape, and the focus on to the next field before the page runs any timer: on a busy page
  // keys and clicks are handled before timers, so the picker's own return of the focus to the
  // date (a timer) comes once the operator is in the next field.
  await date.evaluate(
    (input, next) => {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      if (next instanceof HTMLElement) next.focus();
    },
    await horizon.elementHandle(),
  );
  // The page's pending timers (the picker's among them) have run.
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  await nextFrames(page);
  await page.keyboard.type('3');
  expect(await horizon.inputValue()).toBe('3');
  expect(await date.inputValue()).toBe('01.02.2027');
  await waitForFocus(horizon);
  expect(unexpectedErrors(errors)).toEqual([]);
  await page.context().close();
});
