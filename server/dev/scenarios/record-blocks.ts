/**
 * The building blocks of imported records (cards, stores, devices): uploads stored and imported
 * through the import service, as the wizard's step 3 does (03 §3, §4), so a scenario's or a
 * provider state's records are what an operator's import makes. See ./blocks.ts.
 */
import path from 'node:path';
import type { ImportAnswer, ImportKind } from '@contracts/api/imports';
import type { Snapshot } from '../../db/store';
import type { CardImportParams, ImportService } from '../../imports/import-service';
import { writeImportFile } from '../../imports/sealed-file';
import { BlockError } from './blocks';

export interface UploadParams {
  programId: number;
  kind: ImportKind;
  /** The name the user's file had (the scheme's summary lists it once imported). */
  userFileName: string;
}

/** Stores `content` as a new upload of the program, as the files router does; its name. */
export async function upload(
  imports: ImportService,
  params: UploadParams & { content: string },
): Promise<string> {
  const fileName = imports.newUploadName();
  await writeImportFile(
    path.join(imports.uploadsDir, fileName),
    [Buffer.from(params.content)],
    imports.uploadKeyFor(params.kind),
  );
  await register(imports, params, fileName, Buffer.byteLength(params.content));
  return fileName;
}

async function register(
  imports: ImportService,
  params: UploadParams,
  fileName: string,
  bytes: number,
) {
  await imports.registerUpload({
    fileName,
    programId: params.programId,
    userFileName: params.userFileName,
    kind: params.kind,
    bytes,
    createdDate: Math.floor(Date.now() / 1000),
  });
}

/**
 * Stores a new upload written line by line (a large generated file never held whole in memory):
 * `lines` yields the lines after the header.
 */
export async function uploadLines(
  imports: ImportService,
  params: UploadParams & { header: string; lines: Iterable<string> },
): Promise<string> {
  const fileName = imports.newUploadName();
  let bytes = 0;
  function* chunks(): Generator<Buffer> {
    const chunk: string[] = [params.header];
    for (const line of params.lines) {
      chunk.push(line);
      if (chunk.length >= 10_000) {
        const block = Buffer.from(`${chunk.splice(0).join('\n')}\n`);
        bytes += block.length;
        yield block;
      }
    }
    const last = Buffer.from(chunk.length > 0 ? `${chunk.join('\n')}\n` : '');
    bytes += last.length;
    yield last;
  }
  await writeImportFile(
    path.join(imports.uploadsDir, fileName),
    chunks(),
    imports.uploadKeyFor(params.kind),
  );
  await register(imports, params, fileName, bytes);
  return fileName;
}

/** Imports a stored upload to its end; throws unless every line imported (`expectErrors` aside). */
export async function importUpload(
  imports: ImportService,
  params: UploadParams & { fileName: string; card?: CardImportParams; expectErrors?: boolean },
): Promise<ImportAnswer> {
  const answer = await imports.process(params.kind, {
    programId: params.programId,
    fileName: params.fileName,
    userFileName: params.userFileName,
    card: params.card,
  });
  if (params.expectErrors !== true && answer.totalErrorLines > 0) {
    throw new Error(`${params.userFileName} imported as ${JSON.stringify(answer)}`);
  }
  return answer;
}

/** The card import parameters of a configured scheme: its BIN, its standard suffix zero-padded. */
export function cardParams(
  data: Snapshot,
  scheme: { liveCardBinId: string | number; suffixStand: string | number },
): CardImportParams {
  const bin = data.cardBins.find((candidate) => candidate.id === Number(scheme.liveCardBinId));
  if (bin === undefined) throw new BlockError(`card BIN ${scheme.liveCardBinId} missing`);
  return {
    binNumber: bin.number,
    extension: String(scheme.suffixStand).padStart(bin.extensionLength, '0'),
    cardLength: bin.cardLength,
  };
}

/** A card number of the import parameters, ending in `serial`. */
export function cardNumber(card: CardImportParams, serial: number): string {
  const prefix = `${card.binNumber}${card.extension}`;
  return `${prefix}${String(serial).padStart(card.cardLength - prefix.length, '0')}`;
}

export const CARD_HEADER = 'cardNumber|pin|balance|expiryDate';
export const STORE_HEADER = 'storeCode|storeName|address|city|postcode|countryCode';
export const DEVICE_HEADER = 'deviceId|storeCode|deviceType|serialNumber|password';

/** A card line: PIN and balance follow from the serial, so a data set is the same every time. */
export function cardLine(card: CardImportParams, serial: number): string {
  const pin = String((serial * 7919) % 10_000).padStart(4, '0');
  const cents = (serial * 137) % 100_000;
  return `${cardNumber(card, serial)}|${pin}|${(cents / 100).toFixed(2)}|2099-12-31`;
}

/**
 * `count` cards (serials 1 to count) of a configured scheme imported through the import service
 * as one card file named `userFileName`; the import's answer.
 */
export async function importCards(
  imports: ImportService,
  params: { programId: number; card: CardImportParams; userFileName: string; count: number },
): Promise<ImportAnswer> {
  const { card, count } = params;
  const lines = function* () {
    for (let serial = 1; serial <= count; serial += 1) yield cardLine(card, serial);
  };
  const upload: UploadParams = {
    programId: params.programId,
    kind: 'card',
    userFileName: params.userFileName,
  };
  const fileName = await uploadLines(imports, { ...upload, header: CARD_HEADER, lines: lines() });
  return importUpload(imports, { ...upload, fileName, card });
}

/** Stores (code, name) imported through the import service as one store file. */
export async function importStores(
  imports: ImportService,
  params: {
    programId: number;
    userFileName: string;
    brand: string;
    stores: readonly { code: string; name: string }[];
  },
): Promise<ImportAnswer> {
  const lines = params.stores.map(
    (s, index) =>
      `${s.code}|${s.name}|${index + 1} ${params.brand} Street|${params.brand}ville|2000|AU`,
  );
  const upload: UploadParams = {
    programId: params.programId,
    kind: 'store',
    userFileName: params.userFileName,
  };
  const fileName = await uploadLines(imports, { ...upload, header: STORE_HEADER, lines });
  return importUpload(imports, { ...upload, fileName });
}
