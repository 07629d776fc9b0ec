import type { Page } from 'playwright-core';
import { reviewMailSentText } from '@contracts/api/mail';
import {
  BASE_CAMPAIGN_ACTION_LABEL,
  BIN_NUMBER_LENGTH,
  BIN_TYPE,
  BIN_TYPE_LABEL,
  SCHEME_PATHS,
  SCHEME_TEXT,
  type BaseCampaignAction,
  type CardBin,
  type Config,
  type FinancialSettlement,
  type LiabilityReportConfig,
  type Scheme,
  type SingleValue,
} from '@contracts/api/schemes';
import { CLIENT_SETUP_LABEL } from '@/features/schemes/lib/scheme-texts';
import { CONFIG_LABEL } from '@/features/schemes/lib/configuration-form';
import { SETTLEMENT_LABEL } from '@/features/schemes/lib/settlement-form';
import { LIABILITY_LABEL } from '@/features/schemes/lib/liability-form';
import { BASE_CAMPAIGN_LABEL } from '@/features/schemes/lib/base-campaign';
import { answerDialog, fieldError, signIn } from './support/journal';
import {
  SchemeApi,
  activateScheme,
  expectStep,
  field,
  fillGeneralSettings,
  generalValues,
  openDashboard,
  saveButton,
  stepUrl,
  typeDate,
  uniqueLetters,
  unexpectedErrors,
  type Area,
} from './support/schemes';
import { browserSuite } from './support/suite';

/**
 * The scheme wizards end to end in Chromium against the real server: a gift scheme
 * from a new client through every step to activation, with the review mail in the outbox, and a
 * loyalty scheme of an existing client through Base Campaign (a sliding scale with rows added
 * and removed) to activation.
 */

const suite = browserSuite();
const api = SchemeApi.forSuite(suite);

/** A whole flow takes a while on a loaded machine. */
const FLOW_TIMEOUT = 300_000;

const skipStep = async (page: Page) => {
  await page.getByRole('button', { name: SCHEME_TEXT.buttons.skip, exact: true }).click();
  await answerDialog(page, SCHEME_TEXT.skipTitle, {
    message: SCHEME_TEXT.skipMessage,
    button: SCHEME_TEXT.skipConfirm,
  });
};

const programIdOf = (url: string): number =>
  Number(new URL(url.replace('#', '')).searchParams.get('id'));

