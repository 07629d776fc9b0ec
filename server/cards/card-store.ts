/**
 * Imported gift cards, kept outside the JSON database: imports can number in the millions
 * (spec README "Scheme wizard"), and the JSON db is held in memory and rewritten whole.
 *
 * Layout: `<dir>/<programId>/<shard>.ndjson`, one JSON record per line, 256 shards chosen by
 * the first byte of SHA-256(card number). A lookup reads one small file (a million cards is
 * ~4,000 lines a shard); an import rewrites only the shards it touches, each through a temp file
 * and a rename, so a reader never sees half a file.
 *
 * PINs: only HMAC-SHA256(key, cardNumber:pin) is stored. The key is generated once into
 * `<dir>/.pin-key` (mode 0600), apart from the records. A slow hash (scrypt) per card would make
 * a million-card import take hours, and with 4-digit PINs would not stop someone holding the
 * records anyway (10,000 guesses); the secret key is what protects them. The card number is in
 * the HMAC input so equal PINs do not give equal hashes.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { JOURNAL_SITE_CARD_RULES } from '@contracts/api/journal';
import { hasErrorCode } from '../http/errno';
import { CARD_STATUSES, type CardInput, type CardStatus } from './card-file';

export const PIN_KEY_FILE = '.pin-key';
export const SHARD_COUNT = 256;

/** A stored card. Key order is fixed: lookups match a line by its start (see #lineKey). */
export interface CardRecord {
  cardNumber: string;
  /** Hex HMAC-SHA256 of `cardNumber:pin`. */
  pinHash: string;
  balanceCents: number;
  currency: string;
  /** yyyy-MM-dd or null. */
  expiryDate: string | null;
  status: CardStatus;
}

export interface ImportSummary {
  inserted: number;
  replaced: number;
}

const KEY_PATTERN = /^[0-9a-f]{64}$/;

function isCardRecord(value: unknown): value is CardRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.cardNumber === 'string' &&
    typeof record.pinHash === 'string' &&
    typeof record.balanceCents === 'number' &&
    typeof record.currency === 'string' &&
    (record.expiryDate === null || typeof record.expiryDate === 'string') &&
    typeof record.status === 'string' &&
    (CARD_STATUSES as readonly string[]).includes(record.status)
  );
}

/** The shard file stem of a card number: two hex digits. */
export function shardOf(cardNumber: string): string {
  return createHash('sha256').update(cardNumber).digest('hex').slice(0, 2);
}

function assertProgramId(programId: number): void {
  if (!Number.isSafeInteger(programId) || programId < 1) {
    throw new TypeError(`Not a program id: ${programId}`);
  }
}

const isCardNumber = (value: string) => JOURNAL_SITE_CARD_RULES.cardNumber.pattern.test(value);

async function readOptional(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (hasErrorCode(error, 'ENOENT')) return undefined;
    throw error;
  }
}

/** Writes `text` to `file` atomically (temp file in the same folder, then rename). */
async function replaceFile(file: string, text: string): Promise<void> {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, text, { mode: 0o600 });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

function pinHashOf(key: Buffer, cardNumber: string, pin: string): string {
  return createHmac('sha256', key).update(`${cardNumber}:${pin}`).digest('hex');
}

export class CardStore {
  readonly #dir: string;
  #key: Promise<Buffer> | undefined;
  /** Imports run one at a time, so two never rewrite the same shard from stale reads. */
  #writes: Promise<unknown> = Promise.resolve();

  private constructor(dir: string) {
    this.#dir = dir;
  }

  /** No I/O until first use: the folder and the key file are created when needed. */
  static open(dir: string): CardStore {
    return new CardStore(dir);
  }

  /** Stores the cards of a program: a card number already stored is replaced, others inserted. */
  async importCards(programId: number, cards: readonly CardInput[]): Promise<ImportSummary> {
    assertProgramId(programId);
    for (const card of cards) {
      if (!isCardNumber(card.cardNumber)) {
        throw new TypeError(`Not a card number: ${JSON.stringify(card.cardNumber)}`);
      }
    }
    const run = this.#writes.then(() => this.#import(programId, cards));
    this.#writes = run.catch(() => undefined);
    return run;
  }

