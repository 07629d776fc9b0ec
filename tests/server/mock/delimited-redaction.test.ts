/**
 * Delimited text (a card import's error file, CSV, TSV) forwarded to a real backend, over real
 * HTTP between the mock and a fake target: the request log's details and the recording file
 * show the values of the secret columns (`cardNumber`, `pin`, `password`) as `***`, the other
 * columns and the lines as they were; text without a secret column is kept as it is, and JSON
 * is still read as JSON. A forwarded card file upload shows no PIN either.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MOCK_PATHS } from '@contracts/api/mock';
import { MOCK_PROXY_PATHS, type LoggedCallDetail } from '@contracts/api/mock-proxy';
import { REDACTED, type RequestLogPage } from '@contracts/api/mock-requests';
import { IMPORT_PATHS } from '@contracts/api/imports';
import type { TestApp } from '../support/test-app';
import {
  call,
  mockInFront,
  type Answer,
  type Listening,
  type MockInFront,
  type TargetRoute,
} from './proxy-support';

const ERROR_FILE = `/api${IMPORT_PATHS.downloadFile('3f2a9c1e-0000-4000-8000-000000000001.errors.txt')}`;
const UPLOAD = `/api${IMPORT_PATHS.upload(7)}`;
const PINS = ['4817', '90215533'];

/** A card import's error file as the backend writes it: the header plus `error`, CRLF ends. */
const cardErrorFile = [
  'cardNumber|pin|balance|expiryDate|currency|error',
  `6271820010000011|${PINS[0]}|50.00|2030-12-31|AUD|line 2: balance: must be an amount`,
  '6271820010000029||0.00|2030-12-31|AUD|line 3: pin: is required',
  `6271820010000037|${PINS[1]}|12.5|2031-01-31|line 4: expected 6 fields, found 5`,
  '',
].join('\r\n');

const shownErrorFile = [
  'cardNumber|pin|balance|expiryDate|currency|error',
  // The card number is a secret column too; a reason's `pin: ...` is a secret-named pair of text.
  `${REDACTED}|${REDACTED}|50.00|2030-12-31|AUD|line 2: balance: must be an amount`,
  `${REDACTED}||0.00|2030-12-31|AUD|line 3: pin: ${REDACTED}`,
  // A line of another field count than the header's: any field may hold the PIN.
  [REDACTED, REDACTED, REDACTED, REDACTED, REDACTED].join('|'),
  '',
].join('\r\n');

const storeFile = 'storeCode,storeName,city\nS001,Harbour Books,Sydney\nS002,Pin & Needle,Perth\n';

const deviceTsv = 'deviceId\tstoreCode\tpassword\nD-1\tS001\thunter2-in-tsv\nD-2\tS001\t\n';

interface SavedCall {
  url: string;
  headers: Record<string, string>;
  response: string;
  encoding: 'utf8' | 'base64';
}

