/**
 * Card, store and device file imports of a scheme (03 §2 "Step 3: Stores & Devices", §3 "Upload
 * file", §4 "File import per type", §7 "Files and import", §8, §9; spec README "Scheme wizard").
 * One place for the paths, shapes, limits and texts the server, the client and the pacts share.
 *
 * Flow: upload (multipart, field `file`) -> `{fileName}` (a server-made name) -> process with the
 * upload body -> the answer arrives when the import ends; meanwhile the progress call is polled
 * every 500 ms. Lines that fail a rule go to an error file (the input's header plus an `error`
 * column) served by downloadFile; good lines are kept. An import is all or nothing in the store.
 */
import { PROGRAM_TYPE } from './constants';

// ---------------------------------------------------------------------------------------------
// Paths (03 §7), on the API base
// ---------------------------------------------------------------------------------------------

const FILES = '/gift-card/giftSchemeFiles';

export const IMPORT_PATHS = {
  /** POST multipart (field `file`): a card or a store file of the program. */
  upload: (programId: number | string) => `${FILES}/${programId}`,
  /** POST multipart (field `file`): a device file of the program (its content is checked). */
  uploadDevice: (programId: number | string) => `${FILES}/${programId}/devicefile`,
  processCardFile: `${FILES}/processCardFile`,
  processMerchantFile: `${FILES}/processMerchantFile`,
  processDeviceFile: `${FILES}/processDeviceFile`,
  progressCardFile: (fileName: string) => `${FILES}/progressCardFile/${fileName}`,
  progressMerchantFile: (fileName: string) => `${FILES}/progressMerchantFile/${fileName}`,
  progressDeviceFile: (fileName: string) => `${FILES}/progressDeviceFile/${fileName}`,
  /** GET: an error file the server wrote (text/plain attachment). */
  downloadFile: (outFileName: string) => `${FILES}/downloadFile/${outFileName}`,
  /** GET: the sample file of a kind (text/plain attachment named IMPORT_SAMPLE_FILE[kind]). */
  sampleFile: (kind: string) => `${FILES}/samples/${kind}`,
} as const;

/** The multipart field of an upload (03 §7). */
export const IMPORT_FILE_FIELD = 'file';

// ---------------------------------------------------------------------------------------------
// Kinds, steps and shapes (03 §3)
// ---------------------------------------------------------------------------------------------

/** Upload file type codes (03 §3, §9). */
export const IMPORT_FILE_TYPE = { CARD: 1, STORE: 2, DEVICE: 3 } as const;
export type ImportFileType = (typeof IMPORT_FILE_TYPE)[keyof typeof IMPORT_FILE_TYPE];

