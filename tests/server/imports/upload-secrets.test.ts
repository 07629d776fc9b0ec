/**
 * No device password and no card PIN sits on disk in plain text, at any moment: a device or
 * card file is sealed as it is uploaded and read back through decryption by its import; a
 * device upload is deleted once the import ends, completed or failed, and a card upload stays
 * sealed. Every file under the data folder (the data file, records, their WAL, keys, uploads,
 * error files) is searched byte for byte, after the upload and after the import.
 */
import { createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import request from 'supertest';
import { AUTH_HEADER } from '@contracts/api/constants';
import {
  IMPORT_FILE_FIELD,
  IMPORT_KIND_PATHS,
  IMPORT_PATHS,
  IMPORT_SERVER_MESSAGE,
  MASKED_PASSWORD,
  type ImportAnswer,
  type ImportKind,
  type UploadAnswer,
} from '@contracts/api/imports';
import { REVIEW_PATHS } from '@contracts/api/import-review';
import { MOCK_PATHS } from '@contracts/api/mock';
import { createApp } from '../../../server/app';
import { fieldCountProblem } from '../../../server/imports/rules';
import { isSealed } from '../../../server/imports/sealed-file';
import {
  DEVICE_KEY_FILE,
  decryptSecret,
  PIN_KEY_FILE,
  readKey,
} from '../../../server/records/record-crypto';
import { buildGiftConfig } from '../../support/builders';
import {
  createSchemeTestApp,
  TEST_BINS,
  TEST_SCHEMES,
  type SchemeTestApp,
} from '../schemes/core-test-app';

const GIFT = TEST_SCHEMES.gift.programId;
const CARD = { binNumber: TEST_BINS.master.number, extension: '001', cardLength: 16 } as const;
const STORE_FILE = Buffer.from(
  'storeCode|storeName|address|city|postcode|countryCode\nS001|Main Store|1 Test Street|Sydney|2000|AU\n',
);
const DEVICE_HEADER = 'deviceId|storeCode|deviceType|serialNumber|password';

/** Passwords no other byte sequence in the data folder could hold by chance. */
const newPasswords = (count: number) =>
  Array.from({ length: count }, () => `pw-${randomBytes(12).toString('hex')}`);

/** A device file: a good line per password but the last, whose store does not exist. */
function deviceFile(passwords: readonly string[]): Buffer {
  const lines = passwords.map(
    (password, index) =>
      `D-${index + 1}|${index === passwords.length - 1 ? 'NOPE' : 'S001'}|POS|SN-${index + 1}|${password}`,
  );
  return Buffer.from(`${[DEVICE_HEADER, ...lines].join('\n')}\n`);
}

/** Every file under `dir`, recursively. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * `file: secret` for every file under `dir` holding one of `passwords` (or PINs), in any byte
 * order.
 */
async function passwordsOnDisk(dir: string, passwords: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const file of await filesUnder(dir)) {
    const bytes = await readFile(file).catch(() => Buffer.alloc(0));
    for (const password of passwords) {
      for (const encoding of ['utf8', 'utf16le'] as const) {
        if (bytes.includes(Buffer.from(password, encoding))) {
          found.push(`${path.relative(dir, file)}: ${password} (${encoding})`);
        }
      }
    }
  }
  return found;
}

