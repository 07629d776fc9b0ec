import { screen, waitFor, within } from '@testing-library/react';
import {
  IMPORT_COLUMNS,
  IMPORT_FIELD_DELIMITER,
  IMPORT_SAMPLE_FILE,
  IMPORT_STEP_TEXT,
  IMPORT_TEXT,
  type ImportAnswer,
  type ImportKind,
  type ImportProgress,
  type ImportRequest,
} from '@contracts/api/imports';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import { SCHEME_STATUS, SCHEME_TEXT } from '@contracts/api/schemes';
import { paths, withId } from '@/config/paths';
import {
  buildCardBin,
  buildClient,
  buildFinancialSettlement,
  buildGiftConfig,
  buildScheme,
} from '../../support/builders';
import { currentPath, renderApp, setTokenCookie, TEST_TOKEN } from '../../support/client-app';
import { deferred, installFakeFetch, type FakeFetch } from '../../support/fake-fetch';
import { installSchemeServer, type SchemeFake } from './scheme-fake-server';

/**
 * Stores & Devices, step 3 (03 §2, §4 "File import per type", §5 "Import", §8), through the
 * real app against the fake server. Uploads go through XMLHttpRequest in a browser: here a
 * small XMLHttpRequest backed by the fake fetch, which reports the bytes sent (`uploadSent`:
 * half of them unless a test says otherwise) and then waits for the test to let the request go
 * (`uploadGate`), so the byte progress can be seen.
 */

let server: FakeFetch;
let fake: SchemeFake;

const gift = paths.gift.wizard;
const FILES = '/api/gift-card/giftSchemeFiles';
const SCHEME = buildScheme({ programId: 11, clientId: 1, clientName: 'Coffee Co' });
// Standard '001' and a Virtual suffix stored unpadded: both are offered padded to 3 digits.
const CONFIG = buildGiftConfig({
  programId: 11,
  liveCardBinId: 1,
  suffixLength: 3,
  suffixStand: '001',
  suffixVirtual: '3',
});
const BIN = buildCardBin({ id: 1, number: '627182', cardLength: 16, extensionLength: 3 });

// ------------------------------------------------------------------ XMLHttpRequest over fetch
let uploadGate: Promise<void> = Promise.resolve();
/** The shares of the body reported sent, in turn, before the gate. */
let uploadSent: readonly number[] = [0.5];

class FetchBackedXhr {
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  private method = 'GET';
  private url = '';
  private readonly headers = new Headers();

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    let total = 0;
    for (const [, value] of body) if (value instanceof Blob) total += value.size;
    const gate = uploadGate;
    const sent = uploadSent;
    void (async () => {
      for (const share of sent) {
        this.upload.onprogress?.({
          loaded: total * share,
          total,
          lengthComputable: true,
        } as ProgressEvent);
        await Promise.resolve();
      }
      await gate;
      try {
        const response = await fetch(this.url, {
          method: this.method,
          headers: this.headers,
          body,
        });
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.();
      } catch {
        this.onerror?.();
      }
    })();
  }
}

const realXhr = globalThis.XMLHttpRequest;
const realCreateObjectUrl = URL.createObjectURL;
const realRevokeObjectUrl = URL.revokeObjectURL;
/** The files the step handed to the browser as downloads: name and text. */
let downloads: { name: string; text: Promise<string> }[];

beforeEach(() => {
  setTokenCookie();
  uploadGate = Promise.resolve();
  uploadSent = [0.5];
  globalThis.XMLHttpRequest = FetchBackedXhr as unknown as typeof XMLHttpRequest;
  downloads = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob) => {
    const href = `blob:test/${blobs.size}`;
    blobs.set(href, blob);
    return href;
  };
  URL.revokeObjectURL = () => undefined;
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    downloads.push({ name: this.download, text: blob ? blob.text() : Promise.resolve('') });
  });
});
afterEach(() => {
  server.restore();
  globalThis.XMLHttpRequest = realXhr;
  URL.createObjectURL = realCreateObjectUrl;
  URL.revokeObjectURL = realRevokeObjectUrl;
  jest.restoreAllMocks();
});

