/** @jest-environment node */
/**
 * The review of an import's error lines (contracts/api/import-review.ts), driven through the
 * client's real endpoints (client/src/features/schemes/api/import-review-api.ts): the summary,
 * a page of lines, a line correction, a bulk correction, the corrections' import and its
 * progress.
 *
 * Every interaction names the review of the state 'a scheme has a completed card import with
 * error lines': the pact card file imported through the server's import service (line 2 good,
 * line 3 a card number of no BIN), answered as `outFileName` (new each time, so every
 * interaction starts from a review with nothing corrected). The corrected card number is one of
 * the pact BIN that no state stores. A successful import of corrections names the state whose
 * error line is corrected already. A correction goes with the line's ETag as read (`If-Match`),
 * a bulk correction with the review's version as read: the state whose line was corrected since
 * refuses them with 412. Not described: the 409 of two imports at once (two overlapping requests
 * cannot be staged in a pact).
 */
import { MatchersV3 } from '@pact-foundation/pact';
import { ERROR_CODE } from '../api/constants';
import { ERROR_MESSAGE } from '../api/error-messages';
import {
  REVIEW_LIMITS,
  REVIEW_PATHS,
  REVIEW_SECRET_MASK,
  REVIEW_SERVER_MESSAGE,
  type BulkAnswer,
} from '../api/import-review';
import { PROGRAM_TYPE } from '../api/schemes';
import { importReviewApi } from '@/features/schemes/api/import-review-api';
import {
  errorBody,
  JSON_ANSWER,
  newPact,
  SIGNED_IN_HEADERS,
  SIGNED_IN_NO_BODY,
  STATE,
  storeFor,
} from './support/pact';
import { JSON_REQUEST, SCHEME_EXAMPLE } from './support/schemes';

const { eachLike, fromProviderState, integer, regex, string } = MatchersV3;

const GIFT = { programTypeId: PROGRAM_TYPE.GIFT };
const programId = SCHEME_EXAMPLE.programId;

/** The error file's server-made name: the provider's own form, any non-empty text. */
const ERROR_FILE_NAME = '^.+$';
const OUT_FILE = '7d1f0c2a-5b3e-4a8f-9c6d-2e4b1a0f3c57.errors.txt';
/** A well-formed name no import wrote. */
const UNKNOWN_OUT_FILE = '00000000-0000-4000-8000-000000000000.errors.txt';

/**
 * The state's card file: its user name, header and bad line (line 3). The name and the line's
 * values are the file the provider's state wrote: matched by type, but the PIN, which the
 * review never answers (the mask, exactly).
 */
const USER_FILE_NAME = 'pact-import-cards.txt';
const COLUMNS = ['cardNumber', 'pin', 'balance', 'expiryDate'];
const BAD_LINE = 3;
const BAD_VALUES = ['0000000000000001', REVIEW_SECRET_MASK, '25.00', '2099-12-31'];
/** Values as the lines call answers them: by type, the PIN's mask exactly. */
const answered = (values: readonly string[]) =>
  values.map((value) => (value === REVIEW_SECRET_MASK ? value : string(value)));
const BAD_CARD_REASON =
  'cardNumber: must be 16 digits starting with the BIN 999901 followed by the extension 001';
/** The id of the rule the bad line fails: opaque, the state's (`rule`). */
const RULE = 'cardNumber-1';
/** A card number of the pact BIN and extension that no state stores. */
const GOOD_CARD_NUMBER = '9999010010002525';
/** The ETag of a line as the review was built (its version 0), and after its first write. */
const FIRST_ETAG = '"0"';
const ETAG = regex(/^"\d+"$/.source, '"1"');

/** A path of the state's review (its scheme and error file injected at verification). */
const reviewPath = (build: (programId: string, outFileName: string) => string) =>
  fromProviderState(
    `/api${build('${programId}', '${outFileName}')}`,
    `/api${build(String(programId), OUT_FILE)}`,
  );

const REVIEW = { programId, outFileName: OUT_FILE };

/** The state's bad line as the lines call answers it while it fails its rule. */
const FAILING_LINE = {
  line: BAD_LINE,
  values: answered(BAD_VALUES),
  reasons: eachLike({ rule: string(RULE), field: 'cardNumber', text: string(BAD_CARD_REASON) }),
  status: 'failing',
  corrected: false,
  etag: FIRST_ETAG,
};