  /** The card of that number in the program, or undefined. */
  async find(programId: number, cardNumber: string): Promise<CardRecord | undefined> {
    assertProgramId(programId);
    if (!isCardNumber(cardNumber)) return undefined;
    const text = await readOptional(this.#shardFile(programId, shardOf(cardNumber)));
    if (text === undefined) return undefined;
    const start = this.#lineKey(cardNumber);
    // Match by the line's start first: only the one matching line is parsed.
    const line = text.split('\n').find((candidate) => candidate.startsWith(start));
    if (line === undefined) return undefined;
    const record: unknown = JSON.parse(line);
    if (!isCardRecord(record)) {
      throw new Error(`Card store: a malformed record in program ${programId}`);
    }
    return record;
  }

  /** True when `pin` is the card's PIN (constant-time comparison of the hashes). */
  async verifyPin(record: CardRecord, pin: string): Promise<boolean> {
    const expected = Buffer.from(record.pinHash, 'hex');
    const actual = Buffer.from(pinHashOf(await this.#pinKey(), record.cardNumber, pin), 'hex');
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  async #import(programId: number, cards: readonly CardInput[]): Promise<ImportSummary> {
    const key = await this.#pinKey();
    const byShard = new Map<string, CardRecord[]>();
    for (const card of cards) {
      const record: CardRecord = {
        cardNumber: card.cardNumber,
        pinHash: pinHashOf(key, card.cardNumber, card.pin),
        balanceCents: card.balanceCents,
        currency: card.currency,
        expiryDate: card.expiryDate,
        status: card.status,
      };
      const shard = shardOf(card.cardNumber);
      const list = byShard.get(shard) ?? [];
      list.push(record);
      byShard.set(shard, list);
    }
    await mkdir(path.join(this.#dir, String(programId)), { recursive: true, mode: 0o700 });

    const summary: ImportSummary = { inserted: 0, replaced: 0 };
    for (const [shard, records] of byShard) {
      const file = this.#shardFile(programId, shard);
      const existing = (await readOptional(file)) ?? '';
      // Card number → line, in file order; a re-imported card keeps its place.
      const lines = new Map<string, string>();
      for (const line of existing.split('\n')) {
        if (line === '') continue;
        const match = /^\{"cardNumber":"(\d+)"/.exec(line);
        if (match?.[1] !== undefined) lines.set(match[1], line);
      }
      for (const record of records) {
        if (lines.has(record.cardNumber)) summary.replaced += 1;
        else summary.inserted += 1;
        lines.set(record.cardNumber, JSON.stringify(record));
      }
      await replaceFile(file, `${[...lines.values()].join('\n')}\n`);
    }
    return summary;
  }

  #lineKey(cardNumber: string): string {
    return `{"cardNumber":${JSON.stringify(cardNumber)},`;
  }

  #shardFile(programId: number, shard: string): string {
    return path.join(this.#dir, String(programId), `${shard}.ndjson`);
  }

  #pinKey(): Promise<Buffer> {
    this.#key ??= this.#loadOrCreateKey().catch((error: unknown) => {
      this.#key = undefined;
      throw error;
    });
    return this.#key;
  }

  /**
   * Reads the key file, or creates it: written to a temp file, then hard-linked into place,
   * which fails when another process got there first, so nobody ever reads half a key.
   */
  async #loadOrCreateKey(): Promise<Buffer> {
    const file = path.join(this.#dir, PIN_KEY_FILE);
    let text = await readOptional(file);
    if (text === undefined) {
      await mkdir(this.#dir, { recursive: true, mode: 0o700 });
      const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temp, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
      try {
        await link(temp, file);
      } catch (error) {
        if (!hasErrorCode(error, 'EEXIST')) throw error;
      } finally {
        await rm(temp, { force: true });
      }
      text = await readFile(file, 'utf8');
    }
    const hex = text.trim();
    // Never replace a bad key silently: every stored PIN hash depends on it.
    if (!KEY_PATTERN.test(hex)) throw new Error(`${file}: not a PIN key (64 hex digits)`);
    return Buffer.from(hex, 'hex');
  }
}
