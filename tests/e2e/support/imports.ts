import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  IMPORT_FILE_FIELD,
  IMPORT_PATHS,
  IMPORT_STEP_TEXT,
  IMPORT_TEXT,
  type ImportAnswer,
  type ImportRequest,
  type UploadAnswer,
} from '@contracts/api/imports';
import {
  JOURNAL_PAGE_TYPE,
  JOURNAL_PATHS,
  JOURNAL_SITE_PATHS,
  JOURNAL_SITE_TEXT,
  type JournalPage,
  type JournalProfile,
} from '@contracts/api/journal';
import { SCHEME_PATHS, SCHEME_TEXT, type SingleValue } from '@contracts/api/schemes';
import { answerDialog, newSitePage } from './journal';
import { field, type SchemeApi } from './schemes';

/**
 * Helpers of the Stores & Devices browser tests: a scheme with a card extension, the
 * step's sections and its floating progress panel, files, the error file's download, and a
 * journal site of the scheme's program for the balance check.
 */

/** Master BIN 1 of db.json: 627182, cards of 16 digits, extensions of 3. */
export const MASTER_BIN = { id: 1, number: '627182', cardLength: 16, extensionLength: 3 } as const;

/**
 * A gift scheme of a new transactor client whose configuration has a Standard suffix (the card
 * extension offered), the next free one on master BIN 1. Answers its programId and the suffix.
 */
export async function createCardScheme(
  api: SchemeApi,
  name: string,
): Promise<{ programId: number; extension: string }> {
  const client = await api.createClient(name);
  const programId = await api.createScheme('gift', client.clientId, name);
  const { singleValue: base } = await api.call<SingleValue>(
    'GET',
    SCHEME_PATHS.binExtensionNumber(MASTER_BIN.id),
  );
  const extension = String(base + 1).padStart(MASTER_BIN.extensionLength, '0');
  await api.createGiftConfig(programId, { suffixStand: extension });
  return { programId, extension };
}

/**
 * Imports cards into a scheme made by createCardScheme through the API, as the Stores & Devices
 * step does (upload, then process); each row is cardNumber, pin, balance, expiryDate. Fails
 * unless every line was taken.
 */
export async function importCards(
  api: SchemeApi,
  programId: number,
  extension: string,
  rows: readonly (readonly string[])[],
): Promise<void> {
  const form = new FormData();
  const text = pipeFile(['cardNumber', 'pin', 'balance', 'expiryDate'], rows);
  form.append(IMPORT_FILE_FIELD, new Blob([text], { type: 'text/plain' }), 'cards.txt');
  const { fileName } = await api.callForm<UploadAnswer>(IMPORT_PATHS.upload(programId), form);
  const request: ImportRequest = {
    programId,
    fileName,
    userFileName: 'cards.txt',
    binNumber: MASTER_BIN.number,
    extension,
    cardLength: MASTER_BIN.cardLength,
  };
  const answer = await api.call<ImportAnswer>('POST', IMPORT_PATHS.processCardFile, request);
  if (answer.totalErrorLines !== 0 || answer.totalSuccessLines !== rows.length) {
    throw new Error(`card import answered ${JSON.stringify(answer)}`);
  }
}

/** A gift scheme of a new transactor client, without a configuration. */
export async function createPlainScheme(api: SchemeApi, name: string): Promise<number> {
  const client = await api.createClient(name);
  return api.createScheme('gift', client.clientId, name);
}

/**
 * The card section of Stores & Devices with MASTER_BIN's number, the scheme's extension (once
 * offered) and the card length filled in, once the section has pre-filled its fields from the
 * scheme's configured BIN (createCardScheme's config names MASTER_BIN), as an operator sees it
 * happen before typing; answers the section. Fails naming what the fields show if they do not
 * hold the values typed.
 */
export async function fillCardSection(page: Page, extension: string): Promise<Locator> {
  const cards = importSection(page, IMPORT_TEXT.cardSection);
  await cards.getByRole('option', { name: extension, exact: true }).waitFor({
    state: 'attached',
  });
  const binNumber = field(page, IMPORT_TEXT.binNumber);
  const cardLength = field(page, IMPORT_TEXT.cardLength);
  // fill() selects the field's text, then types through the browser: a pre-fill landing between
  // the two leaves the caret after it, and the text typed goes after the pre-filled one.
  await waitForPrefill(page, [binNumber, cardLength]);
  await binNumber.fill(MASTER_BIN.number);
  await field(page, IMPORT_TEXT.extension).selectOption({ label: extension });
  await cardLength.fill(String(MASTER_BIN.cardLength));
  const shown = {
    binNumber: await binNumber.inputValue(),
    extension: await field(page, IMPORT_TEXT.extension).inputValue(),
    cardLength: await cardLength.inputValue(),
  };
  const wanted = {
    binNumber: MASTER_BIN.number,
    extension,
    cardLength: String(MASTER_BIN.cardLength),
  };
  if (JSON.stringify(shown) !== JSON.stringify(wanted)) {
    throw new Error(
      `card section: filled ${JSON.stringify(wanted)}, shows ${JSON.stringify(shown)}`,
    );
  }
  return cards;
}

