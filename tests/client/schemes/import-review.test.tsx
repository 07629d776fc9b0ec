import { act, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { ERROR_CODE } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import {
  REVIEW_LIMITS,
  REVIEW_SECRET_MASK,
  REVIEW_SERVER_MESSAGE,
  REVIEW_TEXT,
  correctionsFileName,
} from '@contracts/api/import-review';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { EMBEDDED, URL_PATHS } from '@contracts/api/paths';
import { IMPORT_TEXT, type ImportAnswer } from '@contracts/api/imports';
import { SCHEME_EMBEDDED, SCHEME_TEXT, type UploadedFile } from '@contracts/api/schemes';
import { UNSAVED_CHANGES_TEXT } from '@/components/wizard/unsaved-changes';
import { paths, withId } from '@/config/paths';
import { LOGIN_TEXT, SESSION_DRAFT_TEXT } from '@/config/texts';
import { SESSION_DRAFT_KEY } from '@/lib/session/session-draft';
import { DEFAULT_RUNTIME_CONFIG } from '@/lib/store/config-slice';
import { REVIEW_SCREEN_TEXT, reviewRoute } from '@/features/schemes/lib/import-review';
import { SUMMARY_LABEL } from '@/features/schemes/lib/summary';
import {
  buildCardBin,
  buildClient,
  buildFinancialSettlement,
  buildGiftConfig,
  buildScheme,
} from '../../support/builders';
import {
  SESSION_EXPIRED_ANSWER,
  currentPath,
  embeddedList,
  renderApp,
  setTokenCookie,
  signIn,
} from '../../support/client-app';
import { deferred, installFakeFetch, type FakeFetch } from '../../support/fake-fetch';
import { installReviewServer, type FakeRule, type ReviewFake } from './review-fake-server';
import { installSchemeServer } from './scheme-fake-server';

/**
 * The review of an import's error lines, through the real app against the fake server: opened
 * from the progress panel and from Files Uploaded, its counts and filters, its pages, the
 * keyboard editing of a cell, a password cell, the bulk correction, the corrections' import and
 * a call's error.
 */

let server: FakeFetch;
let review: ReviewFake;

const gift = paths.gift.wizard;
const FILES = '/api/gift-card/giftSchemeFiles';
const PROGRAM = 11;
const OUT = 'errors-1.txt';
const USER_FILE = 'cards.txt';

const CARD_RULE: FakeRule = {
  rule: 'r-card',
  field: 'cardNumber',
  text: 'cardNumber: does not start with BIN 627182 and extension 001',
  fails: (values) => !/^627182001\d{7}$/.test(values.cardNumber ?? ''),
};
const PIN_RULE: FakeRule = {
  rule: 'r-pin',
  field: 'pin',
  text: 'pin: must be 4 to 8 digits',
  fails: (values) => !/^\d{4,8}$/.test(values.pin ?? ''),
};

/**
 * 150 error lines (lines 2 to 151 of the file): every third one has a bad PIN, the others a card
 * number of another BIN (999901 where 627182 belongs).
 */
const CARD_LINES = Array.from({ length: 150 }, (_, index) => {
  const serial = String(index + 1).padStart(7, '0');
  const badPin = index % 3 === 0;
  return {
    line: index + 2,
    values: [
      `${badPin ? '627182' : '999901'}001${serial}`,
      badPin ? '12a' : '1234',
      '10.00',
      '2030-01-01',
    ],
  };
});

function install(seed: Partial<Parameters<typeof installReviewServer>[1]> = {}) {
  server = installFakeFetch();
  installSchemeServer(server, {
    clients: [buildClient({ clientId: 1, clientName: 'Coffee Co' })],
    schemes: [buildScheme({ programId: PROGRAM, clientId: 1, clientName: 'Coffee Co' })],
    configs: [
      buildGiftConfig({
        programId: PROGRAM,
        liveCardBinId: 1,
        suffixLength: 3,
        suffixStand: '001',
      }),
    ],
    settlements: [buildFinancialSettlement({ programId: PROGRAM })],
    bins: [buildCardBin({ id: 1, number: '627182', cardLength: 16, extensionLength: 3 })],
  });
  review = installReviewServer(server, {
    programId: PROGRAM,
    outFileName: OUT,
    userFileName: USER_FILE,
    kind: 'card',
    columns: ['cardNumber', 'pin', 'balance', 'expiryDate'],
    // As the server answers a card review: its PINs masked.
    secretColumn: 'pin',
    lines: CARD_LINES,
    rules: [CARD_RULE, PIN_RULE],
    ...seed,
  });
}

beforeEach(() => setTokenCookie());
afterEach(() => server.restore());

type User = ReturnType<typeof renderApp>['user'];

async function openReview(from: 'upload' | 'summary' = 'upload') {
  const rendered = renderApp({ route: reviewRoute('gift', PROGRAM, OUT, from) });
  await screen.findByRole('heading', { name: REVIEW_TEXT.title(USER_FILE) });
  await screen.findByRole('grid');
  return rendered;
}

const grid = () => screen.getByRole('grid');
/** The grid's data rows (the header row left out). */
const dataRows = () => within(grid()).getAllByRole('row').slice(1);
const filter = (name: string) => screen.getByRole('button', { name });
/** A button of the grid's pages. */
const pageButton = (name: string) =>
  within(screen.getByRole('navigation', { name: REVIEW_SCREEN_TEXT.pages })).getByRole('button', {
    name,
  });
/** The cell of `column` (0: the line number) on the row of line `line`. */
function cellOf(line: number, column: number): HTMLElement {
  const row = dataRows().find(
    (each) => within(each).getByRole('rowheader').textContent === String(line),
  );
  if (!row) throw new Error(`no row of line ${line}`);
  return column === 0
    ? within(row).getByRole('rowheader')
    : within(row).getAllByRole('gridcell')[column - 1]!;
}

/** The scheme's Summary with `files` in Files Uploaded; its Files Uploaded region. */
async function openSummary(files: UploadedFile[]) {
  server.on(`GET /api/gift-card/summaries/${PROGRAM}/uploaded-files`, {
    body: embeddedList(SCHEME_EMBEDDED.files, files),
  });
  server.on('GET /api/gift-card/configurations/expiry-type', {
    body: embeddedList(EMBEDDED.expiryTypes, [{ id: 1, value: 'Activation Date' }]),
  });
  server.on('GET /api/gift-card/configurations/expiry-term', {
    body: embeddedList(EMBEDDED.expiryTerms, [{ id: 12, value: '12 months' }]),
  });
  const rendered = renderApp({ route: withId(gift.summary, PROGRAM) });
  const list = await screen.findByRole('region', { name: SUMMARY_LABEL.filesUploaded });
  return { ...rendered, list };
}

async function pressOk(user: User, title: string): Promise<string> {
  const dialog = await screen.findByRole('dialog', { name: title });
  const text = dialog.textContent ?? '';
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).toBeNull());
  return text;
}

