/**
 * Field rules of the import files (docs/imports.md, "Rules"). Each kind reads the trimmed fields of
 * a line in the documented column order (IMPORT_COLUMNS; '' for a column the file does not
 * have) and gives either its record or every reason the line fails, `field: reason`.
 */
import { IMPORT_COLUMNS, IMPORT_LIMITS, type ImportKind } from '@contracts/api/imports';
import { JOURNAL_SITE_CARD_RULES } from '@contracts/api/journal';
import { hasNoControlCharacters } from '@contracts/validation/rules';
import type { PublicStore } from '@contracts/api/merchant-site';
import { CARD_STATUSES, isCardStatus, type CardStatus } from '../records/card-status';

/** The demo programs are Australian (db.json); a file without a currency column means this. */
export const DEFAULT_CARD_CURRENCY = 'AUD';
/** A card line without a status. */
export const DEFAULT_CARD_STATUS: CardStatus = 'active';

/** Index of each documented column of a kind, in IMPORT_COLUMNS order. */
export function columnIndex(kind: ImportKind, name: string): number {
  const index = IMPORT_COLUMNS[kind].findIndex((column) => column.name === name);
  if (index < 0) throw new Error(`No column ${name} in ${kind} files`);
  return index;
}

const AMOUNT = /^(\d{1,7})(?:\.(\d{1,2}))?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A card's currency: three capital letters. */
export const CARD_CURRENCY = /^[A-Z]{3}$/;

/** Cents of `25`, `25.5` or `25.00`; undefined when not such an amount. */
export function parseAmountCents(text: string): number | undefined {
  const match = AMOUNT.exec(text);
  if (match === null) return undefined;
  const cents = (match[2] ?? '').padEnd(2, '0');
  return Number(match[1]) * 100 + Number(cents);
}

/** Dates already checked (a card file repeats a few expiry dates a million times). */
const checkedDates = new Map<string, boolean>();

/** True for a real calendar date written yyyy-MM-dd. */
export function isIsoDate(text: string): boolean {
  let known = checkedDates.get(text);
  if (known === undefined) {
    known = checkDate(text);
    if (checkedDates.size > 10_000) checkedDates.clear();
    checkedDates.set(text, known);
  }
  return known;
}

