import type { Locator, Page } from 'playwright-core';
import {
  REVIEW_SECRET_MASK,
  REVIEW_TEXT,
  REVIEW_SERVER_MESSAGE,
  correctionsFileName,
} from '@contracts/api/import-review';
import {
  IMPORT_COLUMNS,
  IMPORT_ERROR_COLUMN,
  IMPORT_FILE_FIELD,
  IMPORT_PATHS,
  IMPORT_STEP_TEXT,
  IMPORT_TEXT,
  MASKED_PASSWORD,
  type ImportAnswer,
  type ImportRequest,
  type UploadAnswer,
} from '@contracts/api/imports';
import { SCHEME_EMBEDDED, SCHEME_PATHS, type UploadedFile } from '@contracts/api/schemes';
import { REVIEW_SCREEN_TEXT, reviewRoute } from '@/features/schemes/lib/import-review';
import { axeViolations } from './support/axe';
import { waitForFocus } from './support/browser';
import {
  MASTER_BIN,
  checkBalanceOnSite,
  createCardScheme,
  fillCardSection,
  createPlainScheme,
  expectFigures,
  importSection,
  panelEntry,
  pipeFile,
  publishJournalSite,
  uploadFile,
} from './support/imports';
import { openRoute, signIn } from './support/journal';
import {
  SchemeApi,
  expectStep,
  stepRoute,
  uniqueLetters,
  unexpectedErrors,
} from './support/schemes';
import { browserSuite } from './support/suite';

/**
 * The review of an import's error lines, in Chromium against the real server: a card file with
 * bad lines of three kinds imported through Stores & Devices, its review opened from the
 * progress panel, one cell corrected from the keyboard, a PIN typed anew in a password input, a
 * whole kind in bulk, the corrections imported (the remaining error still listed, and the only
 * line of the error file), the review opened again from its address, and corrected cards
 * checked on the published journal site; no PIN is ever shown or answered, and the focus never
 * drops to the page. A device file's review, which never shows a password. A review of three
 * pages, paged from the keyboard, whose 4,000-character value leaves the grid within the window.
 */

const suite = browserSuite();
const api = SchemeApi.forSuite(suite);

const T = IMPORT_TEXT;
const FLOW_TIMEOUT = 240_000;

const required = (kind: keyof typeof IMPORT_COLUMNS) =>
  IMPORT_COLUMNS[kind].filter((column) => column.required).map((column) => column.name);

/** A page whose context lets axe in past the app's Content-Security-Policy, signed in. */
async function signedInPage(): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await suite.newPage({ bypassCSP: true });
  await signIn(page, suite.baseUrl);
  return { page, errors };
}

const grid = (page: Page): Locator => page.getByRole('grid', { name: REVIEW_TEXT.grid });

/** The grid's row of a line of the file. */
const gridRow = (page: Page, line: number): Locator =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: String(line), exact: true }) });

/** The line numbers the grid shows, in order. */
async function shownLines(page: Page): Promise<number[]> {
  const headers = await grid(page).getByRole('rowheader').allInnerTexts();
  return headers.map((text) => Number(text.trim()));
}

/** The filter buttons above the grid, by their text. */
const filters = (page: Page): Locator =>
  page.getByRole('list', { name: REVIEW_SCREEN_TEXT.filters });

/** The files Files Uploaded lists for a program. */
async function importedFiles(programId: number): Promise<UploadedFile[]> {
  const list = await api.call<{ _embedded?: Record<string, UploadedFile[]> }>(
    'GET',
    SCHEME_PATHS.uploadedFiles(programId),
  );
  return list._embedded?.[SCHEME_EMBEDDED.files] ?? [];
}

/** The text of an import's error file as the download serves it. */
async function errorFileText(outFileName: string): Promise<string> {
  const answer = await api.fetch('GET', `/api${IMPORT_PATHS.downloadFile(outFileName)}`);
  expect(answer.status).toBe(200);
  return answer.text();
}

/** Moves the grid's focus from its focused cell by `presses` of `key`. */
async function press(page: Page, key: string, presses = 1): Promise<void> {
  for (let n = 0; n < presses; n += 1) await page.keyboard.press(key);
}

