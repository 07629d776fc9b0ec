/**
 * The review mail as an RFC 822 message (nodemailer's MailComposer): a short text and HTML
 * body naming the scheme, with the summary screenshot shown inline (by cid) in the HTML part.
 * The same bytes are written to the outbox and, when SMTP is configured, sent.
 */
import MailComposer from 'nodemailer/lib/mail-composer';
import type { MailAddress } from '../config';
import type { ReviewImage } from './review-image';

export interface ReviewMail {
  from: MailAddress;
  to: string;
  schemeName: string;
  /** Who asked for the review (the signed-in user). */
  userName: string;
  image: ReviewImage;
  date: Date;
}

export const reviewMailSubject = (schemeName: string): string => `Scheme review: ${schemeName}`;

/** The screenshot's Content-ID, named in the HTML part. */
const IMAGE_CID = 'scheme-summary@review.portal';

const EXTENSION: Record<ReviewImage['contentType'], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

/** The message's bytes (CRLF line ends, as sent over SMTP). */
export async function composeReviewMail(mail: ReviewMail): Promise<Buffer> {
  const { schemeName, userName } = mail;
  const text = [
    `The scheme ${schemeName} has been sent to you for review by ${userName}.`,
    '',
    'Its summary page is in the HTML version of this mail, as an image.',
  ].join('\r\n');
  const html = [
    '<!doctype html>',
    '<html><body>',
    `<p>The scheme <strong>${escapeHtml(schemeName)}</strong> has been sent to you for review by ${escapeHtml(userName)}.</p>`,
    '<p>Its summary page:</p>',
    `<p><img src="cid:${IMAGE_CID}" alt="Summary of ${escapeHtml(schemeName)}" style="max-width:100%"></p>`,
    '</body></html>',
  ].join('\r\n');
  const composer = new MailComposer({
    from: mail.from,
    // An address object: the address is used as is, never parsed as a list.
    to: { name: '', address: mail.to },
    subject: reviewMailSubject(schemeName),
    date: mail.date,
    text,
    html,
    attachments: [
      {
        filename: `scheme-summary.${EXTENSION[mail.image.contentType]}`,
        content: mail.image.bytes,
        contentType: mail.image.contentType,
        cid: IMAGE_CID,
      },
    ],
    // Only the content given here goes in: nothing is read from a path or a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
    newline: 'win',
  });
  return composer.compile().build();
}