// ------------------------------------------------------------------ the fake server's imports
const ANSWER: ImportAnswer = {
  totalSuccessLines: 3,
  totalErrorLines: 1,
  outFileName: 'errors-1.txt',
  currentStep: 'completed',
  insertedLines: 2,
  replacedLines: 1,
};
const progressOf = (currentLine: number, numErrorLines = 0): ImportProgress => ({
  currentStep: 'importing',
  currentLine,
  totalLines: 4,
  numErrorLines,
});

function install() {
  server = installFakeFetch();
  fake = installSchemeServer(server, {
    clients: [buildClient({ clientId: 1, clientName: 'Coffee Co' })],
    schemes: [SCHEME],
    configs: [CONFIG],
    settlements: [buildFinancialSettlement({ programId: 11 })],
    bins: [BIN],
  });
  server.on(`POST ${FILES}/11`, { body: { fileName: 'upload-1.txt' } });
  server.on(`POST ${FILES}/11/devicefile`, { body: { fileName: 'upload-2.txt' } });
}

/** Answers the progress polls of `path` in turn (the last one again once they run out). */
function progressSequence(path: `/${string}`, answers: ImportProgress[]) {
  let index = 0;
  server.on(`GET ${path}`, () => {
    const answer = answers[Math.min(index, answers.length - 1)]!;
    index += 1;
    return { body: answer };
  });
}

type User = ReturnType<typeof renderApp>['user'];

async function open() {
  install();
  const rendered = renderApp({ route: withId(gift.upload, 11) });
  await screen.findByRole('heading', { name: IMPORT_TEXT.cardSection });
  return rendered;
}

const section = (name: string) => screen.getByRole('region', { name });
const inSection = (name: string) => within(section(name));
const panel = () => screen.queryByRole('complementary', { name: IMPORT_TEXT.progress });
/** The title of the panel's (only) entry, without the section's hidden name. */
const entryTitle = () =>
  within(panel()!).getByRole('heading', { level: 3 }).firstChild?.textContent;
const textFile = (name: string, text: string) => new File([text], name, { type: 'text/plain' });
const CARD_FILE = 'cardNumber|pin|balance|expiryDate\n6271820011234567|1234|10.00|2030-01-01\n';

async function pressOk(user: User, title: string): Promise<string> {
  const dialog = await screen.findByRole('dialog', { name: title });
  const text = dialog.textContent ?? '';
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).toBeNull());
  return text;
}

/** Fills the card fields (BIN number and card length are pre-filled) and uploads `file`. */
async function uploadCardFile(user: User, file = textFile('cards.txt', CARD_FILE)) {
  const card = inSection(IMPORT_TEXT.cardSection);
  await user.selectOptions(card.getByLabelText(IMPORT_TEXT.extension), '001');
  await user.upload(card.getByLabelText(IMPORT_TEXT.chooseFile), file);
  await user.click(card.getByRole('button', { name: IMPORT_TEXT.upload }));
}

