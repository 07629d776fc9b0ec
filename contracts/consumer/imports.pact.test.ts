/** @jest-environment node */
/**
 * The card, store and device file imports of a scheme (03 §7 "Files and import"),
 * driven through the client's real endpoints (client/src/features/schemes/api/imports-api.ts):
 * the uploads (multipart field `file`, a fixed boundary so the pact file does not change; sent
 * through fetch, as in node there is no XMLHttpRequest), the process calls, their progress and
 * the error file download.
 *
 * Every upload the process and progress interactions name is made by a provider state through
 * the server's import service and answered as `fileName` (a server-made name, new each time).
 * Not described: the 409 of the same upload processed twice at once (two overlapping requests
 * cannot be staged deterministically in a pact) and the 413 of an upload over the size cap
 * (a pact file would have to hold the whole body); the server tests cover both.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MatchersV3 } from '@pact-foundation/pact';
import { ERROR_CODE } from '../api/constants';
import { ERROR_MESSAGE } from '../api/error-messages';
import {
  IMPORT_FIELD_DELIMITER,
  IMPORT_FILE_FIELD,
  IMPORT_KIND_PATHS,
  IMPORT_PATHS,
  IMPORT_SAMPLE_FILE,
  IMPORT_SERVER_MESSAGE,
  importColumnNames,
  type ImportKind,
} from '../api/imports';
import { PROGRAM_TYPE } from '../api/schemes';
import { importsApi } from '@/features/schemes/api/imports-api';
import { importRequestOf } from '@/features/schemes/lib/imports';
import {
  errorBody,
  JSON_ANSWER,
  newPact,
  SIGNED_IN_HEADERS,
  STATE,
  storeFor,
  textBodyMatching,
} from './support/pact';
import {
  apiPathFromState,
  fromSchemeState,
  invalidField,
  JSON_REQUEST,
  MISSING_ID,
  queryFromState,
  SCHEME_EXAMPLE,
} from './support/schemes';

const { fromProviderState, integer, regex } = MatchersV3;

const GIFT = { programTypeId: PROGRAM_TYPE.GIFT };
const GIFT_CONFIGURED = { programTypeId: PROGRAM_TYPE.GIFT, configured: true };
const programId = SCHEME_EXAMPLE.programId;

/**
 * Server-made names of an upload and of an error file. Their form is the provider's (03 §3 gives
 * none): the client only passes them back, URL-encoded in a path or as they are in a body, so
 * any non-empty text does.
 */
const SERVER_MADE_NAME = '^.+$';
const UPLOAD_EXAMPLE = '0b6c1b6e-1f7a-4c1e-9f55-3b1e8a4d2c10.txt';
const ERROR_FILE_EXAMPLE = '7d1f0c2a-5b3e-4a8f-9c6d-2e4b1a0f3c57.errors.txt';
/** Names no upload or error file has (well-formed, so the server looks them up). */
const UNKNOWN_UPLOAD = '00000000-0000-4000-8000-000000000000.txt';
const UNKNOWN_ERROR_FILE = '00000000-0000-4000-8000-000000000000.errors.txt';

/** The card import parameters the card states answer (the pact BIN, the gift suffix 001). */
const CARD_EXAMPLE = { binNumber: '999901', extension: '001', cardLength: 16 } as const;

/** Values a state answers under `name`, injected at verification. */
const fromState = <T extends string | number>(name: string, example: T) =>
  fromProviderState(`\${${name}}`, example);

/** A path on the API base naming the state's upload or error file. */
const namePathFromState = (build: (name: string) => string, name: string, example: string) =>
  fromProviderState(`/api${build(`\${${name}}`)}`, `/api${build(example)}`);

/** The files the uploads send (written to a temporary folder: pact reads a multipart from disk). */
const FILES = {
  card: {
    name: 'pact-cards.txt',
    content: 'cardNumber|pin|balance|expiryDate\n9999010010000003|1234|25.00|2099-12-31\n',
  },
  store: {
    name: 'pact-stores.txt',
    content:
      'storeCode|storeName|address|city|postcode|countryCode\nPACT2|Pact Store Two|2 Pact Street|Pactville|2000|AU\n',
  },
  device: {
    name: 'pact-devices.txt',
    content:
      'deviceId|storeCode|deviceType|serialNumber|password\nPACT-POS-2|PACT1|Terminal|SN-PACT-2|pact-device-secret\n',
  },
  unknownHeader: {
    name: 'pact-unknown.txt',
    content: 'name|amount\nPact|10\n',
  },
} as const;
type FileKey = keyof typeof FILES;

