/**
 * The reviews of imports' error lines (contracts/api/import-review.ts): each kept in its own
 * store (review-store.ts), built on the first call from the import's error file, re-checked with
 * the import's own rules (rules.ts, with the card parameters the import ran with) and the
 * program's stored records, and its fixed lines imported through the import service as a new
 * sealed upload (`<file> (corrections)`), all or nothing. The error file then holds only the
 * lines still failing. A corrections import begun stays pending in the review's store until the
 * review settles it from the import's row in the records (#settle): at its end, or, when the
 * server stopped before that, when the review is next used (#reconcile). Settling it marks the
 * error file as owed a rewrite in the same transaction, and the mark goes once the file is
 * rewritten: a server stopped in between rewrites it when the review is next used (a call, Files
 * Uploaded, a download of the file).
 *
 * A review goes with its error file (sweepFiles, dropAll); one whose error file is gone is
 * deleted by the next sweep. The sweep ages an error file that has a review by the later of the
 * file's last write and the review's last change (lastChange): a correction keeps both.
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
  type ImportStep,
} from '@contracts/api/imports';
import type { Logger } from 'pino';
import { HttpError, notFound, validationError } from '../http/errors';
import { staleRecord } from '../http/record-etag';
import type { RecordsDb } from '../records/records-db';
import { holdsSecrets, TABLES } from './engine';
import { FIELD_DELIMITER } from './file-header';
import { forEachDataLine } from './import-file';
import type {
  CardImportParams,
  ImportFaults,
  ImportService,
  ImportTestHooks,
} from './import-service';
import {
  AlreadyImported,
  LineTooLong,
  NoMatchingLine,
  parseErrorLine,
  ReviewStore,
  StaleLine,
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
  /** Clears a corrections import's own error file (its refused lines go back to a review). */
  dropErrorFile(programId: number, outFileName: string): Promise<void>;
  testHooks?: Pick<ImportTestHooks, 'afterCorrectionsCommitted' | 'afterCorrectionsMarked'>;
}

/** A corrections import's row, as its review settles it. */
interface CorrectionsImport {
  step: ImportStep;
  outFileName: string | null;
  errorLines: number;
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
    if (error instanceof StaleLine) throw staleRecord();
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
  /** Error file name -> the rewrite of its error file under way (one at a time, in order). */
  readonly #rewrites = new Map<string, Promise<void>>();
  /** Work begun by a call and finished after its answer (a settled import's leftovers). */
  readonly #background = new Set<Promise<void>>();

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

