/**
 * The reviews of imports' error lines (contracts/api/import-review.ts): each kept in its own
 * store (review-store.ts), built on the first call from the import's error file, re-checked with
 * the import's own rules (rules.ts, with the card parameters the import ran with) and the
 * program's stored records, and its fixed lines imported through the import service as a new
 * sealed upload (`<file> (corrections)`), all or nothing. The error file then holds only the
 * lines still failing.
 *
 * A review goes with its error file (sweepFiles, dropAll); one whose error file is gone is
 * deleted by the next sweep.
 */
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ERROR_CODE } from '@contracts/api/constants';
import {
  correctionsFileName,
  REVIEW_SERVER_MESSAGE,
  type BulkAnswer,
  type ReviewLine,
  type ReviewPage,
  type ReviewSummary,
} from '@contracts/api/import-review';
import {
  IMPORT_LIMITS,
  type ImportAnswer,
  type ImportKind,
  type ImportProgress,
} from '@contracts/api/imports';
import type { Logger } from 'pino';
import { HttpError, notFound, validationError } from '../http/errors';
import type { RecordsDb } from '../records/records-db';
import { holdsSecrets, TABLES } from './engine';
import { FIELD_DELIMITER } from './file-header';
import { forEachDataLine } from './import-file';
import type { CardImportParams, ImportFaults, ImportService } from './import-service';
import {
  AlreadyImported,
  LineTooLong,
  NoMatchingLine,
  parseErrorLine,
  ReviewStore,
  type ColumnChange,
  type LineChecker,
  type PageQuery,
} from './review-store';
import { checkCard, checkDevice, checkStore } from './rules';
import { writeImportFile } from './sealed-file';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A review's file, or one SQLite or its build left beside it. */
const REVIEW_NAME = new RegExp(`^(${UUID})\\.sqlite(?:-wal|-shm|\\.building)?$`);

/** Reviews kept open at once (each a SQLite handle); the least recently used is closed first. */
const OPEN_REVIEWS = 16;

/** An import's row, as a review needs it. */
interface ReviewedImport {
  id: number;
  kind: ImportKind;
  userFileName: string;
  errorLines: number;
  cardBin: string | null;
  cardExtension: string | null;
  cardLength: number | null;
}

export interface ReviewServiceOptions {
  reviewsDir: string;
  errorsDir: string;
  /** The upload key: a card or device review's lines are sealed with it. */
  key: Buffer;
  records: RecordsDb;
  logger: Logger;
  /** Clears a corrections import's own error file (its refused lines go back to the review). */
  dropErrorFile(programId: number, outFileName: string): Promise<void>;
}

const reviewNotFound = () => notFound(REVIEW_SERVER_MESSAGE.reviewNotFound);
const conflict = (message: string) => new HttpError(409, ERROR_CODE.CONFLICT, message);

/** A review call's errors of the store, as answers. */
function answered<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof LineTooLong) {
      const max = IMPORT_LIMITS.maxLineChars;
      throw new HttpError(400, ERROR_CODE.VALIDATION, REVIEW_SERVER_MESSAGE.lineTooLong(max));
    }
    if (error instanceof AlreadyImported) throw conflict(REVIEW_SERVER_MESSAGE.alreadyImported);
    if (error instanceof NoMatchingLine) throw notFound(REVIEW_SERVER_MESSAGE.noMatchingLine);
    throw error;
  }
}

export class ReviewService {
  readonly #options: ReviewServiceOptions;
  readonly #imports: ImportService;
  /** Error file name -> its open review, most recently used last. */
  readonly #open = new Map<string, ReviewStore>();
  /** Error file names whose corrections are being imported. */
  readonly #importing = new Set<string>();

  constructor(imports: ImportService, options: ReviewServiceOptions) {
    this.#imports = imports;
    this.#options = options;
  }

  /** The folder of the reviews' stores. */
  get dir(): string {
    return this.#options.reviewsDir;
  }

  /** True while the corrections of some review are being imported. */
  get importing(): boolean {
    return this.#importing.size > 0;
  }

  /** True while the corrections of the review of `outFileName` are being imported. */
  busy(outFileName: string): boolean {
    return this.#importing.has(outFileName);
  }

