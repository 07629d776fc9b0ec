import { reviewMailSentText } from '@contracts/api/mail';
import { DIALOG_TEXT, FIELD_MESSAGES } from '@contracts/api/messages';
import {
  BIN_TYPE_LABEL,
  SCHEME_PATHS,
  SCHEME_STATUS,
  SCHEME_TEXT,
  type Client,
  type Config,
  type Scheme,
} from '@contracts/api/schemes';
import { IMAGE_SLOT_CAPTION } from '@/components/form/ImageSlotField';
import {
  ACTIVATION_TEXT,
  CLIENT_SETUP_LABEL,
  DASHBOARD_TEXT,
  GENERAL_LABEL,
  SCHEME_STATE_TEXT,
} from '@/features/schemes/lib/scheme-texts';
import { COMMON_TEXT } from '@/config/texts';
import { UNSAVED_CHANGES_TEXT } from '@/components/wizard/unsaved-changes';
import { CONFIG_LABEL } from '@/features/schemes/lib/configuration-form';
import { SETTLEMENT_LABEL } from '@/features/schemes/lib/settlement-form';
import { answerDialog, dialogOpen, fieldError, openRoute, signIn } from './support/journal';
import { noisePng, solidPng } from './support/png';
import {
  SchemeApi,
  activateButton,
  activateScheme,
  expectFieldError,
  expectStep,
  field,
  generalValues,
  openDashboard,
  saveButton,
  stepRoute,
  stepUrl,
  uniqueLetters,
  unexpectedErrors,
} from './support/schemes';
import { browserSuite } from './support/suite';

/**
 * The scheme wizards in Chromium against the real server: an existing scheme opens on
 * its Summary, Client Setup and General Settings with their validation messages and success
 * dialogs, and activation refused without a configuration. Records a test needs are made
 * through the API; the demo seed only where the test is about the seed.
 */

const suite = browserSuite();
const api = SchemeApi.forSuite(suite);

