/**
 * The import engine of the scheme wizard's step 3 (03 §3, §4, §7): uploads registered per
 * program, imports run per kind (card, store, device), their progress, error files and the list
 * of imported files. Records live in the program's SQLite file (server/records/records-db.ts).
 *
 * Layout: `<importsDir>/uploads/<uuid>.txt` (uploads, written by the files router),
 * `<importsDir>/errors/<uuid>.errors.txt` (error files), `<recordsDir>/<programId>.sqlite`,
 * `<keysDir>/pin.key`, `<keysDir>/device.key`.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { UploadedFile } from '@contracts/api/schemes';
import type { ImportAnswer, ImportKind, ImportProgress } from '@contracts/api/imports';
import { CardStore } from '../records/card-store';
import { RecordsDb } from '../records/records-db';
import { loadOrCreateKey, PIN_KEY_FILE } from '../records/record-crypto';

export interface UploadRecord {
  /** The server-made name (newUploadName). */
  fileName: string;
  programId: number;
  /** The name the user's file had. */
  userFileName: string;
  /** From the header. */
  kind: ImportKind;
  bytes: number;
  /** Epoch seconds. */
  createdDate: number;
}

export interface CardImportParams {
  binNumber: string;
  extension: string;
  cardLength: number;
}

export interface ImportServiceOptions {
  recordsDir: string;
  importsDir: string;
  keysDir: string;
  logger: Logger;
}

export interface ImportRequestParams {
  programId: number;
  fileName: string;
  userFileName: string;
  card?: CardImportParams;
}

const UPLOAD_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.txt$/;
const ERROR_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.errors\.txt$/;

export class ImportService {
  /** `<importsDir>/uploads` (created on demand, 0700). */
  readonly uploadsDir: string;
  readonly errorsDir: string;
  /** What the published journal site's balance check reads. */
  readonly cards: CardStore;
  readonly #options: ImportServiceOptions;
  readonly #records: RecordsDb;

  private constructor(options: ImportServiceOptions) {
    this.#options = options;
    this.uploadsDir = path.join(options.importsDir, 'uploads');
    this.errorsDir = path.join(options.importsDir, 'errors');
    this.#records = new RecordsDb(options.recordsDir, this.errorsDir);
    this.cards = new CardStore(this.#records, loadOrCreateKey(options.keysDir, PIN_KEY_FILE));
  }

  static open(options: ImportServiceOptions): ImportService {
    return new ImportService(options);
  }

  /** A new server-made upload name. */
  newUploadName(): string {
    mkdirSync(this.uploadsDir, { recursive: true, mode: 0o700 });
    return `${randomUUID()}.txt`;
  }

  /** True for a name newUploadName could have made (and nothing else: no path parts). */
  isUploadName(name: string): boolean {
    return UPLOAD_NAME.test(name);
  }

  async registerUpload(record: UploadRecord): Promise<void> {
    await Promise.resolve();
    throw new Error(`not implemented yet: ${record.fileName}`);
  }

  /** Runs an import to its end (queued behind another import of the same program). */
  async process(kind: ImportKind, request: ImportRequestParams): Promise<ImportAnswer> {
    await Promise.resolve();
    throw new Error(`not implemented yet: ${kind} ${request.fileName}`);
  }

  /** Progress of the latest import of an upload; HttpError 404 when there is none. */
  progress(kind: ImportKind, fileName: string): ImportProgress {
    throw new Error(`not implemented yet: ${kind} ${fileName}`);
  }

  /** Absolute path of one of this service's error files, or undefined. */
  errorFile(outFileName: string): string | undefined {
    if (!ERROR_NAME.test(outFileName)) return undefined;
    const file = path.join(this.errorsDir, outFileName);
    return existsSync(file) ? file : undefined;
  }

  /** Completed imports of the program, oldest first. */
  importedFiles(programId: number): UploadedFile[] {
    throw new Error(`not implemented yet: ${programId} ${this.#options.recordsDir}`);
  }

  async close(): Promise<void> {
    await Promise.resolve();
    this.#records.close();
  }
}
