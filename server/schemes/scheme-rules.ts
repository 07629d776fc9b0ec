/**
 * Scheme rules that need the stored data (03 §4, §5). They run inside store.update on the
 * draft, so the check and the write see the same data and a failed check writes nothing.
 */
import {
  BIN_TYPE,
  SCHEME_SERVER_MESSAGE as MESSAGE,
  SCHEME_TEXT,
  SUFFIX_FIELDS,
  type CardBin,
  type Client,
  type Config,
  type Scheme,
  type SuffixField,
} from '@contracts/api/schemes';
import { UNKNOWN_IMAGE } from '@contracts/api/constants';
import type { DeepReadonly, ProgramRecord } from '../db/schema';
import type { Snapshot } from '../db/store';
import { conflict, notFound, validationError } from '../http/errors';
import type { ConfigInputParsed, SchemeInputParsed } from './scheme-schemas';

/** The next id of a collection: one more than the largest. */
export function nextId<T>(items: readonly T[], idOf: (item: T) => number): number {
  return items.reduce((max, item) => Math.max(max, idOf(item)), 0) + 1;
}

/** The highest status reached: saving an earlier step again never lowers it (03 §3). */
export const raiseStatus = (stored: number, step: number) => Math.max(stored, step);

// ---------------------------------------------------------------------------------------------
// Lookups
// ---------------------------------------------------------------------------------------------

function requireCountry(data: Snapshot, field: string, countryId: number): void {
  if (!data.countries.some((country) => country.id === countryId)) {
    throw validationError(field, MESSAGE.notExisting('Country', countryId));
  }
}

// ---------------------------------------------------------------------------------------------
// Clients
// ---------------------------------------------------------------------------------------------

/** 404 'Can not find client' (03 §7). */
export function findClient(data: Snapshot, clientId: number) {
  const client = data.clients.find((candidate) => candidate.clientId === clientId);
  if (client === undefined) throw notFound(SCHEME_TEXT.clientNotFound);
  return client;
}

/**
 * A client name as the uniqueness check compares it: in any letter case, without white space
 * at its ends and with each run of white space inside read as one space. Names that differ only
 * so read the same in every list the portal shows them in ("Probe Client " and "probe  client"
 * are "Probe Client"). The name is stored as sent (docs/decisions.md, Schemes).
 */
export const clientNameKey = (name: string): string =>
  name.trim().replace(/\s+/g, ' ').toLowerCase();

/** A client as it will be stored: its country exists and no other client has its name. */
export function checkClient(data: Snapshot, client: Client): void {
  if (client.binCountryId !== null) requireCountry(data, 'binCountryId', client.binCountryId);
  const name = clientNameKey(client.clientName);
  const taken = data.clients.some(
    (other) => other.clientId !== client.clientId && clientNameKey(other.clientName) === name,
  );
  if (taken) throw conflict('clientName', MESSAGE.clientNameTaken(client.clientName));
}

/** True when a scheme of the client has a configuration (its BIN is then in use). */
export function clientHasConfig(data: Snapshot, clientId: number): boolean {
  return data.programs.some(
    (program) =>
      program.clientId === clientId &&
      data.configurations.some((config) => config.programId === program.programId),
  );
}

// ---------------------------------------------------------------------------------------------
// Schemes
// ---------------------------------------------------------------------------------------------

/** The wire view of a stored scheme: the client's name filled in, never the password hash. */
export function toScheme(data: Snapshot, record: DeepReadonly<ProgramRecord>): Scheme {
  const client = data.clients.find((candidate) => candidate.clientId === record.clientId);
  const { poweruserPasswordHash: _hash, ...fields } = record;
  return {
    ...fields,
    programTypeId: record.programTypeId as Scheme['programTypeId'],
    clientName: client?.clientName ?? record.clientName ?? '',
    poweruserLogin: record.poweruserLogin ?? '',
    email: record.email ?? '',
    mobile: record.mobile ?? '',
    landline: record.landline ?? '',
    reviewSentAt: record.reviewSentAt ?? null,
  };
}

