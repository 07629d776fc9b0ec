/**
 * The import engine of the scheme wizard's step 3 (03 §3, §4, §7): uploads registered per
 * program, imports run per kind (card, store, device), their progress, error files and the list
 * of imported files. Records live in the program's SQLite file (server/records/records-db.ts).
 *
 * Layout: `<importsDir>/uploads/<uuid>.txt` (uploads, written by the files router),
 * `<importsDir>/errors/<uuid>.errors.txt` (error files), `<recordsDir>/<programId>.sqlite`,
 * `<keysDir>/pin.key`, `<keysDir>/device.key`, `<keysDir>/upload.key`.
 *
 * Card files hold PINs and device files passwords: their uploads are sealed as they are written
 * (sealed-file.ts, with the upload key; uploadKeyFor) and read back through decryption by the
 * import; a card or device import's error file is sealed as the engine writes it, and read
 * through decryption by its download and its review. A device upload is deleted once its import
 * ends, completed or failed; a card upload stays, sealed, until its retention ends, like a store
 * upload. At open, what a crash may have left is deleted: an upload, sealed or plain, that no
 * program registered, a sealed device upload whose import had started, and a card or device file
 * in plain text; a device import's error file in plain text is sealed.
 */
import { randomUUID } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Readable } from 'node:stream';
import { MessageChannel, Worker, type Transferable } from 'node:worker_threads';
import type { Logger } from 'pino';
import {
  IMPORT_SERVER_MESSAGE,
  IMPORT_STEPS,
  MASKED_PASSWORD,
  type ImportAnswer,
  type ImportKind,
  type ImportProgress,
  type ImportStep,
} from '@contracts/api/imports';
import type { UploadedFile } from '@contracts/api/schemes';
import { ERROR_CODE } from '@contracts/api/constants';
import { conflict, HttpError, notFound, validationError } from '../http/errors';
import { CardStore } from '../records/card-store';
import { isBusyError, RecordsDb, type Db } from '../records/records-db';
import {
  DEVICE_KEY_FILE,
  loadOrCreateKey,
  PIN_KEY_FILE,
  UPLOAD_KEY_FILE,
} from '../records/record-crypto';
import { StoreSearch } from '../records/store-search';
import {
  PIPED_FIELD_COUNT_ERROR,
  PROGRESS_CELL,
  PROGRESS_CELLS,
  runImport,
  stepIndex,
  type ImportJob,
  type ImportOutcome,
} from './engine';
import { describeKind, FIELD_DELIMITER, readHeader } from './file-header';
import { forEachLine } from './import-file';
import { isSealed, plainSize, plainTextStream, SealedFileWriter } from './sealed-file';
import { pinHashCells, pinHashThreadStopped } from './pin-hashes';
import { ReviewService } from './review-service';

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
  /**
   * Its data lines, counted as it arrived (upload-storage.ts): the import's progress has its
   * total at once instead of reading the file once more. Kept in memory; an import of an upload
   * made before a restart counts them itself.
   */
  dataLines?: number;
}

export interface CardImportParams {
  binNumber: string;
  extension: string;
  cardLength: number;
}

/** Test hooks (never set by the app). */
export interface ImportTestHooks {
  /** Run the engine on the main thread instead of a worker thread. */
  inProcess?: boolean;
  /** Fail every import after this many data lines (all-or-nothing). */
  failAfterLine?: number;
  /** Wait this long after each line (to catch an import midway). */
  lineDelayMs?: number;
  /** Card files from this size get a PIN hash thread (default PIN_HASH_THREAD_MIN_BYTES). */
  pinHashThreadMinBytes?: number;
  /**
   * Runs once a review's corrections import committed, before the review marks its lines
   * (review-service.ts): a throw here is the server stopping at that moment.
   */
  afterCorrectionsCommitted?: () => void;
  /**
   * Runs once a review marked the lines of its corrections import, before it rewrites the
   * import's error file (review-service.ts): a throw here is the server stopping at that moment.
   */
  afterCorrectionsMarked?: () => void;
}

export interface ImportServiceOptions {
  recordsDir: string;
  importsDir: string;
  keysDir: string;
  logger: Logger;
  /**
   * Uploads and error files older than this (by their last change) are deleted by sweepFiles,
   * run at open and then every hour (FILE_SWEEP_INTERVAL_MS) when set. Undefined or 0: kept.
   */
  fileRetentionMs?: number;
  testHooks?: ImportTestHooks;
}

export interface ImportRequestParams {
  programId: number;
  fileName: string;
  userFileName: string;
  card?: CardImportParams;
  /**
   * A line whose key is already stored for the program is an error line (`<key field>: already
   * stored for the scheme`), its record kept, instead of replacing it: a review's corrections
   * (review-service.ts). Checked in the import's own transaction, so no import between the
   * check and the write can be replaced.
   */
  keepStored?: boolean;
  /** The developer tools' midway faults of this call (files-router; docs/developer-tools.md). */
  faults?: ImportFaults;
}

