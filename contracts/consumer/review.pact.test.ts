/**
 * The Summary's Send to Review calls on the URL base (03 §7 "Summary and activation"), driven
 * through the client's real endpoints (client/src/features/schemes/api/review-api.ts): the
 * screenshot upload, then the mail naming it, and the 401 of each without a token.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MatchersV3 } from '@pact-foundation/pact';
import { ERROR_CODE } from '../api/constants';
import { ERROR_MESSAGE } from '../api/error-messages';
import { MAIL_ERROR_MESSAGE, MAIL_STATUS, REVIEW_IMAGE_FIELD } from '../api/mail';
import { URL_PATHS } from '../api/paths';
import { PROGRAM_TYPE } from '../api/schemes';
import { reviewApi } from '@/features/schemes/api/review-api';
import {
  errorBody,
  JSON_ANSWER,
  newPact,
  SIGNED_IN_HEADERS,
  STATE,
  storeFor,
} from './support/pact';
import { fromSchemeState, PACT_NAMES, SCHEME_EXAMPLE } from './support/schemes';

const { fromProviderState, regex, string } = MatchersV3;

/** A 1x1 PNG: what the browser's screenshot is, as far as the calls go. */
const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const IMAGE_ID = '0123456789abcdef0123456789abcdef';
const JSON_REQUEST = { ...SIGNED_IN_HEADERS, 'Content-Type': 'application/json' };

