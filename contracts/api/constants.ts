/**
 * Facts shared by client and server, each kept in one place (docs/architecture.md "How a
 * feature plugs in").
 */

/** Module code of this product line, sent with login and every request (01 §1, §9). */
export const MODULE_CODE = 'THQ';

/** Header names the shared layer adds to every request while a token exists (01 §6). */
export const AUTH_HEADER = 'Authorization';
export const MODULE_CODE_HEADER = 'moduleCode';

/** Seconds without user activity before the session monitor refreshes the token (01 §4.1, §9). */
export const INACTIVITY_LIMIT_SECONDS = 600;

/** Program types (01 §1, 03 §9). Anything that is not gift is treated as loyalty. */
export const PROGRAM_TYPE = { GIFT: 1, LOYALTY: 3 } as const;
export type ProgramTypeId = (typeof PROGRAM_TYPE)[keyof typeof PROGRAM_TYPE];

/** Image upload limits in bytes (01 §5.1, §9; 02 §9; 03 §9). */
export const IMAGE_LIMITS = {
  /** logo, header logo, favicon, scheme button image and logo */
  small: 307_200,
  /** background image; also the most the shared image endpoint accepts */
  large: 1_572_864,
} as const;

/**
 * A save naming an image the server does not hold is refused with 400 and this message after
 * the field's name (`logo: Image {id} does not exist`; a merchant profile names the image by its
 * link, `/images/{id}.png`). The site builders read it to tell the operator in plain words.
 */
const UNKNOWN_IMAGE_BEFORE = 'Image ';
const UNKNOWN_IMAGE_AFTER = ' does not exist';
export const UNKNOWN_IMAGE = {
  message: (reference: string) => `${UNKNOWN_IMAGE_BEFORE}${reference}${UNKNOWN_IMAGE_AFTER}`,
  /** Whether a 400's `{field}: {message}` is this message, whatever the field. */
  isMessage(errorMessage: string): boolean {
    const at = errorMessage.indexOf(': ');
    const message = errorMessage.slice(at + 2);
    return (
      at > 0 &&
      message.startsWith(UNKNOWN_IMAGE_BEFORE) &&
      message.endsWith(UNKNOWN_IMAGE_AFTER) &&
      message.length > UNKNOWN_IMAGE_BEFORE.length + UNKNOWN_IMAGE_AFTER.length
    );
  },
} as const;

/**
 * A new site (a journal or a merchant profile) is made for a gift program only, as both
 * builders' Scheme Name offers only gift programs (docs/decisions.md). A create naming another
 * program, as an import file may, is refused with 400 and this message after `programId: `.
 */
export const SITE_PROGRAM = {
  notGift: (programId: number, name: string) =>
    `Program ${programId} (${name}) is a loyalty program: a site is made for a gift program only`,
} as const;

/**
 * What the data file may hold per record and per owner (not in the spec: one user must not be
 * able to grow the data file without bound). The server answers 413 / 400 past them.
 */
export const STORE_LIMITS = {
  /** Bytes of one stored record (a profile, a page, …) as JSON in UTF-8. */
  recordBytes: 1_048_576,
  /** Journal sites of one program. */
  journalProfilesPerProgram: 100,
  /** Pages of one journal site. */
  journalPagesPerProfile: 200,
} as const;

/** Error codes carried in every error answer `{ errorCode, errorMessage }`. */
export const ERROR_CODE = {
  /** Input failed validation (HTTP 400); the message names the field. */
  VALIDATION: 1,
  /** The body is not valid JSON (HTTP 400). */
  MALFORMED_JSON: 2,
  /** Unknown path or id (HTTP 404). */
  NOT_FOUND: 3,
  /** Body or upload too large (HTTP 413). */
  TOO_LARGE: 4,
  /** Upload of the wrong type (HTTP 415 or 400). */
  UNSUPPORTED_MEDIA: 5,
  /** Too many requests (HTTP 429). */
  RATE_LIMITED: 6,
  /** Wrong user name or password (HTTP 401). */
  BAD_CREDENTIALS: 10,
  /** Missing, expired, revoked or forged token (HTTP 401): the client logs out (01 §8). */
  SESSION_EXPIRED: 11,
  /** Conflicts with stored data, e.g. a value that must be unique (HTTP 409). */
  CONFLICT: 12,
  /**
   * Published site: no card of the site's program has that number and PIN (HTTP 403). One
   * answer for an unknown card and a wrong PIN, so it never confirms that a card number exists.
   */
  CARD_OR_PIN_WRONG: 20,
  /** Review mail: the SMTP send failed; the mail is kept in the outbox as not sent (HTTP 502). */
  MAIL_NOT_SENT: 30,
  /** Anything unexpected (HTTP 500); never carries a stack. */
  INTERNAL: 99,
} as const;
export type ErrorCode = (typeof ERROR_CODE)[keyof typeof ERROR_CODE];

/** Date and time formats shown in the header (01 §1). */
export const HEADER_DATE_FORMAT = 'dd-MM-yyyy';
export const HEADER_TIME_FORMAT = 'HH:mm';
/** Date format of date inputs (03 §9). */
export const INPUT_DATE_FORMAT = 'dd.MM.yyyy';
