/**
 * Texts of the server's error answers `{ errorCode, errorMessage }` (codes: ERROR_CODE in
 * ./constants). Validation answers (code 1) read `<field>: <message>`, with field messages
 * from FIELD_MESSAGES where one fits.
 */
export const ERROR_MESSAGE = {
  badCredentials: 'Invalid username or password',
  authRequired: 'Authentication required',
  sessionExpired: 'Session expired, please log in again',
  malformedJson: 'Malformed JSON in request body',
  bodyTooLarge: 'Request body is too large',
  unsupportedMedia: 'Only PNG, JPEG, GIF, WEBP, BMP and ICO images are accepted',
  rateLimited: 'Too many requests, please try again later',
  loginRateLimited: 'Too many failed login attempts, please try again later',
  notFound: 'Not found',
  internal: 'Something went wrong',
  unknownModuleCode: 'Unknown module code',
  /** 413: a record past STORE_LIMITS.recordBytes once stored. */
  recordTooLarge: 'The record is too large to store',
  /** 400: a path with a broken %-escape (e.g. `/mj/api/sites/%ff`). */
  unreadablePath: 'path: The address cannot be decoded',
  /** 400: a body that cannot be read (broken compression, cut off, …). */
  unreadableBody: 'body: The request body cannot be read',
  /** 400: a multipart upload that cannot be read (no boundary, cut off, broken part header, …). */
  unreadableUpload: 'file: The upload cannot be read',
  /** 507: the server's disk is full while it stores an upload (nothing of it kept). */
  storageFull: 'The server has no room left to store this; nothing of it was kept',
  /** 500: the server may not write its own storage while it stores an upload (nothing kept). */
  storageFailed: 'The server could not store this; nothing of it was kept',
  /** 415: a Content-Encoding or charset the server does not read. */
  unsupportedBodyEncoding: 'Unsupported body encoding',
  /** 415: a body sent to a JSON call as another type (or without a type). */
  jsonRequired: 'The request body must be sent as application/json',
  /** 412: a file asked for with If-Match or If-Unmodified-Since that the file fails. */
  preconditionFailed: 'request: The file does not meet the condition of the request',
  /**
   * 412: a save of a scheme wizard record whose `If-Match` is not the record's current ETag:
   * someone else saved it since this operator read it (server/http/record-etag.ts).
   */
  staleRecord:
    'This record was changed by someone else since you opened it. Your changes were not saved.',
  /** 416: a file asked for with a Range past its end. */
  rangeNotSatisfiable: 'request: The requested range is not in the file',
  /** 400 / 431: a request the HTTP parser refuses (bad method, request line or header). */
  badRequest: 'request: The request cannot be read',
  headersTooLarge: 'request: The request headers are too large',
  /**
   * 400: a request line holding an absolute URL (RFC 9112 §3.2.2) that names another host than
   * this server (server/http/request-target.ts).
   */
  otherHost: 'request: The request names another host than this server',
} as const;

/**
 * The server's texts for the rules every text field of a JSON body shares (server/http/text.ts);
 * a validation answer puts the field name in front. Blank required text reads
 * FIELD_MESSAGES.required, as the forms say it.
 */
export const TEXT_INPUT_MESSAGE = {
  /** A lone UTF-16 surrogate (`"\ud800"`): valid JSON, but no character. */
  malformed: 'Must be valid Unicode text',
  /**
   * C0 controls (NUL, TAB, LF, CR, …), DEL and C1 controls in one-line text (names, titles,
   * keywords, addresses, URLs, mail headers); the forms show the same text under the field.
   */
  controlCharacters: 'Must not contain control characters such as line breaks or tabs',
} as const;