export function findScheme(data: Snapshot, programId: number) {
  const scheme = data.programs.find((candidate) => candidate.programId === programId);
  if (scheme === undefined) throw notFound(MESSAGE.schemeNotFound(programId));
  return scheme;
}

/** A scheme referenced in a body that does not exist is bad input (400), not a 404. */
export function requireSchemeReference(data: Snapshot, programId: number) {
  const scheme = data.programs.find((candidate) => candidate.programId === programId);
  if (scheme === undefined) {
    throw validationError('programId', MESSAGE.notExisting('Scheme', programId));
  }
  return scheme;
}

/**
 * General Settings rules with the data (03 §5): the client, country, state of that country,
 * transaction methods and images exist.
 */
export function checkScheme(data: Snapshot, input: SchemeInputParsed): void {
  if (!data.clients.some((client) => client.clientId === input.clientId)) {
    throw validationError('clientId', MESSAGE.notExisting('Client', input.clientId));
  }
  requireCountry(data, 'countryId', input.countryId);
  if (input.stateId !== null) {
    const state = data.states.find((candidate) => candidate.id === input.stateId);
    if (state === undefined) {
      throw validationError('stateId', MESSAGE.notExisting('State', input.stateId));
    }
    if (state.countryId !== input.countryId) {
      throw validationError('stateId', MESSAGE.stateOfCountry);
    }
  }
  for (const id of input.transactionMethodsStr.split(',').map(Number)) {
    if (!data.transactionMethods.some((method) => method.id === id)) {
      throw validationError('transactionMethodsStr', MESSAGE.notExisting('Transaction method', id));
    }
  }
  for (const field of ['buttonImgUrl', 'logoImgUrl'] as const) {
    const imageId = input[field];
    if (imageId !== null && !data.images.some((image) => image.id === imageId)) {
      throw validationError(field, UNKNOWN_IMAGE.message(imageId));
    }
  }
}

/** The stored record of a scheme from its checked input (the password hash is added apart). */
export function schemeRecord(
  input: SchemeInputParsed,
  programId: number,
  clientName: string,
  schemeStatus: number,
  poweruserPasswordHash: string | null,
): ProgramRecord {
  return {
    programId,
    programTypeId: input.programTypeId,
    clientId: input.clientId,
    clientName,
    schemeName: input.schemeName,
    schemeShortName: input.schemeShortName,
    schemeAbbreviation: input.schemeAbbreviation,
    schemeStatus,
    poweruserLogin: input.poweruserLogin,
    buttonImgUrl: input.buttonImgUrl,
    logoImgUrl: input.logoImgUrl,
    address1: input.address1,
    address2: input.address2,
    address3: input.address3,
    address4: input.address4,
    suburb: input.suburb,
    city: input.city,
    postcode: input.postcode,
    countryId: input.countryId,
    stateId: input.stateId,
    email: input.email,
    website: input.website,
    mobile: input.mobile,
    landline: input.landline,
    transactionMethodsStr: input.transactionMethodsStr,
    poweruserPasswordHash,
  };
}

// ---------------------------------------------------------------------------------------------
// Card BINs and configurations
// ---------------------------------------------------------------------------------------------

export function findBin(data: Snapshot, binId: number): DeepReadonly<CardBin> {
  const bin = data.cardBins.find((candidate) => candidate.id === binId);
  if (bin === undefined) throw notFound(MESSAGE.binNotFound(binId));
  return bin;
}

/** Numeric suffix values of a configuration, by field. */
function suffixesOf(config: DeepReadonly<Config>): string[] {
  const values = [config.suffixStand, config.suffixVirtual];
  if ('suffixBulk' in config) values.push(config.suffixBulk);
  return values.filter((value): value is string => value !== null);
}

/**
 * The next free extension base of a BIN (03 §4): the highest suffix any configuration on it
 * uses (0 when none); a new scheme's suffixes take base+1, +2, +3 by position.
 */
export function extensionBase(data: Snapshot, binId: number): number {
  return data.configurations
    .filter((config) => config.liveCardBinId === binId)
    .flatMap(suffixesOf)
    .reduce((max, value) => Math.max(max, Number(value)), 0);
}