describe('the review of a card import', () => {
  it(
    'opens from the panel, takes a cell corrected by keyboard and a kind corrected in bulk, imports them, keeps the remaining error, and the site shows a corrected card',
    async () => {
      const name = `Cardreview ${uniqueLetters()}`;
      const { programId, extension } = await createCardScheme(api, name);
      const prefix = `${MASTER_BIN.number}${extension}`;
      const card = (tail: string) => `${prefix}${tail}`;
      const foreign = `${MASTER_BIN.number}${extension === '999' ? '998' : '999'}0000078`;
      const header = [...required('card'), 'currency'];
      const pinRule = 'pin: must be 4 to 8 digits';
      const balanceRule = 'balance: must be an amount such as 25.00';
      const cardRule = `cardNumber: must be ${MASTER_BIN.cardLength} digits starting with the BIN ${MASTER_BIN.number} followed by the extension ${extension}`;
      const file = pipeFile(header, [
        [card('0000011'), '1234', '50.00', '2030-12-31', 'AUD'], // line 2: good
        [card('0000029'), '12', '10.00', '2030-12-31', 'AUD'], // line 3: PIN
        [card('0000037'), '7', '15.00', '2030-12-31', 'AUD'], // line 4: PIN
        [foreign, '1357', '10.00', '2030-12-31', 'AUD'], // line 5: card number (stays)
        [card('0000052'), '4321', 'ten', '2030-12-31', 'AUD'], // line 6: balance
      ]);

      const { page, errors } = await signedInPage();
      /** Every answer of a review call, as text, once read (awaited before it is checked). */
      const answers: Promise<string>[] = [];
      page.on('response', (response) => {
        if (!response.url().includes('/reviews/')) return;
        answers.push(response.text().catch(() => ''));
      });
      await openRoute(page, suite.baseUrl, stepRoute('gift', 'upload', programId));
      await expectStep(page, 'gift', 'upload');
      const cards = await fillCardSection(page, extension);
      await uploadFile(page, cards, 'cards.txt', file);
      await cards.getByRole('button', { name: T.import, exact: true }).click();
      const entry = panelEntry(page, T.cardSection);
      await expectFigures(entry, {
        [T.currentStep]: IMPORT_STEP_TEXT.completed,
        [T.successLines]: 1,
        [T.errorLines]: 4,
        [T.insertedLines]: 1,
      });

      // 1. Opened from the panel: the error lines only, counted by rule and field.
      await entry.getByRole('button', { name: REVIEW_TEXT.reviewErrors, exact: true }).click();
      await page
        .getByRole('heading', { name: REVIEW_TEXT.title('cards.txt'), exact: true })
        .waitFor();
      await grid(page).getByRole('rowheader', { name: '6', exact: true }).waitFor();
      expect(await shownLines(page)).toEqual([3, 4, 5, 6]);
      expect(
        (await filters(page).getByRole('button').allInnerTexts()).map((text) => text.trim()),
      ).toEqual([
        REVIEW_TEXT.allFailing,
        REVIEW_TEXT.countLabel(pinRule, 2),
        REVIEW_TEXT.countLabel(cardRule, 1),
        REVIEW_TEXT.countLabel(balanceRule, 1),
      ]);
      const columns = await grid(page).getByRole('columnheader').allInnerTexts();
      expect(columns.map((text) => text.trim())).toEqual([
        REVIEW_TEXT.line,
        ...header,
        REVIEW_TEXT.reasons,
      ]);
      // No PIN is shown, valid or not.
      for (const line of [3, 4, 5, 6]) {
        const pinCell = gridRow(page, line).getByRole('gridcell').nth(1);
        expect((await pinCell.innerText()).split('\n')[0]?.trim()).toBe(REVIEW_SECRET_MASK);
      }
      // The cell a reason names is marked.
      const balanceCell = gridRow(page, 6).getByRole('gridcell').nth(2);
      expect(await balanceCell.getAttribute('aria-invalid')).toBe('true');
      expect(await gridRow(page, 6).innerText()).toContain(balanceRule);
      expect(await axeViolations(page)).toEqual([]);

      // 2a. One cell by keyboard: from line 6's number, right to its balance, Enter, type, Enter.
      await gridRow(page, 6).getByRole('rowheader').click();
      await press(page, 'ArrowRight', 3);
      await page.keyboard.press('Enter');
      const editor = page.getByLabel(REVIEW_SCREEN_TEXT.cellLabel('balance', 6), { exact: true });
      await editor.waitFor();
      expect(await editor.inputValue()).toBe('ten');
      // Escape cancels and keeps the value.
      await editor.fill('11.00');
      await page.keyboard.press('Escape');
      await editor.waitFor({ state: 'detached' });
      expect(await balanceCell.innerText()).toContain('ten');
      await page.keyboard.press('Enter');
      await editor.fill('40.00');
      await page.keyboard.press('Enter');
      await gridRow(page, 6).getByText(REVIEW_TEXT.fixed, { exact: true }).waitFor();
      expect(await balanceCell.getAttribute('aria-invalid')).toBeNull();
      await waitForFocus(balanceCell, { within: true });
      expect(await balanceCell.innerText()).toContain('40.00');

      // 2b. A PIN typed anew, in a password input that starts empty, on the PIN lines' filter:
      // the line fixed leaves the filter, and the focus goes to the cell now in its place.
      await filters(page)
        .getByRole('button', { name: REVIEW_TEXT.countLabel(pinRule, 2), exact: true })
        .click();
      await grid(page).getByRole('rowheader', { name: '6', exact: true }).waitFor({
        state: 'detached',
      });
      expect(await shownLines(page)).toEqual([3, 4]);
      await gridRow(page, 3).getByRole('rowheader').click();
      await press(page, 'ArrowRight', 2);
      await page.keyboard.press('Enter');
      const pinEditor = page.getByLabel(REVIEW_SCREEN_TEXT.cellLabel('pin', 3), { exact: true });
      expect(await pinEditor.getAttribute('type')).toBe('password');
      expect(await pinEditor.inputValue()).toBe('');
      await pinEditor.fill('8642');
      await page.keyboard.press('Enter');
      await grid(page).getByRole('rowheader', { name: '3', exact: true }).waitFor({
        state: 'detached',
      });
      await waitForFocus(gridRow(page, 4).getByRole('gridcell').nth(1));

      // 2c. A whole kind in bulk: the PIN lines left, set to one PIN typed as a password. Apply
      // keeps the focus, and the PIN typed does not stay on the page.
      const bulk = page.getByRole('region', { name: REVIEW_TEXT.bulkHeading });
      await bulk.getByLabel(REVIEW_TEXT.bulkField, { exact: true }).selectOption('pin');
      await bulk.getByLabel(REVIEW_TEXT.bulkSet, { exact: true }).check();
      const bulkValue = bulk.getByLabel(REVIEW_TEXT.bulkValue, { exact: true });
      expect(await bulkValue.getAttribute('type')).toBe('password');
      await bulkValue.fill('2468');
      const apply = bulk.getByRole('button', { name: REVIEW_TEXT.bulkApply, exact: true });
      await apply.click();
      await bulk.getByText(REVIEW_TEXT.bulkResult(1, 1), { exact: true }).waitFor();
      await page.getByText(REVIEW_TEXT.fixedCount(3), { exact: true }).waitFor();
      await page.getByText(REVIEW_TEXT.failingCount(1), { exact: true }).waitFor();
      await waitForFocus(apply);
      expect(await bulkValue.inputValue()).toBe('');

      // 3. The corrections imported, all or nothing, with the progress panel; the button, with
      // nothing left to import, gives the focus to the screen's heading.
      await filters(page)
        .getByRole('button', { name: REVIEW_TEXT.allFailing, exact: true })
        .click();
      await page.getByRole('button', { name: REVIEW_TEXT.importCorrections, exact: true }).click();
      await page.getByText(REVIEW_TEXT.fixedCount(0), { exact: true }).waitFor();
      const heading = page.getByRole('heading', {
        name: REVIEW_TEXT.title('cards.txt'),
        exact: true,
      });
      await waitForFocus(heading);
      await grid(page).getByRole('rowheader', { name: '3', exact: true }).waitFor({
        state: 'detached',
      });
      expect(await shownLines(page)).toEqual([5]);
      expect(await gridRow(page, 5).innerText()).toContain(cardRule);
      expect(
        (await filters(page).getByRole('button').allInnerTexts()).map((text) => text.trim()),
      ).toEqual([REVIEW_TEXT.allFailing, REVIEW_TEXT.countLabel(cardRule, 1)]);

      const files = await importedFiles(programId);
      expect(files.map((each) => each.fileName)).toEqual([
        'cards.txt',
        correctionsFileName('cards.txt'),
      ]);
      const [original] = files;
      expect(original?.failingLines).toBe(1);
      const outFileName = original?.outFileName;
      if (!outFileName) throw new Error('Files Uploaded names no error file of cards.txt');
      expect(await errorFileText(outFileName)).toBe(
        `${[...header, IMPORT_ERROR_COLUMN].join('|')}\n` +
          `${[foreign, '1357', '10.00', '2030-12-31', 'AUD'].join('|')}|line 5: ${cardRule}\n`,
      );

      // Opened again from its address (a reload): the heading has the focus once loaded.
      await page.reload();
      await gridRow(page, 5).waitFor();
      await waitForFocus(heading);

      // No PIN of the file, nor one typed, was in an answer of the review (a page's lines, a
      // correction's line), nor is one left in an input (its value attribute included).
      const pinColumn = header.indexOf('pin');
      const answeredPins = (await Promise.all(answers)).flatMap((text) => {
        const answer = JSON.parse(text || 'null') as {
          lines?: { values: string[] }[];
          values?: string[];
        } | null;
        const lines = answer?.lines ?? (answer?.values ? [{ values: answer.values }] : []);
        return lines.map((line) => line.values[pinColumn]);
      });
      expect(answeredPins.length).toBeGreaterThan(0);
      expect(new Set(answeredPins)).toEqual(new Set([REVIEW_SECRET_MASK]));
      const content = await page.content();
      for (const pin of ['1357', '4321', '8642', '2468']) {
        expect(content).not.toContain(`value="${pin}"`);
      }
      expect(
        await page
          .locator('input')
          .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
      ).not.toContain('2468');

      // 4. The card corrected by keyboard, on the program's published journal site.
      const siteUrl = `review-${uniqueLetters()}`;
      await publishJournalSite(api, programId, siteUrl);
      const site = await checkBalanceOnSite(suite.browser, suite.baseUrl, siteUrl, {
        cardNumber: card('0000052'),
        pin: '4321',
      });
      expect(site.balance).toBe('$40.00');
      expect(site.errors).toEqual([]);
      const bulkCard = await checkBalanceOnSite(suite.browser, suite.baseUrl, siteUrl, {
        cardNumber: card('0000037'),
        pin: '2468',
      });
      expect(bulkCard.balance).toBe('$15.00');
      const typedPin = await checkBalanceOnSite(suite.browser, suite.baseUrl, siteUrl, {
        cardNumber: card('0000029'),
        pin: '8642',
      });
      expect(typedPin.balance).toBe('$10.00');

      expect(unexpectedErrors(errors)).toEqual([]);
      await page.context().close();
    },
    FLOW_TIMEOUT,
  );
});