describe('a gift scheme from a new client', () => {
  it(
    'goes through every step to activation, with the review mail in the outbox',
    async () => {
      const area: Area = 'gift';
      const name = `Giftflow ${uniqueLetters()}`;
      const values = generalValues(name);
      // A browser 14 hours east of UTC: the days picked are still the days stored and shown.
      const { page, errors } = await suite.newPage({ timezoneId: 'Pacific/Kiritimati' });
      await signIn(page, suite.baseUrl);
      await openDashboard(page, suite.baseUrl, area);
      await page.getByRole('link', { name: SCHEME_TEXT.buttons.addNew, exact: true }).click();

      // Client Setup: a new client on the transactor BIN (the default).
      await expectStep(page, area, 'setup');
      await page.getByRole('radio', { name: CLIENT_SETUP_LABEL.newClient, exact: true }).check();
      await field(page, CLIENT_SETUP_LABEL.newClientName).fill(name);
      await saveButton(page).click();
      await answerDialog(page, SCHEME_TEXT.successTitle, { message: SCHEME_TEXT.clientCreated });

      // General Settings.
      await expectStep(page, area, 'general');
      await fillGeneralSettings(page, values);
      await saveButton(page).click();
      await answerDialog(page, SCHEME_TEXT.successTitle, { message: SCHEME_TEXT.schemeCreated });

      // Configuration: a master BIN, its next suffix ticked, a card count.
      await page.waitForURL(stepUrl(area, 'config'));
      const programId = programIdOf(page.url());
      await expectStep(page, area, 'config');
      await field(page, CONFIG_LABEL.expiryFrom).selectOption({ label: 'Activation Date' });
      await field(page, CONFIG_LABEL.expiryTerm).selectOption({ label: '12 months' });
      await field(page, CONFIG_LABEL.creditMin).fill('5');
      await field(page, CONFIG_LABEL.creditMax).fill('500');
      await field(page, CONFIG_LABEL.topupMin).fill('5');
      await field(page, CONFIG_LABEL.topupMax).fill('250');
      await field(page, CONFIG_LABEL.redeemMin).fill('1');
      await field(page, CONFIG_LABEL.redeemMax).fill('500');
      await field(page, CONFIG_LABEL.redeemMax).blur();
      expect(await field(page, CONFIG_LABEL.creditMax).inputValue()).toBe('500.00');
      const { singleValue: base } = await api.call<SingleValue>(
        'GET',
        SCHEME_PATHS.binExtensionNumber(1),
      );
      await field(page, CONFIG_LABEL.masterBin).selectOption({
        label: '627182 - Transactor Gift 16',
      });
      const standard = page.getByRole('checkbox', {
        name: CONFIG_LABEL.suffix.suffixStand,
        exact: true,
      });
      await standard.check();
      const suffix = String(base + 1).padStart(3, '0');
      expect(await field(page, CONFIG_LABEL.suffixValue.suffixStand).inputValue()).toBe(suffix);
      await field(page, CONFIG_LABEL.numberStandCards).fill('100');
      await saveButton(page).click();
      await answerDialog(page, SCHEME_TEXT.successTitle, { message: SCHEME_TEXT.configCreated });

      // Stores & Devices: no import here (see imports.e2e.test.ts); Save & Continue marks it done.
      await expectStep(page, area, 'upload');
      await saveButton(page).click();

      // Financial Settlement: weekly on Mondays through 2027.
      await expectStep(page, area, 'financial');
      await page.getByRole('checkbox', { name: SETTLEMENT_LABEL.enabled, exact: true }).check();
      await field(page, SETTLEMENT_LABEL.bank).selectOption({
        label: 'Commonwealth Bank of Australia',
      });
      await field(page, SETTLEMENT_LABEL.bankAuthority).fill('123456');
      await field(page, SETTLEMENT_LABEL.bankAuthorityRepeat).fill('123456');
      await field(page, SETTLEMENT_LABEL.poolAccName).fill('Giftflow Pool');
      await field(page, SETTLEMENT_LABEL.poolAccBankNumber).fill('06200012345678');
      expect(await field(page, SETTLEMENT_LABEL.poolAccBankNumber).inputValue()).toBe(
        '062-000 12345678',
      );
      await field(page, SETTLEMENT_LABEL.poolAccBankNumberRepeat).fill('06200012345678');
      await field(page, SETTLEMENT_LABEL.frequency).selectOption({ label: 'Weekly' });
      await field(page, SETTLEMENT_LABEL.dayOfWeek).selectOption({ label: 'Monday' });
      await typeDate(field(page, SETTLEMENT_LABEL.startDate), '04.01.2027');
      await typeDate(field(page, SETTLEMENT_LABEL.endDate), '31.12.2027');
      await saveButton(page).click();
      await answerDialog(page, SCHEME_TEXT.successTitle, {
        message: SCHEME_TEXT.settlementCreated,
      });

      // Liability Reports: a recipient tag, monthly from 1 February 2027.
      await expectStep(page, area, 'liability');
      await page.getByRole('heading', { name: SCHEME_TEXT.liabilityTitle(name) }).waitFor();
      await page.getByRole('checkbox', { name: LIABILITY_LABEL.enabled, exact: true }).check();
      await field(page, LIABILITY_LABEL.recipient).pressSequentially('finance@giftflow.example ');
      await page
        .getByRole('list', { name: `${LIABILITY_LABEL.recipient}: added` })
        .getByText('finance@giftflow.example')
        .waitFor();
      await field(page, LIABILITY_LABEL.subject).fill('Giftflow liability');
      await page
        .getByRole('radio', { name: SCHEME_TEXT.liabilityModes.frequency, exact: true })
        .check();
      await field(page, LIABILITY_LABEL.frequency).selectOption({ label: 'Monthly' });
      await typeDate(field(page, LIABILITY_LABEL.nextExecutionDate), '01.02.2027');
      await field(page, LIABILITY_LABEL.groupingHorizon).fill('3');
      await saveButton(page).click();
      await answerDialog(page, SCHEME_TEXT.successTitle, { message: SCHEME_TEXT.liabilityCreated });

      // Summary: what was saved, then Send to Review and Activate Scheme.
      await page.waitForURL(stepUrl(area, 'summary', programId));
      await expectStep(page, area, 'summary');
      for (const text of [values.schemeName, values.login, 'Giftflow Pool', suffix, '01.02.2027']) {
        await page.getByText(text, { exact: true }).first().waitFor();
      }
      await page.getByRole('button', { name: SCHEME_TEXT.buttons.sendToReview }).click();
      await answerDialog(page, SCHEME_TEXT.successTitle, {
        message: reviewMailSentText(values.schemeName, values.email),
      });
      const mails = (await api.outbox()).filter((mail) => mail.schemeName === values.schemeName);
      expect(mails).toEqual([
        expect.objectContaining({ to: values.email, schemeName: values.schemeName }),
      ]);
      // The mail names the scheme and carries the summary's screenshot as a PNG.
      const eml = await api.outboxMessage(mails[0]?.id ?? '');
      expect(eml).toContain(`Subject: Scheme review: ${values.schemeName}`);
      expect(eml).toMatch(/Content-Type: image\/png/);
      expect(eml).toContain('iVBORw0KGgo'); // the PNG signature, base64

      await activateScheme(page, values.schemeName);
      await answerDialog(page, SCHEME_TEXT.successTitle, { message: SCHEME_TEXT.activated });
      await page.getByRole('heading', { level: 1, name: SCHEME_TEXT.giftDashboardTitle }).waitFor();
      await page.getByRole('link').filter({ hasText: values.schemeName }).waitFor();
      // The dashboard opens at its top, not where the summary's Activate button was.
      await page.waitForFunction(() => window.scrollY === 0);

      // What the server holds.
      const scheme = await api.call<Scheme>('GET', SCHEME_PATHS.scheme(programId));
      expect(scheme.schemeStatus).toBe(5);
      const config = await api.call<Config>('GET', SCHEME_PATHS.configuration(programId));
      expect(config).toMatchObject({
        programTypeId: 1,
        expiryFrom: 1,
        expiryTerm: 12,
        creditMin: 5,
        creditMax: 500,
        topupMin: 5,
        topupMax: 250,
        redeemMin: 1,
        redeemMax: 500,
        liveCardBinId: 1,
        suffixStand: suffix,
        numberStandCards: 100,
      });
      const settlement = await api.call<FinancialSettlement>(
        'GET',
        SCHEME_PATHS.settlement(programId),
      );
      expect(settlement).toMatchObject({
        bankId: 1,
        bankAuthority: '123456',
        poolAccName: 'Giftflow Pool',
        poolAccBankNumber: '062-000 12345678',
        frequency: 3,
        frequencyDayOfWeek: 1,
        // Each picked day as its UTC midnight.
        startDate: Date.UTC(2027, 0, 4) / 1000,
        endDate: Date.UTC(2027, 11, 31) / 1000,
      });
      const liability = await api.call<LiabilityReportConfig>(
        'GET',
        `${SCHEME_PATHS.liability}?programId=${programId}`,
      );
      expect(liability).toMatchObject({
        emailRecipient: 'finance@giftflow.example',
        emailSubject: 'Giftflow liability',
        flActive: 1,
        frequency: 3,
        schedulerFunction: null,
        groupingHorizon: 3,
        nextExecutionDate: Date.UTC(2027, 1, 1) / 1000,
      });
      expect(unexpectedErrors(errors)).toEqual([]);
      await page.context().close();
    },
    FLOW_TIMEOUT,
  );
});