/** A failing or stalling import (set only by the developer tools' faults, server/dev/mock). */
export interface ImportFaults {
  /** The import fails on reaching this data line (rolled back, answered as a failed import). */
  failAtLine?: number;
  /** The progress stops at this data line while `hold[0]` is not 0 (shared memory). */
  stallAtLine?: number;
  hold?: Int32Array;
}

/**
 * The kinds whose lines hold secrets, their uploads sealed as written: card files (PINs) and
 * device files (passwords). Reading a sealed 1,000,000-line card file (38 MB) took the import
 * 30 to 80 ms more than the same file in plain text (measured here).
 */
const SEALED_KINDS: readonly ImportKind[] = ['card', 'device'];

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UPLOAD_NAME = new RegExp(`^${UUID}\\.txt$`);
const ERROR_NAME = new RegExp(`^${UUID}\\.errors\\.txt$`);
/** An error file being rewritten (review-service.ts): left only by a crash midway. */
const ERROR_REWRITE_NAME = new RegExp(`^${UUID}\\.errors\\.txt\\.rewrite$`);
/** How much of an upload the leftover check at open reads: more than any header line. */
const LEFTOVER_HEAD_BYTES = 64 * 1024;
/** How often old uploads and error files are looked for (ImportServiceOptions.fileRetentionMs). */
export const FILE_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/**
 * The threads' entry files. The compiled server (scripts/lib/build-server.mjs) has them as
 * JavaScript beside itself: dist/server/import-worker.js and pin-hash-worker.js. Run from the
 * sources (`npm run dev`, the tests), they are the TypeScript files beside this one, loaded
 * through tsx's documented `--import` hook, which worker threads honour.
 */
const FROM_SOURCES = __filename.endsWith('.ts');
const THREAD_ENTRY = {
  import: path.join(__dirname, FROM_SOURCES ? 'import-worker.ts' : 'import-worker.js'),
  pins: path.join(__dirname, FROM_SOURCES ? 'pin-hash-worker.ts' : 'pin-hash-worker.js'),
};
/**
 * A card file at least this big (about 26,000 lines) gets a PIN hash thread (pin-hashes.ts):
 * below it, the PINs take the import's thread less time (2.3 to 3 µs each) than starting the
 * thread takes (about 30 ms compiled, 200 ms from the sources).
 */
export const PIN_HASH_THREAD_MIN_BYTES = 1024 * 1024;
/** Resolved here, so the threads do not depend on the process's working directory. */
const THREAD_EXEC_ARGV = FROM_SOURCES
  ? { execArgv: ['--import', pathToFileURL(require.resolve('tsx')).href] }
  : {};
/**
 * Both threads make garbage fast and keep little of it (a batch of lines, a few buffers), and
 * the import's memory is bounded (RSS +150 MB at most): young generations smaller than V8's
 * default (16 MB semi-spaces) at the same speed (the import thread about 10 MB less with 8 MB),
 * and a capped old generation for the import thread. The lines of the batches being written
 * outlive young collections, and without a cap V8 let its old generation fill to 40 MB with
 * them, against 11 MB live: a 3,000,000-line card import grew the server's RSS by 141 to 147 MB
 * uncapped and 116 to 120 MB capped (24 or 32 MB), at the same speed (measured here). A batch
 * holds at most BATCH_CHARS of text (engine.ts), so two batches stay well under the cap
 * whatever the lines' length.
 */
const THREAD_LIMITS = {
  import: { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 32 },
  pins: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 },
};

interface Running {
  kind: ImportKind;
  programId: number;
  cells: Int32Array;
  worker?: Worker;
  /** The PIN hash thread of a big card import (pin-hashes.ts). */
  pinThread?: Worker;
}

interface UploadRow {
  kind: ImportKind;
  userFileName: string;
  createdDate: number;
}

interface ImportRow {
  step: ImportStep;
  totalLines: number;
  currentLine: number;
  errorLines: number;
}

type WorkerMessage = { ok: true; outcome: ImportOutcome } | { ok: false; message: string };