describe('the review of a device import', () => {
  it(
    'never shows or answers a password, and takes a new one typed in its cell',
    async () => {
      const programId = await createPlainScheme(api, `Devicereview ${uniqueLetters()}`);
      await api.createGiftConfig(programId);
      const { page, errors } = await signedInPage();
      /** Every answer of a review call, as text, once read (awaited before it is checked). */
      const answers: Promise<string>[] = [];
      page.on('response', (response) => {
        if (!response.url().includes('/reviews/')) return;
        answers.push(response.text().catch(() => ''));
      });
      await openRoute(page, suite.baseUrl, stepRoute('gift', 'upload', programId));
      await expectStep(page, 'gift', 'upload');

      const stores = importSection(page, T.storeSection);
      await uploadFile(
        page,
        stores,
        'stores.txt',
        pipeFile(required('store'), [
          ['H100', 'Harbour Store', '1 Harbour Street', 'Sydney', '2000', 'AU'],
        ]),
      );
      await stores.getByRole('button', { name: T.import, exact: true }).click();
      await expectFigures(panelEntry(page, T.storeSection), {
        [T.currentStep]: IMPORT_STEP_TEXT.completed,
        [T.insertedLines]: 1,
      });

      const secret = 'secret-three-word';
      const storeRule = 'storeCode: no store with this code was imported for the scheme';
      const devices = importSection(page, T.deviceSection);
      await uploadFile(
        page,
        devices,
        'devices.txt',
        pipeFile(required('device'), [
          ['POS-1', 'H100', 'Terminal', 'SN-1', 'secret-one'],
          ['POS-3', 'Z999', 'Terminal', 'SN-3', secret],
        ]),
      );
      await devices.getByRole('button', { name: T.import, exact: true }).click();
      const entry = panelEntry(page, T.deviceSection);
      await expectFigures(entry, { [T.errorLines]: 1, [T.insertedLines]: 1 });
      await entry.getByRole('button', { name: REVIEW_TEXT.reviewErrors, exact: true }).click();
      await page
        .getByRole('heading', { name: REVIEW_TEXT.title('devices.txt'), exact: true })
        .waitFor();
      const row = gridRow(page, 3);
      await row.waitFor();
      const passwordCell = row.getByRole('gridcell').nth(4);
      // The mask, then (for screen readers) that the cell fails a rule: typed again.
      expect((await passwordCell.innerText()).split('\n')[0]?.trim()).toBe(MASKED_PASSWORD);
      expect(await row.innerText()).toContain(REVIEW_SERVER_MESSAGE.passwordAgain);

      // The store code corrected: the line still fails, its password must be typed again.
      await row.getByRole('rowheader').click();
      await press(page, 'ArrowRight', 2);
      await page.keyboard.press('Enter');
      const storeEditor = page.getByLabel(REVIEW_SCREEN_TEXT.cellLabel('storeCode', 3), {
        exact: true,
      });
      await storeEditor.fill('H100');
      await page.keyboard.press('Enter');
      await storeEditor.waitFor({ state: 'detached' });
      await row.getByText(storeRule, { exact: true }).waitFor({ state: 'detached' });
      await row.getByText(REVIEW_SERVER_MESSAGE.passwordAgain, { exact: true }).waitFor();

      // A new password, typed in a password input that starts empty.
      await press(page, 'ArrowRight', 3);
      await page.keyboard.press('Enter');
      const passwordEditor = page.getByLabel(REVIEW_SCREEN_TEXT.cellLabel('password', 3), {
        exact: true,
      });
      expect(await passwordEditor.getAttribute('type')).toBe('password');
      expect(await passwordEditor.inputValue()).toBe('');
      await passwordEditor.fill('new-secret-4');
      await page.keyboard.press('Enter');
      await row.getByText(REVIEW_TEXT.fixed, { exact: true }).waitFor();
      expect((await passwordCell.innerText()).trim()).toBe(MASKED_PASSWORD);
      expect(await axeViolations(page)).toEqual([]);

      expect(await page.content()).not.toContain(secret);
      expect(await page.content()).not.toContain('new-secret-4');
      expect(answers.length).toBeGreaterThan(0);
      for (const answer of await Promise.all(answers)) {
        expect(answer).not.toContain(secret);
        expect(answer).not.toContain('new-secret-4');
      }
      expect(unexpectedErrors(errors)).toEqual([]);
      await page.context().close();
    },
    FLOW_TIMEOUT,
  );
});