describe('a new client with its own BIN', () => {
  it.each(
    [
      { binTypeId: BIN_TYPE.INTERNATIONAL, area: 'gift' as const, country: undefined },
      { binTypeId: BIN_TYPE.LOCAL, area: 'loyalty' as const, country: 'Australia' },
    ].map((each) => ({ ...each, bin: BIN_TYPE_LABEL[each.binTypeId] })),
  )(
    '$area: a new client with its own $bin BIN goes on to a saved configuration on it, no reload',
    async ({ binTypeId, area, country }) => {
      const name = `Ownbin ${uniqueLetters()}`;
      // A number no other test uses: digits of the clock, as long as the BIN type wants.
      const binNumber = `5${String(Date.now()).slice(1 - BIN_NUMBER_LENGTH[binTypeId])}`;
      const { page, errors } = await suite.newPage();
      await signIn(page, suite.baseUrl);
      await openDashboard(page, suite.baseUrl, area);
      await page.getByRole('link', { name: SCHEME_TEXT.buttons.addNew, exact: true }).click();

      // Client Setup: a new client with its own BIN; the server adds its card BIN.
      await expectStep(page, area, 'setup');
      await page.getByRole('radio', { name: CLIENT_SETUP_LABEL.newClient, exact: true }).check();
      await field(page, CLIENT_SETUP_LABEL.newClientName).fill(name);
      await page.getByRole('radio', { name: BIN_TYPE_LABEL[binTypeId], exact: true }).check();
      await field(page, CLIENT_SETUP_LABEL.binNumber).fill(binNumber);
      await field(page, CLIENT_SETUP_LABEL.binName).fill(`${name} BIN`);
      if (country !== undefined) {
        await field(page, CLIENT_SETUP_LABEL.country).selectOption({ label: country });
      }
      await saveButton(page).click();
      await answerDialog(page, SCHEME_TEXT.successTitle, { message: SCHEME_TEXT.clientCreated });

      await expectStep(page, area, 'general');
      await fillGeneralSettings(page, generalValues(name));
      await saveButton(page).click();
      await answerDialog(page, SCHEME_TEXT.successTitle, { message: SCHEME_TEXT.schemeCreated });

      // Configuration: the client's card BIN is known without a reload.
      await page.waitForURL(stepUrl(area, 'config'));
      const programId = programIdOf(page.url());
      await expectStep(page, area, 'config');
      const bins = await api.call<{ _embedded: { bins: CardBin[] } }>('GET', SCHEME_PATHS.bins);
      const bin = bins._embedded.bins.find((each) => each.number === binNumber);
      if (bin === undefined) throw new Error(`no card BIN ${binNumber} on the server`);
      const { singleValue: base } = await api.call<SingleValue>(
        'GET',
        SCHEME_PATHS.binExtensionNumber(bin.id),
      );
      const ownBin = field(page, CONFIG_LABEL.binNumber);
      expect(await ownBin.inputValue()).toBe(binNumber);
      expect(await fieldError(ownBin)).toBe('');
      expect(await field(page, CONFIG_LABEL.cardLength).inputValue()).toBe(String(bin.cardLength));

      await field(page, CONFIG_LABEL.expiryFrom).selectOption({ label: 'Activation Date' });
      await field(page, CONFIG_LABEL.expiryTerm).selectOption({ label: '12 months' });
      if (area === 'gift') {
        await field(page, CONFIG_LABEL.creditMin).fill('5');
        await field(page, CONFIG_LABEL.creditMax).fill('500');
        await field(page, CONFIG_LABEL.topupMin).fill('5');
        await field(page, CONFIG_LABEL.topupMax).fill('250');
      } else {
        await field(page, CONFIG_LABEL.loyaltyBalanceMin).fill('0');
        await field(page, CONFIG_LABEL.loyaltyBalanceMax).fill('5000');
      }
      await field(page, CONFIG_LABEL.redeemMin).fill('1');
      await field(page, CONFIG_LABEL.redeemMax).fill('500');
      await page
        .getByRole('checkbox', { name: CONFIG_LABEL.suffix.suffixStand, exact: true })
        .check();
      const suffix = String(base + 1).padStart(bin.extensionLength, '0');
      expect(await field(page, CONFIG_LABEL.suffixValue.suffixStand).inputValue()).toBe(suffix);
      await saveButton(page).click();
      await answerDialog(page, SCHEME_TEXT.successTitle, { message: SCHEME_TEXT.configCreated });
      await expectStep(page, area, 'upload');

      const config = await api.call<Config>('GET', SCHEME_PATHS.configuration(programId));
      expect(config).toMatchObject({ liveCardBinId: bin.id, suffixStand: suffix });
      expect(unexpectedErrors(errors)).toEqual([]);
      await page.context().close();
    },
    FLOW_TIMEOUT,
  );
});

