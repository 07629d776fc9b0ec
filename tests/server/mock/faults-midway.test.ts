/**
 * Midway faults of the developer tools (docs/developer-tools.md), through the real
 * app and its import worker: an upload cut off after some bytes, an import failing at a line, an
 * import whose progress stops at a line until its fault is deleted.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { AUTH_HEADER, ERROR_CODE } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import type { EmbeddedList } from '@contracts/api/entities';
import {
  IMPORT_FILE_FIELD,
  IMPORT_KIND_PATHS,
  IMPORT_PATHS,
  IMPORT_SERVER_MESSAGE,
  type ImportAnswer,
  type ImportProgress,
  type UploadAnswer,
} from '@contracts/api/imports';
import { MOCK_PATHS } from '@contracts/api/mock';
import type { FaultAdded, FaultInput } from '@contracts/api/mock-faults';
import { SCHEME_PATHS, type UploadedFile } from '@contracts/api/schemes';
import { buildGiftConfig } from '../../support/builders';
import {
  createSchemeTestApp,
  expectError,
  TEST_SCHEMES,
  type SchemeTestApp,
} from '../schemes/core-test-app';

const GIFT = TEST_SCHEMES.gift.programId;
const BIN = '627182';
const SUFFIX = '001';
const CARD_HEADER = 'cardNumber|pin|balance|expiryDate';
/** A fault's own error code (any integer) and text, as the answer carries them. */
const DISK_FULL = { errorCode: 4711, errorMessage: 'The disk is full (fault)' };
const cardNumber = (serial: number) => `${BIN}${SUFFIX}${String(serial).padStart(7, '0')}`;
/** A card file of `count` good lines. */
const cards = (count: number) =>
  Buffer.from(
    `${[CARD_HEADER, ...Array.from({ length: count }, (_, i) => `${cardNumber(i + 1)}|1234|10.00|`)].join('\n')}\n`,
  );

const PROCESS_PATH = `/api${IMPORT_KIND_PATHS.card.process}`;

describe('midway faults of uploads and imports', () => {
  let t: SchemeTestApp;
  let token: string;
  beforeEach(async () => {
    t = await createSchemeTestApp((data) => {
      data.configurations = [buildGiftConfig({ programId: GIFT, suffixStand: SUFFIX })];
    });
    token = (await t.login()).token;
  });
  afterEach(async () => {
    await t.close();
  });

  async function addFault(input: FaultInput): Promise<string> {
    const response = await request(t.app)
      .post(MOCK_PATHS.faults)
      .set(AUTH_HEADER, token)
      .send(input)
      .expect(201);
    return (response.body as FaultAdded).fault.id;
  }
  const deleteFault = (id: string) =>
    request(t.app).delete(MOCK_PATHS.fault.replace(':id', id)).set(AUTH_HEADER, token).expect(204);

  const uploads = () =>
    readdir(path.join(t.config.importsDir, 'uploads')).catch(() => [] as string[]);
  const upload = (bytes: Buffer) =>
    t.post(IMPORT_PATHS.upload(GIFT)).attach(IMPORT_FILE_FIELD, bytes, 'cards.txt');
  async function uploaded(bytes: Buffer): Promise<string> {
    const response = await upload(bytes).expect(200);
    return (response.body as UploadAnswer).fileName;
  }
  const processCards = (fileName: string) =>
    t.post(IMPORT_KIND_PATHS.card.process, {
      programId: GIFT,
      fileName,
      userFileName: 'cards.txt',
      binNumber: BIN,
      extension: SUFFIX,
      cardLength: 16,
    });
  const progress = async (fileName: string) =>
    (await t.get(IMPORT_KIND_PATHS.card.progress(fileName)).expect(200)).body as ImportProgress;
  const importedFiles = async () =>
    (
      (await t.get(SCHEME_PATHS.uploadedFiles(GIFT)).expect(200)).body as EmbeddedList<
        'files',
        UploadedFile
      >
    )._embedded.files;

  it('failAfterBytes: cuts the upload off with an error answer, keeping nothing', async () => {
    await addFault({
      method: 'POST',
      path: `/api${IMPORT_PATHS.upload(GIFT)}`,
      failAfterBytes: 100,
      times: 1,
    });
    const file = cards(20);
    expect(file.length).toBeGreaterThan(100);
    expectError(await upload(file), 500, {
      errorCode: ERROR_CODE.INTERNAL,
      errorMessage: ERROR_MESSAGE.internal,
    });
    expect(await uploads()).toEqual([]);

    // Its status, code (any integer) and text when given; and the fault was what cut it: the
    // next upload is whole.
    await addFault({
      path: '/api/gift-card/giftSchemeFiles/:id',
      failAfterBytes: 0,
      status: 507,
      ...DISK_FULL,
      times: 1,
    });
    expectError(await upload(file), 507, DISK_FULL);
    expect(await uploads()).toEqual([]);
    const name = await uploaded(file);
    expect(await uploads()).toEqual([name]);
  });

  it('failAfterBytes past the first 64 KB: the fault is the answer, nothing kept', async () => {
    // The cut comes while the rest of the part streams in, after the bytes checked at first.
    const file = cards(6000);
    expect(file.length).toBeGreaterThan(2 * 64 * 1024);
    await addFault({
      method: 'POST',
      path: `/api${IMPORT_PATHS.upload(GIFT)}`,
      failAfterBytes: 100_000,
      status: 507,
      ...DISK_FULL,
      times: 1,
    });
    expectError(await upload(file), 507, DISK_FULL);
    expect(await uploads()).toEqual([]);
  });

  it('failAtLine: the import fails at that line, nothing of it kept', async () => {
    const fileName = await uploaded(cards(5));
    await addFault({ method: 'POST', path: PROCESS_PATH, failAtLine: 3, times: 1 });
    expectError(await processCards(fileName), 500, {
      errorCode: ERROR_CODE.INTERNAL,
      errorMessage: IMPORT_SERVER_MESSAGE.importFailed,
    });
    expect((await progress(fileName)).currentStep).toBe('failed');
    expect(await importedFiles()).toEqual([]);

    // Run again without the fault: every line is new (nothing of the failed run was kept).
    const answer = (await processCards(fileName).expect(200)).body as ImportAnswer;
    expect(answer).toMatchObject({ currentStep: 'completed', insertedLines: 5, replacedLines: 0 });
  });

  it('stallAtLine: the progress stops at that line until the fault is deleted', async () => {
    const fileName = await uploaded(cards(5));
    const id = await addFault({ method: 'POST', path: PROCESS_PATH, stallAtLine: 2, times: 1 });
    const processing = processCards(fileName).then((response) => response);

    let seen = await progress(fileName);
    while (seen.currentLine !== 2) seen = await progress(fileName);
    expect(seen).toMatchObject({ currentStep: 'importing', currentLine: 2, totalLines: 5 });
    // Spent (times 1) but listed until deleted: deleting it lets the import go on.
    const listed = await request(t.app).get(MOCK_PATHS.faults).set(AUTH_HEADER, token).expect(200);
    expect(listed.body).toMatchObject({ faults: [{ id, remaining: 0, applied: 1 }] });
    expect(await progress(fileName)).toMatchObject({ currentStep: 'importing', currentLine: 2 });

    await deleteFault(id);
    const answer = (await processing).body as ImportAnswer;
    expect(answer).toMatchObject({ currentStep: 'completed', insertedLines: 5 });
    expect(await progress(fileName)).toMatchObject({ currentStep: 'completed', currentLine: 5 });
  });
});
