/**
 * The scheme review mail on the URL base (03 §4 Activation, §7 "Summary and activation"; spec
 * README "Scheme wizard"). Every call needs a token.
 *   POST /images/review        multipart field `file`: the summary screenshot (PNG or JPEG, as
 *                              bytes or a base64 data URL) → { id }
 *   POST /mail                 { email, schemeName, image, programId? } → the mail in the
 *                              outbox, sent through SMTP when configured → ReviewMailResult;
 *                              502 when the SMTP send fails (the mail stays in the outbox,
 *                              `failed`). With programId (a scheme named schemeName), the
 *                              scheme's reviewSentAt is set once the mail is kept or sent.
 *   GET  /mail/outbox          embedded `outbox`: the mails kept, newest first
 *   GET  /mail/outbox/{id}     one mail as message/rfc822
 * Review screenshots are kept apart from the site images (`review-images` beside the data
 * file): a mail can only carry a screenshot uploaded for review, never another upload. A mail
 * holds its own copy of its screenshot (the outbox's message, the SMTP send), so a screenshot is
 * needed only from its upload to its mail: each is deleted IMPORT_FILE_RETENTION_HOURS after its
 * upload (sweepReviewImages, at start and then hourly; 0 keeps them).
 */
import { type RequestHandler, type Router } from 'express';
import multer, { MulterError } from 'multer';
import type { Logger } from 'pino';
import { z } from 'zod';
import { ERROR_CODE } from '@contracts/api/constants';
import type { ImageUploadResult } from '@contracts/api/entities';
import {
  MAIL_ERROR_MESSAGE,
  MAIL_STATUS,
  OUTBOX_EMBEDDED,
  REVIEW_IMAGE_FIELD,
  REVIEW_IMAGE_MAX_BYTES,
  REVIEW_MAIL_LIMITS,
  type ReviewMailResult,
} from '@contracts/api/mail';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import { URL_PATHS } from '@contracts/api/paths';
import { isAlphaNumUnderscoreSpace, isEmail } from '@contracts/validation/rules';
import { authOf } from '../auth/require-auth';
import type { ServerConfig } from '../config';
import { HttpError, notFound, validationError } from '../http/errors';
import { URL_MOUNT } from '../http/mounts';
import { readMultipart } from '../http/multipart';
import { declareInput } from '../http/route-docs';
import { embeddedList, pageQuery } from '../http/pagination';
import { headerText, requiredText } from '../http/text';
import { validate } from '../http/validate';
import type { Store } from '../db/store';
import { IMAGE_ID, ImageFiles, newImageId } from '../images/image-files';
import { requireSchemeReference } from '../schemes/scheme-rules';
import { recordId } from '../schemes/scheme-schemas';
import { composeReviewMail, reviewMailSubject } from './compose';
import { Outbox } from './outbox';
import {
  REVIEW_DATA_URL_MAX_CHARS,
  reviewImageOf,
  storedReviewImage,
  tooLarge,
} from './review-image';
import { createSmtpSender, type MailSender } from './smtp';
import { FILE_SWEEP_INTERVAL_MS } from '../imports/import-service';
import { recordedRouter } from '../http/route-table';

/** The address goes into the To header, the scheme's name into the Subject: one line each. */
const mailBody = z.strictObject({
  email: headerText(requiredText(REVIEW_MAIL_LIMITS.email)).refine(isEmail, FIELD_MESSAGES.email),
  schemeName: headerText(requiredText(REVIEW_MAIL_LIMITS.schemeName)).refine(
    isAlphaNumUnderscoreSpace,
    FIELD_MESSAGES.alphaNumOnly,
  ),
  image: z.string().min(1).regex(IMAGE_ID, MAIL_ERROR_MESSAGE.reviewImageUnknown),
  programId: recordId.optional(),
});

const outboxParams = z.object({ id: z.string() });

export interface MailRouterOptions {
  config: Pick<
    ServerConfig,
    | 'outboxDir'
    | 'reviewImagesDir'
    | 'smtpUrl'
    | 'smtpTimeoutSeconds'
    | 'mailFrom'
    | 'importFileRetentionHours'
  >;
  /** Where the scheme a review mail names is marked as sent for review. */
  store: Store;
  requireAuth: RequestHandler;
  logger: Logger;
  /** Defaults to SMTP at config.smtpUrl when set; none: mails are only kept. */
  sender?: MailSender;
}

/** multer's upload, with a data URL text field past its limit answered 413 like a large file. */
function reviewUpload(): RequestHandler {
  const upload = readMultipart(
    multer({
      storage: multer.memoryStorage(),
      limits: {
        fileSize: REVIEW_IMAGE_MAX_BYTES,
        fieldSize: REVIEW_DATA_URL_MAX_CHARS,
        files: 1,
        fields: 10,
        parts: 12,
      },
    }).single(REVIEW_IMAGE_FIELD),
  );
  const declared = { multipart: { field: REVIEW_IMAGE_FIELD, maxBytes: REVIEW_IMAGE_MAX_BYTES } };
  return declareInput<RequestHandler>(declared, (req, res, next) => {
    upload(req, res, (error?: unknown) => {
      if (error instanceof MulterError && error.code === 'LIMIT_FIELD_VALUE') next(tooLarge());
      else next(error);
    });
  });
}

/**
 * Deletes the review screenshots uploaded `retentionMs` or longer before `now` (none when it is
 * 0); answers how many.
 */
