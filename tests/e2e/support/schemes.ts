import type { Locator, Page } from 'playwright-core';
import { MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import { OUTBOX_EMBEDDED, type OutboxEntry } from '@contracts/api/mail';
import {
  BIN_TYPE,
  PROGRAM_TYPE,
  SCHEME_PATHS,
  SCHEME_TEXT,
  type BinTypeId,
  type Client,
  type ClientAnswer,
  type ConfigInput,
  type ProgramIdAnswer,
  type SchemeInput,
} from '@contracts/api/schemes';
import { DIALOG_TEXT, FIELD_MESSAGES } from '@contracts/api/messages';
import { API_PATHS } from '@contracts/api/paths';
import { parseInputDate } from '@contracts/validation/rules';
import { COMMON_TEXT } from '@/config/texts';
import { ACTIVATION_TEXT, GENERAL_LABEL } from '@/features/schemes/lib/scheme-texts';
import { waitForFocus } from './browser';
import { answerDialog, DEMO_USER, fieldError, openRoute } from './journal';
import type { BrowserSuite } from './suite';

/** Helpers of the scheme wizard browser tests: records through the API, screen steps. */

export type Area = 'gift' | 'loyalty';

/** Hash paths of the scheme areas (client/src/config/paths.ts). */
export const AREA_ROUTE = {
  gift: '/gift-card',
  loyalty: '/loyalty',
} as const;

const STEP_PATH = {
  setup: 'client-setup',
  general: 'general-settings',
  config: 'configuration',
  upload: 'stores-devices',
  financial: 'financial-settlement',
  liability: 'liability-reports',
  basecampaign: 'base-campaign',
  summary: 'summary',
} as const;
export type StepKey = keyof typeof STEP_PATH;

/** `/gift-card/wizard/summary?id=3` and the like. */
export function stepRoute(area: Area, step: StepKey, id?: number): string {
  const path = `${AREA_ROUTE[area]}/wizard/${STEP_PATH[step]}`;
  return id === undefined ? path : `${path}?id=${id}`;
}

/** A regular expression matching the page URL of a step (any query unless `id` is given). */
export function stepUrl(area: Area, step: StepKey, id?: number): RegExp {
  const path = `${AREA_ROUTE[area]}/wizard/${STEP_PATH[step]}`.replace(/\//g, '\\/');
  return new RegExp(`#${path}${id === undefined ? '(\\?.*)?$' : `\\?id=${id}$`}`);
}

/** Steps after Client Setup: 6 gift, 7 loyalty. */
export const STEP_COUNT: Record<Area, number> = { gift: 6, loyalty: 7 };

/**
 * Waits for the wizard to show `step` (its h2 heading, its tab marked current) and, for the
 * numbered steps, its "step N of M" line.
 */
export async function expectStep(page: Page, area: Area, step: StepKey): Promise<void> {
  const label = SCHEME_TEXT.tabs[step];
  await page.getByRole('heading', { level: 2, name: label, exact: true }).waitFor();
  const nav = page.getByRole('navigation', { name: COMMON_TEXT.wizardSteps });
  await nav.locator('[aria-current="page"]', { hasText: label }).waitFor();
  const keys = (Object.keys(STEP_PATH) as StepKey[]).filter(
    (key) => area === 'loyalty' || key !== 'basecampaign',
  );
  const index = keys.indexOf(step);
  if (index > 0) {
    await page
      .getByText(COMMON_TEXT.stepOf(index, STEP_COUNT[area]), { exact: true })
      .first()
      .waitFor();
  }
}

/** The Save & Continue button (each step has one). */
export const saveButton = (page: Page): Locator =>
  page.getByRole('button', { name: SCHEME_TEXT.buttons.saveContinue, exact: true });

/** The Summary's 'Activate Scheme' button. */
export const activateButton = (page: Page): Locator =>
  page.getByRole('button', { name: SCHEME_TEXT.buttons.activate, exact: true });

/**
 * 'Activate Scheme' on the Summary, then its question, which names the scheme, answered with
 * `button` (Activate by default).
 */
export async function activateScheme(
  page: Page,
  schemeName: string,
  button: string = ACTIVATION_TEXT.confirm,
): Promise<void> {
  await activateButton(page).click();
  await answerDialog(page, ACTIVATION_TEXT.confirmTitle(schemeName), {
    message: ACTIVATION_TEXT.confirmMessage(schemeName),
    button,
  });
}

/** A labelled control, the label matched exactly. */
export const field = (page: Page, label: string): Locator =>
  page.getByLabel(label, { exact: true });

/** Waits until the field shows `value` (a read again lands a moment after the step opens). */
export async function expectValue(page: Page, label: string, value: string): Promise<void> {
  const control = await field(page, label).elementHandle();
  await page.waitForFunction(
    ([element, expected]) => (element as HTMLInputElement).value === expected,
    [control, value] as const,
    { timeout: 10_000 },
  );
}

/** Opens an area's dashboard and waits for its heading. */
export async function openDashboard(page: Page, baseUrl: string, area: Area): Promise<void> {
  await openRoute(page, baseUrl, `${AREA_ROUTE[area]}/dashboard`);
  await page
    .getByRole('heading', {
      level: 1,
      name: area === 'gift' ? SCHEME_TEXT.giftDashboardTitle : SCHEME_TEXT.loyaltyDashboardTitle,
    })
    .waitFor();
}

/** A unique suffix of letters only (scheme names allow letters, digits and spaces). */
export function uniqueLetters(): string {
  const n = Date.now() * 1000 + Math.floor(Math.random() * 1000);
  return n
    .toString(26)
    .split('')
    .map((digit) => String.fromCharCode(97 + parseInt(digit, 26)))
    .join('')
    .slice(-8);
}

/** Valid General Settings values (03 §5), for the screen and the API alike. */
export function generalValues(name: string) {
  return {
    schemeName: `${name} Scheme`,
    shortName: 'TESTGC',
    abbreviation: 'TGC',
    login: `${name.toLowerCase().replace(/\s+/g, '.')}.admin`,
    password: 'Secret123',
    address1: '1 TEST STREET',
    suburb: 'SURRY HILLS',
    city: 'SYDNEY',
    country: 'Australia',
    countryId: 1,
    state: 'New South Wales',
    stateId: 2,
    postcode: '2010',
    email: 'review@scheme.example',
    website: 'https://www.scheme.example',
    mobile: '0412345678',
    landline: '0291234567',
    method: 'POS Terminal',
    methodId: 1,
  };
}

/** A program a browser test made for itself: id, scheme name and abbreviation. */
export interface OwnProgram {
  id: number;
  name: string;
  abbreviation: string;
}

/**
 * A gift scheme of a new client, made through the API by a beforeAll of its own, for tests
 * that need "a program": call it at the top of the file after `SchemeApi.forSuite()` (hooks run
 * in the order they were registered) and read its fields in tests and later hooks.
 */
export function giftProgramForSuite(api: SchemeApi, prefix: string): OwnProgram {
  const program: OwnProgram = { id: 0, name: '', abbreviation: '' };
  beforeAll(async () => {
    const name = `${prefix} ${uniqueLetters()}`;
    const client = await api.createClient(name);
    const { schemeName, abbreviation } = generalValues(name);
    Object.assign(program, {
      id: await api.createScheme('gift', client.clientId, name),
      name: schemeName,
      abbreviation,
    });
  });
  return program;
}

/** The scheme API from node, signed in as the demo user, and the mail outbox. */
export class SchemeApi {
  private signedInToken: string | undefined;

  private constructor(private readonly suite: BrowserSuite) {}

  /** Signs in by a beforeAll of its own: call it at the top of the file after browserSuite(). */
  static forSuite(suite: BrowserSuite): SchemeApi {
    const api = new SchemeApi(suite);
    beforeAll(() => api.obtainToken());
    return api;
  }

  private get token(): string {
    if (this.signedInToken === undefined) throw new Error('SchemeApi: not signed in yet');
    return this.signedInToken;
  }

  private async obtainToken(): Promise<void> {
    const answer = await fetch(`${this.suite.baseUrl}/api${API_PATHS.tokens}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [MODULE_CODE_HEADER]: MODULE_CODE },
      body: JSON.stringify(DEMO_USER),
    });
    if (answer.status !== 200) throw new Error(`login answered ${answer.status}`);
    this.signedInToken = ((await answer.json()) as { token: string }).token;
  }

  /** A call on the URL base (`/mail/outbox`) or, with `/api` in front, the API base. */
  async fetch(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${this.suite.baseUrl}${path}`, {
      method,
      headers: {
        Authorization: this.token,
        [MODULE_CODE_HEADER]: MODULE_CODE,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await this.fetch(method, `/api${path}`, body);
    if (!answer.ok) {
      throw new Error(`${method} ${path} answered ${answer.status}: ${await answer.text()}`);
    }
    return (await answer.json()) as T;
  }

  /** A multipart POST on the API base, e.g. an import file's upload. */
  async callForm<T>(path: string, form: FormData): Promise<T> {
    const answer = await fetch(`${this.suite.baseUrl}/api${path}`, {
      method: 'POST',
      headers: { Authorization: this.token, [MODULE_CODE_HEADER]: MODULE_CODE },
      body: form,
    });
    if (!answer.ok) {
      throw new Error(`POST ${path} answered ${answer.status}: ${await answer.text()}`);
    }
    return (await answer.json()) as T;
  }

  /** The HTTP status of a GET on the API base. */
  async status(path: string): Promise<number> {
    return (await this.fetch('GET', `/api${path}`)).status;
  }

  async createClient(
    clientName: string,
    binTypeId: BinTypeId = BIN_TYPE.TRANSACTOR,
    bin: { binNumber: string; binName: string; binCountryId?: number } | null = null,
  ): Promise<Client> {
    const answer = await this.call<ClientAnswer>(
      'POST',
      `${SCHEME_PATHS.clients}?returnBody=true`,
      {
        clientName,
        binTypeId,
        binNumber: bin?.binNumber ?? null,
        binName: bin?.binName ?? null,
        binCountryId: bin?.binCountryId ?? null,
      },
    );
    return answer.data;
  }

  /** A scheme with valid General Settings for a client; answers its programId. */
  async createScheme(area: Area, clientId: number, name: string): Promise<number> {
    const values = generalValues(name);
    const body: SchemeInput = {
      programTypeId: area === 'gift' ? PROGRAM_TYPE.GIFT : PROGRAM_TYPE.LOYALTY,
      clientId,
      schemeName: values.schemeName,
      schemeShortName: values.shortName,
      schemeAbbreviation: values.abbreviation,
      poweruserLogin: values.login,
      poweruserPassword: values.password,
      poweruserPasswordRepeat: values.password,
      buttonImgUrl: null,
      logoImgUrl: null,
      address1: values.address1,
      address2: null,
      address3: null,
      address4: null,
      suburb: values.suburb,
      city: values.city,
      postcode: values.postcode,
      countryId: values.countryId,
      stateId: values.stateId,
      email: values.email,
      website: values.website,
      mobile: values.mobile,
      landline: values.landline,
      transactionMethodsStr: String(values.methodId),
    };
    const answer = await this.call<ProgramIdAnswer>('POST', SCHEME_PATHS.schemes, body);
    return answer.programId;
  }

  /**
   * A gift configuration on master BIN 1 (transactor client), with the `suffixes` given (none by
   * default). A suffix must be free on the BIN (binExtensionNumber answers the highest used).
   */
  async createGiftConfig(
    programId: number,
    suffixes: { suffixStand?: string; suffixBulk?: string; suffixVirtual?: string } = {},
  ): Promise<void> {
    const body: ConfigInput = {
      programId,
      programTypeId: PROGRAM_TYPE.GIFT,
      expiryExtend: 0,
      expiryFrom: 1,
      expiryTerm: 12,
      creditMin: 5,
      creditMax: 500,
      topupMin: 5,
      topupMax: 250,
      multiTopup: 0,
      redeemMin: 1,
      redeemMax: 500,
      merchantTopup: 1,
      merchantRedeem: 1,
      liveCardBinId: 1,
      suffixStand: null,
      suffixBulk: null,
      suffixVirtual: null,
      numberStandCards: null,
      numberBulkCards: null,
      ...suffixes,
    };
    await this.call('POST', `${SCHEME_PATHS.configurations}?responseBody=true`, body);
  }

  /** A loyalty configuration on master BIN 1 (transactor client), without suffixes. */
  async createLoyaltyConfig(programId: number): Promise<void> {
    const body: ConfigInput = {
      programId,
      programTypeId: PROGRAM_TYPE.LOYALTY,
      expiryExtend: 0,
      expiryFrom: 1,
      expiryTerm: 12,
      loyaltyBalanceMin: 0,
      loyaltyBalanceMax: 5000,
      redeemMin: 10,
      redeemMax: 2000,
      merchantRedeem: 1,
      merchantLoyaltyRedeem: 1,
      liveCardBinId: 1,
      suffixStand: null,
      suffixVirtual: null,
      numberStandCards: null,
    };
    await this.call('POST', `${SCHEME_PATHS.configurations}?responseBody=true`, body);
  }

  /** The review mails of the outbox, newest first. */
  async outbox(): Promise<OutboxEntry[]> {
    const answer = await this.fetch('GET', '/mail/outbox');
    if (!answer.ok) throw new Error(`GET /mail/outbox answered ${answer.status}`);
    const list = (await answer.json()) as { _embedded: Record<string, OutboxEntry[]> };
    return list._embedded[OUTBOX_EMBEDDED] ?? [];
  }

  /** One mail of the outbox as its RFC 822 text. */
  async outboxMessage(id: string): Promise<string> {
    const answer = await this.fetch('GET', `/mail/outbox/${encodeURIComponent(id)}`);
    if (!answer.ok) throw new Error(`GET /mail/outbox/${id} answered ${answer.status}`);
    return answer.text();
  }
}

/**
 * Waits until the error messages `control` is described by read `expected` ('' for none), as
 * fieldError (./journal.ts) reads them; fails naming what they read instead.
 */
export async function expectFieldError(control: Locator, expected: string): Promise<void> {
  const handle = await control.elementHandle();
  try {
    await control.page().waitForFunction(
      ([element, want]) => {
        if (!(element instanceof Element)) return false;
        const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/);
        const text = ids
          .filter((id) => id.endsWith('-error'))
          .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
          .join(' ');
        return text === want;
      },
      [handle, expected] as const,
      { timeout: 10_000 },
    );
  } catch {
    throw new Error(`field error: expected "${expected}", read "${await fieldError(control)}"`);
  } finally {
    await handle?.dispose();
  }
}

/**
 * Presses Save & Continue on a form that is not valid and answers 'Form not valid, please fix
 * errors before submit' from the keyboard only: the dialog must open with its OK button focused,
 * and `key` (Enter or Escape) must close it; then the first field in error must get the focus.
 * Answers that field's label.
 */
export async function dismissFormNotValid(page: Page, key: 'Enter' | 'Escape'): Promise<string> {
  await saveButton(page).click();
  const dialog = page.getByRole('dialog', { name: DIALOG_TEXT.errorTitle, exact: true });
  await dialog.getByText(DIALOG_TEXT.formNotValid, { exact: true }).waitFor();
  await waitForFocus(dialog.getByRole('button', { name: DIALOG_TEXT.ok, exact: true }));
  await page.keyboard.press(key);
  await dialog.waitFor({ state: 'detached', timeout: 10_000 });
  const handle = await page
    .waitForFunction(
      () => {
        const active = document.activeElement;
        if (!(active instanceof HTMLElement) || active === document.body) return null;
        if (active.closest('[role="dialog"]')) return null;
        // The first field in error of the page, in document order.
        const first = document.querySelector('[aria-invalid="true"]');
        return first !== null && active === first ? active : null;
      },
      undefined,
      { timeout: 10_000 },
    )
    .catch(async () => {
      const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
      throw new Error(`no field in error got the focus; focused: ${focused}`);
    });
  const label = await handle.evaluate((element) =>
    element instanceof HTMLElement && 'labels' in element
      ? ((element as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? '')
      : '',
  );
  await handle.dispose();
  return label;
}

/** Fills General Settings with `values` (generalValues), without saving. */
export async function fillGeneralSettings(
  page: Page,
  values: ReturnType<typeof generalValues>,
): Promise<void> {
  const L = GENERAL_LABEL;
  await field(page, L.schemeName).fill(values.schemeName);
  await field(page, L.shortName).fill(values.shortName);
  await field(page, L.abbreviation).fill(values.abbreviation);
  await field(page, L.poweruserLogin).fill(values.login);
  await field(page, L.password).fill(values.password);
  await field(page, L.passwordRepeat).fill(values.password);
  await field(page, L.address1).fill(values.address1);
  await field(page, L.suburb).fill(values.suburb);
  await field(page, L.city).fill(values.city);
  await field(page, L.country).selectOption({ label: values.country });
  const state = field(page, L.state);
  await state.locator('option', { hasText: values.state }).waitFor({ state: 'attached' });
  await state.selectOption({ label: values.state });
  await field(page, L.postcode).fill(values.postcode);
  await field(page, L.email).fill(values.email);
  await field(page, L.website).fill(values.website);
  await field(page, L.mobile).fill(values.mobile);
  await field(page, L.landline).fill(values.landline);
  await page
    .getByRole('group', { name: L.transactingMethod })
    .getByRole('checkbox', { name: values.method, exact: true })
    .check();
}

/**
 * Types a date (dd.MM.yyyy) into a date picker and leaves it, as an operator does: the text in,
 * Escape to close the calendar, the focus out. Then the field must show the text and, for a real
 * date, hold it as one (no "Date is not valid"); anything else fails here, naming what the field
 * shows and says.
 */
export async function typeDate(control: Locator, text: string): Promise<void> {
  await control.fill(text);
  await control.press('Escape');
  await control.blur();
  const realDate = parseInputDate(text) !== undefined;
  if (!(await showsValue(control, text)) || (realDate && !(await heldAsDate(control)))) {
    throw new Error(
      `date field: typed "${text}", shows "${await control.inputValue()}" (${await fieldError(control)})`,
    );
  }
}

/** Whether a date field showing a real date says anything but "Date is not valid" within a second. */
async function heldAsDate(control: Locator): Promise<boolean> {
  const handle = await control.elementHandle();
  try {
    await control.page().waitForFunction(
      ([element, notValid]) => {
        if (!(element instanceof Element)) return false;
        const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/);
        return !ids
          .filter((id) => id.endsWith('-error'))
          .some((id) => document.getElementById(id)?.textContent?.trim() === notValid);
      },
      [handle, FIELD_MESSAGES.checkFormat] as const,
      { timeout: 1_000 },
    );
    return true;
  } catch {
    return false;
  } finally {
    await handle?.dispose();
  }
}

/** Whether an input shows `want` within two seconds. */
async function showsValue(control: Locator, want: string): Promise<boolean> {
  const handle = await control.elementHandle();
  try {
    await control
      .page()
      .waitForFunction(
        ([element, text]) => element instanceof HTMLInputElement && element.value === text,
        [handle, want] as const,
        { timeout: 2_000 },
      );
    return true;
  } catch {
    return false;
  } finally {
    await handle?.dispose();
  }
}

/**
 * Page errors but the expected "not found" answers: a scheme without a configuration,
 * settlement or liability report reads 404 for it (03 §7: 404 means none), which Chromium and
 * the app's request log both report.
 */
export function unexpectedErrors(errors: readonly string[]): string[] {
  return errors.filter(
    (text) =>
      !text.startsWith('Failed to load resource: the server responded with a status of 404') &&
      !/^GET \S+ failed \{status: 404,/.test(text),
  );
}
