/**
 * Card, store and device file imports of a scheme over HTTP (03 §7 "Files and import", §3
 * "Upload file"; contracts/api/imports.ts):
 *   POST giftSchemeFiles/{id}              multipart `file`: a card or store file -> {fileName}
 *   POST giftSchemeFiles/{id}/devicefile   multipart `file`: a device file -> {fileName}
 *   POST giftSchemeFiles/process{Card,Merchant,Device}File   ImportRequest -> ImportAnswer when
 *                                          the import has ended
 *   GET  giftSchemeFiles/progress{Card,Merchant,Device}File/{name}   ImportProgress
 *   GET  giftSchemeFiles/downloadFile/{outFileName}   an error file the server wrote
 *   GET  giftSchemeFiles/samples/{kind}    the sample file of a kind (sample-files.ts)
 *
 * The scheme is checked before the upload's body is read; the upload streams to disk through
 * UploadStorage (checked at its first bytes, written under a server-made name, capped at
 * IMPORT_MAX_BYTES). Names from the caller are only ever compared with the service's own
 * patterns (isUploadName, errorFile) before anything touches the disk.
 */
import { type RequestHandler, type Router } from 'express';
import multer, { MulterError } from 'multer';
import { z } from 'zod';
import { ERROR_CODE } from '@contracts/api/constants';
import {
  IMPORT_FILE_FIELD,
  IMPORT_KIND_PATHS,
  IMPORT_KINDS,
  IMPORT_LIMITS,
  IMPORT_PATHS,
  IMPORT_SERVER_MESSAGE,
  type ImportKind,
  type UploadAnswer,
} from '@contracts/api/imports';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import { withoutControlCharacters } from '@contracts/validation/rules';
import type { Store } from '../db/store';
import { HttpError, notFound, validationError } from '../http/errors';
import { readMultipart } from '../http/multipart';
import { declareInput } from '../http/route-docs';
import { idParams, parseInput, validate } from '../http/validate';
import { findProgram } from '../schemes/finance-rules';
import { schemeCardNumbers } from './card-extensions';
import type { CardImportParams, ImportService } from './import-service';
import { midwayFaultOf } from './midway-faults';
import { sampleFileHandler } from './sample-files';
import { UploadStorage } from './upload-storage';
import { recordedRouter } from '../http/route-table';

export interface FilesRouterOptions {
  store: Store;
  imports: ImportService;
  /** Largest upload in bytes (config.importMaxBytes). */
  maxUploadBytes: number;
}

/** Whole numbers on the wire (a program id in a body). */
const recordId = z.number().int('Must be a whole number').min(1, 'Must be at least 1');

/** A card-import field: absent or null for store and device imports. */
const optional = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

/** Body of the process calls (03 §3 "Upload file"): types and single-field rules. */
export const importRequestBody = z.strictObject({
  programId: recordId,
  fileName: z.string().min(1).max(IMPORT_LIMITS.userFileNameMax),
  userFileName: z.string().max(IMPORT_LIMITS.userFileNameMax),
  binNumber: optional(
    z
      .string()
      .regex(
        new RegExp(`^\\d{1,${IMPORT_LIMITS.binNumberMaxDigits}}$`),
        IMPORT_SERVER_MESSAGE.binNumberDigits,
      ),
  ),
  extension: optional(z.string().regex(/^\d{1,9}$/, IMPORT_SERVER_MESSAGE.extensionDigits)),
  cardLength: optional(
    z
      .number()
      .int(IMPORT_SERVER_MESSAGE.cardLengthRange)
      .min(IMPORT_LIMITS.cardLengthMin, IMPORT_SERVER_MESSAGE.cardLengthRange)
      .max(IMPORT_LIMITS.cardLengthMax, IMPORT_SERVER_MESSAGE.cardLengthRange),
  ),
  /** The wizard's status (03 §3); the import does not change it. */
  schemeStatus: z.number().int().optional(),
});
export type ImportRequestParsed = z.infer<typeof importRequestBody>;

const nameParams = z.object({ name: z.string() });

const CARD_FIELDS = ['binNumber', 'extension', 'cardLength'] as const;

/** The user's file name as recorded: no path parts, no control characters, capped. */
export function recordedFileName(originalName: string | undefined): string {
  const base = (originalName ?? '').split(/[/\\]/).pop() ?? '';
  const clean = withoutControlCharacters(base).trim();
  return [...clean].slice(0, IMPORT_LIMITS.userFileNameMax).join('');
}

/** The card import's parameters, checked against the scheme; undefined for other kinds. */
function cardParams(
  store: Store,
  kind: ImportKind,
  body: ImportRequestParsed,
): CardImportParams | undefined {
  if (kind !== 'card') {
    for (const field of CARD_FIELDS) {
      if (body[field] !== undefined && body[field] !== null) {
        throw validationError(field, IMPORT_SERVER_MESSAGE.cardFieldOnly);
      }
    }
    return undefined;
  }
  const { binNumber, extension, cardLength } = body;
  if (binNumber === undefined || binNumber === null) {
    throw validationError('binNumber', FIELD_MESSAGES.required);
  }
  if (extension === undefined || extension === null) {
    throw validationError('extension', FIELD_MESSAGES.required);
  }
  if (cardLength === undefined || cardLength === null) {
    throw validationError('cardLength', FIELD_MESSAGES.required);
  }
  if (!schemeCardNumbers(store.read(), body.programId).extensions.includes(extension)) {
    throw validationError('extension', IMPORT_SERVER_MESSAGE.extensionNotConfigured);
  }
  return { binNumber, extension, cardLength };
}