function checkDate(text: string): boolean {
  const match = DATE.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

export interface CardFields {
  cardNumber: string;
  pin: string;
  balanceCents: number;
  currency: string;
  expiryDate: string | null;
  status: CardStatus;
}

export interface CardRuleParams {
  binNumber: string;
  extension: string;
  cardLength: number;
}

/**
 * The problem of a line without the header's number of fields. It holds no `|`: an error file's
 * error column holds it, and the file imports again as it is (its `error` column ignored).
 */
export function fieldCountProblem(expected: number, found: number): string {
  return `expected ${expected} fields, found ${found}`;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/** A card line (fields in IMPORT_COLUMNS.card order). */
export function checkCard(
  fields: readonly string[],
  params: CardRuleParams | undefined,
): Checked<CardFields> {
  const [
    cardNumber = '',
    pin = '',
    balance = '',
    expiry = '',
    currencyField = '',
    statusField = '',
  ] = fields;
  const problems: string[] = [];
  const { cardNumber: cardRule, pin: pinRule } = JOURNAL_SITE_CARD_RULES;
  if (!cardRule.pattern.test(cardNumber)) {
    problems.push(`cardNumber: must be ${cardRule.min} to ${cardRule.max} digits`);
  } else if (params !== undefined) {
    const prefix = `${params.binNumber}${params.extension}`;
    if (cardNumber.length !== params.cardLength || !cardNumber.startsWith(prefix)) {
      problems.push(
        `cardNumber: must be ${params.cardLength} digits starting with the BIN ${params.binNumber} followed by the extension ${params.extension}`,
      );
    }
  }
  if (!pinRule.pattern.test(pin)) {
    problems.push(`pin: must be ${pinRule.min} to ${pinRule.max} digits`);
  }
  const balanceCents = parseAmountCents(balance);
  if (balanceCents === undefined) problems.push('balance: must be an amount such as 25.00');
  if (expiry !== '' && !isIsoDate(expiry)) {
    problems.push('expiryDate: must be a date written yyyy-MM-dd, or empty');
  }
  const currency = currencyField === '' ? DEFAULT_CARD_CURRENCY : currencyField;
  if (!CARD_CURRENCY.test(currency)) problems.push('currency: must be a 3-letter code such as AUD');
  const status = statusField === '' ? DEFAULT_CARD_STATUS : statusField.toLowerCase();
  if (!isCardStatus(status)) problems.push(`status: must be ${CARD_STATUSES.join(' or ')}`);
  if (problems.length > 0 || balanceCents === undefined || !isCardStatus(status)) {
    return { ok: false, problems };
  }
  return {
    ok: true,
    value: {
      cardNumber,
      pin,
      balanceCents,
      currency,
      expiryDate: expiry === '' ? null : expiry,
      status,
    },
  };
}

/** A store line's fields once checked: what the store search answers of it. */
export type StoreFields = PublicStore;

const STORE_CODE = new RegExp(`^[A-Za-z0-9]{1,${IMPORT_LIMITS.storeCodeMax}}$`);
const STORE_CODE_TEXT = `must be 1 to ${IMPORT_LIMITS.storeCodeMax} letters or digits`;
const POSTCODE = /^[A-Za-z0-9 ]{1,20}$/;
const COUNTRY = /^[A-Za-z]{2}$/;
const PHONE = /^[0-9 +]{0,24}$/;
const DECIMAL = /^[+-]?\d{1,3}(?:\.\d{1,15})?$/;

/**
 * Free text: min to max characters, without < or > (as the scheme server's noMarkup), and one
 * line (`hasNoControlCharacters`, as the forms and the review's corrections hold it): a TAB or
 * a C1 control inside a value would reach the store locator as it is.
 */
function text(
  problems: string[],
  field: string,
  value: string,
  min: number,
  max: number,
): string | null {
  if (value.length < min || value.length > max) {
    problems.push(
      min > 0
        ? `${field}: must be ${min} to ${max} characters`
        : `${field}: must be at most ${max} characters`,
    );
  } else if (/[<>]/.test(value)) {
    problems.push(`${field}: must not contain < or >`);
  } else if (!hasNoControlCharacters(value)) {
    problems.push(`${field}: must not contain control characters such as tabs`);
  }
  return value === '' ? null : value;
}

function coordinate(
  problems: string[],
  field: string,
  value: string,
  limit: number,
): number | null {
  if (value === '') return null;
  const number = DECIMAL.test(value) ? Number(value) : Number.NaN;
  if (!(Math.abs(number) <= limit)) {
    problems.push(`${field}: must be a number from -${limit} to ${limit}`);
    return null;
  }
  return number;
}

/** A store line (fields in IMPORT_COLUMNS.store order). */
export function checkStore(fields: readonly string[]): Checked<StoreFields> {
  const [
    storeCode = '',
    storeName = '',
    address = '',
    city = '',
    postcode = '',
    countryCode = '',
    suburb = '',
    state = '',
    phone = '',
    latitude = '',
    longitude = '',
  ] = fields;
  const problems: string[] = [];
  if (!STORE_CODE.test(storeCode)) problems.push(`storeCode: ${STORE_CODE_TEXT}`);
  text(problems, 'storeName', storeName, 1, 100);
  text(problems, 'address', address, 1, 100);
  text(problems, 'city', city, 1, 50);
  if (!POSTCODE.test(postcode)) {
    problems.push('postcode: must be 1 to 20 letters, digits or spaces');
  }
  if (!COUNTRY.test(countryCode)) {
    problems.push('countryCode: must be a two-letter country code such as AU');
  }
  text(problems, 'suburb', suburb, 0, 50);
  text(problems, 'state', state, 0, 50);
  if (!PHONE.test(phone)) problems.push('phone: must be at most 24 digits, spaces or +');
  const lat = coordinate(problems, 'latitude', latitude, 90);
  const lon = coordinate(problems, 'longitude', longitude, 180);
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      storeCode,
      storeName,
      address,
      city,
      postcode,
      countryCode: countryCode.toUpperCase(),
      suburb: suburb === '' ? null : suburb,
      state: state === '' ? null : state,
      phone: phone === '' ? null : phone,
      latitude: lat,
      longitude: lon,
    },
  };
}

export interface DeviceFields {
  deviceId: string;
  storeCode: string;
  deviceType: string;
  serialNumber: string;
  password: string;
}

export const DEVICE_PASSWORD = { min: 4, max: 64 } as const;

/**
 * A device line (fields in IMPORT_COLUMNS.device order). `storeExists` tells whether a store
 * code was imported for the program.
 */
export function checkDevice(
  fields: readonly string[],
  storeExists: (storeCode: string) => boolean,
): Checked<DeviceFields> {
  const [deviceId = '', storeCode = '', deviceType = '', serialNumber = '', password = ''] = fields;
  const problems: string[] = [];
  if (!/^[A-Za-z0-9_-]{1,30}$/.test(deviceId)) {
    problems.push('deviceId: must be 1 to 30 letters, digits, - or _');
  }
  if (!STORE_CODE.test(storeCode)) {
    problems.push(`storeCode: ${STORE_CODE_TEXT}`);
  } else if (!storeExists(storeCode)) {
    problems.push('storeCode: no store with this code was imported for the scheme');
  }
  if (!/^[A-Za-z0-9 ]{1,30}$/.test(deviceType)) {
    problems.push('deviceType: must be 1 to 30 letters, digits or spaces');
  }
  if (!/^[A-Za-z0-9-]{1,50}$/.test(serialNumber)) {
    problems.push('serialNumber: must be 1 to 50 letters, digits or -');
  }
  if (password.length < DEVICE_PASSWORD.min || password.length > DEVICE_PASSWORD.max) {
    problems.push(`password: must be ${DEVICE_PASSWORD.min} to ${DEVICE_PASSWORD.max} characters`);
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: { deviceId, storeCode, deviceType, serialNumber, password } };
}