/** Waits until every one of `controls` (text inputs) shows some text: the screen's pre-fill. */
async function waitForPrefill(page: Page, controls: readonly Locator[]): Promise<void> {
  const handles = await Promise.all(controls.map((control) => control.elementHandle()));
  try {
    await page.waitForFunction(
      (elements) =>
        elements.every((element) => element instanceof HTMLInputElement && element.value !== ''),
      handles,
      { timeout: 10_000 },
    );
  } catch {
    const shown = await Promise.all(controls.map((control) => control.inputValue()));
    throw new Error(
      `card section: not pre-filled from the scheme's BIN; shows ${JSON.stringify(shown)}`,
    );
  } finally {
    await Promise.all(handles.map((handle) => handle.dispose()));
  }
}

/** A pipe-delimited file: its header line, then one line per row, LF-ended. */
export const pipeFile = (header: readonly string[], rows: readonly (readonly string[])[]): string =>
  [header, ...rows].map((fields) => `${fields.join('|')}\n`).join('');

/** One import section of the step (Card file, Store file, Device file). */
export const importSection = (page: Page, title: string): Locator =>
  page.getByRole('region', { name: title, exact: true });

/** The floating progress panel. */
export const progressPanel = (page: Page): Locator =>
  page.getByRole('complementary', { name: IMPORT_TEXT.progress, exact: true });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every title a panel entry has: what is happening to the import. */
const ENTRY_TITLES = [
  IMPORT_TEXT.uploading,
  IMPORT_TEXT.uploadComplete,
  IMPORT_TEXT.importStarting,
  ...Object.values(IMPORT_STEP_TEXT),
];

/**
 * The panel's entry of an import, named by its heading: 'Uploading' while the bytes go, 'Upload
 * complete', then the import's step while it runs and after it, and the section's title.
 */
export const panelEntry = (page: Page, title: string): Locator =>
  progressPanel(page).getByRole('region', {
    name: new RegExp(`^(?:${ENTRY_TITLES.map(escapeRegExp).join('|')}) ${escapeRegExp(title)}$`),
  });

/** The figures of a panel entry (its dt/dd pairs) and its progress bar's value. */
export async function readFigures(entry: Locator): Promise<Record<string, string>> {
  return entry.evaluate((element) => {
    const figures: Record<string, string> = {};
    for (const term of element.querySelectorAll('dt')) {
      const value = term.nextElementSibling;
      figures[term.textContent?.trim() ?? ''] = value?.textContent?.trim() ?? '';
    }
    figures.percent =
      element.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') ?? '';
    return figures;
  });
}

/**
 * Waits until a panel entry shows `expected` (figure label -> text; `percent` for the progress
 * bar); fails naming what it shows instead.
 */
export async function expectFigures(
  entry: Locator,
  expected: Readonly<Record<string, string | number>>,
): Promise<void> {
  const want = Object.fromEntries(
    Object.entries(expected).map(([label, value]) => [label, String(value)]),
  );
  const handle = await entry.elementHandle({ timeout: 20_000 }).catch(() => null);
  if (handle === null) {
    const panel = await progressPanel(entry.page())
      .innerText({ timeout: 1_000 })
      .catch(() => '(no panel)');
    throw new Error(`panel entry not shown (${entry.toString()}); the panel reads:\n${panel}`);
  }
  try {
    await entry.page().waitForFunction(
      ([element, figures]) => {
        if (!(element instanceof Element) || !element.isConnected) return false;
        const shown: Record<string, string> = {};
        for (const term of element.querySelectorAll('dt')) {
          shown[term.textContent?.trim() ?? ''] =
            term.nextElementSibling?.textContent?.trim() ?? '';
        }
        shown.percent =
          element.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') ?? '';
        return Object.entries(figures).every(([label, value]) => shown[label] === value);
      },
      [handle, want] as const,
      { timeout: 20_000 },
    );
  } catch {
    const shown = await readFigures(entry).catch(() => ({}));
    throw new Error(
      `panel figures: expected ${JSON.stringify(want)}, shown ${JSON.stringify(shown)}`,
    );
  } finally {
    await handle.dispose();
  }
}

/** Chooses a file in a section and uploads it: 'Upload successful' / 'File ready for import !'. */
export async function uploadFile(
  page: Page,
  section: Locator,
  fileName: string,
  text: string,
): Promise<void> {
  await section.getByLabel(IMPORT_TEXT.chooseFile, { exact: true }).setInputFiles({
    name: fileName,
    mimeType: 'text/plain',
    buffer: Buffer.from(text, 'utf8'),
  });
  await section.getByRole('button', { name: IMPORT_TEXT.upload, exact: true }).click();
  await answerDialog(page, SCHEME_TEXT.uploadSuccessful, { message: SCHEME_TEXT.fileReady });
}