describe('import error review', () => {
  it('opens from the progress panel after an import that left error lines, and Back returns to the step', async () => {
    install();
    server.on(`POST ${FILES}/${PROGRAM}`, { body: { fileName: 'upload-1.txt' } });
    server.on(`GET ${FILES}/progressCardFile/upload-1.txt`, {
      body: { currentStep: 'importing', currentLine: 1, totalLines: 151, numErrorLines: 0 },
    });
    const answer: ImportAnswer = {
      totalSuccessLines: 1,
      totalErrorLines: 150,
      outFileName: OUT,
      currentStep: 'completed',
      insertedLines: 1,
      replacedLines: 0,
    };
    server.on(`POST ${FILES}/processCardFile`, { body: answer });
    // No XMLHttpRequest: the upload goes through the fake fetch.
    const realXhr = globalThis.XMLHttpRequest;
    Reflect.deleteProperty(globalThis, 'XMLHttpRequest');
    try {
      const { user } = renderApp({ route: withId(gift.upload, PROGRAM) });
      const card = within(await screen.findByRole('region', { name: IMPORT_TEXT.cardSection }));
      await user.selectOptions(await card.findByLabelText(IMPORT_TEXT.extension), '001');
      await user.upload(
        card.getByLabelText(IMPORT_TEXT.chooseFile),
        new File(['cardNumber|pin|balance|expiryDate\n'], USER_FILE, { type: 'text/plain' }),
      );
      await user.click(card.getByRole('button', { name: IMPORT_TEXT.upload }));
      await pressOk(user, SCHEME_TEXT.uploadSuccessful);
      await user.click(card.getByRole('button', { name: IMPORT_TEXT.import }));

      const panel = await screen.findByRole('complementary', { name: IMPORT_TEXT.progress });
      const open = await within(panel).findByRole('button', { name: REVIEW_TEXT.reviewErrors });
      // Beside 'Download error file'.
      expect(within(panel).getByRole('button', { name: IMPORT_TEXT.downloadErrorFile })).toBe(
        open.previousElementSibling,
      );
      await user.click(open);
      expect(
        await screen.findByRole('heading', { name: REVIEW_TEXT.title(USER_FILE) }),
      ).toBeInTheDocument();
      expect(currentPath()).toBe(gift.review.path);
      await screen.findByRole('grid');

      await user.click(screen.getByRole('link', { name: REVIEW_TEXT.back }));
      await screen.findByRole('region', { name: IMPORT_TEXT.cardSection });
      expect(currentPath()).toBe(gift.upload.path);
    } finally {
      globalThis.XMLHttpRequest = realXhr;
    }
  });

  it("opens from the Summary's Files Uploaded, only for imports whose error lines still fail", async () => {
    install();
    const files: UploadedFile[] = [
      { fileName: USER_FILE, createdDate: 1_780_000_000, outFileName: OUT, failingLines: 150 },
      { fileName: 'stores.txt', createdDate: 1_780_000_100, outFileName: null, failingLines: 0 },
      {
        fileName: correctionsFileName('old.txt'),
        createdDate: 1_780_000_200,
        outFileName: 'errors-2.txt',
        failingLines: 0,
      },
    ];
    const { user, list } = await openSummary(files);
    const links = await within(list).findAllByRole('link', { name: REVIEW_TEXT.reviewErrors });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleDescription(USER_FILE);
    expect(list).toHaveTextContent(REVIEW_TEXT.failingCount(150));

    await user.click(links[0]!);
    expect(
      await screen.findByRole('heading', { name: REVIEW_TEXT.title(USER_FILE) }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: REVIEW_TEXT.back }));
    await screen.findByRole('region', { name: SUMMARY_LABEL.filesUploaded });
    expect(currentPath()).toBe(gift.summary.path);
  });

  it('offers a review from the Summary while its fixed lines wait to be imported, none failing', async () => {
    install();
    const files: UploadedFile[] = [
      {
        fileName: USER_FILE,
        createdDate: 1_780_000_000,
        outFileName: OUT,
        failingLines: 0,
        fixedLines: 2,
      },
    ];
    const { list } = await openSummary(files);
    const link = await within(list).findByRole('link', { name: REVIEW_TEXT.reviewErrors });
    expect(link).toHaveAccessibleDescription(USER_FILE);
    expect(list).toHaveTextContent(REVIEW_TEXT.fixedCount(2));
    expect(list).not.toHaveTextContent(REVIEW_TEXT.failingCount(0));
  });

  it('counts the failing lines by rule and field above the grid; each count filters the grid', async () => {
    install();
    const { user } = await openReview();
    expect(screen.getByText(REVIEW_TEXT.failingCount(150))).toBeInTheDocument();
    expect(screen.getByText(REVIEW_TEXT.fixedCount(0))).toBeInTheDocument();
    const filters = screen.getByRole('list', { name: REVIEW_SCREEN_TEXT.filters });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      REVIEW_TEXT.allFailing,
      REVIEW_TEXT.countLabel(CARD_RULE.text, 100),
      REVIEW_TEXT.countLabel(PIN_RULE.text, 50),
    ]);
    expect(filter(REVIEW_TEXT.allFailing)).toHaveAttribute('aria-pressed', 'true');

    // The columns: Line, the file's header in its order, Reasons.
    expect(
      within(grid())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      REVIEW_TEXT.line,
      'cardNumber',
      'pin',
      'balance',
      'expiryDate',
      REVIEW_TEXT.reasons,
    ]);
    // Line 2 fails its PIN: that cell is marked, the others not; the reason is listed.
    expect(cellOf(2, 2)).toHaveAttribute('aria-invalid', 'true');
    expect(cellOf(2, 2)).toHaveTextContent(REVIEW_SCREEN_TEXT.invalidCell);
    expect(cellOf(2, 1)).not.toHaveAttribute('aria-invalid');
    expect(cellOf(2, 5)).toHaveTextContent(PIN_RULE.text);

    await user.click(filter(REVIEW_TEXT.countLabel(PIN_RULE.text, 50)));
    await waitFor(() => expect(dataRows()).toHaveLength(50));
    expect(filter(REVIEW_TEXT.countLabel(PIN_RULE.text, 50))).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(filter(REVIEW_TEXT.allFailing)).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText(REVIEW_TEXT.pageOf(1, 50, 50))).toBeInTheDocument();
    const last = server.calls(`GET ${review.paths.lines}`).at(-1);
    expect(last?.url.searchParams.get('rule')).toBe(PIN_RULE.rule);
  });

  it('shows one page of lines at a time, with Previous and Next, and keeps only the page shown', async () => {
    install();
    const { user, store } = await openReview();
    expect(dataRows()).toHaveLength(REVIEW_LIMITS.pageLines);
    expect(screen.getByText(REVIEW_TEXT.pageOf(1, 100, 150))).toBeInTheDocument();
    expect(pageButton(REVIEW_TEXT.previousPage)).toHaveAttribute('aria-disabled', 'true');
    expect(grid()).toHaveAttribute('aria-rowcount', '151');

    await user.click(pageButton(REVIEW_TEXT.nextPage));
    await screen.findByText(REVIEW_TEXT.pageOf(101, 150, 150));
    expect(dataRows()).toHaveLength(50);
    expect(cellOf(102, 0)).toBeInTheDocument();
    expect(pageButton(REVIEW_TEXT.nextPage)).toHaveAttribute('aria-disabled', 'true');
    const offsets = server
      .calls(`GET ${review.paths.lines}` as const)
      .map((request) => request.url.searchParams.get('offset'));
    expect(offsets).toEqual(['0', '100']);

    // The page left is dropped from the store: the browser holds the page it shows.
    const pagesHeld = () =>
      Object.keys(store.getState().api.queries).filter((key) =>
        key.startsWith('importReviewLines('),
      );
    await waitFor(() => expect(pagesHeld()).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: REVIEW_TEXT.previousPage }));
    await screen.findByText(REVIEW_TEXT.pageOf(1, 100, 150));
  });

  it('goes to the first, the last or a typed page from the keyboard; the focus stays on the control used', async () => {
    // 1,050 error lines: 11 pages of 100.
    const lines = Array.from({ length: 1050 }, (_, index) => ({
      line: index + 2,
      values: [`999901001${String(index + 1).padStart(7, '0')}`, '1234', '10.00', ''],
    }));
    install({ lines });
    const { user } = await openReview();
    const pages = screen.getByRole('navigation', { name: REVIEW_SCREEN_TEXT.pages });
    const number = within(pages).getByRole('textbox', { name: REVIEW_SCREEN_TEXT.pageNumber });
    const offsets = () =>
      server
        .calls(`GET ${review.paths.lines}` as const)
        .map((request) => Number(request.url.searchParams.get('offset')));
    // At the first page: First and Previous are unavailable, said so, and still focusable.
    for (const name of [REVIEW_TEXT.firstPage, REVIEW_TEXT.previousPage]) {
      expect(pageButton(name)).toHaveAttribute('aria-disabled', 'true');
      expect(pageButton(name)).not.toBeDisabled();
    }
    for (const name of [REVIEW_TEXT.nextPage, REVIEW_TEXT.lastPage]) {
      expect(pageButton(name)).not.toHaveAttribute('aria-disabled');
    }
    expect(number).toHaveValue('1');
    expect(number).toHaveAccessibleDescription(REVIEW_SCREEN_TEXT.pageCount(11));

    // Last, from the keyboard: the last page; Last keeps the focus, now unavailable.
    act(() => pageButton(REVIEW_TEXT.lastPage).focus());
    await user.keyboard('{Enter}');
    await screen.findByText(REVIEW_TEXT.pageOf(1001, 1050, 1050));
    expect(pageButton(REVIEW_TEXT.lastPage)).toHaveFocus();
    expect(pageButton(REVIEW_TEXT.lastPage)).toHaveAttribute('aria-disabled', 'true');
    expect(pageButton(REVIEW_TEXT.nextPage)).toHaveAttribute('aria-disabled', 'true');
    expect(number).toHaveValue('11');
    // Pressed again there, it asks nothing.
    await user.keyboard('{Enter} ');
    expect(offsets()).toEqual([0, 1000]);

    // A page number typed, then Enter: the focus stays in it, showing the page gone to.
    await user.tab();
    expect(number).toHaveFocus();
    await user.clear(number);
    await user.type(number, '5{Enter}');
    await screen.findByText(REVIEW_TEXT.pageOf(401, 500, 1050));
    expect(number).toHaveFocus();
    expect(number).toHaveValue('5');
    expect(cellOf(402, 0)).toBeInTheDocument();

    // No whole number: a message says what to type, and nothing is asked of the server.
    await user.clear(number);
    await user.type(number, 'abc{Enter}');
    const message = REVIEW_SCREEN_TEXT.badPageNumber(11);
    expect(within(pages).getByText(message)).toBeInTheDocument();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveAccessibleDescription(`${REVIEW_SCREEN_TEXT.pageCount(11)} ${message}`);
    await user.clear(number);
    await user.type(number, '-2{Enter}');
    expect(within(pages).getByText(message)).toBeInTheDocument();
    expect(offsets()).toEqual([0, 1000, 400]);
    expect(screen.getByText(REVIEW_TEXT.pageOf(401, 500, 1050))).toBeInTheDocument();

    // A number past either end goes to that end; the message is gone.
    await user.clear(number);
    await user.type(number, '99999999999{Enter}');
    await screen.findByText(REVIEW_TEXT.pageOf(1001, 1050, 1050));
    expect(within(pages).queryByText(message)).toBeNull();
    expect(number).not.toHaveAttribute('aria-invalid');
    expect(number).toHaveValue('11');
    await user.clear(number);
    await user.type(number, '0{Enter}');
    await screen.findByText(REVIEW_TEXT.pageOf(1, 100, 1050));
    // With the page count's commas, and by Go.
    await user.clear(number);
    await user.type(number, ' 1,0 ');
    await user.click(within(pages).getByRole('button', { name: REVIEW_SCREEN_TEXT.goToPage }));
    expect(within(pages).getByText(message)).toBeInTheDocument();
    await user.clear(number);
    await user.type(number, '10');
    await user.click(within(pages).getByRole('button', { name: REVIEW_SCREEN_TEXT.goToPage }));
    await screen.findByText(REVIEW_TEXT.pageOf(901, 1000, 1050));

    // Next to the last page, then First: each keeps the focus.
    act(() => pageButton(REVIEW_TEXT.nextPage).focus());
    await user.keyboard('{Enter}');
    await screen.findByText(REVIEW_TEXT.pageOf(1001, 1050, 1050));
    expect(pageButton(REVIEW_TEXT.nextPage)).toHaveFocus();
    act(() => pageButton(REVIEW_TEXT.firstPage).focus());
    await user.keyboard('{Enter}');
    await screen.findByText(REVIEW_TEXT.pageOf(1, 100, 1050));
    expect(pageButton(REVIEW_TEXT.firstPage)).toHaveFocus();
    expect(pageButton(REVIEW_TEXT.firstPage)).toHaveAttribute('aria-disabled', 'true');
    // Only whole pages within the review were asked for.
    expect(offsets()).toEqual([0, 1000, 400, 1000, 0, 900, 1000, 0]);
  });

  it('cuts a long value in its cell, and keeps the whole value readable and in its editor', async () => {
    const long = `${'Harbour Street '.repeat(266)}end`;
    expect(long.length).toBeGreaterThan(3990);
    install({
      lines: [{ line: 2, values: ['9999010010000001', '12a', long, ''] }],
    });
    const { user } = await openReview();
    const cell = cellOf(2, 3);
    // The cell's text is the whole value (screen readers read it), and its title shows it.
    expect(cell).toHaveTextContent(long, { normalizeWhitespace: false });
    expect(within(cell).getByTitle(long)).toHaveTextContent(long, { normalizeWhitespace: false });
    // The PIN shows its mask, with no title to say more.
    expect(cellOf(2, 2)).toHaveTextContent(REVIEW_SECRET_MASK);
    expect(cellOf(2, 2).querySelector('[title]')).toBeNull();
    await user.dblClick(cell);
    expect(
      screen.getByRole('textbox', { name: REVIEW_SCREEN_TEXT.cellLabel('balance', 2) }),
    ).toHaveValue(long);
  });

  it('moves between cells with the arrow keys; Enter edits and saves, Escape cancels', async () => {
    install();
    const { user } = await openReview();
    const first = cellOf(2, 0);
    expect(first).toHaveAttribute('tabindex', '0');
    act(() => first.focus());

    await user.keyboard('{ArrowRight}');
    expect(cellOf(2, 1)).toHaveFocus();
    expect(first).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{ArrowDown}');
    // Line 3's card number is of another BIN.
    expect(cellOf(3, 1)).toHaveFocus();
    expect(cellOf(3, 1)).toHaveAttribute('aria-invalid', 'true');

    // Escape cancels: nothing is sent, the focus is back on the cell.
    await user.keyboard('{Enter}');
    const editor = screen.getByRole('textbox', {
      name: REVIEW_SCREEN_TEXT.cellLabel('cardNumber', 3),
    });
    expect(editor).toHaveFocus();
    expect(editor).toHaveValue('9999010010000002');
    await user.keyboard('{Backspace}7{Escape}');
    expect(
      screen.queryByRole('textbox', { name: REVIEW_SCREEN_TEXT.cellLabel('cardNumber', 3) }),
    ).toBeNull();
    expect(cellOf(3, 1)).toHaveFocus();
    expect(cellOf(3, 1)).toHaveTextContent('9999010010000002');
    expect(review.corrections()).toEqual([]);

    // Enter saves: the line is re-checked, now passes and shows as fixed.
    await user.keyboard('{Enter}');
    const again = screen.getByRole('textbox', {
      name: REVIEW_SCREEN_TEXT.cellLabel('cardNumber', 3),
    });
    await user.clear(again);
    await user.type(again, '6271820010000002{Enter}');
    await waitFor(() => expect(cellOf(3, 5)).toHaveTextContent(REVIEW_TEXT.fixed));
    expect(review.corrections()).toEqual([
      { line: '3', body: { values: { cardNumber: '6271820010000002' } } },
    ]);
    expect(cellOf(3, 1)).toHaveTextContent('6271820010000002');
    expect(cellOf(3, 1)).not.toHaveAttribute('aria-invalid');
    expect(cellOf(3, 1)).toHaveFocus();
    // The counts are read again.
    await screen.findByText(REVIEW_TEXT.fixedCount(1));
    expect(screen.getByText(REVIEW_TEXT.failingCount(149))).toBeInTheDocument();
    expect(filter(REVIEW_TEXT.countLabel(CARD_RULE.text, 99))).toBeInTheDocument();

    // A click on another cell leaves an open editor unsaved.
    await user.dblClick(cellOf(4, 1));
    expect(
      screen.getByRole('textbox', { name: REVIEW_SCREEN_TEXT.cellLabel('cardNumber', 4) }),
    ).toHaveFocus();
    await user.click(cellOf(5, 2));
    expect(
      screen.queryByRole('textbox', { name: REVIEW_SCREEN_TEXT.cellLabel('cardNumber', 4) }),
    ).toBeNull();
    expect(review.corrections()).toHaveLength(1);
  });

  it('never shows a device password: the cell shows the mask, and a new one is typed as a password', async () => {
    const secret = 'typed-device-secret';
    install({
      outFileName: OUT,
      userFileName: 'devices.txt',
      kind: 'device',
      columns: ['deviceId', 'storeCode', 'deviceType', 'serialNumber', 'password'],
      secretColumn: 'password',
      lines: [{ line: 2, values: ['POS-1', 'S1', 'Terminal', 'SN-1', ''] }],
      rules: [
        {
          rule: 'r-password',
          field: 'password',
          text: REVIEW_SERVER_MESSAGE.passwordAgain,
          fails: (values) => (values.password ?? '') === '',
        },
      ],
    });
    const { user } = renderApp({ route: reviewRoute('gift', PROGRAM, OUT, 'upload') });
    await screen.findByRole('heading', { name: REVIEW_TEXT.title('devices.txt') });
    await screen.findByRole('grid');
    const cell = cellOf(2, 5);
    expect(cell).toHaveTextContent(REVIEW_SECRET_MASK);
    expect(cell).toHaveAttribute('aria-invalid', 'true');

    await user.dblClick(cell);
    const editor = screen.getByLabelText(REVIEW_SCREEN_TEXT.cellLabel('password', 2));
    expect(editor).toHaveAttribute('type', 'password');
    expect(editor).toHaveValue('');
    expect(editor).toHaveAccessibleDescription(REVIEW_SCREEN_TEXT.newPassword);
    await user.type(editor, `${secret}{Enter}`);
    await waitFor(() => expect(cellOf(2, 6)).toHaveTextContent(REVIEW_TEXT.fixed));
    expect(review.corrections()).toEqual([{ line: '2', body: { values: { password: secret } } }]);
    expect(cellOf(2, 5)).toHaveTextContent(REVIEW_SECRET_MASK);
    expect(document.body.textContent).not.toContain(secret);
    expect([...document.querySelectorAll('input')].some((input) => input.value === secret)).toBe(
      false,
    );
  });

  it("a card line of the wrong field count: a masked value's editor starts empty, and nothing typed keeps it", async () => {
    // As the server answers such a line: every value masked, its PIN may be in any of them.
    install({ lines: [{ line: 2, values: Array(4).fill(REVIEW_SECRET_MASK) as string[] }] });
    const { user } = await openReview();
    const editor = () => screen.getByLabelText(REVIEW_SCREEN_TEXT.cellLabel('cardNumber', 2));
    await user.dblClick(cellOf(2, 1));
    expect(editor()).toHaveValue('');
    await user.keyboard('{Enter}');
    expect(review.corrections()).toEqual([]);
    // What is typed is the whole value, never added to the mask.
    await user.keyboard('{Enter}');
    await user.type(editor(), '6271820010000009{Enter}');
    await waitFor(() =>
      expect(review.corrections()).toEqual([
        { line: '2', body: { values: { cardNumber: '6271820010000009' } } },
      ]),
    );
  });

  it('never shows a card PIN: masked cells, a password editor that starts empty, password inputs in bulk, nothing typed left on the page', async () => {
    install();
    const { user } = await openReview();
    const shownPins = () => dataRows().map((row) => within(row).getAllByRole('gridcell')[1]);
    for (const cell of shownPins()) expect(cell).toHaveTextContent(REVIEW_SECRET_MASK);
    expect(grid().textContent).not.toMatch(/12a|1234/);

    // A PIN cell: a password input that starts empty and says what to type.
    await user.dblClick(cellOf(2, 2));
    const editor = screen.getByLabelText(REVIEW_SCREEN_TEXT.cellLabel('pin', 2));
    expect(editor).toHaveAttribute('type', 'password');
    expect(editor).toHaveValue('');
    expect(editor).toHaveAccessibleDescription(REVIEW_SCREEN_TEXT.newPin);
    // Enter with nothing typed keeps the PIN: nothing is sent.
    await user.keyboard('{Enter}');
    expect(screen.queryByLabelText(REVIEW_SCREEN_TEXT.cellLabel('pin', 2))).toBeNull();
    expect(cellOf(2, 2)).toHaveFocus();
    expect(review.corrections()).toEqual([]);
    await user.keyboard('{Enter}');
    await user.type(screen.getByLabelText(REVIEW_SCREEN_TEXT.cellLabel('pin', 2)), '8642{Enter}');
    await waitFor(() => expect(cellOf(2, 5)).toHaveTextContent(REVIEW_TEXT.fixed));
    expect(review.corrections()).toEqual([{ line: '2', body: { values: { pin: '8642' } } }]);
    expect(cellOf(2, 2)).toHaveTextContent(REVIEW_SECRET_MASK);

    // In bulk, every text for the PIN is a password input, cleared once applied.
    const bulk = within(screen.getByRole('region', { name: REVIEW_TEXT.bulkHeading }));
    await user.selectOptions(bulk.getByLabelText(REVIEW_TEXT.bulkField), 'pin');
    expect(bulk.getByLabelText(REVIEW_TEXT.bulkValue)).toHaveAttribute('type', 'password');
    await user.type(bulk.getByLabelText(REVIEW_TEXT.bulkValue), '9753');
    // Another column does not take the PIN typed.
    await user.selectOptions(bulk.getByLabelText(REVIEW_TEXT.bulkField), 'balance');
    expect(bulk.getByLabelText(REVIEW_TEXT.bulkValue)).toHaveAttribute('type', 'text');
    expect(bulk.getByLabelText(REVIEW_TEXT.bulkValue)).toHaveValue('');
    await user.selectOptions(bulk.getByLabelText(REVIEW_TEXT.bulkField), 'pin');
    await user.click(bulk.getByLabelText(REVIEW_TEXT.bulkReplace));
    expect(bulk.getByLabelText(REVIEW_TEXT.bulkFind)).toHaveAttribute('type', 'password');
    expect(bulk.getByLabelText(REVIEW_TEXT.bulkReplaceWith)).toHaveAttribute('type', 'password');
    await user.type(bulk.getByLabelText(REVIEW_TEXT.bulkFind), '12a');
    await user.type(bulk.getByLabelText(REVIEW_TEXT.bulkReplaceWith), '1248');
    await user.click(bulk.getByRole('button', { name: REVIEW_TEXT.bulkApply }));
    expect(await bulk.findByText(REVIEW_TEXT.bulkResult(49, 49))).toBeInTheDocument();
    expect(review.bulks()).toEqual([{ field: 'pin', find: '12a', replace: '1248', version: 1 }]);
    expect(bulk.getByLabelText(REVIEW_TEXT.bulkFind)).toHaveValue('');
    expect(bulk.getByLabelText(REVIEW_TEXT.bulkReplaceWith)).toHaveValue('');
    // Nothing to find left: the focus is where the next text goes.
    expect(bulk.getByLabelText(REVIEW_TEXT.bulkFind)).toHaveFocus();
    await user.click(bulk.getByLabelText(REVIEW_TEXT.bulkSet));
    await user.type(bulk.getByLabelText(REVIEW_TEXT.bulkValue), '9753');
    await user.click(bulk.getByRole('button', { name: REVIEW_TEXT.bulkApply }));
    await waitFor(() => expect(review.bulks()).toHaveLength(2));
    await waitFor(() => expect(bulk.getByLabelText(REVIEW_TEXT.bulkValue)).toHaveValue(''));

    for (const typed of ['8642', '1248', '9753']) {
      expect(document.body.innerHTML).not.toContain(typed);
      expect([...document.querySelectorAll('input')].some((input) => input.value === typed)).toBe(
        false,
      );
    }
  });

  it('keeps the focus in the grid when the line of the cell saved leaves the filter shown', async () => {
    install();
    const { user } = await openReview();
    await user.click(filter(REVIEW_TEXT.countLabel(PIN_RULE.text, 50)));
    await waitFor(() => expect(dataRows()).toHaveLength(50));
    // Line 2 fails its PIN, and so does line 5 after it.
    act(() => cellOf(2, 0).focus());
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    await user.type(screen.getByLabelText(REVIEW_SCREEN_TEXT.cellLabel('pin', 2)), '2468{Enter}');
    await screen.findByText(REVIEW_TEXT.fixedCount(1));
    await waitFor(() => expect(dataRows()).toHaveLength(49));
    // The cell now in its place has the focus, and the grid's keys go on from it.
    await waitFor(() => expect(cellOf(5, 2)).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(cellOf(8, 2)).toHaveFocus();
  });

  it("opened from its address, gives the focus to its heading once the wizard's Loading... has closed", async () => {
    install();
    // The scheme answers after the review's summary: the wizard's Loading... is open meanwhile.
    const gate = deferred<undefined>();
    server.once(`GET /api/gift-card/schemes/${PROGRAM}`, async () => {
      await gate.promise;
      return { body: buildScheme({ programId: PROGRAM, clientId: 1, clientName: 'Coffee Co' }) };
    });
    renderApp({ route: reviewRoute('gift', PROGRAM, OUT, 'summary') });
    const heading = await screen.findByRole('heading', { name: REVIEW_TEXT.title(USER_FILE) });
    await screen.findByRole('grid');
    expect(screen.getByRole('dialog', { name: DIALOG_TEXT.loading })).toBeInTheDocument();
    gate.resolve(undefined);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('corrects in bulk the lines of the filter shown: set a value, replace a text; the result says how many now pass', async () => {
    install();
    const { user } = await openReview();
    const bulk = within(screen.getByRole('region', { name: REVIEW_TEXT.bulkHeading }));

    // Set: the PIN of every line failing the PIN rule.
    await user.click(filter(REVIEW_TEXT.countLabel(PIN_RULE.text, 50)));
    expect(
      bulk.getByText(REVIEW_SCREEN_TEXT.bulkScope(REVIEW_TEXT.countLabel(PIN_RULE.text, 50))),
    ).toBeInTheDocument();
    await user.selectOptions(bulk.getByLabelText(REVIEW_TEXT.bulkField), 'pin');
    await user.click(bulk.getByLabelText(REVIEW_TEXT.bulkSet));
    await user.type(bulk.getByLabelText(REVIEW_TEXT.bulkValue), '4321');
    const apply = bulk.getByRole('button', { name: REVIEW_TEXT.bulkApply });
    await user.click(apply);
    expect(await bulk.findByText(REVIEW_TEXT.bulkResult(50, 50))).toBeInTheDocument();
    // With the review's version as the screen read it.
    expect(review.bulks()).toEqual([
      { rule: PIN_RULE.rule, field: 'pin', set: '4321', version: 0 },
    ]);
    // Apply kept the focus while it ran, and keeps it with the result said beside it.
    expect(apply).toHaveFocus();
    // The PIN count is gone; the filter is back to every failing line.
    await screen.findByText(REVIEW_TEXT.fixedCount(50));
    await waitFor(() =>
      expect(filter(REVIEW_TEXT.allFailing)).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(
      screen.queryByRole('button', { name: REVIEW_TEXT.countLabel(PIN_RULE.text, 50) }),
    ).toBeNull();

    // Replace: the BIN within the card numbers of every failing line.
    await user.selectOptions(bulk.getByLabelText(REVIEW_TEXT.bulkField), 'cardNumber');
    await user.click(bulk.getByLabelText(REVIEW_TEXT.bulkReplace));
    await user.type(bulk.getByLabelText(REVIEW_TEXT.bulkFind), '999901');
    await user.type(bulk.getByLabelText(REVIEW_TEXT.bulkReplaceWith), '627182');
    await user.click(bulk.getByRole('button', { name: REVIEW_TEXT.bulkApply }));
    expect(await bulk.findByText(REVIEW_TEXT.bulkResult(100, 100))).toBeInTheDocument();
    expect(review.bulks()[1]).toEqual({
      field: 'cardNumber',
      find: '999901',
      replace: '627182',
      version: 1,
    });
    await screen.findByText(REVIEW_TEXT.fixedCount(150));
    expect(screen.getByText(REVIEW_TEXT.failingCount(0))).toBeInTheDocument();
  });

  it('bulk: switching between Set value and Replace keeps what was typed in each', async () => {
    install();
    const { user } = await openReview();
    const bulk = within(screen.getByRole('region', { name: REVIEW_TEXT.bulkHeading }));
    await user.selectOptions(bulk.getByLabelText(REVIEW_TEXT.bulkField), 'balance');
    await user.click(bulk.getByLabelText(REVIEW_TEXT.bulkSet));
    await user.type(bulk.getByLabelText(REVIEW_TEXT.bulkValue), '25.00');
    await user.click(bulk.getByLabelText(REVIEW_TEXT.bulkReplace));
    await user.type(bulk.getByLabelText(REVIEW_TEXT.bulkFind), '10');
    await user.type(bulk.getByLabelText(REVIEW_TEXT.bulkReplaceWith), '20');
    await user.click(bulk.getByLabelText(REVIEW_TEXT.bulkSet));
    expect(bulk.getByLabelText(REVIEW_TEXT.bulkValue)).toHaveValue('25.00');
    await user.click(bulk.getByLabelText(REVIEW_TEXT.bulkReplace));
    expect(bulk.getByLabelText(REVIEW_TEXT.bulkFind)).toHaveValue('10');
    expect(bulk.getByLabelText(REVIEW_TEXT.bulkReplaceWith)).toHaveValue('20');
  });

  it('imports the corrections with the progress panel; the imported lines leave the review', async () => {
    install();
    const { user } = await openReview();
    const importButton = screen.getByRole('button', { name: REVIEW_TEXT.importCorrections });
    expect(importButton).toBeDisabled();

    // Fix the 50 PIN lines in bulk.
    const bulk = within(screen.getByRole('region', { name: REVIEW_TEXT.bulkHeading }));
    await user.click(filter(REVIEW_TEXT.countLabel(PIN_RULE.text, 50)));
    await user.selectOptions(bulk.getByLabelText(REVIEW_TEXT.bulkField), 'pin');
    await user.type(bulk.getByLabelText(REVIEW_TEXT.bulkValue), '4321');
    await user.click(bulk.getByRole('button', { name: REVIEW_TEXT.bulkApply }));
    await screen.findByText(REVIEW_TEXT.fixedCount(50));
    await waitFor(() => expect(importButton).toBeEnabled());

    const held = review.holdImport();
    await user.click(importButton);
    const panel = await screen.findByRole('complementary', { name: IMPORT_TEXT.progress });
    expect(panel).toHaveTextContent(correctionsFileName(USER_FILE));
    expect(within(panel).getByRole('progressbar')).toBeInTheDocument();
    // Unavailable while the import runs, yet it keeps the focus.
    expect(importButton).toHaveAttribute('aria-disabled', 'true');
    expect(importButton).toHaveFocus();
    await user.click(importButton);
    held.release();

    await waitFor(() =>
      expect(within(panel).getByRole('status')).toHaveTextContent(`${IMPORT_TEXT.insertedLines}50`),
    );
    // Read again: the imported lines have left; 100 lines still fail.
    await screen.findByText(REVIEW_TEXT.fixedCount(0));
    await screen.findByText(REVIEW_TEXT.pageOf(1, 100, 100));
    expect(importButton).toBeDisabled();
    // Nothing left to import: the focus goes to the screen's heading, not to the page.
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: REVIEW_TEXT.title(USER_FILE) })).toHaveFocus(),
    );
    // The click while it ran started nothing.
    expect(server.calls(`POST ${review.paths.import}`)).toHaveLength(1);
    await user.click(within(panel).getByRole('button', { name: IMPORT_TEXT.close }));
    expect(screen.queryByRole('complementary', { name: IMPORT_TEXT.progress })).toBeNull();
  });

  it('says "no error lines left" when every line is imported', async () => {
    install({
      lines: CARD_LINES.slice(0, 1).map((line) => ({
        ...line,
        values: ['6271820010000001', '1234', '10.00', ''],
      })),
    });
    const { user } = await openReview();
    await user.click(screen.getByRole('button', { name: REVIEW_TEXT.importCorrections }));
    expect(await screen.findByText(REVIEW_TEXT.noLines)).toBeInTheDocument();
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it("shows a call's error with the server's message, and keeps the cell's editor open", async () => {
    install();
    const { user } = await openReview();
    review.failNext('PUT line', {
      status: 400,
      body: { errorCode: 4, errorMessage: REVIEW_SERVER_MESSAGE.lineTooLong(4096) },
    });
    await user.dblClick(cellOf(2, 3));
    const editor = screen.getByRole('textbox', {
      name: REVIEW_SCREEN_TEXT.cellLabel('balance', 2),
    });
    await user.clear(editor);
    await user.type(editor, '12.00{Enter}');
    expect(await pressOk(user, SCHEME_TEXT.errorTitle(4))).toContain(
      REVIEW_SERVER_MESSAGE.lineTooLong(4096),
    );
    const kept = screen.getByRole('textbox', { name: REVIEW_SCREEN_TEXT.cellLabel('balance', 2) });
    expect(kept).toHaveValue('12.00');
    // The dialog gives the focus back to the editor it was opened from.
    await waitFor(() => expect(kept).toHaveFocus());
  });

  it('refuses a cell saved over a line someone else changed since: says so, reads the page again, keeps the value typed', async () => {
    install();
    const { user } = await openReview();
    const editor = () =>
      screen.getByRole('textbox', { name: REVIEW_SCREEN_TEXT.cellLabel('cardNumber', 3) });
    // Another operator corrects line 3's expiry date (its card number still fails).
    review.changeBehind(3, { expiryDate: '2031-12-31' });
    expect(cellOf(3, 4)).toHaveTextContent('2030-01-01');

    await user.dblClick(cellOf(3, 1));
    await user.clear(editor());
    await user.type(editor(), '6271820010000002{Enter}');
    const text = await pressOk(user, SCHEME_TEXT.errorTitle(ERROR_CODE.CONFLICT));
    expect(text).toContain(ERROR_MESSAGE.staleRecord);
    expect(text).toContain(DIALOG_TEXT.staleRecordReloaded);
    // Nothing written; the page read again shows the other operator's value, the editor the
    // value typed.
    expect(review.lines().find((l) => l.line === 3)?.values[0]).toBe('9999010010000002');
    await waitFor(() => expect(cellOf(3, 4)).toHaveTextContent('2031-12-31'));
    expect(editor()).toHaveValue('6271820010000002');

    // Saved again: it goes with the line's tag as read again.
    await user.type(editor(), '{Enter}');
    await waitFor(() => expect(cellOf(3, 5)).toHaveTextContent(REVIEW_TEXT.fixed));
    expect(review.ifMatches()).toEqual(['"0"', '"1"']);
    expect(review.lines().find((l) => l.line === 3)).toMatchObject({
      values: ['6271820010000002', REVIEW_SECRET_MASK, '10.00', '2031-12-31'],
      secret: '1234',
    });
  });

  it('reads the review again after a correction refused as imported meanwhile: the line leaves, the totals follow', async () => {
    install();
    const { user } = await openReview();
    // The PIN's editor is a password input, the others text boxes.
    const editorOf = (column: string) =>
      screen.getByLabelText(REVIEW_SCREEN_TEXT.cellLabel(column, 2), { selector: 'input' });
    await user.dblClick(cellOf(2, 2));
    await user.type(editorOf('pin'), '2468{Enter}');
    await screen.findByText(REVIEW_TEXT.fixedCount(1));
    const importButton = screen.getByRole('button', { name: REVIEW_TEXT.importCorrections });
    await waitFor(() => expect(importButton).toBeEnabled());

    // Another operator imports the corrections; this tab still shows line 2 as fixed.
    review.importBehind();
    await user.dblClick(cellOf(2, 3));
    await user.clear(editorOf('balance'));
    await user.type(editorOf('balance'), '12.00{Enter}');
    expect(await pressOk(user, SCHEME_TEXT.errorTitle(ERROR_CODE.CONFLICT))).toContain(
      REVIEW_SERVER_MESSAGE.alreadyImported,
    );
    // Read again: the imported line has left with its editor, nothing is left to import.
    await screen.findByText(REVIEW_TEXT.fixedCount(0));
    await waitFor(() => expect(cellOf(3, 0)).toBeInTheDocument());
    expect(dataRows().map((row) => within(row).getByRole('rowheader').textContent)).not.toContain(
      '2',
    );
    expect(within(grid()).queryByRole('textbox')).toBeNull();
    expect(importButton).toBeDisabled();
  });

  it('refuses a bulk correction over a line someone else changed since: says so, reads the review again, keeps the text typed', async () => {
    install();
    const { user } = await openReview();
    const bulk = within(screen.getByRole('region', { name: REVIEW_TEXT.bulkHeading }));
    await user.click(filter(REVIEW_TEXT.countLabel(PIN_RULE.text, 50)));
    // Another operator corrects line 2's PIN; it still fails.
    review.changeBehind(2, { pin: '12b' });

    await user.selectOptions(bulk.getByLabelText(REVIEW_TEXT.bulkField), 'pin');
    await user.type(bulk.getByLabelText(REVIEW_TEXT.bulkValue), '4321');
    await user.click(bulk.getByRole('button', { name: REVIEW_TEXT.bulkApply }));
    const text = await pressOk(user, SCHEME_TEXT.errorTitle(ERROR_CODE.CONFLICT));
    expect(text).toContain(ERROR_MESSAGE.staleRecord);
    // B's PIN is kept (the grid shows PINs masked), and so is the text A typed.
    expect(review.lines().find((l) => l.line === 2)?.secret).toBe('12b');
    expect(bulk.getByLabelText(REVIEW_TEXT.bulkValue)).toHaveValue('4321');

    // Applied again over the review as read again: it goes through. Apply is available again once
    // the refused correction has ended (it reads unavailable while one runs).
    const apply = bulk.getByRole('button', { name: REVIEW_TEXT.bulkApply });
    await waitFor(() => expect(apply).not.toHaveAttribute('aria-disabled'));
    await user.click(apply);
    expect(await bulk.findByText(REVIEW_TEXT.bulkResult(50, 50))).toBeInTheDocument();
    expect(review.bulks().map((each) => each.version)).toEqual([0, 1]);
  });

  it('closes an open editor whose line leaves the page, and the grid answers its keys again', async () => {
    install();
    const { user } = await openReview();
    act(() => cellOf(2, 0).focus());
    await user.keyboard('{ArrowRight}{Enter}');
    expect(
      screen.getByRole('textbox', { name: REVIEW_SCREEN_TEXT.cellLabel('cardNumber', 2) }),
    ).toHaveFocus();

    await user.click(screen.getByRole('button', { name: REVIEW_TEXT.nextPage }));
    await screen.findByText(REVIEW_TEXT.pageOf(101, 150, 150));
    expect(within(grid()).queryByRole('textbox')).toBeNull();
    const cell = dataRows()
      .flatMap((row) => within(row).queryAllByRole('gridcell'))
      .find((each) => each.getAttribute('tabindex') === '0');
    expect(cell).toBeDefined();
    act(() => cell?.focus());
    await user.keyboard('{Home}');
    expect(cellOf(102, 0)).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowRight}{Enter}');
    expect(
      screen.getByRole('textbox', { name: REVIEW_SCREEN_TEXT.cellLabel('cardNumber', 103) }),
    ).toHaveFocus();

    // Back on the first page, the editor left there stays closed.
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: REVIEW_TEXT.previousPage }));
    await screen.findByText(REVIEW_TEXT.pageOf(1, 100, 150));
    expect(within(grid()).queryByRole('textbox')).toBeNull();
  });

  it('asks before leaving with a cell edit or bulk text not applied; Stay keeps them', async () => {
    install();
    const { user } = await openReview();
    const back = () => screen.getByRole('link', { name: REVIEW_TEXT.back });
    const stay = async () => {
      const question = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.title });
      await user.click(within(question).getByRole('button', { name: UNSAVED_CHANGES_TEXT.stay }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(currentPath()).toBe(gift.review.path);
    };

    await user.dblClick(cellOf(3, 1));
    const editor = () =>
      screen.getByRole('textbox', { name: REVIEW_SCREEN_TEXT.cellLabel('cardNumber', 3) });
    await user.clear(editor());
    await user.type(editor(), '6271820010000002');
    await user.click(back());
    await stay();
    expect(editor()).toHaveValue('6271820010000002');
    await user.type(editor(), '{Escape}');

    const bulk = within(screen.getByRole('region', { name: REVIEW_TEXT.bulkHeading }));
    await user.type(bulk.getByLabelText(REVIEW_TEXT.bulkValue), '20.00');
    await user.click(back());
    await stay();
    expect(bulk.getByLabelText(REVIEW_TEXT.bulkValue)).toHaveValue('20.00');
    await user.clear(bulk.getByLabelText(REVIEW_TEXT.bulkValue));

    // Nothing typed: Back goes without a question.
    await user.click(back());
    await waitFor(() => expect(currentPath()).toBe(gift.upload.path));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a session ending by itself keeps a cell edit with its page, and the bulk text, never a PIN', async () => {
    install();
    const { user } = await openReview();
    await user.click(screen.getByRole('button', { name: REVIEW_TEXT.nextPage }));
    await screen.findByText(REVIEW_TEXT.pageOf(101, 150, 150));
    const bulk = () => within(screen.getByRole('region', { name: REVIEW_TEXT.bulkHeading }));
    await user.selectOptions(bulk().getByLabelText(REVIEW_TEXT.bulkField), 'balance');
    await user.type(bulk().getByLabelText(REVIEW_TEXT.bulkValue), '20.00');
    const editorOf = (column: string, line: number) =>
      screen.getByLabelText(REVIEW_SCREEN_TEXT.cellLabel(column, line));
    await user.dblClick(cellOf(103, 1));
    await user.clear(editorOf('cardNumber', 103));
    await user.type(editorOf('cardNumber', 103), '6271820010000102');

    review.failNext('PUT line', SESSION_EXPIRED_ANSWER);
    await user.type(editorOf('cardNumber', 103), '{Enter}');
    expect(await screen.findByText(LOGIN_TEXT.sessionEnded)).toBeVisible();
    expect(window.sessionStorage.getItem(SESSION_DRAFT_KEY)).toContain('6271820010000102');

    await signIn(user, server);

    await screen.findByText(REVIEW_TEXT.pageOf(101, 150, 150));
    expect(currentPath()).toBe(gift.review.path);
    await waitFor(() => expect(editorOf('cardNumber', 103)).toHaveValue('6271820010000102'));
    expect(editorOf('cardNumber', 103)).toHaveFocus();
    expect(bulk().getByLabelText(REVIEW_TEXT.bulkField)).toHaveValue('balance');
    expect(bulk().getByLabelText(REVIEW_TEXT.bulkValue)).toHaveValue('20.00');
    expect(screen.getAllByText(SESSION_DRAFT_TEXT.restored)).toHaveLength(2);
    expect(window.sessionStorage.getItem(SESSION_DRAFT_KEY)).toBeNull();

    // A PIN typed is never kept: only the screen is, to return to.
    await user.type(editorOf('cardNumber', 103), '{Escape}');
    await user.dblClick(cellOf(103, 2));
    await user.clear(editorOf('pin', 103));
    await user.type(editorOf('pin', 103), '8642');
    await user.selectOptions(bulk().getByLabelText(REVIEW_TEXT.bulkField), 'pin');
    await user.clear(bulk().getByLabelText(REVIEW_TEXT.bulkValue));
    await user.type(bulk().getByLabelText(REVIEW_TEXT.bulkValue), '9753');
    review.failNext('PUT line', SESSION_EXPIRED_ANSWER);
    await user.type(editorOf('pin', 103), '{Enter}');
    expect(await screen.findByText(LOGIN_TEXT.sessionEnded)).toBeVisible();
    expect(window.sessionStorage.getItem(SESSION_DRAFT_KEY)).not.toMatch(/8642|9753/);

    await signIn(user, server);
    await screen.findByRole('heading', { name: REVIEW_TEXT.title(USER_FILE) });
    expect(currentPath()).toBe(gift.review.path);
    expect(bulk().getByLabelText(REVIEW_TEXT.bulkValue)).toHaveValue('');
    expect(screen.queryByText(SESSION_DRAFT_TEXT.restored)).toBeNull();
    expect(window.sessionStorage.getItem(SESSION_DRAFT_KEY)).toBeNull();
  });

  it('a session ending while a PIN is typed (the refresh fails: "Timeout") returns to the review after the sign-in; the PIN is never stored', async () => {
    const PIN = '86420';
    // Every write to the browser's storage, as made.
    const writes: string[] = [];
    const realSetItem = Object.getOwnPropertyDescriptor(Storage.prototype, 'setItem')
      ?.value as Storage['setItem'];
    const spy = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(function (
      this: Storage,
      key: string,
      value: string,
    ) {
      writes.push(`${key}=${value}`);
      realSetItem.call(this, key, value);
    });
    const storedText = () =>
      [window.sessionStorage, window.localStorage]
        .flatMap((storage) =>
          Object.keys(storage).map((key) => `${key}=${storage.getItem(key) ?? ''}`),
        )
        .join('\n');
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    try {
      install();
      server.on(`POST ${URL_PATHS.refresh}`, SESSION_EXPIRED_ANSWER);
      const { user } = renderApp({
        route: reviewRoute('gift', PROGRAM, OUT, 'upload'),
        fakeTimers: true,
        preloadedState: { config: { ...DEFAULT_RUNTIME_CONFIG, inactivityLimitSeconds: 5 } },
      });
      const heading = () => screen.findByRole('heading', { name: REVIEW_TEXT.title(USER_FILE) });
      await heading();
      await screen.findByRole('grid');
      const pinEditor = () => screen.getByLabelText(REVIEW_SCREEN_TEXT.cellLabel('pin', 2));
      await user.dblClick(cellOf(2, 2));
      await user.type(pinEditor(), PIN);
      expect(pinEditor()).toHaveValue(PIN);

      // Idle past the limit: the refresh fails.
      await act(async () => {
        await jest.advanceTimersByTimeAsync(6000);
      });
      const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.timeoutTitle });
      await user.click(within(dialog).getByRole('button', { name: 'OK' }));
      expect(await screen.findByText(LOGIN_TEXT.sessionEnded)).toBeVisible();
      expect(storedText()).not.toContain(PIN);

      await signIn(user, server);
      expect(await heading()).toBeVisible();
      expect(currentPath()).toBe(gift.review.path);
      await screen.findByRole('grid');
      // The PIN typed is not brought back: its cell shows the mask, no editor open.
      expect(screen.queryByLabelText(REVIEW_SCREEN_TEXT.cellLabel('pin', 2))).toBeNull();
      expect(cellOf(2, 2)).toHaveTextContent(REVIEW_SECRET_MASK);
      expect(screen.queryByText(SESSION_DRAFT_TEXT.restored)).toBeNull();
      expect(window.sessionStorage.getItem(SESSION_DRAFT_KEY)).toBeNull();
      expect(storedText()).not.toContain(PIN);
      expect(writes.length).toBeGreaterThan(0);
      expect(writes.filter((write) => write.includes(PIN))).toEqual([]);
    } finally {
      jest.useRealTimers();
      spy.mockRestore();
    }
  });

  it('saves a cell edit kept over a session end with the line as it was typed over: a change made meanwhile is not overwritten unseen', async () => {
    install();
    const { user } = await openReview();
    const editor = () =>
      screen.getByRole('textbox', { name: REVIEW_SCREEN_TEXT.cellLabel('cardNumber', 3) });
    await user.dblClick(cellOf(3, 1));
    await user.clear(editor());
    await user.type(editor(), '6271820010000002');
    review.failNext('PUT line', SESSION_EXPIRED_ANSWER);
    await user.type(editor(), '{Enter}');
    expect(await screen.findByText(LOGIN_TEXT.sessionEnded)).toBeVisible();

    // Meanwhile another operator corrects line 3.
    review.changeBehind(3, { expiryDate: '2031-12-31' });
    await signIn(user, server);
    await waitFor(() => expect(editor()).toHaveValue('6271820010000002'));
    expect(cellOf(3, 4)).toHaveTextContent('2031-12-31');

    await user.type(editor(), '{Enter}');
    expect(await pressOk(user, SCHEME_TEXT.errorTitle(ERROR_CODE.CONFLICT))).toContain(
      ERROR_MESSAGE.staleRecord,
    );
    expect(editor()).toHaveValue('6271820010000002');
    await user.type(editor(), '{Enter}');
    await waitFor(() => expect(cellOf(3, 5)).toHaveTextContent(REVIEW_TEXT.fixed));
    // The first save went with the tag the value was typed over, the next with the line's now.
    expect(review.ifMatches()).toEqual(['"0"', '"1"']);
  });

  it('has no serious or critical axe violation, also while a cell is edited', async () => {
    install();
    const { user } = await openReview();
    // Within act: the header's clock ticks while axe runs.
    const serious = () => act(() => seriousViolations());
    const seriousViolations = async () => {
      const results = await axe.run(document.body, {
        runOnly: {
          type: 'tag',
          values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
        },
        // jsdom lays nothing out: colours and sizes are checked in the browser tests.
        rules: { 'color-contrast': { enabled: false }, 'target-size': { enabled: false } },
        resultTypes: ['violations'],
      });
      return results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        );
    };
    expect(await serious()).toEqual([]);
    await user.dblClick(cellOf(3, 1));
    expect(within(cellOf(3, 1)).getByRole('textbox')).toHaveFocus();
    expect(await serious()).toEqual([]);
  });

  it("shows the server's message when the review cannot be read", async () => {
    install();
    server.on(`GET /api/gift-card/giftSchemeFiles/${PROGRAM}/reviews/${OUT}`, {
      status: 404,
      body: { errorCode: 3, errorMessage: REVIEW_SERVER_MESSAGE.reviewNotFound },
    });
    renderApp({ route: reviewRoute('gift', PROGRAM, OUT, 'upload') });
    expect(await screen.findByText(REVIEW_SERVER_MESSAGE.reviewNotFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: REVIEW_TEXT.back })).toBeInTheDocument();
  });
});
