/**
 * What a scheme's card numbers are made of (03 §2, §5): its configured BIN and the extensions a
 * card import may use, the configuration's suffixes zero-padded to the BIN's extension length.
 * The card import (files-router.ts) checks its `extension` against them; the scheme's card
 * sample (sample-files.ts) numbers its cards with them.
 */
import { ERROR_CODE } from '@contracts/api/constants';
import { IMPORT_SERVER_MESSAGE } from '@contracts/api/imports';
import type { CardBin, Config } from '@contracts/api/schemes';
import type { DeepReadonly } from '../db/schema';
import type { Snapshot } from '../db/store';
import { HttpError } from '../http/errors';
import { findBin } from '../schemes/scheme-rules';

export interface SchemeCardNumbers {
  config: DeepReadonly<Config>;
  bin: DeepReadonly<CardBin>;
  /** The configured suffixes (standard, bulk, virtual), zero-padded to the BIN's extension length. */
  extensions: string[];
}

/** The scheme's configuration, BIN and extensions; 409 when it has no configuration yet. */
export function schemeCardNumbers(data: Snapshot, programId: number): SchemeCardNumbers {
  const config = data.configurations.find((candidate) => candidate.programId === programId);
  if (config === undefined) {
    throw new HttpError(409, ERROR_CODE.CONFLICT, IMPORT_SERVER_MESSAGE.configureFirst);
  }
  const bin = findBin(data, config.liveCardBinId);
  const suffixes = [
    config.suffixStand,
    'suffixBulk' in config ? config.suffixBulk : null,
    config.suffixVirtual,
  ];
  const extensions = suffixes
    .filter((suffix): suffix is string => suffix !== null && suffix !== '')
    .map((suffix) => String(Number(suffix)).padStart(bin.extensionLength, '0'));
  return { config, bin, extensions };
}