describe('device passwords on disk', () => {
  let t: SchemeTestApp;
  beforeEach(async () => {
    t = await createSchemeTestApp((data) => {
      data.configurations = [buildGiftConfig({ programId: GIFT, suffixStand: '001' })];
    });
    const stores = await t
      .post(IMPORT_PATHS.upload(GIFT))
      .attach(IMPORT_FILE_FIELD, STORE_FILE, 'stores.txt')
      .expect(200);
    await process('store', (stores.body as UploadAnswer).fileName).expect(200);
  });
  afterEach(async () => {
    await t.close();
  });

  const uploadDevices = async (bytes: Buffer) => {
    const answer = await t
      .post(IMPORT_PATHS.uploadDevice(GIFT))
      .attach(IMPORT_FILE_FIELD, bytes, 'devices.txt')
      .expect(200);
    return (answer.body as UploadAnswer).fileName;
  };
  function process(kind: ImportKind, fileName: string) {
    return t.post(IMPORT_KIND_PATHS[kind].process, {
      programId: GIFT,
      fileName,
      userFileName: `${kind}s.txt`,
    });
  }
  const uploads = () => readdir(path.join(t.config.importsDir, 'uploads'));

  it('are never in any file of the data folder: after the upload, after the import', async () => {
    const passwords = newPasswords(3);
    // The search finds what is there: the store's name, in its upload and in the records.
    expect((await passwordsOnDisk(t.dir, ['Main Store'])).length).toBeGreaterThan(0);
    const fileName = await uploadDevices(deviceFile(passwords));
    expect(await uploads()).toContain(fileName);
    expect(await passwordsOnDisk(t.dir, passwords)).toEqual([]);

    const answer = (await process('device', fileName).expect(200)).body as ImportAnswer;
    expect(answer).toMatchObject({ totalSuccessLines: 2, totalErrorLines: 1 });
    expect(await passwordsOnDisk(t.dir, passwords)).toEqual([]);
    // Every copy of the upload is gone; the error file masks the password.
    expect(await uploads()).not.toContain(fileName);
    const errorFile = await t.get(IMPORT_PATHS.downloadFile(answer.outFileName ?? '')).expect(200);
    expect(errorFile.text).toContain(`D-3|NOPE|POS|SN-3|${MASKED_PASSWORD}|line 4: storeCode: `);
    // The import read the passwords through decryption: the records hold them, sealed.
    const key = readKey(t.config.keysDir, DEVICE_KEY_FILE);
    const db = new DatabaseSync(path.join(t.config.recordsDir, `${GIFT}.sqlite`), {
      readOnly: true,
    });
    try {
      const rows = db
        .prepare(
          'SELECT device_id AS id, password_sealed AS sealed FROM devices ORDER BY device_id',
        )
        .all() as { id: string; sealed: Uint8Array }[];
      expect(
        rows.map((row) => [row.id, key && decryptSecret(key, Buffer.from(row.sealed))]),
      ).toEqual([
        ['D-1', passwords[0]],
        ['D-2', passwords[1]],
      ]);
    } finally {
      db.close();
    }
    // The upload cannot be imported again: it is gone.
    const again = await process('device', fileName);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({
      errorMessage: IMPORT_SERVER_MESSAGE.uploadNotFound(fileName),
    });
  });

  it('are in no error file, whatever the column order and the lines\u2019 field counts', async () => {
    const passwords = newPasswords(4);
    const [extra, alone, short, good] = passwords as [string, string, string, string];
    const fileName = await uploadDevices(
      Buffer.from(
        [
          'password|deviceId|storeCode|deviceType|serialNumber',
          `${extra}|D-1|S001|POS|SN-1|extra`,
          alone,
          `${short}|D-3|S001|POS`,
          `${good}|D-4|S001|POS|SN-4`,
        ].join('\n'),
      ),
    );
    const answer = (await process('device', fileName).expect(200)).body as ImportAnswer;
    expect(answer).toMatchObject({ insertedLines: 1, totalErrorLines: 3 });
    const masked = (count: number) => Array<string>(count).fill(MASKED_PASSWORD).join('|');
    const errorFile = await t.get(IMPORT_PATHS.downloadFile(answer.outFileName ?? '')).expect(200);
    expect(errorFile.text).toBe(
      [
        'password|deviceId|storeCode|deviceType|serialNumber|error',
        `${masked(6)}|line 2: ${fieldCountProblem(5, 6)}`,
        `${masked(1)}|line 3: ${fieldCountProblem(5, 1)}`,
        `${masked(4)}|line 4: ${fieldCountProblem(5, 4)}`,
        '',
      ].join('\n'),
    );
    // The error file is sealed on disk, and so is what its review keeps.
    const onDisk = await readFile(
      path.join(t.config.importsDir, 'errors', answer.outFileName ?? ''),
    );
    expect(isSealed(onDisk)).toBe(true);
    await t.get(REVIEW_PATHS.review(GIFT, answer.outFileName ?? '')).expect(200);
    expect(await passwordsOnDisk(t.dir, passwords)).toEqual([]);
  });

  it('are sealed at start in a device error file found in plain text', async () => {
    const [first] = newPasswords(1) as [string];
    const name = `${randomUUID()}.errors.txt`;
    const file = path.join(t.config.importsDir, 'errors', name);
    await mkdir(path.dirname(file), { recursive: true });
    // As an earlier version wrote one: plain, the first field of a field-count line in clear.
    await writeFile(
      file,
      [
        'password|deviceId|storeCode|deviceType|serialNumber|error',
        `${first}|***|***|***|***|***|line 2: expected 5 fields separated by |, found 6`,
        '***|D-2|NOPE|POS|SN-2|line 3: storeCode: no store with this code was imported for the scheme',
        '',
      ].join('\n'),
    );
    // The server starts again over the same data folder.
    const restarted = createApp({ db: t.store, config: t.config });
    expect(await passwordsOnDisk(t.dir, [first])).toEqual([]);
    expect(isSealed(await readFile(file))).toBe(true);
    const { token } = await t.login();
    const download = await request(restarted)
      .get(`/api${IMPORT_PATHS.downloadFile(name)}`)
      .set(AUTH_HEADER, token)
      .expect(200);
    expect(download.text).toBe(
      [
        'password|deviceId|storeCode|deviceType|serialNumber|error',
        `${Array<string>(6).fill(MASKED_PASSWORD).join('|')}|line 2: expected 5 fields separated by |, found 6`,
        '***|D-2|NOPE|POS|SN-2|line 3: storeCode: no store with this code was imported for the scheme',
        '',
      ].join('\n'),
    );
  });

  it('are gone with the upload when its import fails', async () => {
    const passwords = newPasswords(2);
    const fileName = await uploadDevices(deviceFile(passwords));
    // The developer tools' fault: the import fails at its second line, nothing of it kept.
    const { token } = await t.login();
    await request(t.app)
      .post(MOCK_PATHS.faults)
      .set(AUTH_HEADER, token)
      .send({ path: `/api${IMPORT_KIND_PATHS.device.process}`, failAtLine: 2, times: 1 })
      .expect(201);
    const failed = await process('device', fileName);
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({ errorMessage: IMPORT_SERVER_MESSAGE.importFailed });
    expect(await uploads()).not.toContain(fileName);
    expect(await passwordsOnDisk(t.dir, passwords)).toEqual([]);
  });
});