export async function sweepReviewImages(
  reviewImagesDir: string,
  retentionMs: number,
  now = Date.now(),
): Promise<number> {
  if (retentionMs <= 0) return 0;
  return new ImageFiles(reviewImagesDir).removeOlderThan(retentionMs, now);
}

/** Sweeps the review screenshots now and then hourly, until the store closes. */
function startReviewImageSweep(
  config: MailRouterOptions['config'],
  store: Store,
  logger: Logger,
): void {
  const retentionMs = config.importFileRetentionHours * 60 * 60 * 1000;
  if (retentionMs <= 0) return;
  const sweep = () => {
    sweepReviewImages(config.reviewImagesDir, retentionMs).then(
      (removed) => {
        if (removed > 0)
          logger.info({ removed }, 'deleted review screenshots past their retention');
      },
      (error: unknown) => logger.error({ err: error }, 'could not delete old review screenshots'),
    );
  };
  sweep();
  const timer = setInterval(sweep, FILE_SWEEP_INTERVAL_MS).unref();
  store.onClose(() => clearInterval(timer));
}

export function createMailRouter({
  config,
  store,
  requireAuth,
  logger,
  sender = config.smtpUrl === undefined
    ? undefined
    : createSmtpSender(config.smtpUrl, config.smtpTimeoutSeconds),
}: MailRouterOptions): Router {
  const router = recordedRouter();
  const reviewImages = new ImageFiles(config.reviewImagesDir);
  const outbox = new Outbox(config.outboxDir);
  startReviewImageSweep(config, store, logger);

  router.post(
    `${URL_MOUNT}${URL_PATHS.imagesReview}`,
    requireAuth,
    reviewUpload(),
    async (req, res) => {
      const body: unknown = req.body;
      const field =
        typeof body === 'object' && body !== null && REVIEW_IMAGE_FIELD in body
          ? (body as Record<string, unknown>)[REVIEW_IMAGE_FIELD]
          : undefined;
      const image = reviewImageOf(req.file?.buffer, field);
      const id = newImageId();
      await reviewImages.write(id, image.bytes);
      const answer: ImageUploadResult = { id };
      res.json(answer);
    },
  );

  router.post(
    `${URL_MOUNT}${URL_PATHS.mail}`,
    requireAuth,
    validate({ body: mailBody }),
    async (req, res) => {
      const { email, schemeName, image: imageId, programId } = req.body;
      if (programId !== undefined) {
        const scheme = requireSchemeReference(store.read(), programId);
        if (scheme.schemeName !== schemeName) {
          throw validationError('schemeName', MAIL_ERROR_MESSAGE.schemeNameMismatch);
        }
      }
      const stored = await reviewImages.read(imageId);
      const image = stored === undefined ? undefined : storedReviewImage(stored);
      if (image === undefined)
        throw validationError('image', MAIL_ERROR_MESSAGE.reviewImageUnknown);

      const date = new Date();
      const { userName } = authOf(req);
      const eml = await composeReviewMail({
        from: config.mailFrom,
        to: email,
        schemeName,
        userName,
        image,
        date,
      });
      const fields = { to: email, subject: reviewMailSubject(schemeName), schemeName, userName };
      const answer = (status: ReviewMailResult['status'], id: string): ReviewMailResult => ({
        id,
        email,
        schemeName,
        status,
      });
      // The mail went (kept or sent): its scheme shows as sent for review. A scheme removed
      // meanwhile is left alone.
      const markSent = () =>
        programId === undefined
          ? Promise.resolve()
          : store.update((data) => {
              const scheme = data.programs.find((program) => program.programId === programId);
              if (scheme) scheme.reviewSentAt = Math.floor(Date.now() / 1000);
            });

      if (sender === undefined) {
        const entry = await outbox.add(eml, fields, MAIL_STATUS.KEPT, date);
        await markSent();
        res.json(answer(MAIL_STATUS.KEPT, entry.id));
        return;
      }
      const entry = await outbox.add(eml, fields, MAIL_STATUS.SENDING, date);
      try {
        await sender.send(eml, { from: config.mailFrom.address, to: email });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await outbox.mark(entry, { status: MAIL_STATUS.FAILED, error: reason });
        logger.warn({ reason, outboxId: entry.id }, 'review mail not sent; kept in the outbox');
        throw new HttpError(502, ERROR_CODE.MAIL_NOT_SENT, MAIL_ERROR_MESSAGE.notSent);
      }
      await outbox.mark(entry, { status: MAIL_STATUS.SENT, sentAt: new Date() });
      await markSent();
      res.json(answer(MAIL_STATUS.SENT, entry.id));
    },
  );

  router.get(
    `${URL_MOUNT}${URL_PATHS.mailOutbox}`,
    requireAuth,
    validate({ query: pageQuery }),
    async (req, res) => {
      res.json(embeddedList(OUTBOX_EMBEDDED, await outbox.list(), req.query));
    },
  );

  router.get(
    `${URL_MOUNT}${URL_PATHS.mailOutboxItem(':id')}`,
    requireAuth,
    validate({ params: outboxParams }),
    async (req, res) => {
      const { id } = req.params;
      const message = await outbox.message(id);
      if (message === undefined) throw notFound('Mail not found');
      res
        .status(200)
        .type('message/rfc822')
        .set('Content-Disposition', `attachment; filename="${id}.eml"`)
        .send(message);
    },
  );

  return router;
}