describe('an existing scheme', () => {
  it.each([
    { area: 'gift' as const, name: 'Demo Gift Card', id: 1 },
    { area: 'loyalty' as const, name: 'Southern Cafes Rewards', id: 4 },
  ])(
    '$name (seed) opened from the $area dashboard lands on its Summary',
    async ({ area, name, id }) => {
      const { page, errors } = await suite.newPage();
      await signIn(page, suite.baseUrl);
      await openDashboard(page, suite.baseUrl, area);
      const tiles = page.getByRole('list', {
        name: area === 'gift' ? DASHBOARD_TEXT.giftTiles : DASHBOARD_TEXT.loyaltyTiles,
      });
      await tiles.getByRole('link').filter({ hasText: name }).click();

      await page.waitForURL(stepUrl(area, 'summary', id));
      await expectStep(page, area, 'summary');
      await page.getByText(name, { exact: true }).first().waitFor();
      await activateButton(page).waitFor();
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );

  it('the seed gift scheme without a configuration opens on Configuration', async () => {
    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    await openDashboard(page, suite.baseUrl, 'gift');
    await page
      .getByRole('list', { name: DASHBOARD_TEXT.giftTiles })
      .getByRole('link')
      .filter({ hasText: 'Southern Cafes Gift Card' })
      .click();
    await page.waitForURL(stepUrl('gift', 'config', 6));
    await expectStep(page, 'gift', 'config');
    // The later tabs stay disabled (no link) until the configuration exists.
    const nav = page.getByRole('navigation', { name: COMMON_TEXT.wizardSteps });
    expect(await nav.getByRole('link', { name: SCHEME_TEXT.tabs.general }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: SCHEME_TEXT.tabs.summary }).count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.context().close();
  });
});

describe('a step entered by its address', () => {
  it('a typed Summary address of a scheme without a configuration lands on Configuration', async () => {
    const name = `Typed ${uniqueLetters()}`;
    const client = await api.createClient(name);
    const programId = await api.createScheme('gift', client.clientId, name);

    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    await openRoute(page, suite.baseUrl, stepRoute('gift', 'summary', programId));
    await page.waitForURL(stepUrl('gift', 'config', programId));
    await expectStep(page, 'gift', 'config');
    await page.getByRole('heading', { name: CONFIG_LABEL.title(name) }).waitFor();
    const nav = page.getByRole('navigation', { name: COMMON_TEXT.wizardSteps });
    expect(await nav.getByRole('link', { name: SCHEME_TEXT.tabs.summary }).count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.context().close();
  });

  it('a typed Stores & Devices address of a scheme with a configuration stays there', async () => {
    const name = `Typed ${uniqueLetters()}`;
    const client = await api.createClient(name);
    const programId = await api.createScheme('gift', client.clientId, name);
    await api.createGiftConfig(programId);

    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    await openRoute(page, suite.baseUrl, stepRoute('gift', 'upload', programId));
    await expectStep(page, 'gift', 'upload');
    const nav = page.getByRole('navigation', { name: COMMON_TEXT.wizardSteps });
    await nav.getByRole('link', { name: SCHEME_TEXT.tabs.summary }).waitFor();
    expect(page.url()).toMatch(stepUrl('gift', 'upload', programId));
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.context().close();
  });
});

describe('Client Setup and General Settings for a new client', () => {
  it('shows the validation messages, then creates the client and the scheme', async () => {
    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    await openDashboard(page, suite.baseUrl, 'gift');
    await page.getByRole('link', { name: SCHEME_TEXT.buttons.addNew, exact: true }).click();
    await page.waitForURL(stepUrl('gift', 'setup'));
    await expectStep(page, 'gift', 'setup');

    // A new client with its own International BIN: everything empty first.
    await page.getByRole('radio', { name: CLIENT_SETUP_LABEL.newClient, exact: true }).check();
    await page.getByRole('radio', { name: BIN_TYPE_LABEL[1], exact: true }).check();
    await saveButton(page).click();
    const clientName = field(page, CLIENT_SETUP_LABEL.newClientName);
    const binNumber = field(page, CLIENT_SETUP_LABEL.binNumber);
    const binName = field(page, CLIENT_SETUP_LABEL.binName);
    await expectFieldError(clientName, FIELD_MESSAGES.required);
    expect(await fieldError(binNumber)).toBe(FIELD_MESSAGES.required);
    expect(await fieldError(binName)).toBe(FIELD_MESSAGES.required);

    // International: exactly 6 digits.
    await binNumber.fill('12a45');
    await expectFieldError(binNumber, FIELD_MESSAGES.numOnly);
    await binNumber.fill('12345');
    await expectFieldError(binNumber, FIELD_MESSAGES.minlength);
    await binNumber.fill('1234567');
    await expectFieldError(binNumber, FIELD_MESSAGES.maxlength);
    await binNumber.fill('123456');
    await expectFieldError(binNumber, '');

    // Local: exactly 9 digits and a country.
    await page.getByRole('radio', { name: BIN_TYPE_LABEL[2], exact: true }).check();
    await expectFieldError(binNumber, FIELD_MESSAGES.minlength);
    await binNumber.fill('1234567890');
    await expectFieldError(binNumber, FIELD_MESSAGES.maxlength);
    const binCountry = field(page, CLIENT_SETUP_LABEL.country);
    await saveButton(page).click();
    await expectFieldError(binCountry, FIELD_MESSAGES.required);
    expect(page.url()).toMatch(stepUrl('gift', 'setup'));

    const name = `Client ${uniqueLetters()}`;
    await clientName.fill(name);
    await binNumber.fill('987654321');
    await binName.fill(`${name} Local`);
    await binCountry.selectOption({ label: 'Australia' });
    await saveButton(page).click();
    await answerDialog(page, SCHEME_TEXT.successTitle, { message: SCHEME_TEXT.clientCreated });

    // General Settings for the new client.
    await page.waitForURL(/general-settings\?clientId=\d+$/);
    await expectStep(page, 'gift', 'general');
    await page.getByRole('heading', { name: SCHEME_TEXT.generalTitle(1, name) }).waitFor();
    await saveButton(page).click();
    await answerDialog(page, DIALOG_TEXT.errorTitle, { message: DIALOG_TEXT.formNotValid });

    const schemeName = field(page, GENERAL_LABEL.schemeName);
    const shortName = field(page, GENERAL_LABEL.shortName);
    const abbreviation = field(page, GENERAL_LABEL.abbreviation);
    const login = field(page, GENERAL_LABEL.poweruserLogin);
    const password = field(page, GENERAL_LABEL.password);
    const repeat = field(page, GENERAL_LABEL.passwordRepeat);
    const country = field(page, GENERAL_LABEL.country);
    const email = field(page, GENERAL_LABEL.email);
    const website = field(page, GENERAL_LABEL.website);
    const mobile = field(page, GENERAL_LABEL.mobile);
    const landline = field(page, GENERAL_LABEL.landline);
    const methods = page.getByRole('group', { name: GENERAL_LABEL.transactingMethod });
    for (const control of [
      schemeName,
      shortName,
      abbreviation,
      login,
      password,
      repeat,
      country,
      email,
      mobile,
      landline,
      methods,
    ]) {
      expect(await fieldError(control)).toBe(FIELD_MESSAGES.required);
    }
    expect(await fieldError(website)).toBe('');

    // Each rule's message.
    await schemeName.fill('Bad-Name!');
    await expectFieldError(schemeName, FIELD_MESSAGES.alphaNumOnly);
    await schemeName.fill('x'.repeat(51));
    await expectFieldError(schemeName, FIELD_MESSAGES.maxlength);
    await shortName.fill('ab1');
    expect(await shortName.inputValue()).toBe('AB1');
    await expectFieldError(shortName, FIELD_MESSAGES.alphaOnly);
    await shortName.fill('abcdefg');
    await expectFieldError(shortName, FIELD_MESSAGES.maxlength);
    await abbreviation.fill('a2');
    await expectFieldError(abbreviation, FIELD_MESSAGES.alphaOnly);
    await abbreviation.fill('abcd');
    await expectFieldError(abbreviation, FIELD_MESSAGES.maxlength);
    await password.fill('Secret123');
    await repeat.fill('Secret124');
    await expectFieldError(repeat, FIELD_MESSAGES.areEqual);
    await password.fill('x'.repeat(16));
    await expectFieldError(password, FIELD_MESSAGES.maxlength);
    await email.fill('not-an-email');
    await expectFieldError(email, FIELD_MESSAGES.email);
    await website.fill('not a url');
    await expectFieldError(website, FIELD_MESSAGES.url);
    await mobile.fill('04 1234');
    await expectFieldError(mobile, FIELD_MESSAGES.numOnly);
    await mobile.fill('1'.repeat(25));
    await expectFieldError(mobile, FIELD_MESSAGES.maxlength);
    await landline.fill('02-9123');
    await expectFieldError(landline, FIELD_MESSAGES.numOnly);
    await landline.fill('1'.repeat(15));
    await expectFieldError(landline, FIELD_MESSAGES.maxlength);
    const suburb = field(page, GENERAL_LABEL.suburb);
    await suburb.fill('St. Kilda');
    await expectFieldError(suburb, FIELD_MESSAGES.alphaNumOnly);

    // Still not valid: the dialog again, nothing saved.
    await saveButton(page).click();
    await answerDialog(page, DIALOG_TEXT.errorTitle, { message: DIALOG_TEXT.formNotValid });
    expect(page.url()).toMatch(/general-settings\?clientId=\d+$/);

    // Valid values: created, on to Configuration.
    const values = generalValues(name);
    await schemeName.fill(values.schemeName);
    await shortName.fill(values.shortName.toLowerCase());
    expect(await shortName.inputValue()).toBe(values.shortName);
    await abbreviation.fill(values.abbreviation);
    await login.fill(values.login);
    await password.fill(values.password);
    await repeat.fill(values.password);
    await field(page, GENERAL_LABEL.address1).fill(values.address1.toLowerCase());
    await suburb.fill(values.suburb);
    await field(page, GENERAL_LABEL.city).fill(values.city);
    await country.selectOption({ label: values.country });
    const state = field(page, GENERAL_LABEL.state);
    await state.locator('option', { hasText: values.state }).waitFor({ state: 'attached' });
    await state.selectOption({ label: values.state });
    await field(page, GENERAL_LABEL.postcode).fill(values.postcode);
    await email.fill(values.email);
    await website.fill(values.website);
    await mobile.fill(values.mobile);
    await landline.fill(values.landline);
    await methods.getByRole('checkbox', { name: values.method, exact: true }).check();
    await expectFieldError(methods, '');
    await saveButton(page).click();
    await answerDialog(page, SCHEME_TEXT.successTitle, { message: SCHEME_TEXT.schemeCreated });

    await page.waitForURL(stepUrl('gift', 'config'));
    const programId = Number(new URL(page.url().replace('#', '')).searchParams.get('id'));
    await expectStep(page, 'gift', 'config');
    const saved = await api.call<Scheme>('GET', SCHEME_PATHS.scheme(programId));
    expect(saved).toMatchObject({
      programTypeId: 1,
      clientName: name,
      schemeName: values.schemeName,
      schemeShortName: values.shortName,
      schemeAbbreviation: values.abbreviation,
      address1: values.address1,
      countryId: values.countryId,
      stateId: values.stateId,
      transactionMethodsStr: String(values.methodId),
      schemeStatus: 1,
    });
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.context().close();
  });

  it("keeps a new client's name and BIN through Existing client and back, and creates it with them", async () => {
    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    await openRoute(page, suite.baseUrl, stepRoute('gift', 'setup'));
    await expectStep(page, 'gift', 'setup');
    const newClient = page.getByRole('radio', { name: CLIENT_SETUP_LABEL.newClient, exact: true });
    const local = page.getByRole('radio', { name: BIN_TYPE_LABEL[2], exact: true });
    await newClient.check();
    const name = `Client ${uniqueLetters()}`;
    await field(page, CLIENT_SETUP_LABEL.newClientName).fill(name);
    await local.check();
    await field(page, CLIENT_SETUP_LABEL.binNumber).fill('987654321');
    await field(page, CLIENT_SETUP_LABEL.binName).fill(`${name} Local`);
    await field(page, CLIENT_SETUP_LABEL.country).selectOption({ label: 'Australia' });

    await page.getByRole('radio', { name: CLIENT_SETUP_LABEL.existingClient, exact: true }).check();
    await field(page, CLIENT_SETUP_LABEL.binNumber).waitFor({ state: 'detached' });
    expect(await local.isChecked()).toBe(false);
    await newClient.check();
    expect(await local.isChecked()).toBe(true);
    expect(await field(page, CLIENT_SETUP_LABEL.newClientName).inputValue()).toBe(name);
    expect(await field(page, CLIENT_SETUP_LABEL.binNumber).inputValue()).toBe('987654321');
    expect(await field(page, CLIENT_SETUP_LABEL.binName).inputValue()).toBe(`${name} Local`);
    expect(
      await field(page, CLIENT_SETUP_LABEL.country).locator('option:checked').textContent(),
    ).toBe('Australia');

    await saveButton(page).click();
    await answerDialog(page, SCHEME_TEXT.successTitle, { message: SCHEME_TEXT.clientCreated });
    await page.waitForURL(/general-settings\?clientId=\d+$/);
    const clientId = Number(/clientId=(\d+)$/.exec(page.url())?.[1]);
    expect(await api.call<Client>('GET', SCHEME_PATHS.client(clientId))).toMatchObject({
      clientName: name,
      binTypeId: 2,
      binNumber: '987654321',
      binName: `${name} Local`,
    });
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.context().close();
  });
});

describe('editing an existing scheme', () => {
  it('goes from the Summary through locked Client Setup to updates of General Settings and Configuration', async () => {
    const name = `Edit ${uniqueLetters()}`;
    const client = await api.createClient(name);
    const programId = await api.createScheme('gift', client.clientId, name);
    await api.createGiftConfig(programId);

    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    await openRoute(page, suite.baseUrl, stepRoute('gift', 'summary', programId));
    await expectStep(page, 'gift', 'summary');
    await page.getByRole('button', { name: SCHEME_TEXT.buttons.editScheme, exact: true }).click();

    // Client Setup: everything locked; the button only moves on.
    await page.waitForURL(stepUrl('gift', 'setup', programId));
    await expectStep(page, 'gift', 'setup');
    const chosen = field(page, CLIENT_SETUP_LABEL.chooseClient);
    await chosen.locator('option:checked', { hasText: name }).waitFor({ state: 'attached' });
    expect(await chosen.isDisabled()).toBe(true);
    expect(
      await page
        .getByRole('radio', { name: CLIENT_SETUP_LABEL.newClient, exact: true })
        .isDisabled(),
    ).toBe(true);
    await saveButton(page).click();
    await page.waitForURL(stepUrl('gift', 'general', programId));
    expect(await dialogOpen(page)).toBe(false);

    // General Settings: an image over 300 KB refused, a small one uploaded, the name changed.
    await expectStep(page, 'gift', 'general');
    const schemeName = field(page, GENERAL_LABEL.schemeName);
    expect(await schemeName.inputValue()).toBe(generalValues(name).schemeName);
    const slot = page.getByRole('group', { name: GENERAL_LABEL.buttonImage, exact: true });
    const big = noisePng(400_000);
    expect(big.length).toBeGreaterThan(307_200);
    await slot.locator('input[type="file"]').setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: big,
    });
    await answerDialog(page, DIALOG_TEXT.errorTitle, { message: DIALOG_TEXT.fileTooLarge });
    await slot.locator('input[type="file"]').setInputFiles({
      name: 'button.png',
      mimeType: 'image/png',
      buffer: solidPng(32, 32, [20, 120, 200]),
    });
    await slot
      .getByRole('button', { name: IMAGE_SLOT_CAPTION.ready('button.png'), exact: true })
      .click();
    await slot.getByRole('button', { name: IMAGE_SLOT_CAPTION.uploaded, exact: true }).waitFor();
    const renamed = `${name} Renamed`;
    await schemeName.fill(renamed);
    // The password may stay empty on an update (the saved one is kept).
    await saveButton(page).click();
    await answerDialog(page, SCHEME_TEXT.successTitle, { message: SCHEME_TEXT.schemeUpdated });

    // Configuration: the saved BIN is locked; an update.
    await page.waitForURL(stepUrl('gift', 'config', programId));
    await expectStep(page, 'gift', 'config');
    const masterBin = field(page, CONFIG_LABEL.masterBin);
    expect(await masterBin.isDisabled()).toBe(true);
    expect(await field(page, CONFIG_LABEL.creditMax).inputValue()).toBe('500.00');
    await field(page, CONFIG_LABEL.redeemMax).fill('400');
    await saveButton(page).click();
    await answerDialog(page, SCHEME_TEXT.successTitle, { message: SCHEME_TEXT.configUpdated });
    await page.waitForURL(stepUrl('gift', 'upload', programId));

    const scheme = await api.call<Scheme>('GET', SCHEME_PATHS.scheme(programId));
    expect(scheme.schemeName).toBe(renamed);
    expect(scheme.buttonImgUrl).toMatch(/.+/);
    const config = await api.call<Config>('GET', SCHEME_PATHS.configuration(programId));
    expect(config).toMatchObject({ liveCardBinId: 1, redeemMax: 400, creditMax: 500 });

    // The dashboard tile shows the uploaded button image.
    await openDashboard(page, suite.baseUrl, 'gift');
    const image = page.getByRole('img', { name: DASHBOARD_TEXT.buttonImage(renamed) });
    await image.waitFor();
    await page.waitForFunction(
      (element) =>
        element instanceof HTMLImageElement && element.complete && element.naturalWidth === 32,
      await image.elementHandle(),
    );
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.context().close();
  });
});

