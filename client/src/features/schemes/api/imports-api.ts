import type { FetchArgs } from '@reduxjs/toolkit/query';
import {
  IMPORT_FILE_FIELD,
  IMPORT_KIND_PATHS,
  IMPORT_PATHS,
  IMPORT_SAMPLE_FILE,
  type ImportAnswer,
  type ImportKind,
  type ImportProgress,
  type ImportRequest,
  type SampleFileQuery,
  type UploadAnswer,
} from '@contracts/api/imports';
import type { ApiExtraOptions, AppBaseQuery } from '@/lib/api/base-query';
import type { ApiFailure } from '@/lib/api/errors';
import {
  multipartFile,
  uploadRequest,
  type UploadProgress,
  type UploadTransport,
} from '@/lib/api/upload-request';
import { saveBlob } from '../lib/imports';
import { schemesApi } from './schemes-api';

/**
 * The card, store and device file imports of 03 §7 "Files and import", injected into the scheme
 * endpoints of the one API slice (so an import can refresh the summary's Files Uploaded list):
 *
 * - uploadImportFile: POST multipart (field `file`) to giftSchemeFiles/{id} (card and store
 *   files) or giftSchemeFiles/{id}/devicefile, answering `{fileName}`. Sent through
 *   lib/api/upload-request, which reports the bytes sent (XMLHttpRequest in a browser; fetch
 *   where there is none, e.g. the node pact tests, or the transport given in the argument).
 * - processImport: POST processCardFile / processMerchantFile / processDeviceFile; answers when
 *   the import has ended.
 * - importProgress: GET progress{Card,Merchant,Device}File/{name}, polled by the step. Before
 *   the server has registered the import it may answer 404: expected, not logged as a failure.
 * - downloadErrorFile: GET downloadFile/{outFileName} with the session's headers (so not a plain
 *   link), saved under the name the caller gives (the step: `<operator's file name>.errors.txt`),
 *   else its own. The file itself never enters the store (it may be large).
 * - downloadSampleFile: GET samples/{kind} the same way, saved as IMPORT_SAMPLE_FILE[kind]; with
 *   a scheme's `programId` (and the card import's chosen `extension`) the sample of that scheme,
 *   whose card lines import into it as they are.
 */

export interface UploadImportArgs {
  programId: number;
  kind: ImportKind;
  file: Blob;
  /** The name the file is sent under (a File's own name by default). */
  fileName?: string;
  onProgress?(progress: UploadProgress): void;
  /** Instead of the default transport (tests). */
  transport?: UploadTransport;
}

export interface ProcessImportArgs {
  kind: ImportKind;
  request: ImportRequest;
}

export interface ImportProgressArgs {
  kind: ImportKind;
  fileName: string;
}

export interface DownloadErrorFileArgs {
  outFileName: string;
  /** The name it is saved under; default `outFileName`. */
  saveAs?: string;
  /** Where the file goes; default: the browser's download of it under its name. */
  save?(file: Blob, fileName: string): void;
}

export interface DownloadSampleFileArgs extends SampleFileQuery {
  kind: ImportKind;
  /** Where the file goes; default: the browser's download of it under its name. */
  save?(file: Blob, fileName: string): void;
}

/** What a download answers (the file went to `save`). */
export interface DownloadedFile {
  fileName: string;
  size: number;
}

const NOT_REGISTERED_YET: ApiExtraOptions = { expectedStatuses: [404] };

/**
 * GETs a file with the session's headers and hands it to `save` as `saveAs`; a failure answers
 * the server's error (its JSON body read, as the base query reads any other).
 */
async function downloadFile(
  baseQuery: (args: string | FetchArgs) => ReturnType<AppBaseQuery>,
  url: string,
  saveAs: string,
  save: (file: Blob, fileName: string) => void,
  params?: Record<string, string | number>,
): Promise<{ data: DownloadedFile } | { error: ApiFailure }> {
  let file: Blob | undefined;
  const result = await baseQuery({
    url,
    params,
    headers: { Accept: 'text/plain, */*' },
    responseHandler: async (response) => {
      if (!response.ok) {
        const text = await response.text();
        try {
          return JSON.parse(text) as unknown;
        } catch {
          return text;
        }
      }
      file = await response.blob();
      return null;
    },
  });
  if (result.error) return { error: result.error };
  if (!file) return { data: { fileName: saveAs, size: 0 } };
  save(file, saveAs);
  return { data: { fileName: saveAs, size: file.size } };
}

/** The sample call's query: only the parameters given (none for the plain sample). */
function sampleQueryOf(query: SampleFileQuery): Record<string, string | number> | undefined {
  const given = Object.entries(query).filter(
    (entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '',
  );
  return given.length === 0 ? undefined : Object.fromEntries(given);
}

/** The upload path of a kind: devices have their own (the server checks their content). */
export const uploadPathOf = (kind: ImportKind, programId: number): string =>
  kind === 'device' ? IMPORT_PATHS.uploadDevice(programId) : IMPORT_PATHS.upload(programId);

const nameOf = (file: Blob, fileName: string | undefined): string =>
  fileName ?? (file instanceof File ? file.name : 'upload.txt');

export const importsApi = schemesApi.injectEndpoints({
  endpoints: (build) => ({
    uploadImportFile: build.mutation<UploadAnswer, UploadImportArgs>({
      queryFn: async (args, api) => {
        const result = await uploadRequest(
          'apiBase',
          {
            url: uploadPathOf(args.kind, args.programId),
            body: multipartFile(IMPORT_FILE_FIELD, args.file, nameOf(args.file, args.fileName)),
            onProgress: args.onProgress,
          },
          api,
          args.transport,
        );
        return 'error' in result ? result : { data: result.data as UploadAnswer };
      },
    }),
    processImport: build.mutation<ImportAnswer, ProcessImportArgs>({
      query: ({ kind, request }) => ({
        url: IMPORT_KIND_PATHS[kind].process,
        method: 'POST',
        body: request,
      }),
      invalidatesTags: (_result, _error, { request }) => [
        { type: 'UploadedFile', id: request.programId },
      ],
    }),
    importProgress: build.query<ImportProgress, ImportProgressArgs>({
      query: ({ kind, fileName }) => IMPORT_KIND_PATHS[kind].progress(fileName),
      extraOptions: NOT_REGISTERED_YET,
      keepUnusedDataFor: 0,
    }),
    downloadErrorFile: build.mutation<DownloadedFile, DownloadErrorFileArgs>({
      queryFn: ({ outFileName, saveAs = outFileName, save = saveBlob }, _api, _extra, baseQuery) =>
        downloadFile(baseQuery, IMPORT_PATHS.downloadFile(outFileName), saveAs, save),
    }),
    downloadSampleFile: build.mutation<DownloadedFile, DownloadSampleFileArgs>({
      queryFn: ({ kind, programId, extension, save = saveBlob }, _api, _extra, baseQuery) =>
        downloadFile(
          baseQuery,
          IMPORT_PATHS.sampleFile(kind),
          IMPORT_SAMPLE_FILE[kind],
          save,
          sampleQueryOf({ programId, extension }),
        ),
    }),
  }),
});

export const {
  useUploadImportFileMutation,
  useProcessImportMutation,
  useImportProgressQuery,
  useDownloadErrorFileMutation,
  useDownloadSampleFileMutation,
} = importsApi;