  #row(programId: number, outFileName: string): ReviewedImport | undefined {
    return this.#options.records
      .statement(
        programId,
        'reviewedImport',
        "SELECT id, kind, user_file_name AS userFileName, error_lines AS errorLines, card_bin AS cardBin, card_extension AS cardExtension, card_length AS cardLength FROM imports WHERE out_file_name = ? AND step = 'completed'",
        { createIfMissing: false },
      )
      ?.get(outFileName) as unknown as ReviewedImport | undefined;
  }

  /**
   * The review of a program's import (built on first use): 404 when the name is not an error
   * file's, the import is not the program's, or its error file is gone.
   */
  #review(programId: number, outFileName: string): { store: ReviewStore; row: ReviewedImport } {
    const errorFile = this.#imports.errorFile(outFileName);
    if (errorFile === undefined) throw reviewNotFound();
    const row = this.#row(programId, outFileName);
    if (row === undefined) throw reviewNotFound();
    let store = this.#open.get(outFileName);
    if (store !== undefined) {
      this.#open.delete(outFileName);
    } else {
      const file = ReviewStore.fileOf(this.#options.reviewsDir, outFileName);
      store = existsSync(file)
        ? ReviewStore.open(file, this.#options.key)
        : ReviewStore.build(
            file,
            {
              programId,
              importId: row.id,
              kind: row.kind,
              userFileName: row.userFileName,
              outFileName,
            },
            { file: errorFile, key: this.#options.key },
            this.#options.key,
          );
      if (this.#open.size >= OPEN_REVIEWS) {
        const [oldest] = this.#open.keys();
        if (oldest !== undefined && !this.#importing.has(oldest)) this.#close(oldest);
      }
    }
    this.#open.set(outFileName, store);
    if (store.meta.programId !== programId) throw reviewNotFound();
    return { store, row };
  }

  #close(outFileName: string): void {
    this.#open.get(outFileName)?.close();
    this.#open.delete(outFileName);
  }

  /** The import's rules and the program's records, as a line of this review is checked. */
  #checker(programId: number, row: ReviewedImport): LineChecker {
    const { records } = this.#options;
    const table = TABLES[row.kind];
    const keyStatement = records.statement(
      programId,
      `reviewKey:${row.kind}`,
      `SELECT 1 FROM ${table.name} WHERE ${table.key} = ?`,
    );
    const keyStored = (key: string) => keyStatement?.get(key) !== undefined;
    if (row.kind === 'card') {
      const card = cardParamsOf(row);
      return { check: (fields) => problemsOf(checkCard(fields, card)), keyStored };
    }
    if (row.kind === 'store') {
      return { check: (fields) => problemsOf(checkStore(fields)), keyStored };
    }
    const stores = records.statement(
      programId,
      'reviewStoreExists',
      'SELECT 1 FROM stores WHERE store_code = ?',
    );
    const storeExists = (code: string) => stores?.get(code) !== undefined;
    return { check: (fields) => problemsOf(checkDevice(fields, storeExists)), keyStored };
  }

  summary(programId: number, outFileName: string): ReviewSummary {
    const { store } = this.#review(programId, outFileName);
    const statuses = store.statusCounts();
    return {
      outFileName,
      userFileName: store.meta.userFileName,
      kind: store.meta.kind,
      columns: [...store.meta.columns],
      secretColumn: store.secretColumn,
      totalLines: statuses.failing + statuses.fixed + statuses.imported,
      failingLines: statuses.failing,
      fixedLines: statuses.fixed,
      importedLines: statuses.imported,
      counts: store.counts(),
      importing: this.#importing.has(outFileName),
    };
  }

  page(programId: number, outFileName: string, query: PageQuery): ReviewPage {
    const { store } = this.#review(programId, outFileName);
    const { lines, total } = store.page(query);
    return { lines, total, offset: query.offset, limit: query.limit };
  }

  /** Corrects one line: `values` by column name (any case). */
  correct(
    programId: number,
    outFileName: string,
    line: number,
    values: Readonly<Record<string, string>>,
  ): ReviewLine {
    const { store, row } = this.#review(programId, outFileName);
    const changes = new Map<number, string>();
    for (const [name, value] of Object.entries(values)) {
      const index = store.columnIndex(name);
      if (index < 0) throw validationError(name, REVIEW_SERVER_MESSAGE.unknownColumn(name));
      changes.set(index, value);
    }
    if (this.#importing.has(outFileName)) throw conflict(REVIEW_SERVER_MESSAGE.importRunning);
    const answer = answered(() => store.correct(line, changes, this.#checker(programId, row)));
    if (answer === undefined) throw notFound(REVIEW_SERVER_MESSAGE.lineNotFound(line));
    return answer;
  }

  bulk(
    programId: number,
    outFileName: string,
    rule: number | undefined,
    field: string,
    change: ColumnChange,
  ): BulkAnswer {
    const { store, row } = this.#review(programId, outFileName);
    const index = store.columnIndex(field);
    if (index < 0) throw validationError(field, REVIEW_SERVER_MESSAGE.unknownColumn(field));
    if (this.#importing.has(outFileName)) throw conflict(REVIEW_SERVER_MESSAGE.importRunning);
    return answered(() => store.bulk(rule, index, change, this.#checker(programId, row)));
  }

  /** The progress of the review's latest corrections import (`uploaded` before any). */
  progress(programId: number, outFileName: string): ImportProgress {
    const { store } = this.#review(programId, outFileName);
    const upload = store.correctionsUpload();
    const none: ImportProgress = {
      currentStep: 'uploaded',
      currentLine: 0,
      totalLines: 0,
      numErrorLines: 0,
    };
    if (upload === null) return none;
    try {
      return this.#imports.progress(store.meta.kind, upload);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return none;
      throw error;
    }
  }

  /**
   * Imports the fixed lines as a new sealed upload through the import service (queued behind
   * any import of the program, all or nothing), then marks them imported, puts the lines the
   * import refused back to failing, and rewrites the error file with the failing lines only.
   */
  async importCorrections(
    programId: number,
    outFileName: string,
    faults?: ImportFaults,
  ): Promise<ImportAnswer> {
    const { store, row } = this.#review(programId, outFileName);
    if (this.#importing.has(outFileName)) throw conflict(REVIEW_SERVER_MESSAGE.importRunning);
    if (store.statusCounts().fixed === 0) throw conflict(REVIEW_SERVER_MESSAGE.nothingToImport);
    this.#importing.add(outFileName);
    const imports = this.#imports;
    const kind = store.meta.kind;
    const fileName = imports.newUploadName();
    const file = path.join(imports.uploadsDir, fileName);
    try {
      const lines = store.beginImport(fileName);
      let answer: ImportAnswer;
      let registered = false;
      try {
        await writeImportFile(file, fileChunks(store), imports.uploadKeyFor(kind));
        const { size } = await stat(file);
        await imports.registerUpload({
          fileName,
          programId,
          userFileName: correctionsFileName(store.meta.userFileName),
          kind,
          bytes: size,
          createdDate: Math.floor(Date.now() / 1000),
          dataLines: lines,
        });
        registered = true;
        const card = cardParamsOf(row);
        answer = await imports.process(kind, {
          programId,
          fileName,
          userFileName: correctionsFileName(store.meta.userFileName),
          ...(card === undefined ? {} : { card }),
          // The keys were checked against the records when corrected; a record stored since
          // (another review's corrections, an ordinary import) is kept and the line fails.
          keepStored: true,
          faults,
        });
      } catch (error) {
        // A registered upload is the import service's (kept or deleted as any upload).
        if (!registered) rmSync(file, { force: true });
        throw error;
      }
      const refused = new Map<number, string[]>();
      if (answer.outFileName !== null) {
        const ownErrors = imports.errorFile(answer.outFileName);
        if (ownErrors !== undefined) {
          forEachDataLine(
            { file: ownErrors, key: this.#options.key },
            kind,
            () => undefined,
            (buffer, start, stop) => {
              const parsed = parseErrorLine(
                buffer.toString('utf8', start, stop),
                store.meta.columns.length,
              );
              if (parsed !== undefined) refused.set(parsed.line, parsed.problems);
            },
          );
        }
        await this.#options.dropErrorFile(programId, answer.outFileName);
      }
      store.finishImport(refused);
      // The import is committed and the review up to date: an error file not rewritten (a full
      // disk) still lists the lines just imported, and is rewritten by the next import.
      await this.#rewriteErrorFile(store, outFileName).catch((error: unknown) => {
        this.#options.logger.error({ err: error, outFileName }, 'could not rewrite an error file');
      });
      const failing = store.failingLines();
      return { ...answer, outFileName: failing > 0 ? outFileName : null };
    } finally {
      this.#importing.delete(outFileName);
    }
  }

  /**
   * The error file, rewritten with the failing lines only (replaced at once, by a rename), in
   * the engine's format: sealed for a card or device import, as the engine writes it.
   */
  async #rewriteErrorFile(store: ReviewStore, outFileName: string): Promise<void> {
    const target = path.join(this.#options.errorsDir, outFileName);
    const temporary = `${target}.rewrite`;
    const key = holdsSecrets(store.meta.kind) ? this.#options.key : undefined;
    try {
      rmSync(temporary, { force: true });
      await writeImportFile(temporary, errorFileChunks(store), key);
      renameSync(temporary, target);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw error;
    }
  }

  /**
   * Failing lines of an import for Files Uploaded: its review's when it has one (opened, not
   * built), else the import's error lines; 0 once its error file is gone.
   */
  failingLinesOf(outFileName: string, errorLines: number): number {
    if (this.#imports.errorFile(outFileName) === undefined) return 0;
    const open = this.#open.get(outFileName);
    if (open !== undefined) return open.failingLines();
    const file = ReviewStore.fileOf(this.#options.reviewsDir, outFileName);
    if (!existsSync(file)) return errorLines;
    const store = ReviewStore.open(file, this.#options.key);
    try {
      return store.failingLines();
    } finally {
      store.close();
    }
  }

  /** Deletes the review of an error file (the error file went). */
  remove(outFileName: string): void {
    this.#close(outFileName);
    ReviewStore.remove(ReviewStore.fileOf(this.#options.reviewsDir, outFileName));
  }

  /** Deletes the reviews whose error file is gone; answers how many. */
  removeOrphans(): number {
    let names: string[];
    try {
      names = readdirSync(this.#options.reviewsDir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      const match = REVIEW_NAME.exec(name);
      if (match === null) continue;
      const outFileName = `${match[1]}.errors.txt`;
      if (this.#importing.has(outFileName)) continue;
      if (existsSync(path.join(this.#options.errorsDir, outFileName))) continue;
      if (!existsSync(path.join(this.#options.reviewsDir, name))) continue; // removed just now
      this.remove(outFileName);
      removed += 1;
    }
    return removed;
  }

  closeAll(): void {
    for (const name of [...this.#open.keys()]) this.#close(name);
  }
}

function problemsOf(checked: { ok: true } | { ok: false; problems: string[] }): string[] {
  return checked.ok ? [] : checked.problems;
}

function cardParamsOf(row: ReviewedImport): CardImportParams | undefined {
  if (row.kind !== 'card' || row.cardBin === null || row.cardExtension === null) return undefined;
  if (row.cardLength === null) return undefined;
  return { binNumber: row.cardBin, extension: row.cardExtension, cardLength: row.cardLength };
}

/** The corrections file: the header, then the fixed lines, in chunks of about 64 KB. */
function fileChunks(store: ReviewStore): Generator<Buffer> {
  return inChunks(store.meta.columns.join(FIELD_DELIMITER), store.correctionLines());
}

/** The error file: its header, then the failing lines, in chunks of about 64 KB. */
function errorFileChunks(store: ReviewStore): Generator<Buffer> {
  return inChunks(store.errorHeader(), store.failingErrorLines());
}

function* inChunks(header: string, lines: Iterable<string>): Generator<Buffer> {
  let parts: string[] = [header, '\n'];
  let size = 0;
  for (const line of lines) {
    parts.push(line, '\n');
    size += line.length + 1;
    if (size >= 64 * 1024) {
      yield Buffer.from(parts.join(''));
      parts = [];
      size = 0;
    }
  }
  if (parts.length > 0) yield Buffer.from(parts.join(''));
}