describe('scheme review mail (03 §4 Activation, §7, §8)', () => {
  let dir = '';
  let pngFile = '';
  let textFile = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pact-review-'));
    pngFile = path.join(dir, 'scheme-summary.png');
    await writeFile(pngFile, PNG_BYTES);
    // A screenshot that came out as something else: the provider tells the type by the bytes.
    textFile = path.join(dir, 'scheme-summary.txt');
    await writeFile(textFile, 'Not a screenshot, just text.\n');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('uploads the summary screenshot as multipart field "file" and answers its id', async () => {
    const pact = newPact();
    pact
      .uponReceiving('a review screenshot upload')
      .withRequestMultipartFileUpload(
        { method: 'POST', path: URL_PATHS.imagesReview, headers: SIGNED_IN_HEADERS },
        'image/png',
        pngFile,
        REVIEW_IMAGE_FIELD,
        // Fixed, so the committed pact file does not change on every run.
        'pact-review-upload-boundary',
      )
      .willRespondWith({ status: 200, headers: JSON_ANSWER, body: { id: string(IMAGE_ID) } });

    await pact.executeTest(async (mock) => {
      const png = new Blob([await readFile(pngFile)], { type: 'image/png' });
      const uploaded = await storeFor(mock.url)
        .dispatch(reviewApi.endpoints.uploadReviewImage.initiate(png))
        .unwrap();
      expect(uploaded.id).toBe(IMAGE_ID);
    });
  });

  it('answers 415 with error code 5 to a screenshot that is not a PNG or JPEG', async () => {
    const pact = newPact();
    pact
      .uponReceiving('a review screenshot upload that is not an image')
      .withRequestMultipartFileUpload(
        { method: 'POST', path: URL_PATHS.imagesReview, headers: SIGNED_IN_HEADERS },
        'text/plain',
        textFile,
        REVIEW_IMAGE_FIELD,
        'pact-review-upload-not-an-image-boundary',
      )
      .willRespondWith({
        status: 415,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.UNSUPPORTED_MEDIA, MAIL_ERROR_MESSAGE.reviewImageType),
      });

    await pact.executeTest(async (mock) => {
      const text = new Blob([await readFile(textFile)], { type: 'text/plain' });
      const result = await storeFor(mock.url).dispatch(
        reviewApi.endpoints.uploadReviewImage.initiate(text),
      );
      expect(result.error).toMatchObject({ status: 415, errorCode: ERROR_CODE.UNSUPPORTED_MEDIA });
    });
  });

  it('answers 401 with error code 11 to a screenshot upload without a token (the URL base)', async () => {
    const pact = newPact();
    pact
      .uponReceiving('a review screenshot upload without a token')
      .withRequestMultipartFileUpload(
        { method: 'POST', path: URL_PATHS.imagesReview },
        'image/png',
        pngFile,
        REVIEW_IMAGE_FIELD,
        'pact-review-upload-without-token-boundary',
      )
      .willRespondWith({
        status: 401,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.SESSION_EXPIRED, ERROR_MESSAGE.authRequired),
      });

    await pact.executeTest(async (mock) => {
      const png = new Blob([await readFile(pngFile)], { type: 'image/png' });
      const result = await storeFor(mock.url, null).dispatch(
        reviewApi.endpoints.uploadReviewImage.initiate(png),
      );
      expect(result.error).toMatchObject({ status: 401, errorCode: ERROR_CODE.SESSION_EXPIRED });
    });
  });

  it('answers 401 with error code 11 to a review mail without a token (the URL base)', async () => {
    const pact = newPact();
    const mail = {
      email: 'reviewer@example.com',
      schemeName: PACT_NAMES.giftScheme,
      image: IMAGE_ID,
    };
    pact
      .uponReceiving('a review mail without a token')
      .withRequest({
        method: 'POST',
        path: URL_PATHS.mail,
        headers: { 'Content-Type': 'application/json' },
        body: mail,
      })
      .willRespondWith({
        status: 401,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.SESSION_EXPIRED, ERROR_MESSAGE.authRequired),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url, null).dispatch(
        reviewApi.endpoints.sendReviewMail.initiate(mail),
      );
      expect(result.error).toMatchObject({ status: 401, errorCode: ERROR_CODE.SESSION_EXPIRED });
    });
  });

  it('sends the review mail naming the screenshot and the scheme, and keeps it in the outbox', async () => {
    const pact = newPact();
    const mail = { email: 'reviewer@example.com', schemeName: PACT_NAMES.giftScheme };
    pact
      .given(STATE.scheme, { programTypeId: PROGRAM_TYPE.GIFT, configured: false })
      .given(STATE.reviewImage)
      .uponReceiving('a review mail for a stored screenshot of a scheme')
      .withRequest({
        method: 'POST',
        path: URL_PATHS.mail,
        headers: JSON_REQUEST,
        body: {
          ...mail,
          image: fromProviderState('${reviewImageId}', IMAGE_ID),
          // The scheme under review: marked as sent for review once the mail went.
          programId: fromSchemeState('programId'),
        },
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          id: string('20261123T010203Z-0123456789abcdef'),
          ...mail,
          // Kept without SMTP settings, sent with them (docs/schemes.md).
          status: regex(`^(${MAIL_STATUS.KEPT}|${MAIL_STATUS.SENT})$`, MAIL_STATUS.KEPT),
        },
      });

    await pact.executeTest(async (mock) => {
      const sent = await storeFor(mock.url)
        .dispatch(
          reviewApi.endpoints.sendReviewMail.initiate({
            ...mail,
            image: IMAGE_ID,
            programId: SCHEME_EXAMPLE.programId,
          }),
        )
        .unwrap();
      expect(sent).toMatchObject({ ...mail, status: MAIL_STATUS.KEPT });
    });
  });

  it('refuses an address that is not an e-mail, naming the field', async () => {
    const pact = newPact();
    const request = { email: 'not-an-address', schemeName: 'Pact Gift Scheme', image: IMAGE_ID };
    pact
      .uponReceiving('a review mail to an invalid address')
      .withRequest({ method: 'POST', path: URL_PATHS.mail, headers: JSON_REQUEST, body: request })
      .willRespondWith({
        status: 400,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.VALIDATION, 'email: Invalid email address'),
      });

    await pact.executeTest(async (mock) => {
      const answer = await storeFor(mock.url).dispatch(
        reviewApi.endpoints.sendReviewMail.initiate(request),
      );
      expect(answer.error).toMatchObject({ status: 400 });
    });
  });
});