/** 413 with the import's own text (the size named) for multer's file-size limit. */
function sizeLimited(upload: RequestHandler, maxBytes: number): RequestHandler {
  return (req, res, next) => {
    upload(req, res, (error?: unknown) => {
      if (error instanceof MulterError && error.code === 'LIMIT_FILE_SIZE') {
        next(new HttpError(413, ERROR_CODE.TOO_LARGE, IMPORT_SERVER_MESSAGE.tooLarge(maxBytes)));
        return;
      }
      next(error);
    });
  };
}

export function createFilesRouter({ store, imports, maxUploadBytes }: FilesRouterOptions): Router {
  const router = recordedRouter();

  /** The scheme of the path exists: checked before the body is read. */
  const programIdOf = (params: unknown) => parseInput(idParams, params, 'params').id;
  const requireScheme = declareInput<RequestHandler>({ params: idParams }, (req, _res, next) => {
    findProgram(store.read(), programIdOf(req.params));
    next();
  });

  // Before the upload routes: `giftSchemeFiles/{id}` would take `processCardFile` as an id.
  for (const kind of IMPORT_KINDS) {
    const paths = IMPORT_KIND_PATHS[kind];

    router.post(paths.process, validate({ body: importRequestBody }), async (req, res) => {
      const body = req.body;
      findProgram(store.read(), body.programId);
      if (!imports.isUploadName(body.fileName)) {
        throw notFound(IMPORT_SERVER_MESSAGE.uploadNotFound(body.fileName));
      }
      const card = cardParams(store, kind, body);
      const answer = await imports.process(kind, {
        programId: body.programId,
        fileName: body.fileName,
        userFileName: recordedFileName(body.userFileName),
        ...(card === undefined ? {} : { card }),
        // The developer tools' failAtLine / stallAtLine (midway-faults.ts); undefined otherwise.
        faults: midwayFaultOf(res)?.imports,
      });
      res.json(answer);
    });

    router.get(
      paths.progress(':name'),
      declareInput({ params: nameParams }, (req, res) => {
        const { name } = parseInput(nameParams, req.params, 'params');
        if (!imports.isUploadName(name)) throw notFound(IMPORT_SERVER_MESSAGE.importNotFound(name));
        res.set('Cache-Control', 'no-store').json(imports.progress(kind, name));
      }),
    );
  }

  const uploadRoute = (routePath: string, kinds: readonly ImportKind[]) => {
    const storage = new UploadStorage(
      {
        directory: imports.uploadsDir,
        newName: () => imports.newUploadName(),
        // Device files are sealed as they are written (their passwords never on disk in plain).
        keyFor: (kind) => imports.uploadKeyFor(kind),
      },
      kinds,
    );
    const upload = multer({
      storage,
      limits: { fileSize: maxUploadBytes, files: 1, fields: 10, parts: 12 },
    });
    router.post(
      routePath,
      requireScheme,
      declareInput(
        { multipart: { field: IMPORT_FILE_FIELD, maxBytes: maxUploadBytes } },
        sizeLimited(readMultipart(upload.single(IMPORT_FILE_FIELD)), maxUploadBytes),
      ),
      async (req, res) => {
        const file = req.file;
        const stored = storage.storedUpload(req);
        if (file === undefined || stored === undefined) {
          throw new HttpError(400, ERROR_CODE.VALIDATION, IMPORT_SERVER_MESSAGE.noFile);
        }
        const fileName = file.filename;
        try {
          await imports.registerUpload({
            fileName,
            programId: programIdOf(req.params),
            userFileName: recordedFileName(file.originalname),
            kind: stored.kind,
            bytes: file.size,
            createdDate: Math.floor(Date.now() / 1000),
            dataLines: stored.dataLines,
          });
        } catch (error) {
          await new Promise<void>((resolve) => {
            storage._removeFile(req, file, () => resolve());
          });
          throw error;
        }
        const answer: UploadAnswer = { fileName };
        res.json(answer);
      },
    );
  };
  uploadRoute(IMPORT_PATHS.upload(':id'), ['card', 'store']);
  uploadRoute(IMPORT_PATHS.uploadDevice(':id'), ['device']);

  router.get(
    IMPORT_PATHS.downloadFile(':name'),
    declareInput({ params: nameParams }, async (req, res, next) => {
      const { name } = parseInput(nameParams, req.params, 'params');
      // A review's rewrite of the file under way (review-service.ts) ends first: the download is
      // the review as it stands.
      await imports.reviews.rewritten(name);
      const errors = imports.readErrorFile(name);
      if (errors === undefined) throw notFound(IMPORT_SERVER_MESSAGE.fileNotFound);
      res.attachment(name);
      res.set({
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Length': String(errors.bytes),
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      });
      // A sealed file is decrypted as it streams; one altered on disk ends the answer early.
      errors.stream.on('error', (error: Error) => {
        if (res.headersSent) res.destroy(error);
        else next(error);
      });
      errors.stream.pipe(res);
    }),
  );

  router.get(IMPORT_PATHS.sampleFile(':kind'), sampleFileHandler(store));

  return router;
}
