/**
 * The card file of a gift scheme (spec README "Scheme wizard"): pipe-delimited, a header line
 * naming the columns, then one card per line. The sample is server/cards/demo-cards.txt.
 *
 *   column       required  rule
 *   cardNumber   yes       12 to 19 digits, no spaces or hyphens; once per file
 *   pin          yes       4 to 8 digits
 *   balance      yes       an amount with up to two decimals, e.g. 25.00 (0 allowed)
 *   expiryDate   yes       yyyy-MM-dd, or empty for a card that does not expire
 *   currency     no        ISO 4217 code such as AUD (default: the importer's, AUD)
 *   status       no        active or blocked (default active)
 *
 * Columns may come in any order and any letter case. A line that breaks a rule becomes
 * `{ line, reason }` naming every field in error; the other lines are kept.
 */
import { JOURNAL_SITE_CARD_RULES } from '@contracts/api/journal';
import { DelimitedReader, linesOf, type ColumnSpec, type LineError } from './delimited-file';

export const CARD_STATUSES = ['active', 'blocked'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

/** The demo programs are Australian (db.json); a file without a currency column means this. */
export const DEFAULT_CARD_CURRENCY = 'AUD';

export const CARD_COLUMNS: readonly ColumnSpec[] = [
  { name: 'cardNumber', required: true },
  { name: 'pin', required: true },
  { name: 'balance', required: true },
  { name: 'expiryDate', required: true },
  { name: 'currency', required: false },
  { name: 'status', required: false },
];

/** A card as imported: the PIN is still plain here; the card store keeps only its hash. */
export interface CardInput {
  cardNumber: string;
  pin: string;
  balanceCents: number;
  currency: string;
  /** yyyy-MM-dd or null. */
  expiryDate: string | null;
  status: CardStatus;
}

export interface CardFileRow extends CardInput {
  line: number;
}

export interface CardFileResult {
  cards: CardFileRow[];
  errors: LineError[];
}

export interface CardFileOptions {
  defaultCurrency?: string;
}

const AMOUNT = /^(\d{1,7})(?:\.(\d{1,2}))?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CURRENCY = /^[A-Z]{3}$/;

/** Cents of `25`, `25.5` or `25.00`; undefined when not such an amount. */
export function parseAmountCents(text: string): number | undefined {
  const match = AMOUNT.exec(text);
  if (match === null) return undefined;
  const cents = (match[2] ?? '').padEnd(2, '0');
  return Number(match[1]) * 100 + Number(cents);
}

/** True for a real calendar date written yyyy-MM-dd. */
export function isIsoDate(text: string): boolean {
  const match = DATE.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

const isCardStatus = (value: string): value is CardStatus =>
  (CARD_STATUSES as readonly string[]).includes(value);

/** Reads a card file line by line (for streaming); parseCardFile reads a whole text. */
export class CardFileParser {
  readonly #reader = new DelimitedReader(CARD_COLUMNS);
  readonly #defaultCurrency: string;
  /** Card number → the line it was first seen on. */
  readonly #seen = new Map<string, number>();

  constructor(options: CardFileOptions = {}) {
    this.#defaultCurrency = options.defaultCurrency ?? DEFAULT_CARD_CURRENCY;
  }

  /** The card of the line, its error, or undefined for the header and blank lines. */
  next(raw: string): CardFileRow | LineError | undefined {
    const read = this.#reader.next(raw);
    if (read.kind === 'skip') return undefined;
    if (read.kind === 'error') return read.error;
    const { line, fields } = read;
    const problems: string[] = [];
    const { cardNumber: cardRule, pin: pinRule } = JOURNAL_SITE_CARD_RULES;

    const cardNumber = fields.cardNumber ?? '';
    if (!cardRule.pattern.test(cardNumber)) {
      problems.push(`cardNumber: must be ${cardRule.min} to ${cardRule.max} digits`);
    } else {
      const first = this.#seen.get(cardNumber);
      if (first !== undefined) problems.push(`cardNumber: the same card is on line ${first}`);
    }
    const pin = fields.pin ?? '';
    if (!pinRule.pattern.test(pin)) {
      problems.push(`pin: must be ${pinRule.min} to ${pinRule.max} digits`);
    }
    const balanceCents = parseAmountCents(fields.balance ?? '');
    if (balanceCents === undefined) {
      problems.push('balance: must be an amount such as 25.00');
    }
    const expiry = fields.expiryDate ?? '';
    if (expiry !== '' && !isIsoDate(expiry)) {
      problems.push('expiryDate: must be a date written yyyy-MM-dd, or empty');
    }
    const currency = (fields.currency ?? '') || this.#defaultCurrency;
    if (!CURRENCY.test(currency)) {
      problems.push('currency: must be a 3-letter code such as AUD');
    }
    const status = (fields.status ?? '').toLowerCase() || 'active';
    if (!isCardStatus(status)) {
      problems.push(`status: must be ${CARD_STATUSES.join(' or ')}`);
    }

    if (problems.length > 0 || balanceCents === undefined || !isCardStatus(status)) {
      return { line, reason: problems.join('; ') };
    }
    this.#seen.set(cardNumber, line);
    return {
      line,
      cardNumber,
      pin,
      balanceCents,
      currency,
      expiryDate: expiry === '' ? null : expiry,
      status,
    };
  }

  /** Call after the last line. */
  finish(): LineError | undefined {
    return this.#reader.finish();
  }
}

const isLineError = (value: CardFileRow | LineError): value is LineError => 'reason' in value;

/** Parses a whole card file: the good cards and one error per bad line. */
export function parseCardFile(text: string, options: CardFileOptions = {}): CardFileResult {
  const parser = new CardFileParser(options);
  const cards: CardFileRow[] = [];
  const errors: LineError[] = [];
  for (const raw of linesOf(text)) {
    const result = parser.next(raw);
    if (result === undefined) continue;
    if (isLineError(result)) errors.push(result);
    else cards.push(result);
  }
  const last = parser.finish();
  if (last !== undefined) errors.push(last);
  return { cards, errors };
}
