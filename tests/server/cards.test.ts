import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_CARD_CURRENCY, parseCardFile, type CardInput } from '../../server/cards/card-file';
import { CardStore, PIN_KEY_FILE, shardOf } from '../../server/cards/card-store';
import {
  DEMO_CARD_FILE,
  DEMO_CARD_PROGRAM_ID,
  resetDemoCards,
  seedDemoCards,
} from '../../server/cards/demo-cards';
import { PinAttempts } from '../../server/sites/pin-attempts';

const HEADER = 'cardNumber|pin|balance|expiryDate';

describe('card file', () => {
  it('reads good lines: amounts in cents, empty expiry as null, default currency and status', () => {
    const text = `${HEADER}\n6035990000000011|1234|50.00|2030-12-31\n6035990000000029|99887766|0|\n6035990000000037|4321|7.5|2029-02-28\n`;
    const { cards, errors } = parseCardFile(text);
    expect(errors).toEqual([]);
    expect(cards).toEqual([
      {
        line: 2,
        cardNumber: '6035990000000011',
        pin: '1234',
        balanceCents: 5000,
        currency: DEFAULT_CARD_CURRENCY,
        expiryDate: '2030-12-31',
        status: 'active',
      },
      {
        line: 3,
        cardNumber: '6035990000000029',
        pin: '99887766',
        balanceCents: 0,
        currency: 'AUD',
        expiryDate: null,
        status: 'active',
      },
      {
        line: 4,
        cardNumber: '6035990000000037',
        pin: '4321',
        balanceCents: 750,
        currency: 'AUD',
        expiryDate: '2029-02-28',
        status: 'active',
      },
    ]);
  });

  it('reports each bad line with its 1-based line number and every reason; keeps good lines', () => {
    const text = [
      HEADER,
      '6035990000000011|1234|50.00|2030-12-31',
      '6035 9900 0000 0029|12|abc|2030-02-30',
      '6035990000000037|1234|10.00',
      '',
      '6035990000000011|5678|1.00|',
      '6035990000000045|1234|1.234|31.12.2030',
      '6035990000000052|1234|-5.00|2030-01-01',
      '6035990000000060|1234|5.00|2030-01-01',
    ].join('\n');
    const { cards, errors } = parseCardFile(text);
    expect(cards.map((c) => [c.line, c.cardNumber])).toEqual([
      [2, '6035990000000011'],
      [9, '6035990000000060'],
    ]);
    expect(errors).toEqual([
      {
        line: 3,
        reason:
          'cardNumber: must be 12 to 19 digits; pin: must be 4 to 8 digits; balance: must be an amount such as 25.00; expiryDate: must be a date written yyyy-MM-dd, or empty',
      },
      { line: 4, reason: 'Expected 4 fields, found 3' },
      { line: 6, reason: 'cardNumber: the same card is on line 2' },
      {
        line: 7,
        reason:
          'balance: must be an amount such as 25.00; expiryDate: must be a date written yyyy-MM-dd, or empty',
      },
      { line: 8, reason: 'balance: must be an amount such as 25.00' },
    ]);
  });

  it('takes columns in any order and case, CRLF line ends, a BOM and the optional columns', () => {
    const text =
      '\uFEFFPIN|CardNumber|Status|currency|balance|EXPIRYDATE\r\n' +
      '1234|6035990000000011|blocked|NZD|12.30|\r\n' +
      '1234|6035990000000029|lost|nz|1.00|\r\n';
    const { cards, errors } = parseCardFile(text);
    expect(cards).toEqual([
      {
        line: 2,
        cardNumber: '6035990000000011',
        pin: '1234',
        balanceCents: 1230,
        currency: 'NZD',
        expiryDate: null,
        status: 'blocked',
      },
    ]);
    expect(errors).toEqual([
      {
        line: 3,
        reason: 'currency: must be a 3-letter code such as AUD; status: must be active or blocked',
      },
    ]);
  });

  it('rejects a header without the required columns, or with unknown or repeated ones, as line 1', () => {
    const result = parseCardFile('cardNumber|pin|pin|colour\n6035990000000011|1234|1234|red\n');
    expect(result.cards).toEqual([]);
    expect(result.errors).toEqual([
      {
        line: 1,
        reason:
          'Column "pin" appears twice; Unknown column "colour"; Missing column "balance"; Missing column "expiryDate" (columns: cardNumber|pin|balance|expiryDate|[currency]|[status])',
      },
    ]);
  });

  it('reports an empty file as a missing header', () => {
    expect(parseCardFile('')).toEqual({
      cards: [],
      errors: [{ line: 1, reason: 'The file is empty: the header line is missing' }],
    });
    expect(parseCardFile('\n\n').errors).toEqual([
      { line: 1, reason: expect.stringContaining('The header line is missing') },
    ]);
  });

  it('the demo file is a valid card file of five cards, one of them expired', async () => {
    const { cards, errors } = parseCardFile(await readFile(DEMO_CARD_FILE, 'utf8'));
    expect(errors).toEqual([]);
    expect(cards).toHaveLength(5);
    expect(cards.filter((c) => c.expiryDate !== null && c.expiryDate < '2025-01-01')).toHaveLength(
      1,
    );
    expect(cards.map((c) => c.balanceCents)).toEqual(
      expect.arrayContaining([5000, 0, 12345, 2500]),
    );
  });
});

