import { createHmac, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { ImportService } from '../../server/imports/import-service';
import type { CardInput } from '../../server/records/card-store';
import {
  DEMO_CARD_PROGRAM_ID,
  resetDemoCards,
  seedDemoCards,
  storeCards,
  type RecordsDirs,
} from '../../server/records/demo-cards';
import { migrateOldCards, OLD_PIN_KEY_FILE } from '../../server/records/migrate-cards';
import {
  installKeyFile,
  PIN_KEY_FILE,
  pinHash,
  pinHashOf,
  pinKeyOf,
} from '../../server/records/record-crypto';
import { PinAttempts } from '../../server/sites/pin-attempts';

const card = (cardNumber: string, pin: string, overrides: Partial<CardInput> = {}): CardInput => ({
  cardNumber,
  pin,
  balanceCents: 2500,
  currency: 'AUD',
  expiryDate: '2030-12-31',
  status: 'active',
  ...overrides,
});

let dir: string;
let dirs: RecordsDirs;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cards-test-'));
  dirs = {
    recordsDir: path.join(dir, 'records'),
    importsDir: path.join(dir, 'imports'),
    keysDir: path.join(dir, 'keys'),
  };
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function withService<T>(run: (service: ImportService) => Promise<T>): Promise<T> {
  const service = ImportService.open({ ...dirs, logger: pino({ level: 'silent' }) });
  try {
    return await run(service);
  } finally {
    await service.close();
  }
}

describe('card store (records store)', () => {
  it('stores cards per program, finds them by number and checks PINs', async () => {
    await storeCards(dirs, 3, [
      card('6035990000000011', '1234'),
      card('6035990000000029', '98765432'),
    ]);
    await storeCards(dirs, 4, [card('6035990000000011', '4321', { balanceCents: 1 })]);
    await withService(async ({ cards }) => {
      const found = await cards.find(3, '6035990000000011');
      expect(found).toMatchObject({
        cardNumber: '6035990000000011',
        balanceCents: 2500,
        currency: 'AUD',
        expiryDate: '2030-12-31',
        status: 'active',
      });
      expect(await cards.findWithPin(3, '6035990000000011', '1234')).toBeDefined();
      expect(await cards.findWithPin(3, '6035990000000011', '4321')).toBeUndefined();
      const other = await cards.find(4, '6035990000000011');
      expect(other?.balanceCents).toBe(1);
      expect(await cards.findWithPin(4, '6035990000000011', '4321')).toBeDefined();
      expect(await cards.find(3, '6035990000009999')).toBeUndefined();
      expect(await cards.findWithPin(3, '6035990000009999', '1234')).toBeUndefined();
      expect(await cards.find(99, '6035990000000011')).toBeUndefined();
      expect(await cards.find(3, 'not-a-card')).toBeUndefined();
      // A lookup of a program without records creates no file.
      expect(existsSync(path.join(dirs.recordsDir, '99.sqlite'))).toBe(false);
    });
  });

  it('replaces a card stored again and counts inserted and replaced', async () => {
    await withService(async ({ cards }) => {
      expect(await cards.importCards(5, [card('6035990000000011', '1234')])).toEqual({
        inserted: 1,
        replaced: 0,
      });
      expect(
        await cards.importCards(5, [
          card('6035990000000011', '5555', { status: 'blocked' }),
          card('6035990000000029', '1234'),
        ]),
      ).toEqual({ inserted: 1, replaced: 1 });
      const found = await cards.find(5, '6035990000000011');
      expect(found?.status).toBe('blocked');
      expect(await cards.findWithPin(5, '6035990000000011', '5555')).toBeDefined();
    });
  });

  it('keeps only an HMAC of the PIN, keyed by a 0600 key file apart from the records', async () => {
    await storeCards(dirs, 6, [card('6035990000000011', '918273')]);
    const keyFile = path.join(dirs.keysDir, PIN_KEY_FILE);
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    expect((await stat(dirs.keysDir)).mode & 0o777).toBe(0o700);
    const key = Buffer.from((await readFile(keyFile, 'utf8')).trim(), 'hex');
    const bytes = await readFile(path.join(dirs.recordsDir, '6.sqlite'));
    expect(bytes.includes(Buffer.from('918273'))).toBe(false);
    const hmac = createHmac('sha256', key).update('6035990000000011:918273').digest();
    expect(bytes.includes(hmac)).toBe(true);
  });

  it('is HMAC-SHA256 of `cardNumber:pin`: a record written before verifies unchanged', async () => {
    // RFC 4231 test case 2: the HMAC is the standard one.
    expect(
      pinHash(pinKeyOf(Buffer.from('Jefe')), 'what do ya want for nothing?').toString('hex'),
    ).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
    // A pin key file and a stored record as the records keep them: the message is
    // `cardNumber:pin`, and this digest must keep verifying whatever the code computes it with.
    const keyHex = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
    const stored = '3cb132dc4ba8bec57db7700d72a3ee9c1525fd2c2db42d80c3db3f1a034615b4';
    expect(pinHashOf(pinKeyOf(Buffer.from(keyHex, 'hex')), '6035990000000011', '1234')).toEqual(
      Buffer.from(stored, 'hex'),
    );
    installKeyFile(dirs.keysDir, PIN_KEY_FILE, keyHex);
    await withService(async ({ cards }) => {
      cards.storeHashed(8, [
        {
          cardNumber: '6035990000000011',
          pinHash: Buffer.from(stored, 'hex'),
          balanceCents: 1200,
          currency: 'AUD',
          expiryDate: null,
          status: 'active',
        },
      ]);
      expect(await cards.findWithPin(8, '6035990000000011', '1234')).toMatchObject({
        balanceCents: 1200,
      });
      expect(await cards.findWithPin(8, '6035990000000011', '1235')).toBeUndefined();
    });
  });
});

describe('demo cards', () => {
  it('are seeded on a first start only, and again by a reset', async () => {
    expect(await seedDemoCards(dirs)).toBe(true);
    expect(await seedDemoCards(dirs)).toBe(false);
    await withService(async ({ cards }) => {
      const fifty = await cards.find(DEMO_CARD_PROGRAM_ID, '6271820010000011');
      expect(
        await cards.findWithPin(DEMO_CARD_PROGRAM_ID, '6271820010000011', '1234'),
      ).toBeDefined();
      expect(fifty?.balanceCents).toBe(5000);
      expect((await cards.find(DEMO_CARD_PROGRAM_ID, '6271820010000037'))?.expiryDate).toBeNull();
      await cards.importCards(DEMO_CARD_PROGRAM_ID, [card('7000000000000001', '1111')]);
    });
    await resetDemoCards(dirs);
    await withService(async ({ cards }) => {
      expect(await cards.find(DEMO_CARD_PROGRAM_ID, '7000000000000001')).toBeUndefined();
      expect(await cards.find(DEMO_CARD_PROGRAM_ID, '6271820010000011')).toBeDefined();
    });
  });
});

describe('an ndjson card folder carried into the records store', () => {
  const oldDir = () => path.join(dir, 'cards');

  /** An ndjson card folder: `<dir>/<programId>/<shard>.ndjson` and `.pin-key` (hex). */
  async function writeOldStore(key: Buffer): Promise<void> {
    const hash = (cardNumber: string, pin: string) =>
      createHmac('sha256', key).update(`${cardNumber}:${pin}`).digest('hex');
    await mkdir(path.join(oldDir(), '1'), { recursive: true });
    await mkdir(path.join(oldDir(), '12'), { recursive: true });
    await writeFile(path.join(oldDir(), OLD_PIN_KEY_FILE), `${key.toString('hex')}\n`);
    const line = (cardNumber: string, pin: string, expiryDate: string | null) =>
      JSON.stringify({
        cardNumber,
        pinHash: hash(cardNumber, pin),
        balanceCents: 700,
        currency: 'NZD',
        expiryDate,
        status: 'active',
      });
    await writeFile(
      path.join(oldDir(), '1', 'a1.ndjson'),
      `${line('6035990000000011', '2222', null)}\n${line('6035990000000029', '3333', '2031-01-31')}\n`,
    );
    await writeFile(
      path.join(oldDir(), '12', '0f.ndjson'),
      `${line('9999000011112222', '4444', null)}\n`,
    );
  }

  it('carries the records and the PIN key over once, then removes the folder', async () => {
    const key = randomBytes(32);
    await writeOldStore(key);
    expect(await migrateOldCards(oldDir(), dirs)).toEqual({
      migrated: true,
      programs: 2,
      cards: 3,
    });
    expect(existsSync(oldDir())).toBe(false);
    expect((await readFile(path.join(dirs.keysDir, PIN_KEY_FILE), 'utf8')).trim()).toBe(
      key.toString('hex'),
    );
    expect(await migrateOldCards(oldDir(), dirs)).toEqual({ migrated: false, reason: 'none' });
    await withService(async ({ cards }) => {
      const first = await cards.find(1, '6035990000000011');
      expect(first).toMatchObject({ balanceCents: 700, currency: 'NZD', expiryDate: null });
      expect(await cards.findWithPin(1, '6035990000000011', '2222')).toBeDefined();
      expect(await cards.findWithPin(1, '6035990000000011', '2223')).toBeUndefined();
      expect(await cards.findWithPin(12, '9999000011112222', '4444')).toBeDefined();
    });
  });

  it('leaves the folder alone when the records store already has another PIN key', async () => {
    await storeCards(dirs, 1, [card('6035990000000011', '1234')]);
    await writeOldStore(randomBytes(32));
    expect(await migrateOldCards(oldDir(), dirs)).toEqual({
      migrated: false,
      reason: 'key-differs',
    });
    expect(existsSync(path.join(oldDir(), '1', 'a1.ndjson'))).toBe(true);
  });
});

describe('PIN attempts per card', () => {
  it('locks a card after the limit of wrong PINs until its window has passed', () => {
    let now = 1_000_000;
    const attempts = new PinAttempts({ limit: 3, windowMs: 60_000, now: () => now });
    for (let i = 0; i < 3; i += 1) {
      expect(attempts.isLocked('1|card')).toBe(false);
      attempts.recordFailure('1|card');
    }
    expect(attempts.isLocked('1|card')).toBe(true);
    expect(attempts.isLocked('1|other')).toBe(false);
    now += 59_999;
    expect(attempts.isLocked('1|card')).toBe(true);
    now += 1;
    expect(attempts.isLocked('1|card')).toBe(false);
    expect(attempts.size).toBe(0);
  });

  it('a right PIN before the limit clears the count', () => {
    const attempts = new PinAttempts({ limit: 2 });
    attempts.recordFailure('k');
    attempts.recordSuccess('k');
    attempts.recordFailure('k');
    expect(attempts.isLocked('k')).toBe(false);
  });

  it('keeps at most maxEntries cards, dropping expired then oldest', () => {
    let now = 0;
    const attempts = new PinAttempts({ limit: 1, windowMs: 1000, now: () => now, maxEntries: 3 });
    attempts.recordFailure('a');
    now = 2000;
    attempts.recordFailure('b');
    attempts.recordFailure('c');
    attempts.recordFailure('d');
    expect(attempts.size).toBe(3);
    attempts.recordFailure('e');
    expect(attempts.size).toBe(3);
    expect(attempts.isLocked('b')).toBe(false);
    expect(attempts.isLocked('e')).toBe(true);
  });
});