describe('a loyalty scheme of an existing client', () => {
  it(
    'goes through Base Campaign with a sliding scale (rows added and removed) to activation',
    async () => {
      const area: Area = 'loyalty';
      const name = `Loyaltyflow ${uniqueLetters()}`;
      const client = await api.createClient(name);
      const values = generalValues(name);
      const { page, errors } = await suite.newPage();
      await signIn(page, suite.baseUrl);
      await openDashboard(page, suite.baseUrl, area);
      await page.getByRole('link', { name: SCHEME_TEXT.buttons.addNew, exact: true }).click();

      // Client Setup: the existing client.
      await expectStep(page, area, 'setup');
      await page
        .getByRole('radio', { name: CLIENT_SETUP_LABEL.existingClient, exact: true })
        .check();
      await field(page, CLIENT_SETUP_LABEL.chooseClient).selectOption({ label: name });
      await saveButton(page).click();

      await expectStep(page, area, 'general');
      await page.getByRole('heading', { name: SCHEME_TEXT.generalTitle(3, name) }).waitFor();
      await fillGeneralSettings(page, values);
      await saveButton(page).click();
      await answerDialog(page, SCHEME_TEXT.successTitle, { message: SCHEME_TEXT.schemeCreated });

      // Configuration, loyalty field set.
      await page.waitForURL(stepUrl(area, 'config'));
      const programId = programIdOf(page.url());
      await expectStep(page, area, 'config');
      await field(page, CONFIG_LABEL.expiryFrom).selectOption({ label: 'Last Transaction Date' });
      await field(page, CONFIG_LABEL.expiryTerm).selectOption({ label: '24 months' });
      await field(page, CONFIG_LABEL.loyaltyBalanceMin).fill('0');
      await field(page, CONFIG_LABEL.loyaltyBalanceMax).fill('5000');
      await field(page, CONFIG_LABEL.redeemMin).fill('10');
      await field(page, CONFIG_LABEL.redeemMax).fill('2000');
      await field(page, CONFIG_LABEL.masterBin).selectOption({
        label: '603571 - Transactor Loyalty',
      });
      await saveButton(page).click();
      await answerDialog(page, SCHEME_TEXT.successTitle, { message: SCHEME_TEXT.configCreated });

      // Stores & Devices, Financial Settlement and Liability Reports skipped (each asks).
      await expectStep(page, area, 'upload');
      await skipStep(page);
      await expectStep(page, area, 'financial');
      await skipStep(page);
      await expectStep(page, area, 'liability');
      await skipStep(page);

      // Base Campaign: a sliding scale.
      await expectStep(page, area, 'basecampaign');
      await page.getByRole('heading', { name: SCHEME_TEXT.baseCampaignTitle(name) }).waitFor();
      const sliding = BASE_CAMPAIGN_ACTION_LABEL[4];
      await page.getByRole('radio', { name: sliding, exact: true }).check();
      const row = (index: number) =>
        page.getByRole('group', { name: BASE_CAMPAIGN_LABEL.row(sliding, index), exact: true });
      const addScale = page.getByRole('button', {
        name: BASE_CAMPAIGN_LABEL.addScale(sliding),
        exact: true,
      });
      await row(0).getByText(BASE_CAMPAIGN_LABEL.range(0, 20), { exact: true }).waitFor();

      // Two rows added: each from the previous max + 1, spanning 20; only the last editable,
      // its max and its multiplier.
      const multiplier = (index: number) =>
        row(index).getByLabel(BASE_CAMPAIGN_LABEL.multiplier, { exact: true });
      await addScale.click();
      await row(1).getByText(BASE_CAMPAIGN_LABEL.range(21, 41), { exact: true }).waitFor();
      await multiplier(1).fill('2.5');
      await addScale.click();
      await row(2).getByText(BASE_CAMPAIGN_LABEL.range(42, 62), { exact: true }).waitFor();
      for (const index of [0, 1]) {
        expect(await row(index).getByRole('slider').isDisabled()).toBe(true);
        expect(await multiplier(index).isDisabled()).toBe(true);
      }
      expect(await row(2).getByRole('slider').isDisabled()).toBe(false);
      expect(await multiplier(2).isDisabled()).toBe(false);
      const removeLast = (index: number) =>
        page.getByRole('button', { name: BASE_CAMPAIGN_LABEL.removeRow(sliding, index) });
      expect(await removeLast(1).count()).toBe(0);

      // The last row removed: the one before is editable again.
      await removeLast(2).click();
      await row(2).waitFor({ state: 'detached' });
      expect(await row(1).getByRole('slider').isDisabled()).toBe(false);
      expect(await multiplier(1).isDisabled()).toBe(false);

      // Its max moved up by the keyboard, 41 -> 45 (the slider is labelled with its range).
      await row(1)
        .getByRole('slider', { name: BASE_CAMPAIGN_LABEL.range(21, 41), exact: true })
        .waitFor();
      const slider = row(1).getByRole('slider');
      for (let step = 0; step < 4; step += 1) await slider.press('ArrowRight');
      await row(1).getByText(BASE_CAMPAIGN_LABEL.range(21, 45), { exact: true }).waitFor();
      await saveButton(page).click();
      await answerDialog(page, SCHEME_TEXT.successTitle, {
        message: SCHEME_TEXT.baseCampaignCreated,
      });

      // Summary, then activation.
      await page.waitForURL(stepUrl(area, 'summary', programId));
      await expectStep(page, area, 'summary');
      await page.getByText(values.schemeName, { exact: true }).first().waitFor();
      await activateScheme(page, values.schemeName);
      await answerDialog(page, SCHEME_TEXT.successTitle, { message: SCHEME_TEXT.activated });
      await page
        .getByRole('heading', { level: 1, name: SCHEME_TEXT.loyaltyDashboardTitle })
        .waitFor();

      const campaign = await api.call<BaseCampaignAction>(
        'GET',
        SCHEME_PATHS.campaignAction(programId),
      );
      expect(campaign).toMatchObject({
        actionTypeId: 4,
        range: [
          { min: 0, max: 20, multiplier: 1 },
          { min: 21, max: 45, multiplier: 2.5 },
        ],
      });
      const scheme = await api.call<Scheme>('GET', SCHEME_PATHS.scheme(programId));
      expect(scheme).toMatchObject({
        programTypeId: 3,
        clientId: client.clientId,
        schemeStatus: 5,
      });
      expect(unexpectedErrors(errors)).toEqual([]);
      await page.context().close();
    },
    FLOW_TIMEOUT,
  );
});
