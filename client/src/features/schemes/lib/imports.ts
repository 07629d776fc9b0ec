import {
  IMPORT_LIMITS,
  IMPORT_STEP_TEXT,
  IMPORT_TEXT,
  type ImportAnswer,
  type ImportKind,
  type ImportProgress,
  type ImportRequest,
} from '@contracts/api/imports';
import { SUFFIX_FIELDS, type CardBin, type Config } from '@contracts/api/schemes';
import type { UploadProgress } from '@/lib/api/upload-request';
import {
  composeValidators,
  maxLength,
  numOnly,
  required,
  type TextValue,
  type Validator,
} from '@/lib/forms/validators';
import { padSuffix } from './suffixes';

/**
 * The rules of the Stores & Devices step (03 §2, §4 "File import per type", §5 "Import", §9):
 * percentages, the card import's fields and the body of a process call.
 */

/** A whole percentage of `done` out of `total`, capped at 100 (03 §4); 0 while total is 0. */
export function percentOf(done: number, total: number): number {
  if (!(total > 0) || !(done > 0)) return 0;
  return Math.min(100, Math.floor((done / total) * 100));
}

/** An import's percentage: currentLine of totalLines, capped at 100. */
export const importPercent = (progress: Pick<ImportProgress, 'currentLine' | 'totalLines'>) =>
  percentOf(progress.currentLine, progress.totalLines);

/** An upload's percentage: bytes sent of the body's bytes, capped at 100. */
export const uploadPercent = (progress: UploadProgress) =>
  percentOf(progress.loaded, progress.total);

/** Lines imported so far: lines read less the error lines among them. */
export const successLinesOf = (progress: Pick<ImportProgress, 'currentLine' | 'numErrorLines'>) =>
  Math.max(0, progress.currentLine - progress.numErrorLines);

const COUNT_FORMAT = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

/** A count of lines with thousands separators: 1234567 -> "1,234,567". */
export const formatCount = (count: number): string => COUNT_FORMAT.format(count);

/** Where an import is, as far as the progress panel is concerned. */
export type PanelPhase = 'uploading' | 'uploaded' | 'importing' | 'done';

/** What the progress panel shows of one import. */
export interface PanelView {
  /** What is happening: Uploading, Upload complete, then the import's step. */
  title: string;
  /** The current step figure. */
  step: string;
  /** Whose percentage the bar shows: the upload's bytes or the import's lines. */
  measures: 'upload' | 'import';
  percent: number;
  successLines: number;
  errorLines: number;
}

/**
 * The panel's view of an import (03 §2 "Uploading / Upload complete ... current step,
 * percentage"). The bar shows the upload's percentage until the upload is complete, then, once
 * Import is pressed, the import's own, from 0: one phase's figure never stands for the other's.
 * While the import runs the title is its current step (before the server has named one, or while
 * it waits behind another import of the scheme: 'Starting import').
 */
export function panelView(
  phase: PanelPhase,
  upload: UploadProgress | null,
  progress: ImportProgress | undefined,
  answer: ImportAnswer | null,
): PanelView {
  switch (phase) {
    case 'uploading':
      return {
        title: IMPORT_TEXT.uploading,
        step: IMPORT_TEXT.uploading,
        measures: 'upload',
        percent: upload ? uploadPercent(upload) : 0,
        successLines: 0,
        errorLines: 0,
      };
    case 'uploaded':
      return {
        title: IMPORT_TEXT.uploadComplete,
        step: IMPORT_STEP_TEXT.uploaded,
        measures: 'upload',
        percent: 100,
        successLines: 0,
        errorLines: 0,
      };
    case 'importing': {
      const started = progress !== undefined && progress.currentStep !== 'uploaded';
      const step = started ? IMPORT_STEP_TEXT[progress.currentStep] : IMPORT_TEXT.importStarting;
      return {
        title: step,
        step,
        measures: 'import',
        percent: started ? importPercent(progress) : 0,
        successLines: started ? successLinesOf(progress) : 0,
        errorLines: started ? progress.numErrorLines : 0,
      };
    }
    case 'done':
      return {
        title: answer ? IMPORT_STEP_TEXT[answer.currentStep] : IMPORT_STEP_TEXT.completed,
        step: answer ? IMPORT_STEP_TEXT[answer.currentStep] : IMPORT_STEP_TEXT.completed,
        measures: 'import',
        percent: 100,
        successLines: answer?.totalSuccessLines ?? 0,
        errorLines: answer?.totalErrorLines ?? 0,
      };
  }
}

/**
 * The extensions a card import may use (03 §5: "extension chosen from a list"): the scheme's
 * configured suffixes (Standard, Bulk Order, Virtual) that are set, zero-padded to the BIN's
 * extension length (03 §9), each once.
 */
export function extensionOptions(config: Config | null | undefined): string[] {
  if (!config) return [];
  const values: string[] = [];
  for (const field of SUFFIX_FIELDS) {
    const suffix = (config as Partial<Record<(typeof SUFFIX_FIELDS)[number], string | null>>)[
      field
    ];
    if (suffix === null || suffix === undefined || suffix.trim() === '') continue;
    const padded = /^\d+$/.test(suffix.trim())
      ? padSuffix(Number(suffix.trim()), config.suffixLength)
      : suffix.trim();
    if (!values.includes(padded)) values.push(padded);
  }
  return values;
}

/** The card import's fields (03 §2: BIN number, extension, card length). */
export interface CardImportValues {
  binNumber?: string;
  extension?: string;
  cardLength?: string;
}

/** Pre-filled from the scheme's configured BIN when it is known (not in the spec). */
export function cardImportDefaults(bin: CardBin | undefined): CardImportValues {
  return bin ? { binNumber: bin.number, cardLength: String(bin.cardLength) } : {};
}

/** 03 §5 "Import": digits only, BIN number at most 9, card length at most 2; all required. */
export const CARD_IMPORT_VALIDATE: Readonly<Record<keyof CardImportValues, Validator<TextValue>>> =
  {
    binNumber: composeValidators<TextValue>(
      required,
      numOnly,
      maxLength(IMPORT_LIMITS.binNumberMaxDigits),
    ),
    extension: required,
    cardLength: composeValidators<TextValue>(
      required,
      numOnly,
      maxLength(IMPORT_LIMITS.cardLengthMaxDigits),
    ),
  };

/** All three card fields are filled and pass their rules (the upload waits for it, 03 §5). */
export function cardImportReady(values: CardImportValues): boolean {
  return (Object.keys(CARD_IMPORT_VALIDATE) as (keyof CardImportValues)[]).every(
    (name) => CARD_IMPORT_VALIDATE[name](values[name], values) === undefined,
  );
}

/**
 * The body of a process call (03 §3 "Upload file"): only a card import sends the card fields (a
 * store or device import leaves them out).
 */
export function importRequestOf(
  kind: ImportKind,
  {
    programId,
    fileName,
    userFileName,
    schemeStatus,
  }: { programId: number; fileName: string; userFileName: string; schemeStatus?: number },
  card: CardImportValues,
): ImportRequest {
  return {
    programId,
    fileName,
    userFileName,
    ...(kind === 'card'
      ? {
          binNumber: card.binNumber ?? null,
          extension: card.extension ?? null,
          cardLength: card.cardLength ? Number(card.cardLength) : null,
        }
      : {}),
    ...(schemeStatus === undefined ? {} : { schemeStatus }),
  };
}

/** Hands a fetched file to the browser as a download named `fileName`. */
export function saveBlob(file: Blob, fileName: string): void {
  const href = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
