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
} as const;