const nowSeconds = () => Math.floor(Date.now() / 1000);
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class ImportService {
  /** `<importsDir>/uploads` (created on demand, 0700). */
  readonly uploadsDir: string;
  /** `<importsDir>/errors`: the error files. */
  readonly errorsDir: string;
  /** What the published journal site's balance check reads. */
  readonly cards: CardStore;
  /** What the published merchant site's store locator searches. */
  readonly stores: StoreSearch;
  /** The reviews of the imports' error lines (review-service.ts), `<importsDir>/reviews`. */
  readonly reviews: ReviewService;
  readonly #options: ImportServiceOptions;
  readonly #records: RecordsDb;
  readonly #pinKey: Buffer;
  readonly #deviceKey: Buffer;
  readonly #uploadKey: Buffer;
  /** Upload name -> the import of it that is queued or running. */
  readonly #running = new Map<string, Running>();
  /** Program -> the end of its last queued import (one import at a time per program). */
  readonly #queues = new Map<number, Promise<unknown>>();
  /** Upload name -> its data lines, when counted as it arrived (UploadRecord.dataLines). */
  readonly #dataLines = new Map<string, number>();
  /** Upload name -> program (filled by registerUpload and by lookups). */
  readonly #owners = new Map<string, number>();
  readonly #runs = new Set<Promise<unknown>>();
  /** Import workers that answered and still checkpoint (engine.ts runImport), until they end. */
  readonly #ending = new Set<Promise<void>>();
  #sweepTimer: NodeJS.Timeout | undefined;
  #closed = false;

  private constructor(options: ImportServiceOptions) {
    this.#options = options;
    this.uploadsDir = path.join(options.importsDir, 'uploads');
    this.errorsDir = path.join(options.importsDir, 'errors');
    this.#records = new RecordsDb(options.recordsDir, this.errorsDir);
    this.#pinKey = loadOrCreateKey(options.keysDir, PIN_KEY_FILE);
    this.#deviceKey = loadOrCreateKey(options.keysDir, DEVICE_KEY_FILE);
    this.#uploadKey = loadOrCreateKey(options.keysDir, UPLOAD_KEY_FILE);
    this.cards = new CardStore(this.#records, this.#pinKey);
    this.stores = new StoreSearch(this.#records);
    this.reviews = new ReviewService(this, {
      reviewsDir: path.join(options.importsDir, 'reviews'),
      errorsDir: this.errorsDir,
      key: this.#uploadKey,
      records: this.#records,
      logger: options.logger,
      dropErrorFile: (programId, outFileName) => this.#dropErrorFile(programId, outFileName),
      testHooks: options.testHooks,
    });
  }

  static open(options: ImportServiceOptions): ImportService {
    const service = new ImportService(options);
    service.#removeLeftovers();
    if ((options.fileRetentionMs ?? 0) > 0) {
      const sweep = () => {
        service.sweepFiles().catch((error: unknown) => {
          options.logger.error({ err: error }, 'could not delete old import files');
        });
      };
      sweep();
      service.#sweepTimer = setInterval(sweep, FILE_SWEEP_INTERVAL_MS).unref();
    }
    return service;
  }

  /**
   * Deletes the uploads and error files last changed `fileRetentionMs` or longer before `now`
   * (a card file can be 512 MB; without this they would fill the disk). An error file that has a
   * review is aged by the later of its own last write and the review's last change (a
   * correction, a bulk correction, an import of its corrections: ReviewService lastChange), and
   * its review goes with it: a review is kept, with its error file, a whole retention after it
   * last changed. The upload of an import that is queued or running, and the error file of a
   * review whose corrections are being imported, are kept whatever their age. The import history
   * stays: the summary's Files Uploaded list still names them; processing a deleted upload or
   * downloading a deleted error file answers 404 as for any unknown file. Only names this service
   * makes are touched. Answers how many files were deleted.
   */
  async sweepFiles(now = Date.now()): Promise<number> {
    const retention = this.#options.fileRetentionMs ?? 0;
    if (retention <= 0) return 0;
    let removed = 0;
    const folders = [
      { dir: this.uploadsDir, pattern: UPLOAD_NAME, reviewed: false },
      { dir: this.errorsDir, pattern: ERROR_NAME, reviewed: true },
    ];
    for (const { dir, pattern, reviewed } of folders) {
      const names = await readdir(dir).catch(() => [] as string[]);
      for (const name of names) {
        if (!pattern.test(name) || this.#running.has(name) || this.reviews.busy(name)) continue;
        const file = path.join(dir, name);
        const changed = await stat(file).then(
          (info) => info.mtimeMs,
          () => undefined,
        );
        if (changed === undefined || now - changed < retention) continue;
        // From here to the deletion nothing awaits: no call (an import started while the folder
        // was read, a correction of the review) comes between the checks and the deletion.
        if (this.#running.has(name) || this.reviews.busy(name)) continue;
        if (reviewed && this.#reviewChangedWithin(name, now, retention)) continue;
        try {
          rmSync(file, { force: true });
        } catch (error) {
          this.#options.logger.error({ err: error, name }, 'could not delete an old import file');
          continue;
        }
        if (reviewed) this.reviews.remove(name);
        this.#dataLines.delete(name);
        removed += 1;
      }
    }
    // Any review whose error file went otherwise.
    removed += this.reviews.removeOrphans();
    if (removed > 0) {
      this.#options.logger.info({ removed }, 'deleted import files past their retention');
    }
    return removed;
  }

  /**
   * Whether the review of the error file `outFileName` changed less than `retention` before
   * `now`; a review that cannot be read counts as changed (its error file is kept, logged).
   */
  #reviewChangedWithin(outFileName: string, now: number, retention: number): boolean {
    try {
      const changed = this.reviews.lastChange(outFileName);
      return changed !== undefined && now - changed < retention;
    } catch (error) {
      this.#options.logger.error(
        { err: error, outFileName },
        'could not read when a review last changed; its error file is kept',
      );
      return true;
    }
  }

  /**
   * The key an upload of `kind` is sealed with as it is written (sealed-file.ts), or undefined:
   * card and device files (their PINs and passwords, SEALED_KINDS) are, store files are not.
   */
  uploadKeyFor(kind: ImportKind): Buffer | undefined {
    return SEALED_KINDS.includes(kind) ? this.#uploadKey : undefined;
  }

  /**
   * Deletes what a crash may have left in the uploads folder (synchronously, at open, before
   * any upload arrives, whatever the retention): an upload that no program registered, sealed or
   * plain (its upload, or a review's corrections file, never finished: a file is registered once
   * whole), a sealed device upload whose import had started (it ends, completed or failed, with
   * its file deleted), and a card or device file in plain text (written before their uploads
   * were sealed, or by hand). An upload that cannot be read, or whose programs' records cannot
   * be read, is kept. In the error files' folder: an error file a review was rewriting (the error
   * file itself stays as it was).
   */
  #removeLeftovers(): void {
    for (const name of listFolder(this.errorsDir)) {
      if (ERROR_REWRITE_NAME.test(name)) rmSync(path.join(this.errorsDir, name), { force: true });
    }
    this.#sealPlainErrorFiles();
    let names: string[];
    try {
      names = readdirSync(this.uploadsDir);
    } catch {
      return; // no uploads yet
    }
    let removed = 0;
    for (const name of names) {
      if (!UPLOAD_NAME.test(name)) continue;
      const file = path.join(this.uploadsDir, name);
      try {
        if (!this.#leftover(name, file)) continue;
        rmSync(file, { force: true });
        removed += 1;
      } catch (error) {
        this.#options.logger.error({ err: error, name }, 'could not check an upload at start');
      }
    }
    if (removed > 0) {
      this.#options.logger.info({ removed }, 'deleted uploads left by an earlier run');
    }
  }

  /**
   * Seals the error files of device imports found in plain text (in which a line whose field
   * count was off may have every field masked but its first, which may be the password): each
   * is rewritten sealed (synchronously, at open), such a line masked whole
   * as the engine masks it (engine.ts holdsSecrets, writeError).
   */
  #sealPlainErrorFiles(): void {
    let sealed = 0;
    for (const name of listFolder(this.errorsDir)) {
      if (!ERROR_NAME.test(name)) continue;
      const file = path.join(this.errorsDir, name);
      const head = readStart(file);
      if (head === undefined || isSealed(head)) continue;
      if (!readHeader(firstLine(head), ['device']).ok) continue;
      const temporary = `${file}.rewrite`;
      try {
        const writer = new SealedFileWriter(temporary, this.#uploadKey);
        try {
          let width = -1;
          forEachLine(file, (buffer, start, end) => {
            const text = buffer.toString('utf8', start, end).replace(/\r$/, '');
            if (width < 0) {
              width = text.split(FIELD_DELIMITER).length;
              writer.write(`${text}\n`);
            } else {
              writer.write(`${maskedPlainErrorLine(text, width)}\n`);
            }
          });
        } finally {
          writer.close();
        }
        renameSync(temporary, file);
        sealed += 1;
      } catch (error) {
        rmSync(temporary, { force: true });
        this.#options.logger.error({ err: error, name }, 'could not seal an error file');
      }
    }
    if (sealed > 0) this.#options.logger.info({ sealed }, 'sealed device error files');
  }

  /**
   * Whether an upload is a crash's leftover (#removeLeftovers): a card or device file in plain
   * text, one no program registered, or a sealed device file whose import began. Throws when the
   * programs' records cannot be read.
   */
  #leftover(fileName: string, file: string): boolean {
    const head = readStart(file);
    if (head === undefined) return false;
    const sealed = isSealed(head);
    if (!sealed && readHeader(firstLine(head), SEALED_KINDS).ok) return true;
    const programId = this.#ownerOf(fileName);
    if (programId === undefined) return true;
    if (!sealed || this.#upload(programId, fileName)?.kind !== 'device') return false;
    const started = this.#records
      .statement(programId, 'importOf', 'SELECT 1 FROM imports WHERE file_name = ? LIMIT 1')
      ?.get(fileName);
    return started !== undefined;
  }

  /** A new server-made upload name (the uploads folder exists once this returns). */
  newUploadName(): string {
    mkdirSync(this.uploadsDir, { recursive: true, mode: 0o700 });
    return `${randomUUID()}.txt`;
  }

  /** True for a name newUploadName could have made (and nothing else: no path parts). */
  isUploadName(name: string): boolean {
    return UPLOAD_NAME.test(name);
  }

  /** Records a stored upload for its program (after the files router wrote it). */
  async registerUpload(record: UploadRecord): Promise<void> {
    if (!this.isUploadName(record.fileName)) {
      throw new TypeError(`Not an upload name: ${record.fileName}`);
    }
    const db = this.#records.require(record.programId);
    await this.#write(db, () =>
      db
        .prepare(
          'INSERT OR REPLACE INTO uploads (file_name, kind, user_file_name, bytes, created_date) VALUES (?, ?, ?, ?, ?)',
        )
        .run(record.fileName, record.kind, record.userFileName, record.bytes, record.createdDate),
    );
    this.#owners.set(record.fileName, record.programId);
    if (record.dataLines !== undefined) this.#dataLines.set(record.fileName, record.dataLines);
  }

  /**
   * Runs an import of an upload to its end (after any import of the same program that is
   * queued or running): 404 unknown upload or not the program's, 400 an upload of another
   * kind, 409 the same upload being imported. An import that could not complete answers
   * currentStep failed (nothing of it kept).
   */
  async process(kind: ImportKind, request: ImportRequestParams): Promise<ImportAnswer> {
    if (this.#closed) throw new Error('The import service is closed');
    const { programId, fileName } = request;
    const upload = this.isUploadName(fileName) ? this.#upload(programId, fileName) : undefined;
    const inputFile = path.join(this.uploadsDir, fileName);
    if (upload === undefined || !existsSync(inputFile)) {
      throw notFound(IMPORT_SERVER_MESSAGE.uploadNotFound(fileName));
    }
    if (upload.kind !== kind) {
      throw validationError('fileName', IMPORT_SERVER_MESSAGE.wrongKind(describeKind(kind)));
    }
    if (this.#running.has(fileName)) {
      throw conflict('fileName', IMPORT_SERVER_MESSAGE.importRunning(fileName));
    }
    const cells = new Int32Array(new SharedArrayBuffer(PROGRESS_CELLS * 4));
    cells[PROGRESS_CELL.step] = stepIndex('uploaded');
    const running: Running = { kind, programId, cells };
    this.#running.set(fileName, running);

    const previous = this.#queues.get(programId) ?? Promise.resolve();
    const run = previous
      .then(() => this.#run(running, request, inputFile))
      .finally(() => this.#importEnded(kind, fileName, inputFile));
    const settled = run.catch(() => undefined);
    this.#queues.set(programId, settled);
    this.#runs.add(settled);
    try {
      return await run;
    } finally {
      this.#runs.delete(settled);
      if (this.#queues.get(programId) === settled) this.#queues.delete(programId);
      this.#running.delete(fileName);
    }
  }

  /** Progress of the latest import of an upload (uploaded: none yet); HttpError 404 when unknown. */
  progress(kind: ImportKind, fileName: string): ImportProgress {
    const running = this.#running.get(fileName);
    if (running !== undefined && running.kind === kind) {
      const cells = running.cells;
      return {
        currentStep: IMPORT_STEPS[Atomics.load(cells, PROGRESS_CELL.step)] ?? 'uploaded',
        currentLine: Atomics.load(cells, PROGRESS_CELL.currentLine),
        totalLines: Atomics.load(cells, PROGRESS_CELL.totalLines),
        numErrorLines: Atomics.load(cells, PROGRESS_CELL.errorLines),
      };
    }
    const programId = this.isUploadName(fileName) ? this.#ownerOf(fileName) : undefined;
    const upload = programId === undefined ? undefined : this.#upload(programId, fileName);
    if (programId === undefined || upload?.kind !== kind) {
      throw notFound(IMPORT_SERVER_MESSAGE.importNotFound(fileName));
    }
    const row = this.#records
      .statement(
        programId,
        'lastImport',
        'SELECT step, total_lines AS totalLines, current_line AS currentLine, error_lines AS errorLines FROM imports WHERE file_name = ? ORDER BY id DESC LIMIT 1',
      )
      ?.get(fileName) as unknown as ImportRow | undefined;
    if (row === undefined) {
      return { currentStep: 'uploaded', currentLine: 0, totalLines: 0, numErrorLines: 0 };
    }
    return {
      currentStep: row.step,
      currentLine: row.currentLine,
      totalLines: row.totalLines,
      numErrorLines: row.errorLines,
    };
  }

  /** Absolute path of one of this service's error files, or undefined. */
  errorFile(outFileName: string): string | undefined {
    if (!ERROR_NAME.test(outFileName)) return undefined;
    const file = path.join(this.errorsDir, outFileName);
    return existsSync(file) ? file : undefined;
  }

  /**
   * One of this service's error files as plain text (a card import's is sealed: its lines hold
   * PINs), and its length, or undefined when there is none of that name.
   */
  readErrorFile(outFileName: string): { stream: Readable; bytes: number } | undefined {
    const file = this.errorFile(outFileName);
    const head = file === undefined ? undefined : readStart(file);
    if (file === undefined || head === undefined) return undefined;
    try {
      const bytes = plainSize(head, statSync(file).size);
      return { stream: plainTextStream({ file, key: this.#uploadKey }), bytes };
    } catch {
      return undefined; // removed meanwhile
    }
  }

  /**
   * Completed imports of the program (the user's file names), oldest first, each with its error
   * file while some of its error lines still fail or, fixed, wait to be imported (its review's
   * counts when it was reviewed, else the import's error lines, failing): the review stays
   * reachable until its fixed lines are imported.
   */
  /**
   * An import's lines still to deal with (ReviewService linesLeftOf). A review that cannot be
   * opened (a store of a newer build, a damaged file) is logged and its import counted by its
   * error lines, so one such review never takes the whole list down; opening it says why.
   */
  #linesLeft(
    programId: number,
    outFileName: string,
    errorLines: number,
  ): { failing: number; fixed: number } {
    try {
      return this.reviews.linesLeftOf(programId, outFileName, errorLines);
    } catch (error) {
      this.#options.logger.error(
        { err: error, programId, outFileName },
        'a review could not be read',
      );
      return { failing: errorLines, fixed: 0 };
    }
  }

  importedFiles(programId: number): UploadedFile[] {
    const statement = this.#records.statement(
      programId,
      'importedFiles',
      "SELECT i.user_file_name AS fileName, COALESCE(u.created_date, i.started_at) AS createdDate, i.out_file_name AS outFileName, i.error_lines AS errorLines FROM imports i LEFT JOIN uploads u ON u.file_name = i.file_name WHERE i.step = 'completed' ORDER BY i.id",
      { createIfMissing: false },
    );
    const rows = (statement?.all() ?? []) as unknown as (UploadedFile & { errorLines: number })[];
    return rows.map(({ fileName, createdDate, outFileName, errorLines }) => {
      const { failing, fixed } =
        outFileName === null || outFileName === undefined
          ? { failing: 0, fixed: 0 }
          : this.#linesLeft(programId, outFileName, errorLines);
      return {
        fileName,
        createdDate,
        outFileName: failing + fixed > 0 ? (outFileName ?? null) : null,
        failingLines: failing,
        fixedLines: fixed,
      };
    });
  }

  /** Deletes an import's error file and forgets it (its lines went back to a review). */
  async #dropErrorFile(programId: number, outFileName: string): Promise<void> {
    const file = this.errorFile(outFileName);
    if (file !== undefined) await rm(file, { force: true });
    const db = this.#records.require(programId);
    await this.#write(db, () =>
      db
        .prepare('UPDATE imports SET out_file_name = NULL WHERE out_file_name = ?')
        .run(outFileName),
    );
  }

  /** True while an import is queued or running (a scenario switch waits for none). */
  get importing(): boolean {
    return this.#running.size > 0 || this.reviews.importing;
  }

  /**
   * Drops the records of every program, every upload and every error file (a scenario switch,
   * server/dev/scenarios): the folders are emptied (the records folder stays, empty) and the
   * program files opened again on demand. The keys stay. Refuses (throws) while an import is
   * queued or running.
   */
  async dropAll(): Promise<void> {
    if (this.importing) throw new Error('An import is running');
    await Promise.allSettled([...this.#ending]);
    await this.reviews.idle();
    this.reviews.closeAll();
    this.#records.close();
    this.#owners.clear();
    this.#dataLines.clear();
    for (const dir of [this.#records.dir, this.uploadsDir, this.errorsDir, this.reviews.dir]) {
      await rm(dir, { recursive: true, force: true });
    }
    // An empty records folder, not none: a start seeds the demo cards only where there is none.
    mkdirSync(this.#records.dir, { recursive: true, mode: 0o700 });
  }

  /** Stops running imports (nothing of them kept) and closes the records. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#sweepTimer);
    for (const running of this.#running.values()) {
      void running.worker?.terminate();
      void running.pinThread?.terminate();
    }
    await Promise.allSettled([...this.#runs]);
    await Promise.allSettled([...this.#ending]);
    await this.reviews.idle();
    this.reviews.closeAll();
    this.#records.close();
  }

  async #run(
    running: Running,
    request: ImportRequestParams,
    inputFile: string,
  ): Promise<ImportAnswer> {
    const { logger, testHooks } = this.#options;
    const { programId, fileName } = request;
    /**
     * A failed import answers an error (03 §8: the client shows 'Error: {errorCode}' with the
     * message and resets its panel); the reason itself (an SQLite or disk error may name paths)
     * is logged and kept on the import's row, not sent.
     */
    const failed = (message: string = IMPORT_SERVER_MESSAGE.importFailed): HttpError =>
      new HttpError(500, ERROR_CODE.INTERNAL, message);
    if (this.#closed) throw failed(IMPORT_SERVER_MESSAGE.interrupted);
    const db = this.#records.require(programId);
    const outFileName = `${randomUUID()}.errors.txt`;
    mkdirSync(this.errorsDir, { recursive: true, mode: 0o700 });
    const importId = await this.#write(db, () =>
      Number(
        db
          .prepare(
            "INSERT INTO imports (file_name, kind, user_file_name, step, out_file_name, started_at, card_bin, card_extension, card_length) VALUES (?, ?, ?, 'validating', ?, ?, ?, ?, ?)",
          )
          .run(
            fileName,
            running.kind,
            request.userFileName,
            outFileName,
            nowSeconds(),
            request.card?.binNumber ?? null,
            request.card?.extension ?? null,
            request.card?.cardLength ?? null,
          ).lastInsertRowid,
      ),
    );
    const job: ImportJob = {
      kind: running.kind,
      programId,
      importId,
      recordsDir: this.#records.dir,
      inputFile,
      totalLines: this.#dataLines.get(fileName),
      errorFile: path.join(this.errorsDir, outFileName),
      card: request.card,
      keepStored: request.keepStored,
      pinKey: this.#pinKey.toString('hex'),
      deviceKey: this.#deviceKey.toString('hex'),
      uploadKey: this.#uploadKey.toString('hex'),
      failAfterLine: testHooks?.failAfterLine,
      lineDelayMs: testHooks?.lineDelayMs,
      failAtLine: request.faults?.failAtLine,
      stallAtLine: request.faults?.stallAtLine,
      hold: request.faults?.hold,
    };
    const started = Date.now();
    try {
      const outcome =
        testHooks?.inProcess === true
          ? runImport(job, running.cells)
          : await this.#inWorker(job, running);
      logger.info(
        { programId, kind: running.kind, fileName, ...outcome, ms: Date.now() - started },
        'import completed',
      );
      return {
        totalSuccessLines: outcome.inserted + outcome.replaced,
        totalErrorLines: outcome.errorLines,
        outFileName: outcome.errorLines > 0 ? outFileName : null,
        currentStep: 'completed',
        insertedLines: outcome.inserted,
        replacedLines: outcome.replaced,
      };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.error({ programId, kind: running.kind, fileName, err: error }, 'import failed');
      Atomics.store(running.cells, PROGRESS_CELL.step, stepIndex('failed'));
      rmSync(job.errorFile, { force: true });
      await this.#write(db, () =>
        db
          .prepare(
            "UPDATE imports SET step = 'failed', message = ?, out_file_name = NULL, ended_at = ? WHERE id = ?",
          )
          .run(message, nowSeconds(), importId),
      ).catch((writeError: unknown) => {
        logger.error({ err: writeError }, 'could not mark the import failed');
      });
      throw failed(this.#closed ? IMPORT_SERVER_MESSAGE.interrupted : undefined);
    }
  }

  /**
   * After an import, completed or failed: a device upload is deleted (its passwords are in the
   * records now, sealed, or nowhere); another upload stays until its retention ends.
   */
  async #importEnded(kind: ImportKind, fileName: string, inputFile: string): Promise<void> {
    if (kind !== 'device') return;
    this.#dataLines.delete(fileName);
    await rm(inputFile, { force: true }).catch((error: unknown) => {
      this.#options.logger.error({ err: error, fileName }, 'could not delete a device upload');
    });
  }

  #inWorker(job: ImportJob, running: Running): Promise<ImportOutcome> {
    const withPins = this.#withPinHashThread(job, running);
    return new Promise<ImportOutcome>((resolve, reject) => {
      const transfer = withPins.pinHashes === undefined ? [] : [withPins.pinHashes.port];
      const worker = this.#start('import', { job: withPins, cells: running.cells }, transfer);
      running.worker = worker;
      const ended = new Promise<void>((settle) => worker.once('exit', () => settle()));
      this.#ending.add(ended);
      void ended.then(() => this.#ending.delete(ended));
      let answered = false;
      worker.on('message', (message: WorkerMessage) => {
        answered = true;
        if (message.ok) resolve(message.outcome);
        else reject(new Error(message.message));
      });
      worker.on('error', (error) => {
        answered = true;
        reject(error);
      });
      worker.on('exit', (code) => {
        if (!answered) reject(new Error(`The import worker stopped (exit code ${code})`));
      });
    }).finally(() => {
      void running.pinThread?.terminate();
    });
  }

  /**
   * For a card file of PIN_HASH_THREAD_MIN_BYTES or more, starts the thread that computes its
   * PIN HMACs beside the import (pin-hashes.ts), and returns the job with its end of their
   * channel. Should the thread stop early, the import waiting for it fails (nothing kept).
   */
  #withPinHashThread(job: ImportJob, running: Running): ImportJob {
    if (job.kind !== 'card') return job;
    let bytes = 0;
    try {
      bytes = statSync(job.inputFile).size;
    } catch {
      return job; // the import itself reports a missing file
    }
    const minBytes = this.#options.testHooks?.pinHashThreadMinBytes ?? PIN_HASH_THREAD_MIN_BYTES;
    if (bytes < minBytes) return job;
    const { port1, port2 } = new MessageChannel();
    const cells = pinHashCells();
    const thread = this.#start('pins', { port: port1, cells, pinKey: job.pinKey }, [port1]);
    thread.on('error', (error) => {
      this.#options.logger.error({ err: error }, 'the PIN hash thread failed');
    });
    thread.once('exit', () => pinHashThreadStopped(cells));
    running.pinThread = thread;
    return { ...job, pinHashes: { port: port2, cells } };
  }

  /**
   * Starts a thread of `role` on its input (import-worker.ts, pin-hash-worker.ts). A compiled
   * thread is running its work about 30 ms after this call here; from the sources (tsx) about
   * 200 ms.
   */
  #start(
    role: keyof typeof THREAD_ENTRY,
    input: unknown,
    transferList: readonly Transferable[] = [],
  ): Worker {
    return new Worker(THREAD_ENTRY[role], {
      ...THREAD_EXEC_ARGV,
      workerData: input,
      transferList: [...transferList],
      resourceLimits: THREAD_LIMITS[role],
    });
  }

  /** The upload row of a program, or undefined. */
  #upload(programId: number, fileName: string): UploadRow | undefined {
    const row = this.#records
      .statement(
        programId,
        'upload',
        'SELECT kind, user_file_name AS userFileName, created_date AS createdDate FROM uploads WHERE file_name = ?',
        { createIfMissing: false },
      )
      ?.get(fileName) as unknown as UploadRow | undefined;
    if (row !== undefined) this.#owners.set(fileName, programId);
    return row;
  }

  /** The program an upload belongs to (looked up in every program's file when not known yet). */
  #ownerOf(fileName: string): number | undefined {
    const known = this.#owners.get(fileName);
    if (known !== undefined) return known;
    return this.#records.programIds().find((id) => this.#upload(id, fileName) !== undefined);
  }

  /**
   * A write on the main thread's handle. An import of the program holds the write lock for its
   * whole run, so a busy file is retried asynchronously instead of blocking the event loop.
   */
  async #write<T>(db: Db, write: () => T): Promise<T> {
    for (;;) {
      db.exec('PRAGMA busy_timeout = 0');
      try {
        return write();
      } catch (error) {
        if (!isBusyError(error) || this.#closed) throw error;
      } finally {
        db.exec('PRAGMA busy_timeout = 5000');
      }
      await delay(20);
    }
  }
}

/**
 * A plain device error file's line (its header `width` columns, `error` last) with its fields
 * masked whole when their count is off (the error column as it was), else as it is (its
 * password masked already). The field-count reason may hold a `|` (PIPED_FIELD_COUNT_ERROR).
 */
function maskedPlainErrorLine(text: string, width: number): string {
  const piped = PIPED_FIELD_COUNT_ERROR.exec(text);
  const cut = piped?.index ?? text.lastIndexOf(FIELD_DELIMITER);
  const fields = (cut < 0 ? text : text.slice(0, cut)).split(FIELD_DELIMITER);
  if (cut >= 0 && piped === null && fields.length === width - 1) return text;
  const masked = fields.map(() => MASKED_PASSWORD).join(FIELD_DELIMITER);
  return cut < 0 ? masked : `${masked}${text.slice(cut)}`;
}

/** The names in a folder; none when it does not exist (yet). */
function listFolder(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** The first bytes of a file (enough for a header line), or undefined when it cannot be read. */
function readStart(file: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const head = Buffer.alloc(LEFTOVER_HEAD_BYTES);
    return head.subarray(0, readSync(fd, head, 0, head.length, 0));
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The first line of a file's start, without a BOM or CR. */
function firstLine(head: Buffer): string {
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  return text.slice(0, text.search(/\r?\n|$/));
}