/** One fixed boundary per upload interaction, so the committed pact file is stable. */
const boundaryOf = (description: string) =>
  `pact-import-${description.replace(/[^a-z]+/gi, '-').toLowerCase()}`;

describe('scheme file imports (03 §3, §4, §7)', () => {
  let dir = '';
  const fileOf = (key: FileKey) => path.join(dir, FILES[key].name);
  const blobOf = async (key: FileKey) =>
    new Blob([await readFile(fileOf(key))], { type: 'text/plain' });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pact-imports-'));
    for (const key of Object.keys(FILES) as FileKey[]) {
      await writeFile(fileOf(key), FILES[key].content);
    }
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  // --------------------------------------------------------------------------------- uploads

  const uploads: { kind: ImportKind; key: FileKey; description: string }[] = [
    { kind: 'card', key: 'card', description: 'an upload of a card file' },
    { kind: 'store', key: 'store', description: 'an upload of a store file' },
    { kind: 'device', key: 'device', description: 'an upload of a device file' },
  ];
  it.each(uploads)(
    'uploads a $kind file as multipart field "file" and answers its server-made name',
    async ({ kind, key, description }) => {
      const pact = newPact();
      const build = kind === 'device' ? IMPORT_PATHS.uploadDevice : IMPORT_PATHS.upload;
      pact
        .given(STATE.scheme, GIFT_CONFIGURED)
        .uponReceiving(description)
        .withRequestMultipartFileUpload(
          {
            method: 'POST',
            path: apiPathFromState(build, 'programId', programId),
            headers: SIGNED_IN_HEADERS,
          },
          'text/plain',
          fileOf(key),
          IMPORT_FILE_FIELD,
          boundaryOf(description),
        )
        .willRespondWith({
          status: 200,
          headers: JSON_ANSWER,
          body: { fileName: regex(SERVER_MADE_NAME, UPLOAD_EXAMPLE) },
        });

      await pact.executeTest(async (mock) => {
        const answer = await storeFor(mock.url)
          .dispatch(
            importsApi.endpoints.uploadImportFile.initiate({
              programId,
              kind,
              file: await blobOf(key),
              fileName: FILES[key].name,
            }),
          )
          .unwrap();
        expect(answer).toEqual({ fileName: UPLOAD_EXAMPLE });
      });
    },
  );

  it('refuses at once an upload whose first line is no known header, naming the field', async () => {
    const pact = newPact();
    const description = 'an upload of a file with an unknown header';
    pact
      .given(STATE.scheme, GIFT_CONFIGURED)
      .uponReceiving(description)
      .withRequestMultipartFileUpload(
        {
          method: 'POST',
          path: apiPathFromState(IMPORT_PATHS.upload, 'programId', programId),
          headers: SIGNED_IN_HEADERS,
        },
        'text/plain',
        fileOf('unknownHeader'),
        IMPORT_FILE_FIELD,
        boundaryOf(description),
      )
      .willRespondWith({
        status: 400,
        headers: JSON_ANSWER,
        body: invalidField(
          IMPORT_FILE_FIELD,
          IMPORT_SERVER_MESSAGE.unknownHeader('a card file or a store file'),
        ),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        importsApi.endpoints.uploadImportFile.initiate({
          programId,
          kind: 'card',
          file: await blobOf('unknownHeader'),
          fileName: FILES.unknownHeader.name,
        }),
      );
      expect(result.error).toMatchObject({ status: 400, errorCode: ERROR_CODE.VALIDATION });
    });
  });

  it('answers 404 to an upload for a scheme that does not exist', async () => {
    const pact = newPact();
    const description = 'an upload of a card file for a scheme that does not exist';
    pact
      .given(STATE.programMissing)
      .uponReceiving(description)
      .withRequestMultipartFileUpload(
        {
          method: 'POST',
          path: apiPathFromState(IMPORT_PATHS.upload, 'programId', MISSING_ID),
          headers: SIGNED_IN_HEADERS,
        },
        'text/plain',
        fileOf('card'),
        IMPORT_FILE_FIELD,
        boundaryOf(description),
      )
      .willRespondWith({
        status: 404,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.NOT_FOUND, `Scheme ${MISSING_ID} not found`),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        importsApi.endpoints.uploadImportFile.initiate({
          programId: MISSING_ID,
          kind: 'card',
          file: await blobOf('card'),
          fileName: FILES.card.name,
        }),
      );
      expect(result.error).toMatchObject({ status: 404, errorCode: ERROR_CODE.NOT_FOUND });
    });
  });

  it('answers 401 with error code 11 to an upload without a token', async () => {
    const pact = newPact();
    const description = 'an upload of a card file without a token';
    pact
      .given(STATE.scheme, GIFT_CONFIGURED)
      .uponReceiving(description)
      .withRequestMultipartFileUpload(
        { method: 'POST', path: apiPathFromState(IMPORT_PATHS.upload, 'programId', programId) },
        'text/plain',
        fileOf('card'),
        IMPORT_FILE_FIELD,
        boundaryOf(description),
      )
      .willRespondWith({
        status: 401,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.SESSION_EXPIRED, ERROR_MESSAGE.authRequired),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url, null).dispatch(
        importsApi.endpoints.uploadImportFile.initiate({
          programId,
          kind: 'card',
          file: await blobOf('card'),
          fileName: FILES.card.name,
        }),
      );
      expect(result.error).toMatchObject({ status: 401, errorCode: ERROR_CODE.SESSION_EXPIRED });
    });
  });

  // ------------------------------------------------------------------------------- processing

  /** The body of a process call as the step builds it, with the state's values injected. */
  const processBody = (kind: ImportKind, userFileName: string) => ({
    programId: fromSchemeState('programId'),
    fileName: fromState('fileName', UPLOAD_EXAMPLE),
    userFileName,
    ...(kind === 'card'
      ? {
          binNumber: fromState('binNumber', CARD_EXAMPLE.binNumber),
          extension: fromState('extension', CARD_EXAMPLE.extension),
          cardLength: fromState('cardLength', CARD_EXAMPLE.cardLength),
        }
      : {}),
  });
  const cardValues = {
    binNumber: CARD_EXAMPLE.binNumber,
    extension: CARD_EXAMPLE.extension,
    cardLength: String(CARD_EXAMPLE.cardLength),
  };

  it('imports an uploaded card file: counts, and the error file of its bad line', async () => {
    const pact = newPact();
    const userFileName = 'pact-import-cards.txt';
    pact
      .given(STATE.schemeWithUploadedCardFile, GIFT)
      .uponReceiving('an import of an uploaded card file with a bad line')
      .withRequest({
        method: 'POST',
        path: `/api${IMPORT_PATHS.processCardFile}`,
        headers: JSON_REQUEST,
        body: processBody('card', userFileName),
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          totalSuccessLines: 1,
          totalErrorLines: 1,
          outFileName: regex(SERVER_MADE_NAME, ERROR_FILE_EXAMPLE),
          currentStep: 'completed',
          // 1 and 0 the first time; a rerun replaces the card it inserted before.
          insertedLines: integer(1),
          replacedLines: integer(0),
        },
      });

    await pact.executeTest(async (mock) => {
      const request = importRequestOf(
        'card',
        { programId, fileName: UPLOAD_EXAMPLE, userFileName },
        cardValues,
      );
      const answer = await storeFor(mock.url)
        .dispatch(importsApi.endpoints.processImport.initiate({ kind: 'card', request }))
        .unwrap();
      expect(answer).toMatchObject({
        totalSuccessLines: 1,
        totalErrorLines: 1,
        outFileName: ERROR_FILE_EXAMPLE,
        currentStep: 'completed',
      });
    });
  });

  const plainImports: { kind: ImportKind; state: string; userFileName: string }[] = [
    {
      kind: 'store',
      state: STATE.schemeWithUploadedStoreFile,
      userFileName: 'pact-import-stores.txt',
    },
    {
      kind: 'device',
      state: STATE.schemeWithUploadedDeviceFile,
      userFileName: 'pact-import-devices.txt',
    },
  ];
  it.each(plainImports)(
    'imports an uploaded $kind file: counts, no error file',
    async ({ kind, state, userFileName }) => {
      const pact = newPact();
      pact
        .given(state, GIFT)
        .uponReceiving(`an import of an uploaded ${kind} file`)
        .withRequest({
          method: 'POST',
          path: `/api${IMPORT_KIND_PATHS[kind].process}`,
          headers: JSON_REQUEST,
          body: processBody(kind, userFileName),
        })
        .willRespondWith({
          status: 200,
          headers: JSON_ANSWER,
          body: {
            totalSuccessLines: 1,
            totalErrorLines: 0,
            outFileName: null,
            currentStep: 'completed',
            insertedLines: integer(1),
            replacedLines: integer(0),
          },
        });

      await pact.executeTest(async (mock) => {
        const request = importRequestOf(
          kind,
          { programId, fileName: UPLOAD_EXAMPLE, userFileName },
          {},
        );
        const answer = await storeFor(mock.url)
          .dispatch(importsApi.endpoints.processImport.initiate({ kind, request }))
          .unwrap();
        expect(answer).toMatchObject({ totalSuccessLines: 1, outFileName: null });
      });
    },
  );

  it("refuses a card import whose extension is not one of the scheme's suffixes", async () => {
    const pact = newPact();
    const userFileName = 'pact-import-cards.txt';
    pact
      .given(STATE.schemeWithUploadedCardFile, GIFT)
      .uponReceiving('an import of an uploaded card file with an extension not configured')
      .withRequest({
        method: 'POST',
        path: `/api${IMPORT_PATHS.processCardFile}`,
        headers: JSON_REQUEST,
        body: { ...processBody('card', userFileName), extension: '999' },
      })
      .willRespondWith({
        status: 400,
        headers: JSON_ANSWER,
        body: invalidField('extension', IMPORT_SERVER_MESSAGE.extensionNotConfigured),
      });

    await pact.executeTest(async (mock) => {
      const request = importRequestOf(
        'card',
        { programId, fileName: UPLOAD_EXAMPLE, userFileName },
        { ...cardValues, extension: '999' },
      );
      const result = await storeFor(mock.url).dispatch(
        importsApi.endpoints.processImport.initiate({ kind: 'card', request }),
      );
      expect(result.error).toMatchObject({ status: 400, errorCode: ERROR_CODE.VALIDATION });
    });
  });

  it('answers 404 to an import of a file that was never uploaded', async () => {
    const pact = newPact();
    const userFileName = 'pact-import-stores.txt';
    pact
      .given(STATE.scheme, GIFT_CONFIGURED)
      .uponReceiving('an import of a store file that was never uploaded')
      .withRequest({
        method: 'POST',
        path: `/api${IMPORT_PATHS.processMerchantFile}`,
        headers: JSON_REQUEST,
        body: { programId: fromSchemeState('programId'), fileName: UNKNOWN_UPLOAD, userFileName },
      })
      .willRespondWith({
        status: 404,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.NOT_FOUND, IMPORT_SERVER_MESSAGE.uploadNotFound(UNKNOWN_UPLOAD)),
      });

    await pact.executeTest(async (mock) => {
      const request = importRequestOf(
        'store',
        { programId, fileName: UNKNOWN_UPLOAD, userFileName },
        {},
      );
      const result = await storeFor(mock.url).dispatch(
        importsApi.endpoints.processImport.initiate({ kind: 'store', request }),
      );
      expect(result.error).toMatchObject({ status: 404, errorCode: ERROR_CODE.NOT_FOUND });
    });
  });

  // --------------------------------------------------------------------------------- progress

  it('answers the progress of a completed card import', async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithCardImportErrors, GIFT)
      .uponReceiving('a request for the progress of a completed card import')
      .withRequest({
        method: 'GET',
        path: namePathFromState(IMPORT_PATHS.progressCardFile, 'fileName', UPLOAD_EXAMPLE),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: { currentStep: 'completed', currentLine: 2, totalLines: 2, numErrorLines: 1 },
      });

    await pact.executeTest(async (mock) => {
      const progress = await storeFor(mock.url)
        .dispatch(
          importsApi.endpoints.importProgress.initiate({ kind: 'card', fileName: UPLOAD_EXAMPLE }),
        )
        .unwrap();
      expect(progress).toEqual({
        currentStep: 'completed',
        currentLine: 2,
        totalLines: 2,
        numErrorLines: 1,
      });
    });
  });

  it('answers the progress of a card import that failed: failed', async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithFailedCardImport, GIFT)
      .uponReceiving('a request for the progress of a failed card import')
      .withRequest({
        method: 'GET',
        path: namePathFromState(IMPORT_PATHS.progressCardFile, 'fileName', UPLOAD_EXAMPLE),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        // Where it stopped is the provider's: counts by type.
        body: {
          currentStep: 'failed',
          currentLine: integer(0),
          totalLines: integer(0),
          numErrorLines: integer(0),
        },
      });

    await pact.executeTest(async (mock) => {
      const progress = await storeFor(mock.url)
        .dispatch(
          importsApi.endpoints.importProgress.initiate({ kind: 'card', fileName: UPLOAD_EXAMPLE }),
        )
        .unwrap();
      expect(progress.currentStep).toBe('failed');
    });
  });

  const notImported: { kind: ImportKind; state: string }[] = [
    { kind: 'store', state: STATE.schemeWithUploadedStoreFile },
    { kind: 'device', state: STATE.schemeWithUploadedDeviceFile },
  ];
  it.each(notImported)(
    'answers the progress of an uploaded $kind file not imported yet: uploaded, no lines',
    async ({ kind, state }) => {
      const pact = newPact();
      pact
        .given(state, GIFT)
        .uponReceiving(`a request for the progress of an uploaded ${kind} file`)
        .withRequest({
          method: 'GET',
          path: namePathFromState(IMPORT_KIND_PATHS[kind].progress, 'fileName', UPLOAD_EXAMPLE),
          headers: SIGNED_IN_HEADERS,
        })
        .willRespondWith({
          status: 200,
          headers: JSON_ANSWER,
          body: { currentStep: 'uploaded', currentLine: 0, totalLines: 0, numErrorLines: 0 },
        });

      await pact.executeTest(async (mock) => {
        const progress = await storeFor(mock.url)
          .dispatch(
            importsApi.endpoints.importProgress.initiate({ kind, fileName: UPLOAD_EXAMPLE }),
          )
          .unwrap();
        expect(progress).toMatchObject({ currentStep: 'uploaded', totalLines: 0 });
      });
    },
  );

  it('answers 404 to the progress of a file no import knows', async () => {
    const pact = newPact();
    pact
      .uponReceiving('a request for the progress of an unknown card file')
      .withRequest({
        method: 'GET',
        path: `/api${IMPORT_PATHS.progressCardFile(UNKNOWN_UPLOAD)}`,
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 404,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.NOT_FOUND, IMPORT_SERVER_MESSAGE.importNotFound(UNKNOWN_UPLOAD)),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        importsApi.endpoints.importProgress.initiate({ kind: 'card', fileName: UNKNOWN_UPLOAD }),
      );
      expect(result.error).toMatchObject({ status: 404, errorCode: ERROR_CODE.NOT_FOUND });
    });
  });

  // ------------------------------------------------------------------------------- error file

  /**
   * The error file of the state's import: the input's header plus `error` (spec README), then
   * each bad line as it was with its reason. The header is pinned; the lines and the reason's
   * wording are the provider's (ERROR_FILE_BODY). The client saves the text as it is.
   */
  const ERROR_FILE_BODY = '^cardNumber\\|pin\\|balance\\|expiryDate\\|error\\n(.*\\|.+\\n)+$';
  const ERROR_FILE_TEXT = [
    'cardNumber|pin|balance|expiryDate|error',
    '0000000000000001|1234|25.00|2099-12-31|line 3: cardNumber: must be 16 digits starting with the BIN 999901 followed by the extension 001',
    '',
  ].join('\n');

  it('downloads the error file of an import as text', async () => {
    const pact = newPact();
    const request = {
      method: 'GET',
      path: namePathFromState(IMPORT_PATHS.downloadFile, 'outFileName', ERROR_FILE_EXAMPLE),
      headers: { ...SIGNED_IN_HEADERS, Accept: 'text/plain, */*' },
    } as const;
    pact
      .given(STATE.schemeWithCardImportErrors, GIFT)
      .uponReceiving('a download of the error file of a card import')
      .withRequest(request)
      .willRespondWith({
        status: 200,
        // No Content-Disposition: the client saves the file under the outFileName it asked for.
        headers: { 'Content-Type': regex('^text/plain.*', 'text/plain; charset=utf-8') },
        body: ERROR_FILE_TEXT,
      });
    textBodyMatching(pact, request, ERROR_FILE_BODY, ERROR_FILE_TEXT);

    await pact.executeTest(async (mock) => {
      const saved: { file: Blob; name: string }[] = [];
      const answer = await storeFor(mock.url)
        .dispatch(
          importsApi.endpoints.downloadErrorFile.initiate({
            outFileName: ERROR_FILE_EXAMPLE,
            save: (file, name) => saved.push({ file, name }),
          }),
        )
        .unwrap();
      expect(answer).toEqual({
        fileName: ERROR_FILE_EXAMPLE,
        size: Buffer.byteLength(ERROR_FILE_TEXT),
      });
      expect(saved.map(({ name }) => name)).toEqual([ERROR_FILE_EXAMPLE]);
      expect(await saved[0]?.file.text()).toBe(ERROR_FILE_TEXT);
    });
  });

  it('answers 404 to a download of a file the server did not write', async () => {
    const pact = newPact();
    pact
      .uponReceiving('a download of an unknown error file')
      .withRequest({
        method: 'GET',
        path: `/api${IMPORT_PATHS.downloadFile(UNKNOWN_ERROR_FILE)}`,
        headers: { ...SIGNED_IN_HEADERS, Accept: 'text/plain, */*' },
      })
      .willRespondWith({
        status: 404,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.NOT_FOUND, IMPORT_SERVER_MESSAGE.fileNotFound),
      });

    await pact.executeTest(async (mock) => {
      let saved = false;
      const result = await storeFor(mock.url).dispatch(
        importsApi.endpoints.downloadErrorFile.initiate({
          outFileName: UNKNOWN_ERROR_FILE,
          save: () => {
            saved = true;
          },
        }),
      );
      expect(result.error).toMatchObject({ status: 404, errorCode: ERROR_CODE.NOT_FOUND });
      expect(saved).toBe(false);
    });
  });
  // ----------------------------------------------------------------------------- sample files

  it('downloads the sample file of a kind as text', async () => {
    // The server's sample as committed (server/imports/samples/) is the example. The provider's
    // own sample verifies when it starts with the store file header (spec README), any columns
    // after the required ones, and the client saves it as it is.
    const sample = await readFile(
      path.join(__dirname, '..', '..', 'server', 'imports', 'samples', IMPORT_SAMPLE_FILE.store),
      'utf8',
    );
    const pact = newPact();
    const request = {
      method: 'GET',
      path: `/api${IMPORT_PATHS.sampleFile('store')}`,
      headers: { ...SIGNED_IN_HEADERS, Accept: 'text/plain, */*' },
    } as const;
    pact
      .uponReceiving('a download of the store file sample')
      .withRequest(request)
      .willRespondWith({
        status: 200,
        // No Content-Disposition: the client saves the sample under its own name for it.
        headers: { 'Content-Type': regex('^text/plain.*', 'text/plain; charset=utf-8') },
        body: sample,
      });
    textBodyMatching(
      pact,
      request,
      '^storeCode\\|storeName\\|address\\|city\\|postcode\\|countryCode.*(\\n.*)*$',
      sample,
    );

    await pact.executeTest(async (mock) => {
      const saved: { file: Blob; name: string }[] = [];
      const answer = await storeFor(mock.url)
        .dispatch(
          importsApi.endpoints.downloadSampleFile.initiate({
            kind: 'store',
            save: (file, name) => saved.push({ file, name }),
          }),
        )
        .unwrap();
      expect(answer).toEqual({
        fileName: IMPORT_SAMPLE_FILE.store,
        size: Buffer.byteLength(sample),
      });
      expect(saved.map(({ name }) => name)).toEqual([IMPORT_SAMPLE_FILE.store]);
      expect(await saved[0]?.file.text()).toBe(sample);
    });
  });

  // The card and device samples: the same call, matched by their header line's required columns
  // (docs/imports.md) and not by this server's sample lines, which the client saves unread.
  it.each(['card', 'device'] as const)(
    'downloads the %s file sample as text starting with its header line',
    async (kind) => {
      const sample = await readFile(
        path.join(__dirname, '..', '..', 'server', 'imports', 'samples', IMPORT_SAMPLE_FILE[kind]),
        'utf8',
      );
      const pact = newPact();
      const request = {
        method: 'GET',
        path: `/api${IMPORT_PATHS.sampleFile(kind)}`,
        headers: { ...SIGNED_IN_HEADERS, Accept: 'text/plain, */*' },
      } as const;
      pact
        .uponReceiving(`a download of the ${kind} file sample`)
        .withRequest(request)
        .willRespondWith({
          status: 200,
          // No Content-Disposition: the client saves the sample under its own name for it.
          headers: { 'Content-Type': regex('^text/plain.*', 'text/plain; charset=utf-8') },
          body: sample,
        });
      // Column names are letters; the delimiter is escaped (a bare | would be an alternation).
      const header = importColumnNames(kind).required.join(`\\${IMPORT_FIELD_DELIMITER}`);
      textBodyMatching(pact, request, `^${header}.*(\\n.*)*$`, sample);

      await pact.executeTest(async (mock) => {
        const saved: { file: Blob; name: string }[] = [];
        const answer = await storeFor(mock.url)
          .dispatch(
            importsApi.endpoints.downloadSampleFile.initiate({
              kind,
              save: (file, name) => saved.push({ file, name }),
            }),
          )
          .unwrap();
        expect(answer).toEqual({
          fileName: IMPORT_SAMPLE_FILE[kind],
          size: Buffer.byteLength(sample),
        });
        expect(saved.map(({ name }) => name)).toEqual([IMPORT_SAMPLE_FILE[kind]]);
        expect(await saved[0]?.file.text()).toBe(sample);
      });
    },
  );

  it('downloads the card file sample of a scheme, asked for by its id and chosen extension', async () => {
    // The sample of the configured pact gift scheme: its card numbers are the scheme's BIN and
    // suffix, and its expiry the end of the scheme's term, so the provider's text changes with
    // the month; the pact holds the card header, which is all the client reads of it.
    const sample = [
      'cardNumber|pin|balance|expiryDate|currency',
      `${CARD_EXAMPLE.binNumber}${SCHEME_EXAMPLE.suffixStand}0000001|1234|50.00|2027-03-31|AUD`,
      `${CARD_EXAMPLE.binNumber}${SCHEME_EXAMPLE.suffixStand}0000002|2468|5.00|2027-03-31|AUD`,
      '',
    ].join('\n');
    const pact = newPact();
    const request = {
      method: 'GET',
      path: `/api${IMPORT_PATHS.sampleFile('card')}`,
      query: {
        programId: queryFromState('programId', programId),
        extension: fromSchemeState('suffixStand'),
      },
      headers: { ...SIGNED_IN_HEADERS, Accept: 'text/plain, */*' },
    } as const;
    pact
      .given(STATE.scheme, GIFT_CONFIGURED)
      .uponReceiving("a download of a scheme's card file sample")
      .withRequest(request)
      .willRespondWith({
        status: 200,
        headers: { 'Content-Type': regex('^text/plain.*', 'text/plain; charset=utf-8') },
        body: sample,
      });
    const header = importColumnNames('card').required.join(`\\${IMPORT_FIELD_DELIMITER}`);
    textBodyMatching(pact, request, `^${header}.*(\\n.*)*$`, sample);

    await pact.executeTest(async (mock) => {
      const saved: { file: Blob; name: string }[] = [];
      const answer = await storeFor(mock.url)
        .dispatch(
          importsApi.endpoints.downloadSampleFile.initiate({
            kind: 'card',
            programId,
            extension: SCHEME_EXAMPLE.suffixStand,
            save: (file, name) => saved.push({ file, name }),
          }),
        )
        .unwrap();
      expect(answer).toEqual({
        fileName: IMPORT_SAMPLE_FILE.card,
        size: Buffer.byteLength(sample),
      });
      expect(await saved[0]?.file.text()).toBe(sample);
    });
  });
});