describe('card PINs on disk', () => {
  let t: SchemeTestApp;
  beforeEach(async () => {
    t = await createSchemeTestApp((data) => {
      data.configurations = [buildGiftConfig({ programId: GIFT, suffixStand: CARD.extension })];
    });
  });
  afterEach(async () => {
    await t.close();
  });

  /** Eight-digit PINs no other bytes of the data folder hold by chance. */
  const newPins = (count: number) =>
    Array.from({ length: count }, () => String(10_000_000 + randomInt(90_000_000)));
  const cardNumber = (n: number) =>
    `${CARD.binNumber}${CARD.extension}${String(n).padStart(7, '0')}`;

  it('are never in any file of the data folder: after the upload, after the import', async () => {
    const pins = newPins(3);
    const file = Buffer.from(
      `cardNumber|pin|balance|expiryDate\n${pins.map((pin, n) => `${cardNumber(n)}|${pin}|12.50|`).join('\n')}\n`,
    );
    const uploaded = await t
      .post(IMPORT_PATHS.upload(GIFT))
      .attach(IMPORT_FILE_FIELD, file, 'cards.txt')
      .expect(200);
    const { fileName } = uploaded.body as UploadAnswer;
    expect(await readdir(path.join(t.config.importsDir, 'uploads'))).toContain(fileName);
    expect(await passwordsOnDisk(t.dir, pins)).toEqual([]);

    const process = () =>
      t.post(IMPORT_KIND_PATHS.card.process, {
        programId: GIFT,
        fileName,
        userFileName: 'cards.txt',
        ...CARD,
      });
    expect((await process().expect(200)).body).toMatchObject({ insertedLines: 3 });
    expect(await passwordsOnDisk(t.dir, pins)).toEqual([]);
    // The import read the PINs through decryption: the records hold their HMACs.
    const key = readKey(t.config.keysDir, PIN_KEY_FILE);
    const db = new DatabaseSync(path.join(t.config.recordsDir, `${GIFT}.sqlite`), {
      readOnly: true,
    });
    try {
      // This test's cards only: the program may hold others (the demo cards of the seed).
      const imported = pins.map((_, n) => cardNumber(n));
      const rows = db
        .prepare(
          `SELECT card_number AS card, pin_hash AS hash FROM cards WHERE card_number IN (${imported.map(() => '?').join(', ')}) ORDER BY card_number`,
        )
        .all(...imported) as { card: string; hash: Uint8Array }[];
      expect(rows.map((row) => [row.card, Buffer.from(row.hash).toString('hex')])).toEqual(
        pins.map((pin, n) => [
          cardNumber(n),
          key &&
            createHmac('sha256', key)
              .update(`${cardNumber(n)}:${pin}`)
              .digest('hex'),
        ]),
      );
    } finally {
      db.close();
    }
    // The upload stays, sealed, and imports again.
    expect(await readdir(path.join(t.config.importsDir, 'uploads'))).toContain(fileName);
    expect((await process().expect(200)).body).toMatchObject({ replacedLines: 3 });
    expect(await passwordsOnDisk(t.dir, pins)).toEqual([]);
  });
});
