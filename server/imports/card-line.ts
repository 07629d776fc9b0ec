/**
 * The card import's fast path: a card line read straight from the file's bytes, for the lines a
 * card file is made of by the million: plain ASCII, no spaces to trim, every rule met. It checks
 * the fields in place and writes the card's packed row (card-rows.ts) and its PIN's HMAC
 * (PinHmac.digestJoinedInto) from the bytes, without decoding the line, splitting it, trimming
 * its fields or making strings of them, which took about half of an import's time outside
 * SQLite (3.4 of 6.2 s for a million lines, measured here).
 *
 * It only ever ACCEPTS: any line it is not sure of (a byte to trim or outside ASCII, a field
 * count off, any rule not met) gives false, and the engine reads that line the general way
 * (engine.ts, rules.ts checkCard), which writes its reasons. So a line this accepts is exactly a
 * line checkCard accepts, with the same values: tests/server/imports/card-line.test.ts checks
 * that on every kind of line.
 */
import { IMPORT_LIMITS } from '@contracts/api/imports';
import { JOURNAL_SITE_CARD_RULES } from '@contracts/api/journal';
import { isCardStatus } from '../records/card-status';
import { CARD_ROW, CARD_WIDTH, putBytes, putDigits, putText } from './card-rows';
import {
  CARD_CURRENCY,
  DEFAULT_CARD_CURRENCY,
  DEFAULT_CARD_STATUS,
  isIsoDate,
  type CardRuleParams,
} from './rules';

/**
 * Writes the PIN HMAC of a line's card at `into[at..at + 32)`: HMAC-SHA256 of `cardNumber:pin`,
 * the two being `line[cardStart..cardEnd)` and `line[pinStart..pinEnd)` (digits;
 * PinHmac.digestJoinedInto).
 */
export type PinHasher = (
  into: Uint8Array,
  at: number,
  line: Uint8Array,
  cardStart: number,
  cardEnd: number,
  pinStart: number,
  pinEnd: number,
) => void;

/**
 * Reads the line `bytes[start..end)` (no line break) as data line `line`'s packed row at
 * `into[at..)` (card-rows.ts); false when the line is not certainly good (the row's bytes are
 * then meaningless).
 */
export type CardLineReader = (
  bytes: Buffer,
  start: number,
  end: number,
  into: Uint8Array,
  at: number,
  line: number,
) => boolean;

/** The default currency's bytes, copied into a row that has none. */
const DEFAULT_CURRENCY = Buffer.from(DEFAULT_CARD_CURRENCY, 'latin1');

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
  const columnOf = Int32Array.from(positions);
  const starts = new Int32Array(COLUMNS);
  const ends = new Int32Array(COLUMNS);
  // The last expiry date and currency accepted: a file repeats them, and the same bytes need no
  // second check (nor a string made of them).
  const lastExpiry = new Uint8Array(CARD_WIDTH.expiry + 1);
  const lastCurrency = new Uint8Array(CARD_WIDTH.currency + 1);

  return (bytes, start, end, into, at, line) => {
    if (end - start > IMPORT_LIMITS.maxLineChars) return false;
    for (let column = 0; column < COLUMNS; column += 1) {
      starts[column] = 0;
      ends[column] = 0;
    }
    let field = 0;
    let from = start;
    let column = columnOf[0] ?? -1;
    for (let i = start; i <= end; i += 1) {
      const byte = i === end ? PIPE : (bytes[i] ?? 0);
      if (byte === PIPE) {
        if (field >= fieldCount) return false;
        if (column >= 0) {
          starts[column] = from;
          ends[column] = i;
        }
        field += 1;
        from = i + 1;
        column = columnOf[field] ?? -1;
      } else if (byte >= 0x7f || (column >= 0 && byte <= 0x20)) {
        // Outside ASCII (the general path checks UTF-8), or a space or control to trim or refuse.
        return false;
      }
    }
    if (field !== fieldCount) return false;

    const numberStart = starts[CARD_NUMBER] ?? 0;
    const numberEnd = ends[CARD_NUMBER] ?? 0;
    const numberLength = numberEnd - numberStart;
    if (numberLength < minLength || numberLength > maxLength) return false;
    if (!digits(bytes, numberStart, numberEnd)) return false;
    for (let i = 0; i < prefix.length; i += 1) {
      if (bytes[numberStart + i] !== prefix[i]) return false;
    }
    const pinStart = starts[PIN] ?? 0;
    const pinEnd = ends[PIN] ?? 0;
    if (pinEnd - pinStart < pinRule.min || pinEnd - pinStart > pinRule.max) return false;
    if (!digits(bytes, pinStart, pinEnd)) return false;
    const cents = centsOf(bytes, starts[BALANCE] ?? 0, ends[BALANCE] ?? 0);
    if (cents < 0) return false;

    const expiryStart = starts[EXPIRY] ?? 0;
    const expiryEnd = ends[EXPIRY] ?? 0;
    if (expiryEnd > expiryStart && !same(lastExpiry, bytes, expiryStart, expiryEnd)) {
      if (!isIsoDate(latin1(bytes, expiryStart, expiryEnd))) return false;
      remember(lastExpiry, bytes, expiryStart, expiryEnd);
    }
    const currencyStart = starts[CURRENCY] ?? 0;
    const currencyEnd = ends[CURRENCY] ?? 0;
    if (currencyEnd > currencyStart && !same(lastCurrency, bytes, currencyStart, currencyEnd)) {
      if (!CARD_CURRENCY.test(latin1(bytes, currencyStart, currencyEnd))) return false;
      remember(lastCurrency, bytes, currencyStart, currencyEnd);
    }
    let status: string = DEFAULT_CARD_STATUS;
    if ((ends[STATUS] ?? 0) > (starts[STATUS] ?? 0)) {
      status = latin1(bytes, starts[STATUS] ?? 0, ends[STATUS] ?? 0).toLowerCase();
      if (!isCardStatus(status)) return false;
    }

    putBytes(into, at + CARD_ROW.number, CARD_WIDTH.number, bytes, numberStart, numberEnd);
    pinHash(into, at + CARD_ROW.pinHash, bytes, numberStart, numberEnd, pinStart, pinEnd);
    putDigits(into, at + CARD_ROW.cents, CARD_WIDTH.cents, cents);
    if (currencyEnd > currencyStart) {
      putBytes(
        into,
        at + CARD_ROW.currency,
        CARD_WIDTH.currency,
        bytes,
        currencyStart,
        currencyEnd,
      );
    } else {
      putBytes(into, at + CARD_ROW.currency, CARD_WIDTH.currency, DEFAULT_CURRENCY, 0, 3);
    }
    putBytes(into, at + CARD_ROW.expiry, CARD_WIDTH.expiry, bytes, expiryStart, expiryEnd);
    putText(into, at + CARD_ROW.status, CARD_WIDTH.status, status);
    putDigits(into, at + CARD_ROW.line, CARD_WIDTH.line, line);
    return true;
  };
}

/** True when `last` (its length, then its bytes) holds bytes[start..end). */
function same(last: Uint8Array, bytes: Uint8Array, start: number, end: number): boolean {
  if (last[0] !== end - start) return false;
  for (let i = start; i < end; i += 1) if (last[1 + i - start] !== bytes[i]) return false;
  return true;
}

/** Keeps bytes[start..end) (at most last.length - 1 of them) in `last`. */
function remember(last: Uint8Array, bytes: Uint8Array, start: number, end: number): void {
  if (end - start >= last.length) return;
  last[0] = end - start;
  for (let i = start; i < end; i += 1) last[1 + i - start] = bytes[i] ?? 0;
}