  /**
   * True while the corrections of the review of `outFileName` are being imported, or its error
   * file rewritten.
   */
  busy(outFileName: string): boolean {
    return this.#importing.has(outFileName) || this.#rewrites.has(outFileName);
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
    const opened = store === undefined;
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
        if (oldest !== undefined && !this.busy(oldest)) this.#close(oldest);
      }
    }
    this.#open.set(outFileName, store);
    if (store.meta.programId !== programId) throw reviewNotFound();
    if (!this.#importing.has(outFileName)) this.#reconcile(programId, store, opened);
    return { store, row };
  }

  /**
   * Brings a review up to date with its corrections import before anything reads or corrects
   * it. A pending import (begun, not settled: the server stopped, or the marking failed, after
   * it ended) is settled as the records say it ended (#settle). A review opened from its file
   * also drops the error file of its latest corrections import when that is still there (the
   * server stopped between marking the lines and dropping it): its lines are the review's.
   * Either way, an error file still owed its rewrite (the server stopped after the lines were
   * marked, before the file was rewritten) is rewritten, after the call.
   */
  #reconcile(programId: number, store: ReviewStore, opened: boolean): void {
    const pending = store.pendingCorrections();
    if (pending !== null) {
      const { dropped } = this.#settle(programId, store, pending);
      this.#inBackground(dropped, 'could not drop an error file');
    } else if (opened) {
      const latest = store.correctionsUpload();
      const own = latest === null ? undefined : this.#correctionsImport(programId, latest);
      if (own?.step === 'completed' && own.outFileName !== null) {
        const dropped = this.#dropOwnErrors(programId, own.outFileName);
        this.#inBackground(dropped, 'could not drop an error file');
      }
    }
    if ((opened || pending !== null) && store.errorFileOwed()) this.#rewriteOwed(store);
  }

  /** Rewrites the error file the review owes a rewrite, after the call, unless one is under way. */
  #rewriteOwed(store: ReviewStore): void {
    if (this.#rewrites.has(store.meta.outFileName)) return;
    this.#inBackground(this.#rewrite(store), 'could not rewrite an error file');
  }

  /** The row of the import of a corrections upload, or undefined (none was started). */
  #correctionsImport(programId: number, upload: string): CorrectionsImport | undefined {
    return this.#options.records
      .statement(
        programId,
        'correctionsImport',
        'SELECT step, out_file_name AS outFileName, error_lines AS errorLines FROM imports WHERE file_name = ? ORDER BY id DESC LIMIT 1',
        { createIfMissing: false },
      )
      ?.get(upload) as unknown as CorrectionsImport | undefined;
  }

  /**
   * Settles the review's pending corrections import (of `upload`) as its row in the records says
   * it ended, synchronously: committed (completed), its lines are marked imported but those it
   * refused, failing again with its reasons read from its own error file (ReviewStore
   * finishImport, one transaction that also settles it and marks the review's error file owed
   * its rewrite), and that error file is dropped; else (failed, or never started) nothing of it
   * was kept and its lines stay fixed. Answers the drop of the error file's row (finished after
   * this).
   */
  #settle(programId: number, store: ReviewStore, upload: string): { dropped: Promise<void> } {
    const row = this.#correctionsImport(programId, upload);
    if (row?.step !== 'completed') {
      store.abandonImport();
      return { dropped: Promise.resolve() };
    }
    const own = row.outFileName === null ? undefined : this.#imports.errorFile(row.outFileName);
    if (row.errorLines > 0 && own === undefined) {
      // Its refused lines are not known: its error file went by its retention. The review's own
      // error file is older and went first, and the review with it: not met in practice. The
      // lines stay fixed; imported again, those it stored are refused as already stored.
      this.#options.logger.warn({ upload }, 'a corrections import ended without its error file');
      store.abandonImport();
      return { dropped: Promise.resolve() };
    }
    store.finishImport(own === undefined ? new Map() : this.#refusedLines(store, own));
    const dropped =
      row.outFileName === null
        ? Promise.resolve()
        : this.#dropOwnErrors(programId, row.outFileName);
    return { dropped };
  }

  /** The lines a corrections import refused (its error file): its line -> its reasons. */
  #refusedLines(store: ReviewStore, ownErrors: string): Map<number, string[]> {
    const refused = new Map<number, string[]>();
    const width = store.meta.columns.length;
    forEachDataLine(
      { file: ownErrors, key: this.#options.key },
      store.meta.kind,
      () => undefined,
      (buffer, start, stop) => {
        const parsed = parseErrorLine(buffer.toString('utf8', start, stop), width);
        if (parsed !== undefined) refused.set(parsed.line, parsed.problems);
      },
    );
    return refused;
  }

  /**
   * Drops a corrections import's own error file: at once from the disk (Files Uploaded names no
   * error file that is gone), then from its row in the records (a write that may wait for an
   * import of the program).
   */
  #dropOwnErrors(programId: number, outFileName: string): Promise<void> {
    const file = this.#imports.errorFile(outFileName);
    if (file !== undefined) rmSync(file, { force: true });
    return this.#options.dropErrorFile(programId, outFileName);
  }

  /** Finishes `work` after the call that began it answered, logging a failure (see idle). */
  #inBackground(work: Promise<void>, failure: string): void {
    const run = work.catch((error: unknown) => {
      this.#options.logger.error({ err: error }, failure);
    });
    this.#background.add(run);
    void run.finally(() => this.#background.delete(run));
  }

  /**
   * Resolves once the error file `outFileName` holds its review as it stands: a rewrite under
   * way ended, and one its review still owes (its server stopped before it: ReviewStore
   * errorFileOwed, or a rewrite that failed) done first. A rewrite that fails is logged, and the
   * file is as it was.
   */
  async rewritten(outFileName: string): Promise<void> {
    if (!this.#importing.has(outFileName) && !this.#rewrites.has(outFileName)) {
      try {
        this.#catchUp(outFileName);
      } catch (error) {
        this.#options.logger.error({ err: error, outFileName }, 'a review could not be read');
      }
    }
    await this.#rewrites.get(outFileName)?.catch(() => undefined);
  }

  /**
   * Starts the rewrite of an error file its review owes (settling first a corrections import the
   * review has pending): an open review's at once; a review on disk is opened (#review) only when
   * it owes one.
   */
  #catchUp(outFileName: string): void {
    // Only a name of the error file pattern touches the disk (a download's name is any text).
    if (this.#imports.errorFile(outFileName) === undefined) return;
    const open = this.#open.get(outFileName);
    if (open !== undefined) {
      if (open.pendingCorrections() !== null) this.#review(open.meta.programId, outFileName);
      else if (open.errorFileOwed()) this.#rewriteOwed(open);
      return;
    }
    const file = ReviewStore.fileOf(this.#options.reviewsDir, outFileName);
    if (!existsSync(file)) return;
    const store = ReviewStore.open(file, this.#options.key);
    let owing: number | undefined;
    try {
      if (store.pendingCorrections() !== null || store.errorFileOwed()) {
        owing = store.meta.programId;
      }
    } finally {
      store.close();
    }
    if (owing !== undefined) this.#review(owing, outFileName);
  }

  /** Waits for the work calls began and did not wait for (rewrites, drops). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.#background, ...this.#rewrites.values()]);
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
      version: store.version(),
    };
  }

  page(programId: number, outFileName: string, query: PageQuery): ReviewPage {
    const { store } = this.#review(programId, outFileName);
    const { lines, total } = store.page(query);
    return { lines, total, offset: query.offset, limit: query.limit };
  }

  /**
   * Corrects one line: `values` by column name (any case). `admits` is asked the line's current
   * ETag (the request's If-Match): false refuses it with 412, nothing written.
   */
  correct(
    programId: number,
    outFileName: string,
    line: number,
    values: Readonly<Record<string, string>>,
    admits?: (etag: string) => boolean,
  ): ReviewLine {
    const { store, row } = this.#review(programId, outFileName);
    const changes = new Map<number, string>();
    for (const [name, value] of Object.entries(values)) {
      const index = store.columnIndex(name);
      if (index < 0) throw validationError(name, REVIEW_SERVER_MESSAGE.unknownColumn(name));
      changes.set(index, value);
    }
    if (this.#importing.has(outFileName)) throw conflict(REVIEW_SERVER_MESSAGE.importRunning);
    const checker = this.#checker(programId, row);
    const answer = answered(() => store.correct(line, changes, checker, admits));
    if (answer === undefined) throw notFound(REVIEW_SERVER_MESSAGE.lineNotFound(line));
    return answer;
  }

  /**
   * Corrects the failing lines of `rule` (every one without it) by one change to `field`. With
   * `readAt` (the review's version the screen read), refused with 412 when a line it would
   * change was written after it; nothing written.
   */
  bulk(
    programId: number,
    outFileName: string,
    rule: number | undefined,
    field: string,
    change: ColumnChange,
    readAt?: number,
  ): BulkAnswer {
    const { store, row } = this.#review(programId, outFileName);
    const index = store.columnIndex(field);
    if (index < 0) throw validationError(field, REVIEW_SERVER_MESSAGE.unknownColumn(field));
    if (this.#importing.has(outFileName)) throw conflict(REVIEW_SERVER_MESSAGE.importRunning);
    const checker = this.#checker(programId, row);
    return answered(() => store.bulk(rule, index, change, checker, readAt));
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
        // Settled as the records say it ended: nothing kept, or committed with its answer lost
        // (its lines marked, the error file then rewritten after the call).
        try {
          const { dropped } = this.#settle(programId, store, fileName);
          if (store.errorFileOwed()) this.#rewriteOwed(store);
          await dropped;
        } catch (settleError) {
          this.#options.logger.error(
            { err: settleError, outFileName },
            'could not settle an import',
          );
        }
        throw error;
      }
      // Committed: should the server stop from here on, the review settles it when next opened.
      this.#options.testHooks?.afterCorrectionsCommitted?.();
      // Its error file is off the disk once settled; its row's name is cleared after.
      await this.#settle(programId, store, fileName).dropped.catch((error: unknown) => {
        this.#options.logger.error({ err: error, outFileName }, 'could not drop an error file');
      });
      // Marked, the error file owed its rewrite: should the server stop from here on, the
      // review rewrites it when next used.
      this.#options.testHooks?.afterCorrectionsMarked?.();
      // The import is committed and the review up to date: an error file not rewritten (a full
      // disk) still lists the lines just imported, and stays owed its rewrite (a download, the
      // review opened again, the next import).
      await this.#rewrite(store).catch((error: unknown) => {
        this.#options.logger.error({ err: error, outFileName }, 'could not rewrite an error file');
      });
      const failing = store.failingLines();
      return { ...answer, outFileName: failing > 0 ? outFileName : null };
    } finally {
      this.#importing.delete(outFileName);
    }
  }

  /** Rewrites the review's error file once any rewrite of it under way ended (#rewriteErrorFile). */
  #rewrite(store: ReviewStore): Promise<void> {
    const { outFileName } = store.meta;
    const previous = this.#rewrites.get(outFileName) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(() => this.#rewriteErrorFile(store, outFileName));
    this.#rewrites.set(outFileName, next);
    const forget = () => {
      if (this.#rewrites.get(outFileName) === next) this.#rewrites.delete(outFileName);
    };
    void next.then(forget, forget);
    return next;
  }

  /**
   * The error file, rewritten with the failing lines only (replaced at once, by a rename), in
   * the engine's format: sealed for a card or device import, as the engine writes it. The review
   * then owes it nothing, unless an import was settled while it was written.
   */
  async #rewriteErrorFile(store: ReviewStore, outFileName: string): Promise<void> {
    const target = path.join(this.#options.errorsDir, outFileName);
    const temporary = `${target}.rewrite`;
    const key = holdsSecrets(store.meta.kind) ? this.#options.key : undefined;
    const version = store.version();
    try {
      rmSync(temporary, { force: true });
      await writeImportFile(temporary, errorFileChunks(store), key);
      renameSync(temporary, target);
      store.errorFileWritten(version);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw error;
    }
  }

  /**
   * The error lines of an import still to deal with, for Files Uploaded: failing, and fixed but
   * not imported yet. Its review's when it has one (opened, not built; settled first when its
   * corrections import is pending), else the import's error lines, failing; none once its
   * error file is gone.
   */
  linesLeftOf(
    programId: number,
    outFileName: string,
    errorLines: number,
  ): { failing: number; fixed: number } {
    if (this.#imports.errorFile(outFileName) === undefined) return { failing: 0, fixed: 0 };
    const left = (store: ReviewStore) => {
      const { failing, fixed } = store.statusCounts();
      return { failing, fixed };
    };
    if (!this.#open.has(outFileName)) {
      const file = ReviewStore.fileOf(this.#options.reviewsDir, outFileName);
      if (!existsSync(file)) return { failing: errorLines, fixed: 0 };
      const store = ReviewStore.open(file, this.#options.key);
      try {
        if (store.pendingCorrections() === null && !store.errorFileOwed()) return left(store);
      } finally {
        store.close();
      }
    }
    return left(this.#review(programId, outFileName).store);
  }

  /**
   * When the review of `outFileName` last changed (ReviewStore lastChange, epoch ms), or
   * undefined when it has none or none was made. A review not open is opened for this and
   * closed again; a store that cannot be opened throws.
   */
  lastChange(outFileName: string): number | undefined {
    const open = this.#open.get(outFileName);
    if (open !== undefined) return open.lastChange() ?? undefined;
    const file = ReviewStore.fileOf(this.#options.reviewsDir, outFileName);
    if (!existsSync(file)) return undefined;
    const store = ReviewStore.open(file, this.#options.key);
    try {
      return store.lastChange() ?? undefined;
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
      if (this.busy(outFileName)) continue;
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