export const IMPORT_KINDS = ['card', 'store', 'device'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_KIND_TYPE: Readonly<Record<ImportKind, ImportFileType>> = {
  card: IMPORT_FILE_TYPE.CARD,
  store: IMPORT_FILE_TYPE.STORE,
  device: IMPORT_FILE_TYPE.DEVICE,
};

/** Process and progress paths per kind (03 §7 names the store import "Merchant"). */
export const IMPORT_KIND_PATHS: Readonly<
  Record<ImportKind, { process: string; progress: (fileName: string) => string }>
> = {
  card: { process: IMPORT_PATHS.processCardFile, progress: IMPORT_PATHS.progressCardFile },
  store: {
    process: IMPORT_PATHS.processMerchantFile,
    progress: IMPORT_PATHS.progressMerchantFile,
  },
  device: { process: IMPORT_PATHS.processDeviceFile, progress: IMPORT_PATHS.progressDeviceFile },
};

/** `currentStep` of an import (spec README "Scheme wizard"). */
export const IMPORT_STEPS = ['uploaded', 'validating', 'importing', 'completed', 'failed'] as const;
export type ImportStep = (typeof IMPORT_STEPS)[number];

/** Answer of an upload. `fileName` is the server's name of the stored upload. */
export interface UploadAnswer {
  fileName: string;
}

/**
 * Body of processCardFile / processMerchantFile / processDeviceFile (03 §3 "Upload file").
 * binNumber, extension and cardLength are the card import's (03 §2, §5); a store or device
 * import sends them null or leaves them out. extension is one of the scheme's configured
 * suffixes, zero-padded to the BIN's extension length (e.g. "01").
 */
export interface ImportRequest {
  programId: number;
  fileName: string;
  userFileName: string;
  binNumber?: string | null;
  extension?: string | null;
  cardLength?: number | null;
  schemeStatus?: number;
}

/**
 * Answer of a process call, sent when the import has ended (03 §3 "Import response").
 * outFileName names the error file, null when no line failed. insertedLines + replacedLines =
 * totalSuccessLines: a line whose record (card number, store code, device id) was already
 * stored for the program replaces it.
 */
export interface ImportAnswer {
  totalSuccessLines: number;
  totalErrorLines: number;
  outFileName: string | null;
  currentStep: ImportStep;
  insertedLines: number;
  replacedLines: number;
}

/**
 * Answer of a progress call (03 §3 "Progress response"). Lines count the data lines (the header
 * is not one). totalLines is 0 until the file's lines have been counted.
 */
export interface ImportProgress {
  currentStep: ImportStep;
  currentLine: number;
  totalLines: number;
  numErrorLines: number;
}

// ---------------------------------------------------------------------------------------------
// Files (documented in docs/imports.md, samples under server/imports/samples/)
// ---------------------------------------------------------------------------------------------

/** What separates the fields (and the header's column names) of every import file. */
export const IMPORT_FIELD_DELIMITER = '|';

export interface ImportColumn {
  readonly name: string;
  readonly required: boolean;
  /** A secret (a card PIN, a device password): never written to the browser's storage. */
  readonly secret?: true;
}

/** Columns of each file, in the documented order; a header may list them in any order and case. */
export const IMPORT_COLUMNS: Readonly<Record<ImportKind, readonly ImportColumn[]>> = {
  card: [
    { name: 'cardNumber', required: true },
    { name: 'pin', required: true, secret: true },
    { name: 'balance', required: true },
    { name: 'expiryDate', required: true },
    { name: 'currency', required: false },
    { name: 'status', required: false },
  ],
  store: [
    { name: 'storeCode', required: true },
    { name: 'storeName', required: true },
    { name: 'address', required: true },
    { name: 'city', required: true },
    { name: 'postcode', required: true },
    { name: 'countryCode', required: true },
    { name: 'suburb', required: false },
    { name: 'state', required: false },
    { name: 'phone', required: false },
    { name: 'latitude', required: false },
    { name: 'longitude', required: false },
  ],
  device: [
    { name: 'deviceId', required: true },
    { name: 'storeCode', required: true },
    { name: 'deviceType', required: true },
    { name: 'serialNumber', required: true },
    { name: 'password', required: true, secret: true },
  ],
};

/** Whether a file's column (named in any case) holds a secret of its kind. */
export function isSecretImportColumn(kind: ImportKind, column: string): boolean {
  const lower = column.toLowerCase();
  return IMPORT_COLUMNS[kind].some((each) => each.secret && each.name.toLowerCase() === lower);
}

/** The column names of a kind, required first then optional, each in the documented order. */
export function importColumnNames(kind: ImportKind): { required: string[]; optional: string[] } {
  const columns = IMPORT_COLUMNS[kind];
  return {
    required: columns.filter((column) => column.required).map((column) => column.name),
    optional: columns.filter((column) => !column.required).map((column) => column.name),
  };
}

/**
 * The sample file of each kind: its name in server/imports/samples/ and the name it is
 * downloaded under. Each holds the kind's header and a few lines that import as they are.
 */
export const IMPORT_SAMPLE_FILE: Readonly<Record<ImportKind, string>> = {
  card: 'cards.txt',
  store: 'stores.txt',
  device: 'devices.txt',
};

/**
 * Query of GET samples/{kind} (IMPORT_PATHS.sampleFile), both optional. `programId` names the
 * scheme the sample is for: its card sample's lines then import into that scheme as they are
 * (its BIN, `extension` or else its first configured suffix, its card length, its expiry term
 * and its balance range); its store and device samples are the plain ones. Without a query the
 * answer is the plain sample of server/imports/samples/ (the demo program's).
 */
export interface SampleFileQuery {
  programId?: number;
  /** One of the scheme's configured suffixes, as the card import's `extension`. */
  extension?: string;
}

/** How the name of an error file ends (the server's `<uuid>.errors.txt`, the operator's copy). */
export const IMPORT_ERROR_FILE_SUFFIX = '.errors.txt';

/**
 * The name an error file is saved under: the operator's file name without its extension, then
 * `.errors.txt` (`cards.txt` -> `cards.errors.txt`, `cards` -> `cards.errors.txt`).
 */
export function errorFileDownloadName(userFileName: string): string {
  const base = userFileName.split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  return `${stem.trim() === '' ? 'import' : stem}${IMPORT_ERROR_FILE_SUFFIX}`;
}

/** The column the error file adds; an imported file's own `error` column is ignored. */
export const IMPORT_ERROR_COLUMN = 'error';
/** What a device password becomes in an error file. */
export const MASKED_PASSWORD = '***';

export const IMPORT_LIMITS = {
  /** 03 §5, §9: the card import's BIN number, digits only. */
  binNumberMaxDigits: 9,
  /** 03 §5, §9: the card length, digits only. */
  cardLengthMaxDigits: 2,
  /** Card numbers are 12 to 19 digits (the journal site's balance check takes the same). */
  cardLengthMin: 12,
  cardLengthMax: 19,
  /** 03 §4, §9. */
  progressPollMs: 500,
  /** A longer line is an error line (no field of any file comes near it). */
  maxLineChars: 4096,
  /** Default upload cap; the server's IMPORT_MAX_BYTES changes it. */
  defaultMaxUploadBytes: 512 * 1024 * 1024,
  storeCodeMax: 20,
  /** The user's file name as recorded (path parts stripped, longer names cut). */
  userFileNameMax: 255,
} as const;

/** The program types that have a Stores & Devices step (both: 03 §2). */
export const IMPORT_PROGRAM_TYPES = [PROGRAM_TYPE.GIFT, PROGRAM_TYPE.LOYALTY] as const;

// ---------------------------------------------------------------------------------------------
// Texts
// ---------------------------------------------------------------------------------------------

/**
 * The step's texts. 03 §2 names the panel's parts (Uploading / Upload complete, file name,
 * current step, percentage, success lines, error lines, Download error file) and §8 the
 * dialogs (SCHEME_TEXT holds 'Error!' / 'Upload Failed', 'Upload successful' / 'File ready for
 * import !' and 'Continue without importing?'); the rest is marked "not in the spec".
 */
export const IMPORT_TEXT = {
  uploading: 'Uploading',
  uploadComplete: 'Upload complete',
  downloadErrorFile: 'Download error file',
  /** Not in the spec: the panel's labels and the sections' headings and buttons. */
  currentStep: 'Current step',
  successLines: 'Success lines',
  errorLines: 'Error lines',
  /** The panel's name, and its bar's while an import runs. */
  progress: 'Import progress',
  /** The bar's name while the bytes are sent. */
  uploadProgress: 'Upload progress',
  /** The panel's title once Import is pressed, until the server names the import's step. */
  importStarting: 'Starting import',
  cardSection: 'Card file',
  storeSection: 'Store file',
  deviceSection: 'Device file',
  binNumber: 'BIN Number',
  extension: 'Extension',
  cardLength: 'Card Length',
  chooseFile: 'File',
  upload: 'Upload',
  import: 'Import',
  filesUploaded: 'Files Uploaded',
  noFilesUploaded: 'No files imported yet.',
  fileName: 'File Name',
  createdDate: 'Uploaded',
  /** Not in the spec: the panel's counts of an ended import, and its close button. */
  insertedLines: 'Inserted',
  replacedLines: 'Replaced',
  close: 'Close',
  /** Not in the spec: the columns each file takes and its sample file. */
  columns: `Columns, separated by ${IMPORT_FIELD_DELIMITER}:`,
  optionalColumns: 'optional:',
  downloadSample: 'Download sample file',
  /** Not in the spec: the card import before the scheme has a configured suffix. */
  noExtensions: 'The extensions are the suffixes set on Configuration: set one there first.',
} as const;

/** Not in the spec: an import's `currentStep` as the panel shows it (title and current step). */
export const IMPORT_STEP_TEXT: Readonly<Record<ImportStep, string>> = {
  uploaded: 'Uploaded',
  validating: 'Validating',
  importing: 'Importing',
  completed: 'Completed',
  failed: 'Failed',
};

/**
 * The server's own error texts for the import calls (not in the spec: 03 §8 "other server error
 * texts: not shown"). Field errors are `<field>: <text>` as everywhere else.
 */
export const IMPORT_SERVER_MESSAGE = {
  noFile: `No file was sent in the "${IMPORT_FILE_FIELD}" field`,
  tooLarge: (maxBytes: number) => `The file is larger than ${maxBytes} bytes`,
  emptyFile: 'The file is empty',
  notText: 'The file is not UTF-8 text',
  unknownHeader: (expected: string) =>
    `The first line must be a header naming the columns of ${expected}, separated by ${IMPORT_FIELD_DELIMITER}`,
  wrongKind: (expected: string) => `The uploaded file is not ${expected}`,
  uploadNotFound: (fileName: string) => `No uploaded file ${fileName} for this scheme`,
  importRunning: (fileName: string) => `${fileName} is being imported already`,
  importNotFound: (fileName: string) => `No import of ${fileName}`,
  fileNotFound: 'File not found',
  sampleNotFound: (kind: string) =>
    `No sample file ${kind}: the kinds are ${IMPORT_KINDS.join(', ')}`,
  extensionNotConfigured: "Must be one of the scheme's configured suffixes",
  /** `extension` asked of a sample other than the card sample, or without `programId`. */
  sampleExtensionCardOnly: 'Only the card sample of a scheme (programId) takes an extension',
  /** 409: the BIN and extension leave no digit of the card length for a card's own number. */
  sampleNoCardNumber: (prefix: string, cardLength: number) =>
    `The BIN and extension ${prefix} leave no digit for a card number of ${cardLength} digits`,
  interrupted: 'The server stopped during the import; nothing of it was kept',
  importFailed: 'The import failed; nothing of it was kept',
  /** 409: a card import needs the scheme's configured suffixes (the extensions offered). */
  configureFirst: "Save the scheme's Configuration first: card extensions are its suffixes",
  binNumberDigits: `Must be 1 to ${IMPORT_LIMITS.binNumberMaxDigits} digits`,
  cardLengthRange: `Must be a whole number from ${IMPORT_LIMITS.cardLengthMin} to ${IMPORT_LIMITS.cardLengthMax}`,
  extensionDigits: 'Must be digits',
  /** binNumber, extension or cardLength sent with a store or device import. */
  cardFieldOnly: 'Only a card file import takes this field',
} as const;