/** A first page of the lines call holding one line. */
const onePage = (line: object) => ({
  lines: [line],
  total: 1,
  offset: 0,
  limit: REVIEW_LIMITS.pageLines,
});

describe('import error review (contracts/api/import-review.ts)', () => {
  it("answers the review's summary: the file's columns and the counts by rule and field", async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithCardImportErrors, GIFT)
      .uponReceiving('a request for the review of a card import with an error line')
      .withRequest({
        method: 'GET',
        path: reviewPath(REVIEW_PATHS.review),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          outFileName: regex(ERROR_FILE_NAME, OUT_FILE),
          userFileName: string(USER_FILE_NAME),
          kind: 'card',
          columns: COLUMNS,
          secretColumn: 'pin',
          totalLines: 1,
          failingLines: 1,
          fixedLines: 0,
          importedLines: 0,
          counts: [
            {
              rule: string(RULE),
              field: 'cardNumber',
              text: string(BAD_CARD_REASON),
              lines: 1,
            },
          ],
          importing: false,
          version: 0,
        },
      });

    await pact.executeTest(async (mock) => {
      const summary = await storeFor(mock.url)
        .dispatch(importReviewApi.endpoints.importReview.initiate(REVIEW))
        .unwrap();
      expect(summary).toMatchObject({
        userFileName: USER_FILE_NAME,
        kind: 'card',
        columns: COLUMNS,
        failingLines: 1,
        counts: [{ field: 'cardNumber', lines: 1 }],
      });
    });
  });

  it('answers a page of error lines: line number, values in the header order, reasons', async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithCardImportErrors, GIFT)
      .uponReceiving('a request for the first page of the error lines of a card import')
      .withRequest({
        method: 'GET',
        path: reviewPath(REVIEW_PATHS.lines),
        query: { offset: '0', limit: String(REVIEW_LIMITS.pageLines) },
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: onePage(FAILING_LINE),
      });

    await pact.executeTest(async (mock) => {
      const page = await storeFor(mock.url)
        .dispatch(
          importReviewApi.endpoints.importReviewLines.initiate({
            ...REVIEW,
            offset: 0,
            limit: REVIEW_LIMITS.pageLines,
          }),
        )
        .unwrap();
      expect(page.total).toBe(1);
      expect(page.lines[0]).toMatchObject({
        line: BAD_LINE,
        values: BAD_VALUES,
        status: 'failing',
      });
    });
  });

  it("answers the lines failing one rule: the rule id of the summary's count as the filter", async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithCardImportErrors, GIFT)
      .uponReceiving('a request for the error lines of a card import failing one rule')
      .withRequest({
        method: 'GET',
        path: reviewPath(REVIEW_PATHS.lines),
        query: {
          rule: fromProviderState('${rule}', RULE),
          offset: '0',
          limit: String(REVIEW_LIMITS.pageLines),
        },
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: onePage(FAILING_LINE),
      });

    await pact.executeTest(async (mock) => {
      const page = await storeFor(mock.url)
        .dispatch(
          importReviewApi.endpoints.importReviewLines.initiate({
            ...REVIEW,
            rule: RULE,
            offset: 0,
            limit: REVIEW_LIMITS.pageLines,
          }),
        )
        .unwrap();
      expect(page.lines).toEqual([
        expect.objectContaining({
          line: BAD_LINE,
          reasons: [expect.objectContaining({ rule: RULE })],
        }),
      ]);
    });
  });

  it('answers the lines of one status: the corrected line as fixed', async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithCorrectedImportLine, GIFT)
      .uponReceiving('a request for the fixed lines of a card import with its error line fixed')
      .withRequest({
        method: 'GET',
        path: reviewPath(REVIEW_PATHS.lines),
        query: { status: 'fixed', offset: '0', limit: String(REVIEW_LIMITS.pageLines) },
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: onePage({
          line: BAD_LINE,
          // The corrected card number is the state's (new each time): any text.
          values: [string(GOOD_CARD_NUMBER), ...answered(BAD_VALUES.slice(1))],
          reasons: [],
          status: 'fixed',
          corrected: true,
          etag: ETAG,
        }),
      });

    await pact.executeTest(async (mock) => {
      const page = await storeFor(mock.url)
        .dispatch(
          importReviewApi.endpoints.importReviewLines.initiate({
            ...REVIEW,
            status: 'fixed',
            offset: 0,
            limit: REVIEW_LIMITS.pageLines,
          }),
        )
        .unwrap();
      expect(page.total).toBe(1);
      expect(page.lines[0]).toMatchObject({ line: BAD_LINE, status: 'fixed', corrected: true });
    });
  });

  it('corrects one line: re-checked at once, it now passes and is fixed', async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithCardImportErrors, GIFT)
      .uponReceiving('a correction of the card number of an error line, with its ETag as read')
      .withRequest({
        method: 'PUT',
        path: reviewPath((id, name) => REVIEW_PATHS.line(id, name, BAD_LINE)),
        headers: { ...JSON_REQUEST, 'If-Match': FIRST_ETAG },
        body: { values: { cardNumber: GOOD_CARD_NUMBER } },
      })
      .willRespondWith({
        status: 200,
        headers: { ...JSON_ANSWER, ETag: ETAG },
        body: {
          line: BAD_LINE,
          values: [GOOD_CARD_NUMBER, ...answered(BAD_VALUES.slice(1))],
          reasons: [],
          status: 'fixed',
          corrected: true,
          etag: ETAG,
        },
      });

    await pact.executeTest(async (mock) => {
      const line = await storeFor(mock.url)
        .dispatch(
          importReviewApi.endpoints.correctReviewLine.initiate({
            ...REVIEW,
            line: BAD_LINE,
            correction: { values: { cardNumber: GOOD_CARD_NUMBER } },
            etag: FIRST_ETAG,
          }),
        )
        .unwrap();
      expect(line).toMatchObject({ status: 'fixed', reasons: [] });
      expect(line.etag).not.toBe(FIRST_ETAG);
    });
  });

  it('answers 412 to a correction sent with the ETag of a line corrected since, nothing written', async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithCorrectedImportLine, GIFT)
      .uponReceiving('a correction of an error line with the ETag it had before it was corrected')
      .withRequest({
        method: 'PUT',
        path: reviewPath((id, name) => REVIEW_PATHS.line(id, name, BAD_LINE)),
        headers: { ...JSON_REQUEST, 'If-Match': FIRST_ETAG },
        body: { values: { balance: '30.00' } },
      })
      .willRespondWith({
        status: 412,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.CONFLICT, ERROR_MESSAGE.staleRecord),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        importReviewApi.endpoints.correctReviewLine.initiate({
          ...REVIEW,
          line: BAD_LINE,
          correction: { values: { balance: '30.00' } },
          etag: FIRST_ETAG,
        }),
      );
      expect(result.error).toMatchObject({ status: 412, errorCode: ERROR_CODE.CONFLICT });
    });
  });

  it('refuses a correction of a column the file does not have', async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithCardImportErrors, GIFT)
      .uponReceiving('a correction of an error line naming a column the file does not have')
      .withRequest({
        method: 'PUT',
        path: reviewPath((id, name) => REVIEW_PATHS.line(id, name, BAD_LINE)),
        headers: JSON_REQUEST,
        body: { values: { nickname: 'Pact' } },
      })
      .willRespondWith({
        status: 400,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.VALIDATION, REVIEW_SERVER_MESSAGE.unknownColumn('nickname')),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        importReviewApi.endpoints.correctReviewLine.initiate({
          ...REVIEW,
          line: BAD_LINE,
          correction: { values: { nickname: 'Pact' } },
        }),
      );
      expect(result.error).toMatchObject({ status: 400, errorCode: ERROR_CODE.VALIDATION });
    });
  });

  it('corrects every failing line in bulk and says how many now pass', async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithCardImportErrors, GIFT)
      .uponReceiving('a bulk correction setting the card number of every failing line')
      .withRequest({
        method: 'POST',
        path: reviewPath(REVIEW_PATHS.bulk),
        headers: JSON_REQUEST,
        body: { field: 'cardNumber', set: GOOD_CARD_NUMBER },
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: { matched: 1, changed: 1, nowPassing: 1, failingLines: 0 } satisfies BulkAnswer,
      });

    await pact.executeTest(async (mock) => {
      const answer = await storeFor(mock.url)
        .dispatch(
          importReviewApi.endpoints.bulkCorrectReview.initiate({
            ...REVIEW,
            correction: { field: 'cardNumber', set: GOOD_CARD_NUMBER },
          }),
        )
        .unwrap();
      expect(answer).toEqual({ matched: 1, changed: 1, nowPassing: 1, failingLines: 0 });
    });
  });

  it('answers 412 to a bulk correction over a line corrected after the version it was read at', async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithChangedFailingImportLine, GIFT)
      .uponReceiving(
        'a bulk correction from the review as read before its failing line was corrected',
      )
      .withRequest({
        method: 'POST',
        path: reviewPath(REVIEW_PATHS.bulk),
        headers: JSON_REQUEST,
        body: { field: 'cardNumber', set: GOOD_CARD_NUMBER, version: 0 },
      })
      .willRespondWith({
        status: 412,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.CONFLICT, ERROR_MESSAGE.staleRecord),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        importReviewApi.endpoints.bulkCorrectReview.initiate({
          ...REVIEW,
          correction: { field: 'cardNumber', set: GOOD_CARD_NUMBER, version: 0 },
        }),
      );
      expect(result.error).toMatchObject({ status: 412, errorCode: ERROR_CODE.CONFLICT });
    });
  });

  it('answers 409 to an import of the corrections while no line is fixed', async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithCardImportErrors, GIFT)
      .uponReceiving('an import of the corrections of a review with no fixed line')
      .withRequest({
        method: 'POST',
        path: reviewPath(REVIEW_PATHS.importCorrections),
        headers: SIGNED_IN_NO_BODY,
      })
      .willRespondWith({
        status: 409,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.CONFLICT, REVIEW_SERVER_MESSAGE.nothingToImport),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        importReviewApi.endpoints.importReviewCorrections.initiate(REVIEW),
      );
      expect(result.error).toMatchObject({ status: 409, errorCode: ERROR_CODE.CONFLICT });
    });
  });

  it('imports the fixed lines as corrections: all or nothing, answered when the import ends', async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithCorrectedImportLine, GIFT)
      .uponReceiving('an import of the corrections of a review with its error line fixed')
      .withRequest({
        method: 'POST',
        path: reviewPath(REVIEW_PATHS.importCorrections),
        headers: SIGNED_IN_NO_BODY,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        // Nothing fails any more: no error file to name.
        body: {
          totalSuccessLines: 1,
          totalErrorLines: 0,
          outFileName: null,
          currentStep: 'completed',
          insertedLines: 1,
          replacedLines: 0,
        },
      });

    await pact.executeTest(async (mock) => {
      const answer = await storeFor(mock.url)
        .dispatch(importReviewApi.endpoints.importReviewCorrections.initiate(REVIEW))
        .unwrap();
      expect(answer).toMatchObject({ currentStep: 'completed', insertedLines: 1 });
    });
  });

  it("answers the progress of the corrections' import: uploaded before any", async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithCardImportErrors, GIFT)
      .uponReceiving("a request for the progress of a review's corrections before any import")
      .withRequest({
        method: 'GET',
        path: reviewPath(REVIEW_PATHS.progress),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          currentStep: 'uploaded',
          currentLine: integer(0),
          totalLines: integer(0),
          numErrorLines: integer(0),
        },
      });

    await pact.executeTest(async (mock) => {
      const progress = await storeFor(mock.url)
        .dispatch(importReviewApi.endpoints.importReviewProgress.initiate(REVIEW))
        .unwrap();
      expect(progress).toMatchObject({ currentStep: 'uploaded' });
    });
  });

  it('answers 404 to the review of an error file the scheme has not', async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithCardImportErrors, GIFT)
      .uponReceiving('a request for the review of an unknown error file')
      .withRequest({
        method: 'GET',
        path: fromProviderState(
          `/api${REVIEW_PATHS.review('${programId}', UNKNOWN_OUT_FILE)}`,
          `/api${REVIEW_PATHS.review(programId, UNKNOWN_OUT_FILE)}`,
        ),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 404,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.NOT_FOUND, REVIEW_SERVER_MESSAGE.reviewNotFound),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        importReviewApi.endpoints.importReview.initiate({
          programId,
          outFileName: UNKNOWN_OUT_FILE,
        }),
      );
      expect(result.error).toMatchObject({ status: 404, errorCode: ERROR_CODE.NOT_FOUND });
    });
  });
});
