import { existsSync } from 'node:fs';
import { readFile, readdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { ERROR_CODE } from '@contracts/api/constants';
import type { EmbeddedList, ImageUploadResult } from '@contracts/api/entities';
import { TEXT_INPUT_MESSAGE } from '@contracts/api/error-messages';
import {
  MAIL_ERROR_MESSAGE,
  MAIL_STATUS,
  OUTBOX_EMBEDDED,
  REVIEW_IMAGE_MAX_BYTES,
  reviewMailSentText,
  type OutboxEntry,
  type ReviewMailResult,
} from '@contracts/api/mail';
import { DIALOG_TEXT, FIELD_MESSAGES } from '@contracts/api/messages';
import { URL_PATHS } from '@contracts/api/paths';
import {
  SCHEME_EMBEDDED,
  SCHEME_PATHS,
  SCHEME_SERVER_MESSAGE,
  type Scheme,
} from '@contracts/api/schemes';
import { createApp } from '../../server/app';
import { sweepReviewImages } from '../../server/mail/mail-router';
import { buildScheme } from '../support/builders';
import { startFakeSmtp, UNREACHABLE_SMTP_URL, type FakeSmtpServer } from './support/fake-smtp';
import { GIF_BYTES, JPEG_BYTES, PNG_BYTES } from './support/fixtures';
import { createTestApp, type TestApp } from './support/test-app';

type OutboxList = EmbeddedList<typeof OUTBOX_EMBEDDED, OutboxEntry>;

const REVIEWER = 'reviewer@example.com';
const SCHEME = 'Demo Gift Card';

/** The message with its line breaks removed: a base64 body reads as one string. */
const unfolded = (eml: string): string => eml.replace(/\r\n/g, '');

describe('review mail', () => {
  let t: TestApp;
  let auth: string;

  /** A scheme of the seed's first client, built here: the one a review mail may name. */
  const UNDER_REVIEW = buildScheme({ programId: 7001, schemeName: 'Review Me Scheme' });

  async function open(env: Record<string, string> = {}): Promise<void> {
    t = await createTestApp({
      env,
      prepare: (data) => {
        const clientId = data.clients[0]?.clientId ?? UNDER_REVIEW.clientId;
        data.programs.push({ ...structuredClone(UNDER_REVIEW), clientId });
      },
    });
    auth = (await t.login()).token;
  }
  afterEach(async () => {
    await t.close();
  });

  const uploadBytes = (bytes: Buffer, filename = 'summary.png', contentType = 'image/png') =>
    request(t.app)
      .post(URL_PATHS.imagesReview)
      .set('Authorization', auth)
      .attach('file', bytes, { filename, contentType });
  const uploadDataUrl = (dataUrl: string) =>
    request(t.app).post(URL_PATHS.imagesReview).set('Authorization', auth).field('file', dataUrl);
  const sendMail = (body: object) =>
    request(t.app).post(URL_PATHS.mail).set('Authorization', auth).send(body);
  const listOutbox = async (): Promise<OutboxEntry[]> => {
    const response = await request(t.app).get(URL_PATHS.mailOutbox).set('Authorization', auth);
    expect(response.status).toBe(200);
    return (response.body as OutboxList)._embedded[OUTBOX_EMBEDDED];
  };
  const outboxFiles = () => readdir(t.config.outboxDir).catch(() => []);
  const readScheme = async (programId: number): Promise<Scheme> => {
    const response = await request(t.app)
      .get(`/api${SCHEME_PATHS.scheme(programId)}`)
      .set('Authorization', auth)
      .expect(200);
    return response.body as Scheme;
  };
  const listedScheme = async (programId: number): Promise<Scheme | undefined> => {
    const response = await request(t.app)
      .get(`/api${SCHEME_PATHS.schemes}`)
      .query({ size: 1000 })
      .set('Authorization', auth)
      .expect(200);
    const list = (response.body as EmbeddedList<typeof SCHEME_EMBEDDED.schemes, Scheme>)._embedded;
    return list[SCHEME_EMBEDDED.schemes].find((scheme) => scheme.programId === programId);
  };
  async function reviewImage(bytes = PNG_BYTES): Promise<string> {
    const response = await uploadBytes(bytes);
    expect(response.status).toBe(200);
    return (response.body as ImageUploadResult).id;
  }

  describe('without SMTP', () => {
    beforeEach(() => open());

    it('takes the screenshot as image bytes or as a base64 data URL', async () => {
      const png = await uploadBytes(PNG_BYTES);
      expect(png.status).toBe(200);
      expect((png.body as ImageUploadResult).id).toMatch(/^[0-9a-f]{32}$/);
      const jpeg = await uploadBytes(JPEG_BYTES, 'summary.jpg', 'image/jpeg');
      expect(jpeg.status).toBe(200);

      const dataUrl = await uploadDataUrl(`data:image/png;base64,${PNG_BYTES.toString('base64')}`);
      expect(dataUrl.status).toBe(200);
      const { id } = dataUrl.body as ImageUploadResult;
      expect(await readFile(path.join(t.config.reviewImagesDir, id))).toEqual(PNG_BYTES);
    });

    it.each([
      ['text sent as a PNG', Buffer.from('not an image at all'), 'x.png', 'image/png'],
      ['a GIF (a page capture is PNG or JPEG)', GIF_BYTES, 'x.gif', 'image/gif'],
    ])('refuses %s with 415', async (_name, bytes, filename, contentType) => {
      const response = await uploadBytes(bytes, filename, contentType);
      expect(response.status).toBe(415);
      expect(response.body).toEqual({
        errorCode: ERROR_CODE.UNSUPPORTED_MEDIA,
        errorMessage: MAIL_ERROR_MESSAGE.reviewImageType,
      });
      expect(await readdir(t.config.reviewImagesDir).catch(() => [])).toEqual([]);
    });

    it('refuses a text field that is not a data URL, and no image at all, with 400', async () => {
      const notDataUrl = await uploadDataUrl('hello');
      expect(notDataUrl.status).toBe(400);
      expect(notDataUrl.body.errorMessage).toBe(`file: ${MAIL_ERROR_MESSAGE.reviewImageDataUrl}`);
      const dataUrlOfText = await uploadDataUrl(
        `data:image/png;base64,${Buffer.from('plain text').toString('base64')}`,
      );
      expect(dataUrlOfText.status).toBe(415);
      const nothing = await request(t.app)
        .post(URL_PATHS.imagesReview)
        .set('Authorization', auth)
        .field('other', 'x');
      expect(nothing.status).toBe(400);
      expect(nothing.body.errorMessage).toBe(`file: ${FIELD_MESSAGES.required}`);
    });

    it('refuses a screenshot over the limit with 413, as bytes or as a data URL', async () => {
      const oversize = Buffer.alloc(REVIEW_IMAGE_MAX_BYTES + 1);
      PNG_BYTES.copy(oversize);
      const asBytes = await uploadBytes(oversize);
      expect(asBytes.status).toBe(413);
      expect(asBytes.body).toEqual({
        errorCode: ERROR_CODE.TOO_LARGE,
        errorMessage: DIALOG_TEXT.fileTooLarge,
      });
      const asDataUrl = await uploadDataUrl(`data:image/png;base64,${oversize.toString('base64')}`);
      expect(asDataUrl.status).toBe(413);
      const muchLarger = Buffer.alloc(REVIEW_IMAGE_MAX_BYTES + 100_000);
      PNG_BYTES.copy(muchLarger);
      const pastFieldLimit = await uploadDataUrl(
        `data:image/png;base64,${muchLarger.toString('base64')}`,
      );
      expect(pastFieldLimit.status).toBe(413);
      expect(await readdir(t.config.reviewImagesDir).catch(() => [])).toEqual([]);
    });

    it('puts the mail in the outbox: listed, with its To, Subject and the screenshot', async () => {
      const image = await reviewImage();
      const response = await sendMail({ email: REVIEWER, schemeName: SCHEME, image });
      expect(response.status).toBe(200);
      const result = response.body as ReviewMailResult;
      expect(result).toEqual({
        id: expect.any(String),
        email: REVIEWER,
        schemeName: SCHEME,
        status: MAIL_STATUS.KEPT,
      });
      expect(reviewMailSentText(result.schemeName, result.email)).toBe(
        'Scheme [Demo Gift Card] has been sent to (email: reviewer@example.com ) for review!',
      );

      const [entry, ...others] = await listOutbox();
      expect(others).toEqual([]);
      expect(entry).toEqual({
        id: result.id,
        file: `${result.id}.eml`,
        to: REVIEWER,
        subject: `Scheme review: ${SCHEME}`,
        schemeName: SCHEME,
        date: expect.any(String),
        status: MAIL_STATUS.KEPT,
        sentAt: null,
        error: null,
        userName: 'admin',
      });

      const eml = await readFile(path.join(t.config.outboxDir, `${result.id}.eml`), 'latin1');
      expect(eml).toMatch(/^To: reviewer@example\.com\r$/m);
      expect(eml).toMatch(/^Subject: Scheme review: Demo Gift Card\r$/m);
      expect(eml).toMatch(/^From: "Back-office portal" <no-reply@portal\.invalid>\r$/m);
      expect(eml).toMatch(/^Content-Type: image\/png; name=scheme-summary\.png\r$/m);
      expect(unfolded(eml)).toContain(PNG_BYTES.toString('base64'));

      const served = await request(t.app)
        .get(URL_PATHS.mailOutboxItem(result.id))
        .set('Authorization', auth)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toMatch(/^message\/rfc822/);
      expect((served.body as Buffer).toString('latin1')).toBe(eml);
    });

    it('lists the outbox newest first', async () => {
      const image = await reviewImage();
      const first = await sendMail({ email: 'first@example.com', schemeName: 'One', image });
      const second = await sendMail({ email: 'second@example.com', schemeName: 'Two', image });
      expect((await listOutbox()).map((entry) => entry.id)).toEqual([
        (second.body as ReviewMailResult).id,
        (first.body as ReviewMailResult).id,
      ]);
    });

    it.each([
      ['a@b', FIELD_MESSAGES.email],
      ['not an address', FIELD_MESSAGES.email],
      ['a@example.com, b@example.com', FIELD_MESSAGES.email],
      ['a@example.com\r\nBcc: b@example.com', TEXT_INPUT_MESSAGE.controlCharacters],
      ['a@example.com\n', TEXT_INPUT_MESSAGE.controlCharacters],
      ['', FIELD_MESSAGES.required],
      ['  ', FIELD_MESSAGES.required],
      [`${'a'.repeat(250)}@example.com`, FIELD_MESSAGES.maxlength],
    ])('refuses the address %j naming the field, writing nothing', async (email, message) => {
      const image = await reviewImage();
      const response = await sendMail({ email, schemeName: SCHEME, image });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        errorCode: ERROR_CODE.VALIDATION,
        errorMessage: `email: ${message}`,
      });
      expect(await outboxFiles()).toEqual([]);
      expect(await listOutbox()).toEqual([]);
    });

    it('refuses a bad scheme name or an image that is not a review screenshot', async () => {
      const image = await reviewImage();
      const cases: [object, string][] = [
        [{ email: REVIEWER, image }, `schemeName: ${FIELD_MESSAGES.required}`],
        [{ email: REVIEWER, schemeName: '   ', image }, `schemeName: ${FIELD_MESSAGES.required}`],
        [
          { email: REVIEWER, schemeName: 'One\r\nBcc: b@example.com', image },
          `schemeName: ${TEXT_INPUT_MESSAGE.controlCharacters}`,
        ],
        [
          { email: REVIEWER, schemeName: '<script>alert(1)</script>', image },
          `schemeName: ${FIELD_MESSAGES.alphaNumOnly}`,
        ],
        [
          { email: REVIEWER, schemeName: 'x'.repeat(51), image },
          `schemeName: ${FIELD_MESSAGES.maxlength}`,
        ],
        [
          { email: REVIEWER, schemeName: SCHEME, image: '0'.repeat(32) },
          `image: ${MAIL_ERROR_MESSAGE.reviewImageUnknown}`,
        ],
        [
          { email: REVIEWER, schemeName: SCHEME, image: '../db.json' },
          `image: ${MAIL_ERROR_MESSAGE.reviewImageUnknown}`,
        ],
        [{ email: REVIEWER, schemeName: SCHEME, image, cc: 'x@example.com' }, 'cc: Unknown field'],
      ];
      // A site image (POST /images) is not a review screenshot.
      const siteImage = await request(t.app)
        .post(URL_PATHS.images)
        .set('Authorization', auth)
        .attach('file', PNG_BYTES, { filename: 'logo.png', contentType: 'image/png' })
        .expect(200);
      cases.push([
        { email: REVIEWER, schemeName: SCHEME, image: (siteImage.body as ImageUploadResult).id },
        `image: ${MAIL_ERROR_MESSAGE.reviewImageUnknown}`,
      ]);
      for (const [body, errorMessage] of cases) {
        const response = await sendMail(body);
        expect({ body, status: response.status, answer: response.body }).toEqual({
          body,
          status: 400,
          answer: { errorCode: ERROR_CODE.VALIDATION, errorMessage },
        });
      }
      expect(await outboxFiles()).toEqual([]);
    });

    it('marks the scheme it names (programId) as sent for review, in its read and the list', async () => {
      const { programId, schemeName } = UNDER_REVIEW;
      expect((await readScheme(programId)).reviewSentAt).toBeNull();
      expect((await listedScheme(programId))?.reviewSentAt).toBeNull();
      const before = Math.floor(Date.now() / 1000);
      const image = await reviewImage();
      const response = await sendMail({ email: REVIEWER, schemeName, image, programId });
      expect(response.status).toBe(200);
      expect((response.body as ReviewMailResult).status).toBe(MAIL_STATUS.KEPT);

      const sentAt = (await readScheme(programId)).reviewSentAt;
      expect(sentAt).toBeGreaterThanOrEqual(before);
      expect(sentAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
      expect((await listedScheme(programId))?.reviewSentAt).toBe(sentAt);
      // Another scheme is not touched; a mail without programId marks nothing.
      await sendMail({ email: REVIEWER, schemeName: SCHEME, image }).expect(200);
      const others = (await t.dataFile()).programs.filter((p) => p.programId !== programId);
      expect(others.filter((p) => p.reviewSentAt != null)).toEqual([]);
    });

    it('refuses a programId of no scheme, or of a scheme of another name, sending nothing', async () => {
      const image = await reviewImage();
      const unknown = 9_999_999;
      const cases: [object, string][] = [
        [
          { email: REVIEWER, schemeName: UNDER_REVIEW.schemeName, image, programId: unknown },
          `programId: ${SCHEME_SERVER_MESSAGE.notExisting('Scheme', unknown)}`,
        ],
        [
          { email: REVIEWER, schemeName: SCHEME, image, programId: UNDER_REVIEW.programId },
          `schemeName: ${MAIL_ERROR_MESSAGE.schemeNameMismatch}`,
        ],
        [
          { email: REVIEWER, schemeName: SCHEME, image, programId: 'one' },
          expect.stringMatching(/^programId: /) as unknown as string,
        ],
      ];
      const data = await t.dataFileBytes();
      for (const [body, errorMessage] of cases) {
        const response = await sendMail(body);
        expect({ body, status: response.status, answer: response.body }).toEqual({
          body,
          status: 400,
          answer: { errorCode: ERROR_CODE.VALIDATION, errorMessage },
        });
      }
      expect(await outboxFiles()).toEqual([]);
      expect(await t.dataFileBytes()).toEqual(data);
    });

    it("a scheme's update keeps its reviewSentAt, whatever the body says", async () => {
      const { programId, schemeName } = UNDER_REVIEW;
      const image = await reviewImage();
      await sendMail({ email: REVIEWER, schemeName, image, programId }).expect(200);
      const sent = await readScheme(programId);
      const { programId: _id, clientName: _name, schemeStatus: _status, ...fields } = sent;
      await request(t.app)
        .put(`/api${SCHEME_PATHS.scheme(programId)}`)
        .set('Authorization', auth)
        .send({ ...fields, reviewSentAt: null, address1: '2 Other Street' })
        .expect(200);
      const updated = await readScheme(programId);
      expect(updated).toMatchObject({
        address1: '2 Other Street',
        reviewSentAt: sent.reviewSentAt,
      });
    });

    it('answers 401 without a token, and 404 for an unknown mail', async () => {
      const image = await reviewImage();
      const calls = [
        request(t.app).post(URL_PATHS.imagesReview).attach('file', PNG_BYTES, 'summary.png'),
        request(t.app).post(URL_PATHS.mail).send({ email: REVIEWER, schemeName: SCHEME, image }),
        request(t.app).get(URL_PATHS.mailOutbox),
        request(t.app).get(URL_PATHS.mailOutboxItem('20260101T000000000Z-00000000')),
      ];
      for (const call of calls) {
        const response = await call;
        expect(response.status).toBe(401);
        expect(response.body.errorCode).toBe(ERROR_CODE.SESSION_EXPIRED);
      }
      expect(await outboxFiles()).toEqual([]);
      for (const id of ['20260101T000000000Z-00000000', '..%2Fdb.json', 'x']) {
        const response = await request(t.app)
          .get(URL_PATHS.mailOutboxItem(id))
          .set('Authorization', auth);
        expect(response.status).toBe(404);
      }
    });
  });

  describe('screenshot retention (IMPORT_FILE_RETENTION_HOURS)', () => {
    const HOUR = 60 * 60 * 1000;
    beforeEach(() => open({ IMPORT_FILE_RETENTION_HOURS: '1' }));

    const screenshot = (id: string) => path.join(t.config.reviewImagesDir, id);
    const age = async (id: string, ageMs: number) => {
      const when = new Date(Date.now() - ageMs);
      await utimes(screenshot(id), when, when);
    };

    it('deletes a screenshot a retention after its upload, at start; its mail keeps its copy', async () => {
      const mailed = await reviewImage();
      const sent = await sendMail({ email: REVIEWER, schemeName: SCHEME, image: mailed });
      expect(sent.status).toBe(200);
      const recent = await reviewImage(JPEG_BYTES);
      await age(mailed, 2 * HOUR);
      await age(recent, HOUR / 2);

      // A server started again over the same folders sweeps at start, in the background: its
      // outcome is waited for, not a time.
      const restarted = createApp({ db: t.store, config: t.config });
      while (existsSync(screenshot(mailed)))
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(existsSync(screenshot(recent))).toBe(true);

      const mail = (image: string) =>
        request(restarted)
          .post(URL_PATHS.mail)
          .set('Authorization', auth)
          .send({ email: REVIEWER, schemeName: SCHEME, image });
      const gone = await mail(mailed);
      expect(gone.status).toBe(400);
      expect(gone.body).toEqual({
        errorCode: ERROR_CODE.VALIDATION,
        errorMessage: `image: ${MAIL_ERROR_MESSAGE.reviewImageUnknown}`,
      });
      expect((await mail(recent)).status).toBe(200);
      // The mail sent with the deleted screenshot still holds it.
      const { id } = sent.body as ReviewMailResult;
      const eml = await readFile(path.join(t.config.outboxDir, `${id}.eml`), 'utf8');
      expect(unfolded(eml)).toContain(PNG_BYTES.toString('base64'));
    });

    it('sweeps by the upload time against the clock given; 0 keeps every screenshot', async () => {
      const id = await reviewImage();
      const dir = t.config.reviewImagesDir;
      await expect(sweepReviewImages(dir, HOUR, Date.now() + HOUR - 60_000)).resolves.toBe(0);
      await expect(sweepReviewImages(dir, 0, Date.now() + 1000 * HOUR)).resolves.toBe(0);
      expect(existsSync(screenshot(id))).toBe(true);
      await expect(sweepReviewImages(dir, HOUR, Date.now() + HOUR)).resolves.toBe(1);
      expect(existsSync(screenshot(id))).toBe(false);
    });
  });

  describe('with SMTP', () => {
    let smtp: FakeSmtpServer | undefined;
    afterEach(async () => {
      await smtp?.close();
      smtp = undefined;
    });

    it('sends the mail that the outbox holds, marked sent', async () => {
      smtp = await startFakeSmtp();
      await open({ SMTP_URL: smtp.url, MAIL_FROM: 'Reviews <reviews@portal.example.com>' });
      const image = await reviewImage();
      const response = await sendMail({ email: REVIEWER, schemeName: SCHEME, image });
      expect(response.status).toBe(200);
      const result = response.body as ReviewMailResult;
      expect(result.status).toBe(MAIL_STATUS.SENT);

      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail?.from).toBe('reviews@portal.example.com');
      expect(mail?.to).toEqual([REVIEWER]);
      const eml = await readFile(path.join(t.config.outboxDir, `${result.id}.eml`), 'latin1');
      expect(mail?.data).toBe(eml);
      expect(eml).toMatch(/^From: Reviews <reviews@portal\.example\.com>\r$/m);
      expect(unfolded(eml)).toContain(PNG_BYTES.toString('base64'));

      const [entry] = await listOutbox();
      expect(entry).toMatchObject({ id: result.id, status: MAIL_STATUS.SENT, error: null });
      expect(entry?.sentAt).toEqual(expect.any(String));

      const { programId, schemeName } = UNDER_REVIEW;
      await sendMail({ email: REVIEWER, schemeName, image, programId }).expect(200);
      expect((await readScheme(programId)).reviewSentAt).toEqual(expect.any(Number));
    });

    it('answers 502 when the server refuses the recipient; the mail stays, not sent', async () => {
      smtp = await startFakeSmtp({ refuseRecipients: true });
      await open({ SMTP_URL: smtp.url });
      const image = await reviewImage();
      const response = await sendMail({ email: REVIEWER, schemeName: SCHEME, image });
      expect(response.status).toBe(502);
      expect(response.body).toEqual({
        errorCode: ERROR_CODE.MAIL_NOT_SENT,
        errorMessage: MAIL_ERROR_MESSAGE.notSent,
      });
      expect(smtp.received).toEqual([]);
      const [entry, ...others] = await listOutbox();
      expect(others).toEqual([]);
      expect(entry).toMatchObject({ to: REVIEWER, status: MAIL_STATUS.FAILED, sentAt: null });
      expect(entry?.error).toEqual(expect.stringContaining('550'));
      expect(await outboxFiles()).toContain(entry?.file);

      // Not sent: the scheme it names is not marked as sent for review.
      const named = await sendMail({
        email: REVIEWER,
        schemeName: UNDER_REVIEW.schemeName,
        image,
        programId: UNDER_REVIEW.programId,
      });
      expect(named.status).toBe(502);
      expect((await readScheme(UNDER_REVIEW.programId)).reviewSentAt).toBeNull();
    });

    it('answers 502 when the server cannot be reached; the mail stays, not sent', async () => {
      await open({ SMTP_URL: UNREACHABLE_SMTP_URL });
      const image = await reviewImage();
      const response = await sendMail({ email: REVIEWER, schemeName: SCHEME, image });
      expect(response.status).toBe(502);
      expect(response.body.errorCode).toBe(ERROR_CODE.MAIL_NOT_SENT);
      const [entry] = await listOutbox();
      expect(entry).toMatchObject({ status: MAIL_STATUS.FAILED, sentAt: null });
    });
  });
});
