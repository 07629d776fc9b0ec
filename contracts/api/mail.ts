import { SCHEME_TEXT } from './schemes';
/**
 * The scheme review mail (03 §4 Activation, §7 "Summary and activation", §8; spec README
 * "Scheme wizard"): the summary page's screenshot goes to `POST {url base}/images/review`, then
 * `POST {url base}/mail` puts a mail naming the scheme, with the screenshot, in the outbox (a
 * folder of `.eml` files beside the data file) and sends it through SMTP when configured.
 */

/** Multipart field of `POST /images/review`: the image's bytes, or a base64 data URL of them. */
export const REVIEW_IMAGE_FIELD = 'file';

/**
 * Largest review screenshot, in bytes of the image (a data URL may be 4/3 of it plus its
 * prefix). A full-page PNG of the summary at a desktop width is well under 2 MB.
 */
export const REVIEW_IMAGE_MAX_BYTES = 5_242_880;

/** Types a review screenshot may have, as its bytes tell (a page capture is PNG or JPEG). */
export const REVIEW_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export type ReviewImageType = (typeof REVIEW_IMAGE_TYPES)[number];

/** Limits of `POST /mail`'s fields. */
export const REVIEW_MAIL_LIMITS = {
  /** As a scheme's name (03 §5 General, §9): letters, digits and spaces, at most 50. */
  schemeName: 50,
  /** An address (RFC 5321 path limit); isEmail checks the same. */
  email: 254,
} as const;

/** Body of `POST {url base}/mail`. */
export interface ReviewMailRequest {
  /** Where the review goes: a valid e-mail address. */
  email: string;
  schemeName: string;
  /** The id `POST /images/review` answered. */
  image: string;
  /**
   * The scheme under review (not in 03 §7, which names the three fields above): when given it
   * must be a scheme named `schemeName`, and once the mail is kept or sent the scheme's
   * reviewSentAt is set, so its status reads "Sent for review".
   */
  programId?: number;
}

/**
 * What became of a mail: `kept` only in the outbox (no SMTP configured), `sending` handed to
 * SMTP (stays so if the server stopped during the send), `sent` through SMTP, `failed` the SMTP
 * send failed (kept in the outbox, not sent).
 */
export const MAIL_STATUS = {
  KEPT: 'kept',
  SENDING: 'sending',
  SENT: 'sent',
  FAILED: 'failed',
} as const;
export type MailStatus = (typeof MAIL_STATUS)[keyof typeof MAIL_STATUS];

/** Answer of `POST /mail` (200): what the success text of 03 §8 needs, and the outbox entry. */
export interface ReviewMailResult {
  /** The outbox entry's id (`GET /mail/outbox/{id}` answers its `.eml`). */
  id: string;
  email: string;
  schemeName: string;
  status: typeof MAIL_STATUS.KEPT | typeof MAIL_STATUS.SENT;
}

/** One mail of the outbox, as `GET /mail/outbox` lists it (newest first). */
export interface OutboxEntry {
  id: string;
  /** The `.eml` file's name in the outbox folder. */
  file: string;
  to: string;
  subject: string;
  schemeName: string;
  /** ISO 8601: when the mail was written to the outbox. */
  date: string;
  status: MailStatus;
  /** ISO 8601, or null when not sent. */
  sentAt: string | null;
  /** Why the SMTP send failed, or null. */
  error: string | null;
  /** Who asked for the mail. */
  userName: string;
}

/** Embedded-list name of `GET /mail/outbox`. */
export const OUTBOX_EMBEDDED = 'outbox';

/** The success text of 03 §8, exactly. */
export const reviewMailSentText = SCHEME_TEXT.reviewSent;

/** Texts of the review mail's error answers (`<field>: <message>` for validation). */
export const MAIL_ERROR_MESSAGE = {
  /** 415 from `POST /images/review`. */
  reviewImageType: 'Only PNG and JPEG screenshots are accepted',
  /** 400: a `file` text field that is not a base64 data URL of an image. */
  reviewImageDataUrl: 'Expected the image bytes or a base64 data URL (data:image/png;base64,...)',
  /** 400: both a file part and a text field named `file`. */
  reviewImageTwice: 'Send the image once, as a file part or as a data URL',
  /** 400 from `POST /mail`. */
  reviewImageUnknown: 'No review image with this id',
  /** 400 from `POST /mail`: schemeName is not the name of the scheme programId names. */
  schemeNameMismatch: 'Must be the name of the scheme under review (programId)',
  /** 502 from `POST /mail` (error code MAIL_NOT_SENT). */
  notSent:
    'The mail could not be sent: the mail server refused it or could not be reached. It is kept in the outbox as not sent.',
} as const;