describe('card store', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cards-test-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const card = (cardNumber: string, pin: string, balanceCents = 1000): CardInput => ({
    cardNumber,
    pin,
    balanceCents,
    currency: 'AUD',
    expiryDate: '2030-12-31',
    status: 'active',
  });

  it('finds an imported card in its shard file, per program, and checks its PIN', async () => {
    const store = CardStore.open(dir);
    expect(await store.importCards(7, [card('6035990000000011', '73915824', 4200)])).toEqual({
      inserted: 1,
      replaced: 0,
    });
    const shardFile = path.join(dir, '7', `${shardOf('6035990000000011')}.ndjson`);
    expect(existsSync(shardFile)).toBe(true);

    const found = await store.find(7, '6035990000000011');
    expect(found).toMatchObject({
      cardNumber: '6035990000000011',
      balanceCents: 4200,
      currency: 'AUD',
      expiryDate: '2030-12-31',
      status: 'active',
    });
    expect(await store.verifyPin(found!, '73915824')).toBe(true);
    expect(await store.verifyPin(found!, '73915825')).toBe(false);
    expect(await store.verifyPin(found!, '')).toBe(false);

    expect(await store.find(8, '6035990000000011')).toBeUndefined();
    expect(await store.find(7, '6035990000000029')).toBeUndefined();
    expect(await store.find(7, '../../etc/passwd')).toBeUndefined();
  });

  it('never stores a PIN in plain text; the key file is private', async () => {
    const store = CardStore.open(dir);
    await store.importCards(1, [card('6035990000000011', '73915824')]);
    const shardFile = path.join(dir, '1', `${shardOf('6035990000000011')}.ndjson`);
    const text = await readFile(shardFile, 'utf8');
    expect(text).not.toContain('73915824');
    expect(Object.keys(JSON.parse(text) as object)).toEqual([
      'cardNumber',
      'pinHash',
      'balanceCents',
      'currency',
      'expiryDate',
      'status',
    ]);
    const keyFile = path.join(dir, PIN_KEY_FILE);
    expect((await readFile(keyFile, 'utf8')).trim()).toMatch(/^[0-9a-f]{64}$/);
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
  });

  it('the same PIN on two cards gives two different hashes', async () => {
    const store = CardStore.open(dir);
    await store.importCards(1, [
      card('6035990000000011', '1234'),
      card('6035990000000029', '1234'),
    ]);
    const a = await store.find(1, '6035990000000011');
    const b = await store.find(1, '6035990000000029');
    expect(a!.pinHash).not.toBe(b!.pinHash);
  });

  it('a re-import replaces the card; a second store on the folder reads the same key', async () => {
    const store = CardStore.open(dir);
    await store.importCards(1, [card('6035990000000011', '1234', 100)]);
    expect(
      await store.importCards(1, [
        card('6035990000000011', '5678', 200),
        card('6035990000000029', '1111'),
      ]),
    ).toEqual({ inserted: 1, replaced: 1 });

    const again = CardStore.open(dir);
    const found = await again.find(1, '6035990000000011');
    expect(found!.balanceCents).toBe(200);
    expect(await again.verifyPin(found!, '5678')).toBe(true);
    expect(await again.verifyPin(found!, '1234')).toBe(false);
    const lines = (
      await readFile(path.join(dir, '1', `${shardOf('6035990000000011')}.ndjson`), 'utf8')
    )
      .split('\n')
      .filter((line) => line.includes('6035990000000011'));
    expect(lines).toHaveLength(1);
  });

  it('spreads many cards over shards, finds each, and serialises concurrent imports', async () => {
    const store = CardStore.open(dir);
    const numbers = Array.from({ length: 600 }, (_, i) => `60359900${String(i).padStart(8, '0')}`);
    const [first, second] = [numbers.slice(0, 300), numbers.slice(300)];
    await Promise.all([
      store.importCards(
        3,
        first.map((n) => card(n, '1234')),
      ),
      store.importCards(
        3,
        second.map((n) => card(n, '4321')),
      ),
    ]);
    const shards = (await readdir(path.join(dir, '3'))).filter((f) => f.endsWith('.ndjson'));
    expect(shards.length).toBeGreaterThan(200);
    expect(shards.length).toBeLessThanOrEqual(256);
    for (const n of [numbers[0]!, numbers[299]!, numbers[300]!, numbers[599]!]) {
      expect((await store.find(3, n))?.cardNumber).toBe(n);
    }
    const total = (
      await Promise.all(shards.map((f) => readFile(path.join(dir, '3', f), 'utf8')))
    ).reduce((sum, text) => sum + text.split('\n').filter(Boolean).length, 0);
    expect(total).toBe(600);
    // No temp files are left behind.
    expect((await readdir(path.join(dir, '3'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses a bad card number or program id and writes nothing', async () => {
    const store = CardStore.open(dir);
    await expect(store.importCards(1, [card('6035-9900', '1234')])).rejects.toThrow(TypeError);
    await expect(store.importCards(0, [card('6035990000000011', '1234')])).rejects.toThrow(
      TypeError,
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('never replaces a damaged key silently', async () => {
    await writeFile(path.join(dir, PIN_KEY_FILE), 'not a key\n');
    await expect(
      CardStore.open(dir).importCards(1, [card('6035990000000011', '1234')]),
    ).rejects.toThrow(/not a PIN key/);
  });
});

describe('demo cards', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cards-demo-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('are seeded only when the cards folder is missing, and reset on demand', async () => {
    const cardsDir = path.join(dir, 'cards');
    expect(await seedDemoCards(cardsDir)).toBe(true);
    const store = CardStore.open(cardsDir);
    const demo = await store.find(DEMO_CARD_PROGRAM_ID, '6035990000000011');
    expect(await store.verifyPin(demo!, '1234')).toBe(true);

    await store.importCards(DEMO_CARD_PROGRAM_ID, [
      { ...parseCardFile(`${HEADER}\n6035990000000099|1111|1.00|`).cards[0]! },
    ]);
    expect(await seedDemoCards(cardsDir)).toBe(false);
    expect(await store.find(DEMO_CARD_PROGRAM_ID, '6035990000000099')).toBeDefined();

    await resetDemoCards(cardsDir);
    const fresh = CardStore.open(cardsDir);
    expect(await fresh.find(DEMO_CARD_PROGRAM_ID, '6035990000000099')).toBeUndefined();
    const again = await fresh.find(DEMO_CARD_PROGRAM_ID, '6035990000000011');
    expect(await fresh.verifyPin(again!, '1234')).toBe(true);
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
