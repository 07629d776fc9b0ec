/**
 * The sample import files (server/imports/samples/, named by IMPORT_SAMPLE_FILE): GET
 * giftSchemeFiles/samples/{kind} answers the kind's sample as a text/plain attachment, so the
 * Stores & Devices step can offer "Download sample file" beside the columns a file takes.
 *
 * Without a query the answer is the file as committed: the demo program's data, which the demo
 * seed imports too. With `?programId=` (SampleFileQuery) it is the sample of that scheme: its card
 * sample is the committed one renumbered and dated for the scheme (schemeCardSample), so the
 * step's sample imports into the scheme it is offered on without an error line. Stores and
 * devices follow no scheme setting: theirs are the committed files (the device sample names the
 * store sample's codes, so it imports once the store sample has).
 *
 * Behind the token like every giftSchemeFiles call: the samples hold card PINs and device
 * passwords, not something to hand to anyone who asks, and the step fetches them with the
 * session's headers as it fetches an error file. The kind in the path is only ever compared with
 * IMPORT_KINDS; the file name is the contract's, never the caller's.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { ERROR_CODE } from '@contracts/api/constants';
import {
  IMPORT_FIELD_DELIMITER,
  IMPORT_KINDS,
  IMPORT_SAMPLE_FILE,
  IMPORT_SERVER_MESSAGE,
  type ImportKind,
} from '@contracts/api/imports';
import type { Snapshot, Store } from '../db/store';
import { HttpError, notFound, validationError } from '../http/errors';
import { PROJECT_ROOT } from '../project-root';
import { declareInput } from '../http/route-docs';
import { parseInput, positiveInt } from '../http/validate';
import { findProgram } from '../schemes/finance-rules';
import { schemeCardNumbers } from './card-extensions';
import { parseAmountCents } from './rules';

/** The folder of the sample files (the demo data of a first start reads them too). */
export const SAMPLES_DIR = path.join(PROJECT_ROOT, 'server/imports/samples');

/** Absolute path of the sample file of `kind`. */
export const sampleFileOf = (kind: ImportKind): string =>
  path.join(SAMPLES_DIR, IMPORT_SAMPLE_FILE[kind]);

const kindParams = z.object({ kind: z.string() });
/** SampleFileQuery (contracts/api/imports.ts). */
const sampleQuery = z.object({
  programId: positiveInt.optional(),
  extension: z
    .string()
    .regex(/^\d{1,9}$/, IMPORT_SERVER_MESSAGE.extensionDigits)
    .optional(),
});

const isKind = (kind: string): kind is ImportKind =>
  (IMPORT_KINDS as readonly string[]).includes(kind);

const SAMPLE_HEADERS = {
  'Content-Type': 'text/plain; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
} as const;

/** `1234` cents as `12.34`. */
const amountText = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** The scheme's balance range in cents: the credit value (gift) or loyalty value (loyalty). */
function balanceRangeCents(config: ReturnType<typeof schemeCardNumbers>['config']) {
  const [min, max] =
    'creditMax' in config
      ? [config.creditMin, config.creditMax]
      : [config.loyaltyBalanceMin, config.loyaltyBalanceMax];
  return { min: Math.round(min * 100), max: Math.round(max * 100) };
}

/** The last day of the month `months` after `now`'s, yyyy-MM-dd (UTC). */
function expiryAfter(now: Date, months: number): string {
  const lastDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months + 1, 0));
  return lastDay.toISOString().slice(0, 10);
}

/**
 * The card sample of a scheme: the committed card sample's lines (their PINs and currency kept)
 * with card numbers of the scheme's BIN and `extension` (its first configured suffix when not
 * given) padded to the BIN's card length with a serial 1, 2, 3…, balances held to the scheme's
 * balance range, and every expiry the last day of the month the scheme's expiry term after
 * `now`'s. The card rules (rules.ts, checkCard) then pass every line when the card import runs
 * with the BIN number, extension and card length the step pre-fills.
 */
export function schemeCardSample(
  plain: string,
  data: Snapshot,
  programId: number,
  extension: string | undefined,
  now: Date,
): string {
  findProgram(data, programId);
  const { config, bin, extensions } = schemeCardNumbers(data, programId);
  const chosen = extension ?? extensions[0];
  if (chosen === undefined || !extensions.includes(chosen)) {
    throw validationError('extension', IMPORT_SERVER_MESSAGE.extensionNotConfigured);
  }
  const prefix = `${bin.number}${chosen}`;
  const serialDigits = bin.cardLength - prefix.length;
  if (serialDigits < 1) {
    throw new HttpError(
      409,
      ERROR_CODE.CONFLICT,
      IMPORT_SERVER_MESSAGE.sampleNoCardNumber(prefix, bin.cardLength),
    );
  }
  const [header = '', ...rows] = plain.split('\n').filter((line) => line.trim() !== '');
  const columns = header.split(IMPORT_FIELD_DELIMITER);
  const at = (name: string) => columns.indexOf(name);
  const range = balanceRangeCents(config);
  const expiry = expiryAfter(now, config.expiryTerm);
  const serials = Math.min(rows.length, 10 ** serialDigits - 1);
  const lines = rows.slice(0, serials).map((row, index) => {
    const fields = row.split(IMPORT_FIELD_DELIMITER);
    const cents = parseAmountCents(fields[at('balance')] ?? '') ?? range.min;
    fields[at('cardNumber')] = `${prefix}${String(index + 1).padStart(serialDigits, '0')}`;
    fields[at('balance')] = amountText(Math.min(Math.max(cents, range.min), range.max));
    fields[at('expiryDate')] = expiry;
    return fields.join(IMPORT_FIELD_DELIMITER);
  });
  return `${[header, ...lines].join('\n')}\n`;
}

/** GET handler of IMPORT_PATHS.sampleFile(':kind'). */
export function sampleFileHandler(store: Store): RequestHandler {
  return declareInput({ params: kindParams, query: sampleQuery }, async (req, res, next) => {
    const { kind } = parseInput(kindParams, req.params, 'params');
    if (!isKind(kind)) throw notFound(IMPORT_SERVER_MESSAGE.sampleNotFound(kind));
    const { programId, extension } = parseInput(sampleQuery, req.query, 'query');
    if (extension !== undefined && (kind !== 'card' || programId === undefined)) {
      throw validationError('extension', IMPORT_SERVER_MESSAGE.sampleExtensionCardOnly);
    }
    if (programId !== undefined) {
      const data = store.read();
      findProgram(data, programId);
      if (kind === 'card') {
        const plain = await readFile(sampleFileOf(kind), 'utf8');
        const text = schemeCardSample(plain, data, programId, extension, new Date());
        res.attachment(IMPORT_SAMPLE_FILE[kind]).set(SAMPLE_HEADERS).send(text);
        return;
      }
    }
    res.attachment(IMPORT_SAMPLE_FILE[kind]);
    res.sendFile(
      sampleFileOf(kind),
      { headers: SAMPLE_HEADERS },
      (error?: Error & { status?: number }) => {
        if (error === undefined || res.headersSent) return;
        // A file that is not there is "not found"; a range or precondition the file fails keeps
        // its own status (416, 412).
        const status = error.status ?? 404;
        next(status === 404 ? notFound(IMPORT_SERVER_MESSAGE.sampleNotFound(kind)) : error);
      },
    );
  });
}
