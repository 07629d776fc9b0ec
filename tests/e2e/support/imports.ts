import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { IMPORT_TEXT } from '@contracts/api/imports';
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
import type { SchemeApi } from './schemes';

/**
 * Helpers of the Stores & Devices browser tests (issue 10): a scheme with a card extension, the
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

/** A gift scheme of a new transactor client, without a configuration. */
export async function createPlainScheme(api: SchemeApi, name: string): Promise<number> {
  const client = await api.createClient(name);
  return api.createScheme('gift', client.clientId, name);
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

/**
 * The panel's entry of an import, named by its heading: 'Uploading' while the bytes go, then
 * 'Upload complete' (through the import and after it), and the section's title.
 */
export const panelEntry = (page: Page, title: string): Locator =>
  progressPanel(page).getByRole('region', {
    name: new RegExp(
      `^(?:${escapeRegExp(IMPORT_TEXT.uploading)}|${escapeRegExp(IMPORT_TEXT.uploadComplete)}) ${escapeRegExp(title)}$`,
    ),
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

/** Presses a panel entry's 'Download error file' and answers the downloaded file's text. */
export async function downloadErrorFile(page: Page, entry: Locator): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    entry.getByRole('button', { name: IMPORT_TEXT.downloadErrorFile, exact: true }).click(),
  ]);
  const file = await download.path();
  return readFile(file, 'utf8');
}

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
