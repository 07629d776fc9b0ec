import { ERROR_CODE } from '@contracts/api/constants';
import type { EmbeddedList } from '@contracts/api/entities';
import {
  IMPORT_FILE_FIELD,
  IMPORT_PATHS,
  type ImportAnswer,
  type UploadAnswer,
} from '@contracts/api/imports';
import {
  SCHEME_PATHS,
  SCHEME_SERVER_MESSAGE,
  SCHEME_TEXT,
  type UploadedFile,
} from '@contracts/api/schemes';
import {
  createFinanceTestApp,
  expectError,
  GIFT,
  LOYALTY,
  NO_CONFIG,
  UNKNOWN_ID,
  type FinanceTestApp,
} from './finance-test-app';

const invalid = (errorMessage: string) => ({ errorCode: ERROR_CODE.VALIDATION, errorMessage });
const notFound = (id: number) => ({
  errorCode: ERROR_CODE.NOT_FOUND,
  errorMessage: SCHEME_SERVER_MESSAGE.schemeNotFound(id),
});

/** A store file (no card parameters needed) of one good line. */
const storeFile = (storeCode: string) =>
  Buffer.from(
    `storeCode|storeName|address|city|postcode|countryCode\n${storeCode}|Shop|1 Main St|Sydney|2000|AU\n`,
  );

describe('scheme summary', () => {
  let t: FinanceTestApp;
  afterEach(async () => {
    await t.close();
  });

  const files = async (programId: number) => {
    const response = await t.get(SCHEME_PATHS.uploadedFiles(programId)).expect(200);
    return (response.body as EmbeddedList<'files', UploadedFile>)._embedded.files;
  };
  const activate = (programId: number | string, body?: unknown) =>
    t.put(SCHEME_PATHS.summary(programId), body);

  describe('uploaded files', () => {
    it('is an empty list for a scheme without files', async () => {
      t = await createFinanceTestApp();
      expect(await files(GIFT.programId)).toEqual([]);
    });

    it("lists the scheme's own imported files, oldest first, with name and date", async () => {
      t = await createFinanceTestApp();
      const importStores = async (programId: number, userFileName: string, storeCode: string) => {
        const uploaded = await t
          .post(IMPORT_PATHS.upload(programId))
          .attach(IMPORT_FILE_FIELD, storeFile(storeCode), userFileName)
          .expect(200);
        const { fileName } = uploaded.body as UploadAnswer;
        const processed = await t
          .post(IMPORT_PATHS.processMerchantFile, { programId, fileName, userFileName })
          .expect(200);
        expect((processed.body as ImportAnswer).currentStep).toBe('completed');
        return fileName;
      };
      const before = Math.floor(Date.now() / 1000);
      await importStores(GIFT.programId, 'stores-1.txt', 'S1');
      await importStores(LOYALTY.programId, 'other.txt', 'S1');
      await importStores(GIFT.programId, 'stores-2.txt', 'S2');
      // Uploaded, never imported: not listed.
      await t
        .post(IMPORT_PATHS.upload(GIFT.programId))
        .attach(IMPORT_FILE_FIELD, storeFile('S3'), 'stores-3.txt')
        .expect(200);
      const after = Math.ceil(Date.now() / 1000);

      const listed = await files(GIFT.programId);
      expect(listed.map((file) => file.fileName)).toEqual(['stores-1.txt', 'stores-2.txt']);
      const dates = listed.map((file) => file.createdDate);
      expect(dates[0]).toBeGreaterThanOrEqual(before);
      expect(dates[0]).toBeLessThanOrEqual(dates[1] ?? 0);
      expect(dates[1]).toBeLessThanOrEqual(after);
      // Imports without failing lines name no error file.
      expect(listed[0]).toEqual({
        fileName: 'stores-1.txt',
        createdDate: dates[0],
        outFileName: null,
        failingLines: 0,
        fixedLines: 0,
      });
    });

    it('reads a data file that still has the retired uploadedFiles list', async () => {
      t = await createFinanceTestApp((data) => {
        Object.assign(data, {
          uploadedFiles: [
            { id: 1, programId: GIFT.programId, fileName: 'old.txt', createdDate: 1 },
          ],
        });
      });
      expect(await files(GIFT.programId)).toEqual([]);
      await activate(GIFT.programId).expect(200);
    });

    it('answers 404 for an unknown scheme and 400 for a bad id', async () => {
      t = await createFinanceTestApp();
      expectError(await t.get(SCHEME_PATHS.uploadedFiles(UNKNOWN_ID)), 404, notFound(UNKNOWN_ID));
      expectError(
        await t.get(SCHEME_PATHS.uploadedFiles('1e3')),
        400,
        invalid('id: Must be a whole number'),
      );
    });
  });

  describe('activation', () => {
    beforeEach(async () => {
      t = await createFinanceTestApp();
    });

    it('activates a configured scheme: status 5', async () => {
      const response = await activate(GIFT.programId).expect(200);
      expect(response.body).toEqual({ programId: GIFT.programId, schemeStatus: 5 });
      expect(await t.schemeStatus(GIFT.programId)).toBe(5);
      // Again: still active.
      await activate(GIFT.programId).expect(200);
      expect(await t.schemeStatus(GIFT.programId)).toBe(5);
    });

    it('refuses a body with fields (activation carries none), nothing written; {} is fine', async () => {
      await t.expectNothingWritten(async () => {
        const answer = await activate(LOYALTY.programId, {
          schemeStatus: 1,
          programId: GIFT.programId,
        });
        expect(answer.status).toBe(400);
        expect((answer.body as { errorMessage: string }).errorMessage).toMatch(/Unknown field/);
      });
      await activate(LOYALTY.programId, {}).expect(200);
      expect(await t.schemeStatus(LOYALTY.programId)).toBe(5);
      expect(await t.schemeStatus(GIFT.programId)).toBe(GIFT.schemeStatus);
    });

    it('refuses a scheme without a configuration with the 03 §8 text, nothing written', async () => {
      await t.expectNothingWritten(async () => {
        expectError(await activate(NO_CONFIG.programId), 409, {
          errorCode: ERROR_CODE.CONFLICT,
          errorMessage: "You can't activate program, you must save Configuration first!",
        });
      });
      expect(SCHEME_TEXT.activateWithoutConfig).toBe(
        "You can't activate program, you must save Configuration first!",
      );
    });

    it('answers 404 for an unknown scheme and 400 for a bad id, nothing written', async () => {
      await t.expectNothingWritten(async () => {
        expectError(await activate(UNKNOWN_ID), 404, notFound(UNKNOWN_ID));
        expectError(await activate(-1), 400, invalid('id: Must be a whole number'));
        expectError(await activate('x'.repeat(5000)), 400, invalid('id: Must be a whole number'));
      });
    });
  });
});
