/**
 * The card import's fast path: a card line read straight from the file's bytes, for the lines a
 * card file is made of by the million: plain ASCII, no spaces to trim, every rule met. It makes
 * the card's strings and the PIN's HMAC from the bytes (PinHmac.digestJoined), without decoding
 * the line, splitting it or trimming its fields, which took about half of an import's time
 * outside SQLite (issue 10: 3.4 of 6.2 s for a million lines here).
 *
 * It only ever ACCEPTS: any line it is not sure of (a byte to trim or outside ASCII, a field
 * count off, any rule not met) gives undefined, and the engine reads that line the general way
 * (engine.ts, rules.ts checkCard), which writes its reasons. So a line this accepts is exactly a
 * line checkCard accepts, with the same values: tests/server/imports/card-line.test.ts checks
 * that on every kind of line.
 */
import { IMPORT_LIMITS } from '@contracts/api/imports';
import { JOURNAL_SITE_CARD_RULES } from '@contracts/api/journal';
import { isCardStatus } from '../records/card-status';
import { CARD_CURRENCY, DEFAULT_CARD_CURRENCY, isIsoDate, type CardRuleParams } from './rules';

/** A card line's record: its key (the card number), then its columns after card_number. */
export interface CardRow {
  key: string;
  values: [
    pinHash: Buffer,
    balanceCents: number,
    currency: string,
    expiry: string | null,
    status: string,
  ];
}

/**
 * The PIN HMAC of a line's card: HMAC-SHA256 of `cardNumber:pin`, the two being
 * `line[cardStart..cardEnd)` and `line[pinStart..pinEnd)` (digits; PinHmac.digestJoined).
 */
export type PinHasher = (
  line: Uint8Array,
  cardStart: number,
  cardEnd: number,
  pinStart: number,
  pinEnd: number,
) => Buffer;

/** Reads the line `bytes[start..end)` (no line break); undefined when not certainly good. */
export type CardLineReader = (bytes: Buffer, start: number, end: number) => CardRow | undefined;

/** The documented card columns (IMPORT_COLUMNS.card order). */
const CARD_NUMBER = 0;
const PIN = 1;
const BALANCE = 2;
const EXPIRY = 3;
const CURRENCY = 4;
const STATUS = 5;
const COLUMNS = 6;

const PIPE = 0x7c;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const DOT = 0x2e;

/** The ASCII text of bytes[start..end), decoded in place (no Buffer made for it). */
const latin1 = (bytes: Buffer, start: number, end: number): string =>
  bytes.toString('latin1', start, end);

/** True when bytes[start..end) are all digits. */
function digits(bytes: Uint8Array, start: number, end: number): boolean {
  for (let at = start; at < end; at += 1) {
    const byte = bytes[at] ?? 0;
    if (byte < DIGIT_0 || byte > DIGIT_9) return false;
  }
  return true;
}

/** The number written by the digits bytes[start..end) (already checked to be digits). */
function numberOf(bytes: Uint8Array, start: number, end: number): number {
  let value = 0;
  for (let at = start; at < end; at += 1) value = value * 10 + ((bytes[at] ?? 0) - DIGIT_0);
  return value;
}

/** Cents of an amount `25`, `25.5` or `25.00` (rules.ts AMOUNT), or -1. */
function centsOf(bytes: Uint8Array, start: number, end: number): number {
  let dot = end;
  for (let at = start; at < end; at += 1) {
    if (bytes[at] === DOT) {
      dot = at;
      break;
    }
  }
  const whole = dot - start;
  if (whole < 1 || whole > 7 || !digits(bytes, start, dot)) return -1;
  if (dot === end) return numberOf(bytes, start, dot) * 100;
  const fraction = end - dot - 1;
  if (fraction < 1 || fraction > 2 || !digits(bytes, dot + 1, end)) return -1;
  const cents = numberOf(bytes, dot + 1, end) * (fraction === 1 ? 10 : 1);
  return numberOf(bytes, start, dot) * 100 + cents;
}