/**
 * The step's controls (inputs, selects, buttons outside the panel) that the progress panel
 * covers: each is scrolled to the top, the middle and the bottom of the window in turn, and its
 * box compared with the panel's there. Answers a line per overlap (none: the panel covers
 * nothing).
 */
export async function controlsUnderPanel(page: Page, stepName: string): Promise<string[]> {
  const step = page.getByRole('region', { name: stepName, exact: true });
  await progressPanel(page).waitFor();
  return step.evaluate((section) => {
    const panel = document.querySelector('aside.import-progress-panel');
    if (!(panel instanceof HTMLElement)) return ['no panel'];
    const controls = [...section.querySelectorAll<HTMLElement>('input, select, textarea, button')]
      .filter((control) => !panel.contains(control))
      .filter((control) => control.getClientRects().length > 0);
    if (controls.length === 0) return ['no controls'];
    const name = (control: HTMLElement) =>
      `${control.tagName.toLowerCase()} "${
        control.getAttribute('aria-label') ??
        (control as HTMLInputElement).labels?.[0]?.textContent ??
        control.textContent ??
        ''
      }"`;
    const overlaps: string[] = [];
    for (const control of controls) {
      for (const block of ['start', 'center', 'end'] as const) {
        control.scrollIntoView({ block });
        const a = control.getBoundingClientRect();
        const b = panel.getBoundingClientRect();
        const apart =
          a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
        if (!apart) {
          overlaps.push(
            `${name(control)} (${block}): control ${Math.round(a.left)},${Math.round(a.top)}-${Math.round(a.right)},${Math.round(a.bottom)}; panel ${Math.round(b.left)},${Math.round(b.top)}-${Math.round(b.right)},${Math.round(b.bottom)}`,
          );
        }
      }
    }
    return overlaps;
  });
}

/** Presses `button` and answers the file the browser downloaded: the name it saves, its text. */
export async function downloadThrough(
  page: Page,
  button: Locator,
): Promise<{ fileName: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const file = await download.path();
  return { fileName: download.suggestedFilename(), text: await readFile(file, 'utf8') };
}

/** Presses a panel entry's 'Download error file': the name the browser saves, and the text. */
export const downloadErrorFile = (
  page: Page,
  entry: Locator,
): Promise<{ fileName: string; text: string }> =>
  downloadThrough(
    page,
    entry.getByRole('button', { name: IMPORT_TEXT.downloadErrorFile, exact: true }),
  );

/**
 * A journal site of `programId` at `siteUrl`, with its Login page (the balance check), published
 * through the API.
 */
export async function publishJournalSite(
  api: SchemeApi,
  programId: number,
  siteUrl: string,
): Promise<void> {
  const profile = await api.call<JournalProfile>(
    'POST',
    `${JOURNAL_PATHS.profiles}?returnBody=true`,
    {
      programId,
      siteUrl,
      title: `${siteUrl} balance`,
    },
  );
  await api.call<JournalPage>('POST', `${JOURNAL_PATHS.pages}?returnBody=true`, {
    pageTypeId: JOURNAL_PAGE_TYPE.LOGIN,
    profileId: profile.profileId,
    title: 'Card balance',
    content: '<p>Enter your card number and PIN.</p>',
  });
  const stored = await api.call<JournalProfile>('GET', JOURNAL_PATHS.profile(profile.profileId));
  await api.call('PUT', `${JOURNAL_PATHS.profile(profile.profileId)}?returnBody=true`, {
    ...stored,
    isPublished: 1,
  });
}

/**
 * Checks a card on a published journal site (a page of its own, Australian locale) and answers
 * the balance shown, e.g. `$10.00`.
 */
export async function checkBalanceOnSite(
  browser: Browser,
  baseUrl: string,
  siteUrl: string,
  card: { cardNumber: string; pin: string },
): Promise<{ balance: string; errors: string[] }> {
  const site = await newSitePage(browser);
  try {
    await site.page.goto(`${baseUrl}${JOURNAL_SITE_PATHS.page}#!/${siteUrl}`);
    await site.page.getByLabel(JOURNAL_SITE_TEXT.cardNumberLabel).fill(card.cardNumber);
    await site.page.getByLabel(JOURNAL_SITE_TEXT.pinLabel, { exact: true }).fill(card.pin);
    await site.page.getByRole('button', { name: JOURNAL_SITE_TEXT.submit }).click();
    await site.page
      .getByRole('heading', { name: JOURNAL_SITE_TEXT.balanceTitle, exact: true })
      .waitFor();
    const balance = await site.page.locator('.balanceAmount').innerText();
    return { balance, errors: site.errors };
  } finally {
    await site.page.context().close();
  }
}