export function findConfig(data: Snapshot, programId: number) {
  const config = data.configurations.find((candidate) => candidate.programId === programId);
  if (config === undefined) throw notFound(MESSAGE.configNotFound(programId));
  return config;
}

/** The wire view of a stored configuration: the scheme's current status. */
export function toConfig(data: Snapshot, config: DeepReadonly<Config>): Config {
  const scheme = data.programs.find((candidate) => candidate.programId === config.programId);
  return { ...(structuredClone(config) as Config), schemeStatus: scheme?.schemeStatus ?? 0 };
}

/**
 * Configuration rules with the data (03 §4, §5): the program type is the scheme's, expiry type
 * and term exist, the card BIN is a master BIN for a transactor client or the client's own BIN
 * otherwise, each suffix has the BIN's extension length and is unique within the BIN, and once
 * saved a suffix and the BIN do not change. Answers the configuration to store.
 */
export function checkConfig(
  data: Snapshot,
  input: ConfigInputParsed,
  stored: DeepReadonly<Config> | undefined,
): Config {
  const scheme = requireSchemeReference(data, input.programId);
  if (input.programTypeId !== scheme.programTypeId) {
    throw validationError('programTypeId', MESSAGE.programTypeMismatch);
  }
  if (!data.expiryTypes.some((type) => type.id === input.expiryFrom)) {
    throw validationError('expiryFrom', MESSAGE.notExisting('Expiry type', input.expiryFrom));
  }
  if (!data.expiryTerms.some((term) => term.id === input.expiryTerm)) {
    throw validationError('expiryTerm', MESSAGE.notExisting('Expiry term', input.expiryTerm));
  }
  const bin = data.cardBins.find((candidate) => candidate.id === input.liveCardBinId);
  if (bin === undefined) {
    throw validationError('liveCardBinId', MESSAGE.notExisting('Card BIN', input.liveCardBinId));
  }
  if (stored !== undefined && stored.liveCardBinId !== input.liveCardBinId) {
    throw validationError('liveCardBinId', MESSAGE.configFieldLocked);
  }
  const client = data.clients.find((candidate) => candidate.clientId === scheme.clientId);
  if (client !== undefined && stored === undefined) {
    if (client.binTypeId === BIN_TYPE.TRANSACTOR && bin.flInternal !== 1) {
      throw validationError('liveCardBinId', MESSAGE.masterBinRequired);
    }
    if (client.binTypeId !== BIN_TYPE.TRANSACTOR && bin.number !== client.binNumber) {
      throw validationError('liveCardBinId', MESSAGE.clientBinRequired);
    }
  }

  const { suffixLength: _length, schemeStatus: _status, ...fields } = input;
  const config: Config = {
    ...fields,
    suffixLength: bin.extensionLength,
    schemeStatus: scheme.schemeStatus,
  } as Config;
  checkSuffixes(data, config, stored, bin);
  return config;
}

function checkSuffixes(
  data: Snapshot,
  config: Config,
  stored: DeepReadonly<Config> | undefined,
  bin: DeepReadonly<CardBin>,
): void {
  const fields = SUFFIX_FIELDS.filter((field) => field in config) as SuffixField[];
  const valueOf = (source: DeepReadonly<Config> | Config, field: SuffixField): string | null =>
    field in source ? ((source as Record<SuffixField, string | null>)[field] ?? null) : null;
  const seen = new Set<string>();
  const usedByOthers = new Set(
    data.configurations
      .filter((other) => other.liveCardBinId === bin.id && other.programId !== config.programId)
      .flatMap(suffixesOf),
  );
  for (const field of fields) {
    const value = valueOf(config, field);
    const before = stored === undefined ? null : valueOf(stored, field);
    if (before !== null && value !== before) throw validationError(field, MESSAGE.suffixLocked);
    if (value === null) continue;
    if (value.length !== bin.extensionLength || Number(value) < 1) {
      throw validationError(field, MESSAGE.suffixDigits(bin.extensionLength));
    }
    if (seen.has(value)) throw validationError(field, MESSAGE.suffixDuplicate);
    seen.add(value);
    if (usedByOthers.has(value)) throw conflict(field, MESSAGE.suffixTaken(value));
  }
}
