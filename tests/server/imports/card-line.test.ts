/**
 * The card import's fast path (server/imports/card-line.ts) against the general path's rules
 * (rules.ts checkCard on the trimmed fields, createHmac of `cardNumber:pin`): on every kind of
 * line, whatever the fast path accepts the general path accepts with the same record, and the
 * plain lines a card file is made of are accepted.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { cardLineReader, type PinHasher } from '../../../server/imports/card-line';
import { CARD_ROW, unpackCard } from '../../../server/imports/card-rows';
import { checkCard, type CardRuleParams } from '../../../server/imports/rules';
import { PinHmac } from '../../../server/records/pin-hmac';

const PARAMS: CardRuleParams = { binNumber: '603599', extension: '01', cardLength: 16 };
const KEY = randomBytes(32);
const GOOD = '6035990100000011';
const hmac = new PinHmac(KEY);
const pinHash: PinHasher = (into, at, line, ...ranges) =>
  hmac.digestJoinedInto(into, at, line, ...ranges);

/** What the fast path makes of a line: its packed row read back, with its line number. */
function fastPath(read: ReturnType<typeof cardLineReader>, line: string, number = 7) {
  const bytes = Buffer.from(`\n${line}\r\n`);
  // The row is written at an offset, among other bytes, as in a batch.
  const rows = Buffer.alloc(3 * CARD_ROW.bytes, 0xff);
  if (!read(bytes, 1, bytes.length - 2, rows, CARD_ROW.bytes, number)) return undefined;
  const at = CARD_ROW.bytes + CARD_ROW.line;
  expect(Number(rows.toString('latin1', at, at + CARD_ROW.bytes - CARD_ROW.line))).toBe(number);
  expect(rows.subarray(0, CARD_ROW.bytes).every((byte) => byte === 0xff)).toBe(true);
  expect(rows.subarray(2 * CARD_ROW.bytes).every((byte) => byte === 0xff)).toBe(true);
  return unpackCard(rows, CARD_ROW.bytes);
}

/** Per documented column (IMPORT_COLUMNS.card order), values good and bad. */
const VARIANTS: readonly (readonly string[])[] = [
  [
    GOOD,
    ' 6035990100000029 ',
    '603599010000003',
    '60359901000000370',
    '7035990100000045',
    '60359901000000ab',
    '',
    '603599010000٣٣٣٣',
    '6035990100000052\t',
  ],
  ['1234', '12345678', '123', '123456789', '12ab', ' 1234', '', '１２３４'],
  ['0', '25', '25.5', '25.00', '25.005', '.5', '1234567.89', '12345678', '-1', '1,00', '', ' 7.10'],
  ['', '2030-12-31', '2030-02-30', '2030-1-01', ' 2030-12-31', '2030-12-31 '],
  ['', 'AUD', 'aud', 'AU', 'EURO', ' NZD'],
  ['', 'active', 'BLOCKED', 'Active', 'gone', ' blocked'],
];

/** File layouts: per file column, its documented column index, or -1 (an `error` column). */
const LAYOUTS: readonly (readonly number[])[] = [
  [0, 1, 2, 3],
  [0, 1, 2, 3, 4, 5],
  [5, 3, 1, -1, 0, 2, 4],
];

/** A seeded generator (mulberry32), so a failure repeats. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What the general path makes of a line: the record and its PIN's HMAC, or undefined. */
function generalPath(line: string, layout: readonly number[]) {
  const parts = line.split('|');
  if (parts.length !== layout.length) return undefined;
  const fields = ['', '', '', '', '', ''];
  layout.forEach((column, index) => {
    if (column >= 0) fields[column] = (parts[index] ?? '').trim();
  });
  const checked = checkCard(fields, PARAMS);
  if (!checked.ok) return undefined;
  const card = checked.value;
  const hash = createHmac('sha256', KEY).update(`${card.cardNumber}:${card.pin}`).digest();
  return {
    key: card.cardNumber,
    values: [hash, card.balanceCents, card.currency, card.expiryDate, card.status],
  };
}

describe('the card line fast path', () => {
  it('accepts only what the general path accepts, with the same record', () => {
    const next = random(20261123);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    /** The first variant (good) most of the time, so good and bad lines both come often. */
    const variant = (list: readonly string[]): string =>
      next() < 0.7 ? (list[0] ?? '') : pick(list);
    let accepted = 0;
    let good = 0;
    for (const layout of LAYOUTS) {
      const read = cardLineReader(layout, PARAMS, pinHash);
      for (let i = 0; i < 4000; i += 1) {
        const parts = layout.map((column) =>
          column < 0
            ? pick(['', 'line 9: pin: must be 4 to 8 digits', 'é'])
            : variant(VARIANTS[column] ?? []),
        );
        if (next() < 0.05) parts.push(pick(['', 'x']));
        const line = parts.join('|');
        const fast = fastPath(read, line, i + 2);
        const general = generalPath(line, layout);
        if (general !== undefined) good += 1;
        if (fast === undefined) continue;
        accepted += 1;
        expect({ line, record: general }).toEqual({ line, record: fast });
      }
    }
    // Both kinds come often; the fast path leaves to the general path only lines with spaces.
    expect(accepted).toBeGreaterThan(1000);
    expect(good - accepted).toBeGreaterThan(100);
  });

  it('accepts the plain lines of a card file, in any column order', () => {
    const plain: readonly [readonly number[], string][] = [
      [[0, 1, 2, 3], `${GOOD}|1234|25.00|2030-12-31`],
      [[0, 1, 2, 3], `${GOOD}|12345678|0|`],
      [[0, 1, 2, 3, 4, 5], `${GOOD}|1234|7.5||NZD|Blocked`],
      [[3, 2, 1, 0, -1], `2030-12-31|25|1234|${GOOD}|line 2: pin: must be 4 to 8 digits`],
    ];
    for (const [layout, line] of plain) {
      const read = cardLineReader(layout, PARAMS, pinHash);
      expect(fastPath(read, line)).toEqual(generalPath(line, layout));
      expect(fastPath(read, line)).toBeDefined();
    }
  });
});