/**
 * Imports `rows` (cardNumber, pin, balance, expiryDate) into a scheme made by createCardScheme
 * through the API; answers the error file's name (the review's).
 */
async function importWithErrors(
  programId: number,
  extension: string,
  rows: readonly (readonly string[])[],
): Promise<string> {
  const form = new FormData();
  const text = pipeFile(['cardNumber', 'pin', 'balance', 'expiryDate'], rows);
  form.append(IMPORT_FILE_FIELD, new Blob([text], { type: 'text/plain' }), 'long.txt');
  const { fileName } = await api.callForm<UploadAnswer>(IMPORT_PATHS.upload(programId), form);
  const request: ImportRequest = {
    programId,
    fileName,
    userFileName: 'long.txt',
    binNumber: MASTER_BIN.number,
    extension,
    cardLength: MASTER_BIN.cardLength,
  };
  const answer = await api.call<ImportAnswer>('POST', IMPORT_PATHS.processCardFile, request);
  if (answer.outFileName === null) throw new Error(`no error file: ${JSON.stringify(answer)}`);
  return answer.outFileName;
}

describe('a review of many lines', () => {
  it(
    'keeps a 4,000-character value from widening the grid, and pages from the keyboard to the last, a typed and the first page',
    async () => {
      const { programId, extension } = await createCardScheme(api, `Longreview ${uniqueLetters()}`);
      const card = (serial: number) =>
        `${MASTER_BIN.number}${extension}${String(serial).padStart(7, '0')}`;
      const long = `${'Harbour Street '.repeat(266)}end`;
      // Line 2: a balance of 3,993 characters; lines 3 to 252: a short PIN. 251 error lines.
      const outFileName = await importWithErrors(programId, extension, [
        [card(1), '1234', long, '2030-12-31'],
        ...Array.from({ length: 250 }, (_, index) => [
          card(index + 2),
          '12',
          '10.00',
          '2030-12-31',
        ]),
      ]);

      const { page, errors } = await signedInPage();
      await openRoute(page, suite.baseUrl, reviewRoute('gift', programId, outFileName, 'upload'));
      await gridRow(page, 2).waitFor();

      // The long value is cut in its cell, which stays narrow: the grid fits the window.
      const balanceCell = gridRow(page, 2).getByRole('gridcell').nth(2);
      const value = balanceCell.getByTitle(long, { exact: true });
      const sizes = await value.evaluate((element) => {
        const table = element.closest('table');
        return {
          cut: element.scrollWidth > element.clientWidth,
          cell: element.parentElement?.getBoundingClientRect().width ?? 0,
          grid: table?.getBoundingClientRect().width ?? 0,
          window: document.documentElement.clientWidth,
          rem: parseFloat(getComputedStyle(document.documentElement).fontSize),
        };
      });
      expect(sizes.cut).toBe(true);
      expect(sizes.cell).toBeLessThanOrEqual(26 * sizes.rem);
      expect(sizes.grid).toBeLessThanOrEqual(sizes.window);
      // Its editor opens with the whole value.
      await balanceCell.click();
      await page.keyboard.press('Enter');
      const editor = page.getByLabel(REVIEW_SCREEN_TEXT.cellLabel('balance', 2), { exact: true });
      expect(await editor.inputValue()).toBe(long);
      await page.keyboard.press('Escape');
      await editor.waitFor({ state: 'detached' });

      // Last, from the keyboard: it keeps the focus, unavailable now.
      const pages = page.getByRole('navigation', { name: REVIEW_SCREEN_TEXT.pages });
      const pageButton = (name: string) => pages.getByRole('button', { name, exact: true });
      const range = (first: number, last: number) =>
        pages.getByText(REVIEW_TEXT.pageOf(first, last, 251), { exact: true });
      await range(1, 100).waitFor();
      await pageButton(REVIEW_TEXT.lastPage).focus();
      await page.keyboard.press('Enter');
      await range(201, 251).waitFor();
      await waitForFocus(pageButton(REVIEW_TEXT.lastPage));
      expect(await pageButton(REVIEW_TEXT.lastPage).getAttribute('aria-disabled')).toBe('true');
      expect(await shownLines(page)).toEqual(Array.from({ length: 51 }, (_, i) => i + 202));

      // A page number typed, then Enter: the page, the focus kept in the number.
      const number = pages.getByRole('textbox', { name: REVIEW_SCREEN_TEXT.pageNumber });
      await page.keyboard.press('Tab');
      await waitForFocus(number);
      expect(await number.inputValue()).toBe('3');
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('2');
      await page.keyboard.press('Enter');
      await range(101, 200).waitFor();
      await waitForFocus(number);
      // No page number: a message, announced and tied to the number; no axe violation.
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('two');
      await page.keyboard.press('Enter');
      await pages.getByText(REVIEW_SCREEN_TEXT.badPageNumber(3), { exact: true }).waitFor();
      expect(await number.getAttribute('aria-invalid')).toBe('true');
      expect(await axeViolations(page)).toEqual([]);
      await range(101, 200).waitFor();

      // Back to First by Shift+Tab, past Last, Next and Previous.
      await press(page, 'Shift+Tab', 4);
      await waitForFocus(pageButton(REVIEW_TEXT.firstPage));
      await page.keyboard.press('Enter');
      await range(1, 100).waitFor();
      await waitForFocus(pageButton(REVIEW_TEXT.firstPage));

      expect(unexpectedErrors(errors)).toEqual([]);
      await page.context().close();
    },
    FLOW_TIMEOUT,
  );
});