describe('Stores & Devices step (03 §2 step 3, §4, §5 Import)', () => {
  it('BIN number and card length take typing only once the configured BIN has filled them in', async () => {
    install();
    const binRead = deferred<{ body: typeof BIN }>();
    server.on(`GET /api/gift-card/bins/${BIN.id}`, () => binRead.promise);
    const { user } = renderApp({ route: withId(gift.upload, 11) });
    const card = within(await screen.findByRole('region', { name: IMPORT_TEXT.cardSection }));
    const bin = card.getByLabelText(IMPORT_TEXT.binNumber);
    const length = card.getByLabelText(IMPORT_TEXT.cardLength);
    await waitFor(() => expect(bin).toHaveAttribute('readonly'));
    expect(length).toHaveAttribute('readonly');
    // Typed while the BIN is read: nothing lands, so the fill cannot be doubled by it.
    await user.type(bin, '999');
    expect(bin).toHaveValue('');

    binRead.resolve({ body: BIN });
    await waitFor(() => expect(bin).toHaveValue('627182'));
    expect(bin).not.toHaveAttribute('readonly');
    expect(length).toHaveValue('16');
    expect(length).not.toHaveAttribute('readonly');
    await user.clear(bin);
    await user.type(bin, '999');
    expect(bin).toHaveValue('999');
  });

  it('shows the card, store and device imports; the card upload waits for BIN number, extension and card length', async () => {
    const { user } = await open();
    expect(screen.getByText('step 3 of 6')).toBeInTheDocument();
    for (const name of [
      IMPORT_TEXT.cardSection,
      IMPORT_TEXT.storeSection,
      IMPORT_TEXT.deviceSection,
    ]) {
      expect(section(name)).toBeInTheDocument();
    }
    const card = inSection(IMPORT_TEXT.cardSection);
    // Pre-filled from the scheme's configured BIN.
    await waitFor(() => expect(card.getByLabelText(IMPORT_TEXT.binNumber)).toHaveValue('627182'));
    expect(card.getByLabelText(IMPORT_TEXT.cardLength)).toHaveValue('16');
    // The extensions are the configured suffixes, zero-padded to the BIN's extension length.
    const extension = card.getByLabelText(IMPORT_TEXT.extension);
    expect(
      within(extension)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['', '001', '003']);

    const upload = () => card.getByRole('button', { name: IMPORT_TEXT.upload });
    await user.upload(card.getByLabelText(IMPORT_TEXT.chooseFile), textFile('cards.txt', 'x'));
    expect(upload()).toBeDisabled();
    await user.selectOptions(extension, '003');
    expect(upload()).toBeEnabled();

    const bin = card.getByLabelText(IMPORT_TEXT.binNumber);
    await user.clear(bin);
    expect(upload()).toBeDisabled();
    expect(bin).toHaveAccessibleDescription(FIELD_MESSAGES.required);
    await user.type(bin, '12a');
    expect(bin).toHaveAccessibleDescription(FIELD_MESSAGES.numOnly);
    await user.clear(bin);
    await user.paste('1234567890');
    expect(bin).toHaveAccessibleDescription(FIELD_MESSAGES.maxlength);
    expect(upload()).toBeDisabled();
    await user.clear(bin);
    await user.paste('123456789');
    expect(bin).not.toHaveAccessibleDescription();

    const length = card.getByLabelText(IMPORT_TEXT.cardLength);
    await user.clear(length);
    await user.paste('1a');
    expect(length).toHaveAccessibleDescription(FIELD_MESSAGES.numOnly);
    expect(upload()).toBeDisabled();
    await user.clear(length);
    await user.paste('123');
    expect(length).toHaveAccessibleDescription(FIELD_MESSAGES.maxlength);
    expect(upload()).toBeDisabled();
    await user.clear(length);
    await user.paste('19');
    expect(upload()).toBeEnabled();

    // The store and device uploads wait only for a file.
    const store = inSection(IMPORT_TEXT.storeSection);
    expect(store.getByRole('button', { name: IMPORT_TEXT.upload })).toBeDisabled();
    await user.upload(store.getByLabelText(IMPORT_TEXT.chooseFile), textFile('stores.txt', 'x'));
    expect(store.getByRole('button', { name: IMPORT_TEXT.upload })).toBeEnabled();
  });

  it('uploads with byte progress, imports with polled progress, shows the counts and downloads the error file', async () => {
    const { user } = await open();
    const gate = deferred<undefined>();
    uploadGate = gate.promise;
    const process = deferred<{ body: ImportAnswer }>();
    server.on(`POST ${FILES}/processCardFile`, () => process.promise);
    progressSequence(`${FILES}/progressCardFile/upload-1.txt`, [progressOf(1), progressOf(3, 1)]);
    server.on(`GET ${FILES}/downloadFile/errors-1.txt`, {
      text: 'cardNumber|pin|balance|expiryDate|error\n123|1|1|x|line 3: bad card number\n',
      headers: { 'Content-Type': 'text/plain' },
    });

    await uploadCardFile(user);
    // Half the bytes sent: the panel says Uploading, at 50 %.
    const bar = await screen.findByRole('progressbar', { name: /Card file/ });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(panel()).toHaveTextContent(IMPORT_TEXT.uploading);
    expect(panel()).toHaveTextContent('cards.txt');
    gate.resolve(undefined);

    expect(await pressOk(user, SCHEME_TEXT.uploadSuccessful)).toContain(SCHEME_TEXT.fileReady);
    const [upload] = server.calls(`POST ${FILES}/11`);
    expect(upload?.headers.get('Authorization')).toBe(TEST_TOKEN.token);
    expect(upload?.headers.get('moduleCode')).toBe('THQ');
    expect(upload?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload?.body).toEqual(expect.stringContaining('name="file"; filename="cards.txt"'));
    expect(entryTitle()).toBe(IMPORT_TEXT.uploadComplete);

    // The button has become Import.
    const card = inSection(IMPORT_TEXT.cardSection);
    await user.click(card.getByRole('button', { name: IMPORT_TEXT.import }));
    // Unavailable while the import runs, and still holding the focus.
    expect(card.getByRole('button', { name: IMPORT_TEXT.import })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    // Polled: 1 of 4 lines (25 %), then 3 of 4 with one error line (75 %).
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '25'));
    // The title is the import's current step now.
    expect(entryTitle()).toBe(IMPORT_STEP_TEXT.importing);
    expect(panel()).not.toHaveTextContent(IMPORT_TEXT.uploading);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '75'));
    const figures = within(panel()!).getByRole('status');
    expect(figures).toHaveTextContent(`${IMPORT_TEXT.successLines}2`);
    expect(figures).toHaveTextContent(`${IMPORT_TEXT.errorLines}1`);
    const [body] = server.calls(`POST ${FILES}/processCardFile`);
    expect(body?.body).toEqual({
      programId: 11,
      fileName: 'upload-1.txt',
      userFileName: 'cards.txt',
      binNumber: '627182',
      extension: '001',
      cardLength: 16,
    } satisfies ImportRequest);

    process.resolve({ body: ANSWER });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'));
    expect(figures).toHaveTextContent(`${IMPORT_TEXT.successLines}3`);
    expect(figures).toHaveTextContent(`${IMPORT_TEXT.errorLines}1`);
    expect(figures).toHaveTextContent(`${IMPORT_TEXT.insertedLines}2`);
    expect(figures).toHaveTextContent(`${IMPORT_TEXT.replacedLines}1`);
    expect(figures).toHaveTextContent(`${IMPORT_TEXT.currentStep}${IMPORT_STEP_TEXT.completed}`);
    expect(entryTitle()).toBe(IMPORT_STEP_TEXT.completed);
    const polls = server.calls(`GET ${FILES}/progressCardFile/upload-1.txt`).length;
    expect(polls).toBeGreaterThanOrEqual(2);

    await user.click(within(panel()!).getByRole('button', { name: IMPORT_TEXT.downloadErrorFile }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    // Saved under the operator's own file name.
    expect(downloads[0]!.name).toBe('cards.errors.txt');
    expect(await downloads[0]!.text).toContain('line 3: bad card number');
    const [download] = server.calls(`GET ${FILES}/downloadFile/errors-1.txt`);
    expect(download?.headers.get('Authorization')).toBe(TEST_TOKEN.token);
    // Polling stopped with the answer.
    expect(server.calls(`GET ${FILES}/progressCardFile/upload-1.txt`)).toHaveLength(polls);

    // Closing the panel leaves the section ready for the next file.
    await user.click(within(panel()!).getByRole('button', { name: IMPORT_TEXT.close }));
    expect(panel()).toBeNull();
    expect(card.getByRole('button', { name: IMPORT_TEXT.upload })).toBeDisabled();
  });

  it('an upload failure says "Error!" / "Upload Failed" with the server\'s reason under it and keeps the file ready to upload again', async () => {
    const { user } = await open();
    const reason =
      'The first line must be a header naming the columns of a store file, separated by |: missing column "postcode"';
    server.on(`POST ${FILES}/11`, {
      status: 400,
      body: { errorCode: 4, errorMessage: `file: ${reason}` },
    });
    await uploadCardFile(user);
    const dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.uploadErrorTitle });
    // The spec's text, then the reason (its field prefix left out), each a paragraph.
    expect(
      within(dialog)
        .getAllByText((_content, element) => element?.tagName === 'P')
        .map((paragraph) => paragraph.textContent),
    ).toEqual([SCHEME_TEXT.uploadFailed, reason]);
    expect(dialog).toHaveAccessibleDescription(`${SCHEME_TEXT.uploadFailed} ${reason}`);
    await pressOk(user, SCHEME_TEXT.uploadErrorTitle);
    const card = inSection(IMPORT_TEXT.cardSection);
    expect(card.getByRole('button', { name: IMPORT_TEXT.upload })).toBeEnabled();
    expect(panel()).toBeNull();
  });

  it('the panel says what is happening, and its bar measures the upload, then the import, from 0', async () => {
    const { user } = await open();
    const gate = deferred<undefined>();
    uploadGate = gate.promise;
    // Every byte sent, the server not done with them yet.
    uploadSent = [0.4, 1];
    const process = deferred<{ body: ImportAnswer }>();
    server.on(`POST ${FILES}/processCardFile`, () => process.promise);
    const lines = 3_000_000;
    progressSequence(`${FILES}/progressCardFile/upload-1.txt`, [
      // Registered, not started: the server's 'uploaded'.
      { currentStep: 'uploaded', currentLine: 0, totalLines: 0, numErrorLines: 0 },
      { currentStep: 'validating', currentLine: 0, totalLines: lines, numErrorLines: 0 },
      { currentStep: 'importing', currentLine: 1_500_000, totalLines: lines, numErrorLines: 2_500 },
    ]);
    const bar = () => within(panel()!).getByRole('progressbar');
    const seen = () => ({
      title: entryTitle(),
      bar: bar().getAttribute('aria-label'),
      percent: bar().getAttribute('aria-valuenow'),
      shown: bar().textContent,
    });
    const upload = `${IMPORT_TEXT.cardSection}: ${IMPORT_TEXT.uploadProgress}`;
    const imported = `${IMPORT_TEXT.cardSection}: ${IMPORT_TEXT.progress}`;

    await uploadCardFile(user);
    await waitFor(() => expect(seen().percent).toBe('100'));
    expect(seen()).toEqual({
      title: IMPORT_TEXT.uploading,
      bar: upload,
      percent: '100',
      shown: '100%',
    });
    gate.resolve(undefined);
    await pressOk(user, SCHEME_TEXT.uploadSuccessful);
    expect(seen()).toEqual({
      title: IMPORT_TEXT.uploadComplete,
      bar: upload,
      percent: '100',
      shown: '100%',
    });

    // Import: the bar is the import's from its start, the upload's 100 % gone at once.
    await user.click(
      inSection(IMPORT_TEXT.cardSection).getByRole('button', { name: IMPORT_TEXT.import }),
    );
    expect(seen()).toEqual({
      title: IMPORT_TEXT.importStarting,
      bar: imported,
      percent: '0',
      shown: '0%',
    });
    await waitFor(() => expect(seen().title).toBe(IMPORT_STEP_TEXT.validating));
    expect(seen()).toEqual({
      title: IMPORT_STEP_TEXT.validating,
      bar: imported,
      percent: '0',
      shown: '0%',
    });
    await waitFor(() => expect(seen().title).toBe(IMPORT_STEP_TEXT.importing));
    expect(seen()).toEqual({
      title: IMPORT_STEP_TEXT.importing,
      bar: imported,
      percent: '50',
      shown: '50%',
    });
    // Counts with thousands separators.
    const figures = within(panel()!).getByRole('status');
    expect(figures).toHaveTextContent(`${IMPORT_TEXT.currentStep}${IMPORT_STEP_TEXT.importing}`);
    expect(figures).toHaveTextContent(`${IMPORT_TEXT.successLines}1,497,500`);
    expect(figures).toHaveTextContent(`${IMPORT_TEXT.errorLines}2,500`);

    process.resolve({
      body: {
        totalSuccessLines: 2_997_000,
        totalErrorLines: 3_000,
        outFileName: 'errors-1.txt',
        currentStep: 'completed',
        insertedLines: 2_000_000,
        replacedLines: 997_000,
      },
    });
    await waitFor(() => expect(seen().title).toBe(IMPORT_STEP_TEXT.completed));
    expect(seen()).toEqual({
      title: IMPORT_STEP_TEXT.completed,
      bar: imported,
      percent: '100',
      shown: '100%',
    });
    expect(figures).toHaveTextContent(`${IMPORT_TEXT.successLines}2,997,000`);
    expect(figures).toHaveTextContent(`${IMPORT_TEXT.errorLines}3,000`);
    expect(figures).toHaveTextContent(`${IMPORT_TEXT.insertedLines}2,000,000`);
    expect(figures).toHaveTextContent(`${IMPORT_TEXT.replacedLines}997,000`);
  });

  it('each section lists the columns its file takes and downloads its sample with the session', async () => {
    const { user } = await open();
    const sections = [
      [IMPORT_TEXT.cardSection, 'card'],
      [IMPORT_TEXT.storeSection, 'store'],
      [IMPORT_TEXT.deviceSection, 'device'],
    ] as const;
    // The columns the server's header check takes (contracts), required then optional.
    const names = (kind: ImportKind, required: boolean) =>
      IMPORT_COLUMNS[kind]
        .filter((column) => column.required === required)
        .map((column) => column.name)
        .join(IMPORT_FIELD_DELIMITER);
    const sampleText = (kind: ImportKind) => `${names(kind, true)}\n(the ${kind} sample)\n`;
    for (const [title, kind] of sections) {
      server.on(`GET ${FILES}/samples/${kind}`, {
        text: sampleText(kind),
        headers: { 'Content-Type': 'text/plain' },
      });
      const section = inSection(title);
      const input = section.getByLabelText(IMPORT_TEXT.chooseFile);
      const optional = names(kind, false);
      // The file input is described by the list (its text as shown).
      const described = document.getElementById(input.getAttribute('aria-describedby') ?? '');
      expect(described?.textContent).toBe(
        `${IMPORT_TEXT.columns} ${names(kind, true)}` +
          (optional === '' ? '' : `; ${IMPORT_TEXT.optionalColumns} ${optional}`),
      );
      const sample = section.getByRole('button', { name: IMPORT_TEXT.downloadSample });
      expect(sample).toHaveAccessibleDescription(title);
      await user.click(sample);
      await waitFor(() =>
        expect(downloads.map((each) => each.name)).toContain(IMPORT_SAMPLE_FILE[kind]),
      );
      const [call] = server.calls(`GET ${FILES}/samples/${kind}`);
      expect(call?.headers.get('Authorization')).toBe(TEST_TOKEN.token);
      // The sample of the scheme on the step; the card's no extension while none is chosen.
      expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({ programId: '11' });
    }
    expect(names('device', false)).toBe('');
    expect(await Promise.all(downloads.map((each) => each.text))).toEqual(
      sections.map(([, kind]) => sampleText(kind)),
    );
  });

  it('a sample download running reads unavailable yet stays enabled; a refused one says why', async () => {
    const { user } = await open();
    const answer = deferred<{ status: number; body: unknown }>();
    server.on(`GET ${FILES}/samples/store`, () => answer.promise);
    const sample = inSection(IMPORT_TEXT.storeSection).getByRole('button', {
      name: IMPORT_TEXT.downloadSample,
    });
    await user.click(sample);
    await waitFor(() => expect(sample).toHaveAttribute('aria-disabled', 'true'));
    // Not disabled: the browser would move the focus off it, and the dialog give it back to nothing.
    expect(sample).toBeEnabled();
    await user.click(sample);
    expect(server.calls(`GET ${FILES}/samples/store`)).toHaveLength(1);
    answer.resolve({ status: 500, body: { errorCode: 99, errorMessage: 'Something went wrong' } });
    expect(await pressOk(user, SCHEME_TEXT.errorTitle(99))).toContain('Something went wrong');
    expect(sample).not.toHaveAttribute('aria-disabled');
    expect(downloads).toEqual([]);
  });

  it("the card sample is the scheme's, numbered with the extension chosen", async () => {
    const { user } = await open();
    server.on(`GET ${FILES}/samples/card`, {
      text: 'cardNumber|pin|balance|expiryDate\n',
      headers: { 'Content-Type': 'text/plain' },
    });
    const card = inSection(IMPORT_TEXT.cardSection);
    await user.selectOptions(card.getByLabelText(IMPORT_TEXT.extension), '003');
    await user.click(card.getByRole('button', { name: IMPORT_TEXT.downloadSample }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const [call] = server.calls(`GET ${FILES}/samples/card`);
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
      programId: '11',
      extension: '003',
    });
  });

  it('an import failure says "Error: {errorCode}" with the server message and resets the panel', async () => {
    const { user } = await open();
    progressSequence(`${FILES}/progressCardFile/upload-1.txt`, [progressOf(0)]);
    server.on(`POST ${FILES}/processCardFile`, {
      status: 409,
      body: { errorCode: 42, errorMessage: 'upload-1.txt is being imported already' },
    });
    await uploadCardFile(user);
    await pressOk(user, SCHEME_TEXT.uploadSuccessful);
    const card = inSection(IMPORT_TEXT.cardSection);
    await user.click(card.getByRole('button', { name: IMPORT_TEXT.import }));
    expect(await pressOk(user, SCHEME_TEXT.errorTitle(42))).toContain(
      'upload-1.txt is being imported already',
    );
    expect(panel()).toBeNull();
    expect(card.getByRole('button', { name: IMPORT_TEXT.upload })).toBeDisabled();
    expect((card.getByLabelText(IMPORT_TEXT.chooseFile) as HTMLInputElement).files).toHaveLength(0);
  });

  it('imports a store file and a device file through their own calls, without the card fields', async () => {
    const { user } = await open();
    const storeAnswer = { ...ANSWER, totalErrorLines: 0, outFileName: null, totalSuccessLines: 5 };
    server.on(`POST ${FILES}/processMerchantFile`, { body: storeAnswer });
    server.on(`POST ${FILES}/processDeviceFile`, {
      body: { ...storeAnswer, totalSuccessLines: 2 },
    });
    progressSequence(`${FILES}/progressMerchantFile/upload-1.txt`, [progressOf(1)]);
    progressSequence(`${FILES}/progressDeviceFile/upload-2.txt`, [progressOf(1)]);

    const store = inSection(IMPORT_TEXT.storeSection);
    await user.upload(store.getByLabelText(IMPORT_TEXT.chooseFile), textFile('stores.txt', 'x'));
    await user.click(store.getByRole('button', { name: IMPORT_TEXT.upload }));
    await pressOk(user, SCHEME_TEXT.uploadSuccessful);
    await user.click(store.getByRole('button', { name: IMPORT_TEXT.import }));
    await waitFor(() =>
      expect(within(panel()!).getByRole('status')).toHaveTextContent(
        `${IMPORT_TEXT.successLines}5`,
      ),
    );
    expect(server.calls(`POST ${FILES}/processMerchantFile`)[0]?.body).toEqual({
      programId: 11,
      fileName: 'upload-1.txt',
      userFileName: 'stores.txt',
    });
    // No error lines: no error file to download.
    expect(
      within(panel()!).queryByRole('button', { name: IMPORT_TEXT.downloadErrorFile }),
    ).toBeNull();
    await user.click(within(panel()!).getByRole('button', { name: IMPORT_TEXT.close }));

    const device = inSection(IMPORT_TEXT.deviceSection);
    await user.upload(device.getByLabelText(IMPORT_TEXT.chooseFile), textFile('devices.txt', 'x'));
    await user.click(device.getByRole('button', { name: IMPORT_TEXT.upload }));
    await pressOk(user, SCHEME_TEXT.uploadSuccessful);
    expect(server.calls(`POST ${FILES}/11/devicefile`)).toHaveLength(1);
    await user.click(device.getByRole('button', { name: IMPORT_TEXT.import }));
    await waitFor(() =>
      expect(within(panel()!).getByRole('status')).toHaveTextContent(
        `${IMPORT_TEXT.successLines}2`,
      ),
    );
    expect(server.calls(`POST ${FILES}/processDeviceFile`)[0]?.body).toEqual({
      programId: 11,
      fileName: 'upload-2.txt',
      userFileName: 'devices.txt',
    });
  });

  it('leaving with an uploaded file not imported asks "Continue without importing?" (Save & Continue, Skip, a tab)', async () => {
    const { user } = await open();
    await uploadCardFile(user);
    await pressOk(user, SCHEME_TEXT.uploadSuccessful);

    // A tab: Cancel (focused) stays.
    await user.click(screen.getByRole('link', { name: SCHEME_TEXT.tabs.financial }));
    let dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.continueWithoutImporting });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(currentPath()).toBe(gift.upload.path);

    // Skip this step: Cancel stays, nothing else is asked.
    await user.click(screen.getByRole('button', { name: SCHEME_TEXT.buttons.skip }));
    dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.continueWithoutImporting });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: SCHEME_TEXT.skipTitle })).toBeNull();

    // Save & Continue: Cancel stays and saves nothing; OK saves status 3 and moves on, once.
    const save = () => screen.getByRole('button', { name: SCHEME_TEXT.buttons.saveContinue });
    await user.click(save());
    dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.continueWithoutImporting });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.writes()).toEqual([`POST ${FILES}/11`]);
    await user.click(save());
    dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.continueWithoutImporting });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(currentPath()).toBe(gift.financial.path));
    expect(fake.writes()).toEqual([`POST ${FILES}/11`, 'PUT /api/gift-card/schemes/11']);
    expect(fake.writeBody(1)).toMatchObject({ programId: 11, schemeStatus: SCHEME_STATUS.UPLOAD });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('uploads through fetch where there is no XMLHttpRequest (node: the pact tests)', async () => {
    const { user } = await open();
    Reflect.deleteProperty(globalThis, 'XMLHttpRequest');
    await uploadCardFile(user);
    await pressOk(user, SCHEME_TEXT.uploadSuccessful);
    const [upload] = server.calls(`POST ${FILES}/11`);
    expect(upload?.headers.get('Authorization')).toBe(TEST_TOKEN.token);
    expect(upload?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(
      inSection(IMPORT_TEXT.cardSection).getByRole('button', { name: IMPORT_TEXT.import }),
    ).toBeEnabled();
  });

  it('leaves without asking when nothing uploaded waits for its import', async () => {
    const { user } = await open();
    await user.upload(
      inSection(IMPORT_TEXT.storeSection).getByLabelText(IMPORT_TEXT.chooseFile),
      textFile('stores.txt', 'x'),
    );
    await user.click(screen.getByRole('link', { name: SCHEME_TEXT.tabs.financial }));
    await waitFor(() => expect(currentPath()).toBe(gift.financial.path));
  });
});
