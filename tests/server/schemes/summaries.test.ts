import { ERROR_CODE } from '@contracts/api/constants';
import type { EmbeddedList } from '@contracts/api/entities';
import {
  SCHEME_PATHS,
  SCHEME_SERVER_MESSAGE,
  SCHEME_TEXT,
  UPLOAD_FILE_TYPE,
  type UploadedFile,
} from '@contracts/api/schemes';
import type { UploadedFileRecord } from '../../../server/db/schema';
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

function uploadedFile(overrides: Partial<UploadedFileRecord>): UploadedFileRecord {
  return {
    id: 1,
    programId: GIFT.programId,
    fileTypeId: UPLOAD_FILE_TYPE.CARD,
    fileName: 'cards-1.txt',
    userFileName: 'cards.txt',
    createdDate: Date.UTC(2026, 2, 1, 9, 30) / 1000,
    ...overrides,
  };
}

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

    it("lists the scheme's own files, oldest first, with name and date", async () => {
      const later = uploadedFile({ id: 1, fileName: 'stores-2.txt', createdDate: 1_800_000_000 });
      const earlier = uploadedFile({ id: 2, fileName: 'cards-1.txt', createdDate: 1_700_000_000 });
      const other = uploadedFile({ id: 3, programId: LOYALTY.programId, fileName: 'x.txt' });
      t = await createFinanceTestApp((data) => {
        data.uploadedFiles = [later, earlier, other];
      });
      expect(await files(GIFT.programId)).toEqual([
        { fileName: 'cards-1.txt', createdDate: 1_700_000_000 },
        { fileName: 'stores-2.txt', createdDate: 1_800_000_000 },
      ]);
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