describe('delimited text forwarded to a real backend', () => {
  let routes: Map<string, TargetRoute>;
  let front: MockInFront;
  let mock: TestApp;
  let mockServer: Listening;
  let mockToken: string;

  beforeEach(async () => {
    routes = new Map();
    front = await mockInFront(routes, [{ path: '/api/gift-card/*', to: 'real' }]);
    ({ mock, server: mockServer, token: mockToken } = front);
    await mkdir(path.join(mock.dir, 'recordings'), { recursive: true });
  });
  afterEach(() => front.close());

  function control(method: string, where: string, body?: unknown): Promise<Answer> {
    return call(mockServer.url, method, where, { token: mockToken, body });
  }

  /** The request log's details of the latest call to `urlPath`. */
  async function detailOf(urlPath: string): Promise<LoggedCallDetail> {
    const log = (await control('GET', MOCK_PATHS.requests)).json() as RequestLogPage;
    const entry = log.requests.find((logged) => logged.path === urlPath);
    if (entry === undefined) throw new Error(`${urlPath} not logged`);
    expect(entry.kind).toBe('real');
    const detail = await control('GET', `${MOCK_PATHS.requests}/${entry.id}`);
    expect(detail.status).toBe(200);
    return detail.json() as LoggedCallDetail;
  }

  /** Records one GET of each path, and the recorded calls' answers by URL. */
  async function recorded(
    paths: string[],
  ): Promise<{ text: string; answers: Map<string, string> }> {
    const name = 'delimited';
    const started = await control('POST', MOCK_PROXY_PATHS.recordings, {
      name,
      routes: [{ path: '/api/gift-card/*' }],
    });
    expect(started.status).toBe(201);
    for (const where of paths) {
      expect((await call(mockServer.url, 'GET', where, { token: mockToken })).status).toBe(200);
    }
    const stopped = await control('POST', `${MOCK_PROXY_PATHS.recordings}/${name}/stop`);
    expect(stopped.json()).toEqual({ name, calls: paths.length });
    const text = await readFile(path.join(mock.dir, 'recordings', `${name}.json`), 'utf8');
    const calls = (JSON.parse(text) as { calls: SavedCall[] }).calls;
    for (const saved of calls) expect(saved.encoding).toBe('utf8');
    return { text, answers: new Map(calls.map((saved) => [saved.url, saved.response])) };
  }

  it('shows a card error file with its PINs as *** in the log and the recording, the rest as it was', async () => {
    routes.set(ERROR_FILE, () => ({
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      body: cardErrorFile,
    }));
    const { text, answers } = await recorded([ERROR_FILE]);
    for (const pin of PINS) expect(text).not.toContain(pin);
    expect(answers.get(ERROR_FILE)).toBe(shownErrorFile);

    const detail = await detailOf(ERROR_FILE);
    expect(detail.response.body).toBe(shownErrorFile);
    expect(detail.response.bodyIs).toBe('sent');
  });

  it('redacts the secret column of TSV and CSV, and keeps delimited text without one as it is', async () => {
    const DEVICES = '/api/gift-card/only-the-backend/devices.tsv';
    const STORES = '/api/gift-card/only-the-backend/stores.csv';
    const BYTES = '/api/gift-card/only-the-backend/cards.bin';
    routes.set(DEVICES, () => ({
      headers: { 'Content-Type': 'text/tab-separated-values' },
      body: deviceTsv,
    }));
    routes.set(STORES, () => ({ headers: { 'Content-Type': 'text/csv' }, body: storeFile }));
    routes.set(BYTES, () => ({
      headers: { 'Content-Type': 'application/octet-stream' },
      body: `CARDNUMBER;PIN;Balance\n6271820010000011;${PINS[0]};5\n`,
    }));
    const { text, answers } = await recorded([DEVICES, STORES, BYTES]);
    expect(text).not.toContain('hunter2-in-tsv');
    for (const pin of PINS) expect(text).not.toContain(pin);
    const devicesShown = `deviceId\tstoreCode\tpassword\nD-1\tS001\t${REDACTED}\nD-2\tS001\t\n`;
    const bytesShown = `CARDNUMBER;PIN;Balance\n${REDACTED};${REDACTED};5\n`;
    expect(answers.get(DEVICES)).toBe(devicesShown);
    expect(answers.get(STORES)).toBe(storeFile);
    expect(answers.get(BYTES)).toBe(bytesShown);

    expect((await detailOf(DEVICES)).response.body).toBe(devicesShown);
    expect((await detailOf(STORES)).response.body).toBe(storeFile);
  });

  it('keeps the quotes and spaces around a secret value, and reads a header ending with a delimiter', async () => {
    const QUOTED = '/api/gift-card/only-the-backend/cards.csv';
    const TRAILING = '/api/gift-card/only-the-backend/cards-trailing.txt';
    routes.set(QUOTED, () => ({
      headers: { 'Content-Type': 'text/csv; charset=utf-8' },
      body: [
        '"Card Number (PAN)", "PIN#" ,"Store"',
        `"6271820010000011", "${PINS[0]}" ,"Harbour Books"`,
        '"6271820010000029",,"Pin & Needle"',
        `"6271820010000037", "${PINS[1]}" ,""`,
        '',
      ].join('\n'),
    }));
    routes.set(TRAILING, () => ({
      headers: { 'Content-Type': 'text/plain' },
      body: `cardNumber|pin|balance|\n6271820010000011|${PINS[0]}|50.00|\n6271820010000029|${PINS[1]}|7\n`,
    }));
    const { text, answers } = await recorded([QUOTED, TRAILING]);
    for (const pin of PINS) expect(text).not.toContain(pin);
    const quotedShown = [
      '"Card Number (PAN)", "PIN#" ,"Store"',
      `"${REDACTED}", "${REDACTED}" ,"Harbour Books"`,
      `"${REDACTED}",,"Pin & Needle"`,
      `"${REDACTED}", "${REDACTED}" ,""`,
      '',
    ].join('\n');
    const trailingShown = `cardNumber|pin|balance|\n${REDACTED}|${REDACTED}|50.00|\n${REDACTED}|${REDACTED}|7\n`;
    expect(answers.get(QUOTED)).toBe(quotedShown);
    expect(answers.get(TRAILING)).toBe(trailingShown);
    expect((await detailOf(QUOTED)).response.body).toBe(quotedShown);
    expect((await detailOf(TRAILING)).response.body).toBe(trailingShown);
  });

  it('reads CSV quoting: quoted delimiters and line breaks stay in their field', async () => {
    const COMMAS = '/api/gift-card/only-the-backend/quoted-commas.csv';
    const SEMICOLONS = '/api/gift-card/only-the-backend/quoted-semicolons.csv';
    const BROKEN = '/api/gift-card/only-the-backend/broken-quotes.csv';
    const PIPES = '/api/gift-card/only-the-backend/quoted-pipes.txt';
    routes.set(COMMAS, () => ({
      headers: { 'Content-Type': 'text/csv' },
      body: [
        'store,pin,note',
        `"Harbour Books, Sydney",${PINS[0]},"said ""hi, there"""`,
        `"Pin, Needle" ,"${PINS[1]}", ok`,
        '"Two',
        `lines",${PINS[0]},x`,
        '',
      ].join('\n'),
    }));
    routes.set(SEMICOLONS, () => ({
      headers: { 'Content-Type': 'text/csv' },
      body: `Store;Password\r\n"Bar; Grill";${PINS[0]}\r\n"x";\r\n`,
    }));
    // Quoting broken once (text after a closing quote): every field of that line and the lines
    // after it, and of a line before it whose quoted value holds a delimiter, is ***.
    routes.set(BROKEN, () => ({
      headers: { 'Content-Type': 'text/csv' },
      body: `store,pin\n"a, b",${PINS[0]}\n"after" the quote,${PINS[1]}\n`,
    }));
    // The import files' `|` has no quoting: a quote is a character, every pipe separates.
    routes.set(PIPES, () => ({
      headers: { 'Content-Type': 'text/plain' },
      body: `note|pin\n"a|b"|${PINS[0]}\n"a"|${PINS[1]}\n`,
    }));
    const { text, answers } = await recorded([COMMAS, SEMICOLONS, BROKEN, PIPES]);
    for (const pin of PINS) expect(text).not.toContain(pin);
    const commasShown = [
      'store,pin,note',
      `"Harbour Books, Sydney",${REDACTED},"said ""hi, there"""`,
      `"Pin, Needle" ,"${REDACTED}", ok`,
      '"Two',
      `lines",${REDACTED},x`,
      '',
    ].join('\n');
    const semicolonsShown = `Store;Password\r\n"Bar; Grill";${REDACTED}\r\n"x";\r\n`;
    const brokenShown = `store,pin\n"${REDACTED}",${REDACTED}\n${REDACTED},${REDACTED}\n`;
    const pipesShown = `note|pin\n${REDACTED}|${REDACTED}|${REDACTED}\n"a"|${REDACTED}\n`;
    expect(answers.get(COMMAS)).toBe(commasShown);
    expect(answers.get(SEMICOLONS)).toBe(semicolonsShown);
    expect(answers.get(BROKEN)).toBe(brokenShown);
    expect(answers.get(PIPES)).toBe(pipesShown);
    expect((await detailOf(COMMAS)).response.body).toBe(commasShown);
    expect((await detailOf(SEMICOLONS)).response.body).toBe(semicolonsShown);
  });

  it('shows no PIN of broken CSV, nor of CSV whose quoted header name holds the delimiter', async () => {
    const BROKEN = '/api/gift-card/only-the-backend/broken-pins.csv';
    const HOLDER = '/api/gift-card/only-the-backend/holder-pins.csv';
    // A quoted comma adds a field where the missing city takes one away; the next line's quoting
    // is broken (text after a closing quote).
    routes.set(BROKEN, () => ({
      headers: { 'Content-Type': 'text/csv' },
      body: `name,pin,city\n"Doe, Jane",${PINS[0]}\n"Acme" Ltd,${PINS[1]},Perth\n`,
    }));
    routes.set(HOLDER, () => ({
      headers: { 'Content-Type': 'text/csv' },
      body: `"Holder, name",pin\r\n"Doe, Jane",${PINS[0]}\r\nSmith,${PINS[1]}\r\n`,
    }));
    const { text, answers } = await recorded([BROKEN, HOLDER]);
    for (const pin of PINS) expect(text).not.toContain(pin);
    const brokenShown = `name,pin,city\n"${REDACTED}",${REDACTED}\n${REDACTED},${REDACTED},${REDACTED}\n`;
    const holderShown = `"Holder, name",pin\r\n"Doe, Jane",${REDACTED}\r\nSmith,${REDACTED}\r\n`;
    expect(answers.get(BROKEN)).toBe(brokenShown);
    expect(answers.get(HOLDER)).toBe(holderShown);
    expect((await detailOf(BROKEN)).response.body).toBe(brokenShown);
    expect((await detailOf(HOLDER)).response.body).toBe(holderShown);
  });

  it('still reads a JSON body as JSON, member by member', async () => {
    const REVIEW = '/api/gift-card/only-the-backend/review';
    const json = JSON.stringify({ header: 'cardNumber|pin', pin: PINS[0], kept: 'a|b' }, null, 2);
    routes.set(REVIEW, () => ({ headers: { 'Content-Type': 'application/json' }, body: json }));
    const { answers } = await recorded([REVIEW]);
    const shown = JSON.stringify({ header: 'cardNumber|pin', pin: REDACTED, kept: 'a|b' });
    expect(answers.get(REVIEW)).toBe(shown);
    expect((await detailOf(REVIEW)).response.body).toBe(shown);
  });

  it('shows no PIN of a card file uploaded through the mock, whatever its type says', async () => {
    routes.set(UPLOAD, () => ({
      headers: { 'Content-Type': 'application/json' },
      body: '{"fileName":"f.txt"}',
    }));
    const cardFile = `cardNumber|pin|balance\r\n6271820010000011|${PINS[0]}|50.00\r\n`;
    const boundary = 'cardfile-boundary';
    const multipart = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="cards.txt"',
      'Content-Type: text/plain',
      '',
      cardFile,
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const upload = async (type: string): Promise<LoggedCallDetail> => {
      const answer = await fetch(`${mockServer.url}${UPLOAD}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${mockToken}`, 'Content-Type': type },
        body: multipart,
      });
      expect(answer.status).toBe(200);
      const detail = await detailOf(UPLOAD);
      expect(JSON.stringify(detail)).not.toContain(PINS[0]);
      return detail;
    };
    // As a browser sends it: described, not shown.
    expect((await upload(`multipart/form-data; boundary=${boundary}`)).request.bodyIs).toBe(
      'described',
    );
    // Naming a charset, it is text: shown part by part, the card file's PINs as ***.
    const shown = await upload(`multipart/form-data; charset=utf-8; boundary="${boundary}"`);
    expect(shown.request.body).toBe(
      multipart.replace(cardFile, `cardNumber|pin|balance\r\n${REDACTED}|${REDACTED}|50.00\r\n`),
    );
  });
});
