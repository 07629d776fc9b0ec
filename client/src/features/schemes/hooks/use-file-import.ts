import { useCallback, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import {
  IMPORT_FILE_FIELD,
  IMPORT_LIMITS,
  type ImportAnswer,
  type ImportKind,
  type ImportProgress,
  type ImportRequest,
} from '@contracts/api/imports';
import { SCHEME_TEXT } from '@contracts/api/schemes';
import { isSessionExpiry, toApiFailure } from '@/lib/api/errors';
import type { UploadProgress } from '@/lib/api/upload-request';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';
import {
  useImportProgressQuery,
  useProcessImportMutation,
  useUploadImportFileMutation,
} from '../api/imports-api';
import { showSaveError } from '../lib/step-dialogs';

/**
 * One file import of Stores & Devices (03 §4 "File import per type"): choose a file, Upload it
 * (the bytes sent are reported), 'Upload successful' / 'File ready for import !', Import it
 * (the progress is polled every 500 ms while the process call runs), then the counts. An upload
 * failure says 'Error!' / 'Upload Failed' with the server's reason under it (e.g. the header's
 * missing column) and keeps the chosen file for another try; an import failure says 'Error:
 * {errorCode}' with the server's message and resets the import (03 §8).
 */
export type ImportPhase =
  /** Nothing chosen. */
  | 'idle'
  /** A file chosen, not sent. */
  | 'chosen'
  | 'uploading'
  /** Uploaded, not imported yet: leaving asks 'Continue without importing?'. */
  | 'uploaded'
  | 'importing'
  /** Imported: the answer's counts show. */
  | 'done';

export interface FileImportState {
  phase: ImportPhase;
  file: File | null;
  /** The server's name of the uploaded file. */
  fileName: string | null;
  /** Bytes sent while uploading. */
  upload: UploadProgress | null;
  answer: ImportAnswer | null;
  /** Changes whenever the chosen file is cleared, so the file input can start empty. */
  resets: number;
}

export interface FileImport {
  kind: ImportKind;
  state: FileImportState;
  /** The latest progress answer while importing. */
  progress: ImportProgress | undefined;
  /** Uploading or importing. */
  busy: boolean;
  choose(file: File | null): void;
  upload(): Promise<void>;
  /** Starts the import of the uploaded file with the body `bodyOf` makes from its names. */
  startImport(bodyOf: (names: UploadedNames) => ImportRequest): Promise<void>;
  /** Back to nothing chosen (the panel's close). */
  reset(): void;
}

/** The server's name of the uploaded file and the user's own. */
export interface UploadedNames {
  fileName: string;
  userFileName: string;
}

/**
 * 'Upload Failed' (03 §8), then why: the server's errorMessage (its `file: ` field prefix left
 * out, the dialog is about the file), or the client's own when no answer came.
 */
function uploadFailedHtml(error: unknown): string {
  const message = toApiFailure(error).errorMessage.trim();
  const prefix = `${IMPORT_FILE_FIELD}: `;
  const reason = message.startsWith(prefix) ? message.slice(prefix.length) : message;
  const lines = reason === '' ? [SCHEME_TEXT.uploadFailed] : [SCHEME_TEXT.uploadFailed, reason];
  return lines.map((line) => `<p>${textToHtml(line)}</p>`).join('');
}

const INITIAL: FileImportState = {
  phase: 'idle',
  file: null,
  fileName: null,
  upload: null,
  answer: null,
  resets: 0,
};

export function useFileImport(kind: ImportKind, programId: number | null): FileImport {
  const [state, setState] = useState<FileImportState>(INITIAL);
  const [uploadFile] = useUploadImportFileMutation();
  const [processImport] = useProcessImportMutation();
  const polling = state.phase === 'importing' && state.fileName !== null;
  const progressQuery = useImportProgressQuery(
    polling ? { kind, fileName: state.fileName ?? '' } : skipToken,
    { pollingInterval: IMPORT_LIMITS.progressPollMs, skipPollingIfUnfocused: false },
  );

  const reset = useCallback(
    () => setState((current) => ({ ...INITIAL, resets: current.resets + 1 })),
    [],
  );

  const choose = useCallback((file: File | null) => {
    setState((current) => ({
      ...INITIAL,
      resets: current.resets,
      phase: file ? 'chosen' : 'idle',
      file,
    }));
  }, []);

  const upload = useCallback(async () => {
    const file = state.file;
    if (!file || programId === null) return;
    setState((current) => ({
      ...current,
      phase: 'uploading',
      upload: { loaded: 0, total: file.size },
      answer: null,
    }));
    try {
      const { fileName } = await uploadFile({
        programId,
        kind,
        file,
        onProgress: (progress) =>
          setState((current) =>
            current.phase === 'uploading' && current.file === file
              ? { ...current, upload: progress }
              : current,
          ),
      }).unwrap();
      setState((current) => ({
        ...current,
        phase: 'uploaded',
        fileName,
        upload: { loaded: file.size, total: file.size },
      }));
    } catch (error) {
      setState((current) => ({ ...current, phase: 'chosen', upload: null }));
      if (!isSessionExpiry(error)) {
        await dialogs.error(SCHEME_TEXT.uploadErrorTitle, uploadFailedHtml(error));
      }
      return;
    }
    await dialogs.success(SCHEME_TEXT.uploadSuccessful, textToHtml(SCHEME_TEXT.fileReady));
  }, [state.file, programId, uploadFile, kind]);

  const startImport = useCallback(
    async (bodyOf: (names: UploadedNames) => ImportRequest) => {
      const { file, fileName } = state;
      if (!file || fileName === null) return;
      setState((current) => ({ ...current, phase: 'importing' }));
      try {
        const answer = await processImport({
          kind,
          request: bodyOf({ fileName, userFileName: file.name }),
        }).unwrap();
        setState((current) => ({ ...current, phase: 'done', answer }));
      } catch (error) {
        reset();
        await showSaveError(error);
      }
    },
    [state, processImport, kind, reset],
  );

  return {
    kind,
    state,
    progress: polling ? progressQuery.currentData : undefined,
    busy: state.phase === 'uploading' || state.phase === 'importing',
    choose,
    upload,
    startImport,
    reset,
  };
}