describe('leaving a step with unsaved changes', () => {
  it('asks first (Stay keeps the changes), and a confirmed skip does not ask again', async () => {
    const name = `Leave ${uniqueLetters()}`;
    const client = await api.createClient(name);
    const programId = await api.createScheme('gift', client.clientId, name);
    await api.createGiftConfig(programId);

    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    await openRoute(page, suite.baseUrl, stepRoute('gift', 'config', programId));
    await expectStep(page, 'gift', 'config');
    const redeemMax = field(page, CONFIG_LABEL.redeemMax);
    await redeemMax.fill('321');
    const tab = (label: string) =>
      page
        .getByRole('navigation', { name: COMMON_TEXT.wizardSteps })
        .getByRole('link', { name: label, exact: true });

    await tab(SCHEME_TEXT.tabs.upload).click();
    await answerDialog(page, UNSAVED_CHANGES_TEXT.title, {
      message: UNSAVED_CHANGES_TEXT.message,
      button: UNSAVED_CHANGES_TEXT.stay,
    });
    expect(page.url()).toMatch(stepUrl('gift', 'config', programId));
    expect(await redeemMax.inputValue()).toBe('321.00'); // formatted on leaving the field

    await tab(SCHEME_TEXT.tabs.financial).click();
    await answerDialog(page, UNSAVED_CHANGES_TEXT.title, { button: UNSAVED_CHANGES_TEXT.leave });
    await expectStep(page, 'gift', 'financial');
    const config = await api.call<Config>('GET', SCHEME_PATHS.configuration(programId));
    expect(config.redeemMax).toBe(500);

    // Financial Settlement with a change, skipped: only the skip question.
    await page.getByRole('checkbox', { name: SETTLEMENT_LABEL.enabled, exact: true }).check();
    await field(page, SETTLEMENT_LABEL.poolAccName).fill('Unsaved Pool');
    await page.getByRole('button', { name: SCHEME_TEXT.buttons.skip, exact: true }).click();
    await answerDialog(page, SCHEME_TEXT.skipTitle, { button: SCHEME_TEXT.skipConfirm });
    await expectStep(page, 'gift', 'liability');
    expect(await dialogOpen(page)).toBe(false);
    expect(await api.status(SCHEME_PATHS.settlement(programId))).toBe(404);
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.context().close();
  });
});