/**
 * A reader for a card file whose header gave `positions` (per file column, its index in the
 * documented order, or -1 for a column the import ignores), with the upload's card rules.
 */
export function cardLineReader(
  positions: readonly number[],
  params: CardRuleParams | undefined,
  pinHash: PinHasher,
): CardLineReader {
  const { cardNumber: cardRule, pin: pinRule } = JOURNAL_SITE_CARD_RULES;
  const minLength = Math.max(cardRule.min, params?.cardLength ?? cardRule.min);
  const maxLength = Math.min(cardRule.max, params?.cardLength ?? cardRule.max);
  const prefix = Buffer.from(`${params?.binNumber ?? ''}${params?.extension ?? ''}`, 'latin1');
  const fieldCount = positions.length;
  const starts = new Int32Array(COLUMNS);
  const ends = new Int32Array(COLUMNS);

  return (bytes, start, end) => {
    if (end - start > IMPORT_LIMITS.maxLineChars) return undefined;
    starts.fill(0);
    ends.fill(0);
    let field = 0;
    let from = start;
    let column = positions[0] ?? -1;
    for (let at = start; at <= end; at += 1) {
      const byte = at === end ? PIPE : (bytes[at] ?? 0);
      if (byte === PIPE) {
        if (field >= fieldCount) return undefined;
        if (column >= 0) {
          starts[column] = from;
          ends[column] = at;
        }
        field += 1;
        from = at + 1;
        column = positions[field] ?? -1;
      } else if (byte >= 0x7f || (column >= 0 && byte <= 0x20)) {
        // Outside ASCII (the general path checks UTF-8), or a space or control to trim or refuse.
        return undefined;
      }
    }
    if (field !== fieldCount) return undefined;

    const numberStart = starts[CARD_NUMBER] ?? 0;
    const numberEnd = ends[CARD_NUMBER] ?? 0;
    const numberLength = numberEnd - numberStart;
    if (numberLength < minLength || numberLength > maxLength) return undefined;
    if (!digits(bytes, numberStart, numberEnd)) return undefined;
    for (let i = 0; i < prefix.length; i += 1) {
      if (bytes[numberStart + i] !== prefix[i]) return undefined;
    }
    const pinStart = starts[PIN] ?? 0;
    const pinEnd = ends[PIN] ?? 0;
    if (pinEnd - pinStart < pinRule.min || pinEnd - pinStart > pinRule.max) return undefined;
    if (!digits(bytes, pinStart, pinEnd)) return undefined;
    const cents = centsOf(bytes, starts[BALANCE] ?? 0, ends[BALANCE] ?? 0);
    if (cents < 0) return undefined;

    let expiry: string | null = null;
    if ((ends[EXPIRY] ?? 0) > (starts[EXPIRY] ?? 0)) {
      expiry = latin1(bytes, starts[EXPIRY] ?? 0, ends[EXPIRY] ?? 0);
      if (!isIsoDate(expiry)) return undefined;
    }
    let currency = DEFAULT_CARD_CURRENCY;
    if ((ends[CURRENCY] ?? 0) > (starts[CURRENCY] ?? 0)) {
      currency = latin1(bytes, starts[CURRENCY] ?? 0, ends[CURRENCY] ?? 0);
      if (!CARD_CURRENCY.test(currency)) return undefined;
    }
    let status: string = 'active';
    if ((ends[STATUS] ?? 0) > (starts[STATUS] ?? 0)) {
      status = latin1(bytes, starts[STATUS] ?? 0, ends[STATUS] ?? 0).toLowerCase();
      if (!isCardStatus(status)) return undefined;
    }
    return {
      key: latin1(bytes, numberStart, numberEnd),
      values: [
        pinHash(bytes, numberStart, numberEnd, pinStart, pinEnd),
        cents,
        currency,
        expiry,
        status,
      ],
    };
  };
}