describe('activation', () => {
  it('shows the state on the Summary and the tile; asks before activating; an active scheme cannot be activated again', async () => {
    const name = `Statecheck ${uniqueLetters()}`;
    const { schemeName, email } = generalValues(name);
    const client = await api.createClient(name);
    const programId = await api.createScheme('gift', client.clientId, name);
    await api.createGiftConfig(programId);

    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    await openRoute(page, suite.baseUrl, stepRoute('gift', 'summary', programId));
    await expectStep(page, 'gift', 'summary');
    const { label, setup, review, active } = SCHEME_STATE_TEXT;
    const heading = (state: string) =>
      page.getByRole('heading', { level: 3, name: `${schemeName} ${label} ${state}`, exact: true });
    const tiles = page.getByRole('list', { name: DASHBOARD_TEXT.giftTiles });
    const tile = () => tiles.getByRole('link').filter({ hasText: schemeName });
    // The tile's name: its image, the scheme's name and its state.
    const tileIn = (state: string) =>
      tiles.getByRole('link', {
        name: `${DASHBOARD_TEXT.defaultImage(schemeName)} ${schemeName} ${label} ${state}`,
        exact: true,
      });
    await heading(setup).waitFor();

    // Send to Review: the heading, and the dashboard's tile, say so.
    await page.getByRole('button', { name: SCHEME_TEXT.buttons.sendToReview }).click();
    await answerDialog(page, SCHEME_TEXT.successTitle, {
      message: reviewMailSentText(schemeName, email),
    });
    await heading(review).waitFor();
    await openDashboard(page, suite.baseUrl, 'gift');
    await tileIn(review).waitFor();

    // Back on the Summary: activation asks first, naming the scheme; Cancel activates nothing.
    await tile().click();
    await expectStep(page, 'gift', 'summary');
    await heading(review).waitFor();
    await activateScheme(page, schemeName, ACTIVATION_TEXT.cancel);
    expect(await dialogOpen(page)).toBe(false);
    expect((await api.call<Scheme>('GET', SCHEME_PATHS.scheme(programId))).schemeStatus).toBe(2);
    expect(await activateButton(page).isEnabled()).toBe(true);

    await activateScheme(page, schemeName);
    await answerDialog(page, SCHEME_TEXT.successTitle, { message: SCHEME_TEXT.activated });
    await page.getByRole('heading', { level: 1, name: SCHEME_TEXT.giftDashboardTitle }).waitFor();
    await tileIn(active).waitFor();

    // Active: the heading says so, and 'Activate Scheme' is disabled with a note why.
    await tile().click();
    await expectStep(page, 'gift', 'summary');
    await heading(active).waitFor();
    const button = activateButton(page);
    expect(await button.isDisabled()).toBe(true);
    const note = page.getByText(ACTIVATION_TEXT.alreadyActive, { exact: true });
    expect(await note.isVisible()).toBe(true);
    expect(await button.getAttribute('aria-describedby')).toBe(await note.getAttribute('id'));
    expect((await api.call<Scheme>('GET', SCHEME_PATHS.scheme(programId))).schemeStatus).toBe(5);
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.context().close();
  });

  it("refuses a scheme without configuration with 03 §8's text and opens Configuration", async () => {
    const name = `Noconfig ${uniqueLetters()}`;
    const client = await api.createClient(name);
    const programId = await api.createScheme('gift', client.clientId, name);
    await api.createGiftConfig(programId);

    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    await openRoute(page, suite.baseUrl, stepRoute('gift', 'summary', programId));
    await expectStep(page, 'gift', 'summary');
    // Summary opens only with a configuration (03 §2): this one is gone when Activate reads it.
    await page.route(`**/api${SCHEME_PATHS.configuration(programId)}`, (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ errorCode: 3, errorMessage: 'Configuration not found' }),
      }),
    );
    await activateScheme(page, generalValues(name).schemeName);
    await answerDialog(page, SCHEME_TEXT.failedTitle, {
      message: SCHEME_TEXT.activateWithoutConfig,
    });
    await page.waitForURL(stepUrl('gift', 'config', programId));
    await expectStep(page, 'gift', 'config');
    const scheme = await api.call<Scheme>('GET', SCHEME_PATHS.scheme(programId));
    expect(scheme.schemeStatus).toBe(SCHEME_STATUS.CONFIG);
    // The configuration read answers 404 (none); Chromium logs it.
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.context().close();
  });
});
