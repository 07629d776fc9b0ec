/**
 * The imported gift cards of every program, as the published journal site's balance check reads
 * them: one point lookup by primary key in the program's SQLite file (records-db.ts). Handles and
 * prepared statements are cached per program and closed by close().
 *
 * PINs: only HMAC-SHA256(pin key, `cardNumber:pin`) is stored; the key is `<keysDir>/pin.key`
 * (0600), apart from the records. A slow hash per card would make a million-card import take
 * hours, and with 4-digit PINs would not stop someone holding the records anyway (10,000
 * guesses): the secret key is what protects them. The card number is in the HMAC input so equal
 * PINs do not give equal hashes.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { JOURNAL_SITE_CARD_RULES } from '@contracts/api/journal';
import { assertProgramId, inWriteTransaction, type RecordsDb } from './records-db';
import { pinHashOf, pinKeyOf, type PinKey } from './record-crypto';
import { isCardStatus, type CardStatus } from './card-status';

/** A stored card. */
export interface CardRecord {
  cardNumber: string;
  /** HMAC-SHA256 of `cardNumber:pin`. */
  pinHash: Buffer;
  balanceCents: number;
  currency: string;
  /** yyyy-MM-dd or null. */
  expiryDate: string | null;
  status: CardStatus;
}

/** A card to store directly (demo cards, migration, provider states): the PIN is still plain. */
export interface CardInput {
  cardNumber: string;
  pin: string;
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

/** Records of a card import outside the engine (no import row; import_id 0). */
const DIRECT_IMPORT_ID = 0;

interface CardRow {
  card_number: string;
  pin_hash: Uint8Array;
  balance_cents: number;
  currency: string;
  expiry_date: string | null;
  status: string;
}

export class CardStore {
  readonly #records: RecordsDb;
  readonly #pinKey: PinKey;
  /** What an unknown card's PIN is compared with: random, so no PIN can match it. */
  readonly #noCardHash = randomBytes(32);

  constructor(records: RecordsDb, pinKey: Buffer) {
    this.#records = records;
    this.#pinKey = pinKeyOf(pinKey);
  }

  /**
   * Stores a few cards of a program directly (demo cards, provider states): a card number
   * already stored is replaced, others inserted. File imports go through ImportService.
   */
  async importCards(programId: number, cards: readonly CardInput[]): Promise<ImportSummary> {
    await Promise.resolve();
    assertProgramId(programId);
    for (const card of cards) {
      if (!JOURNAL_SITE_CARD_RULES.cardNumber.pattern.test(card.cardNumber)) {
        throw new TypeError(`Not a card number: ${JSON.stringify(card.cardNumber)}`);
      }
    }
    return this.storeHashed(
      programId,
      cards.map((card) => ({
        cardNumber: card.cardNumber,
        pinHash: pinHashOf(this.#pinKey, card.cardNumber, card.pin),
        balanceCents: card.balanceCents,
        currency: card.currency,
        expiryDate: card.expiryDate,
        status: card.status,
      })),
    );
  }

  /** Stores cards whose PIN is already hashed with this store's key (the ndjson migration). */
  storeHashed(programId: number, records: readonly CardRecord[]): ImportSummary {
    const db = this.#records.require(programId);
    const exists = this.#records.statement(
      programId,
      'cardExists',
      'SELECT 1 FROM cards WHERE card_number = ?',
    );
    const upsert = this.#records.statement(
      programId,
      'upsertCard',
      'INSERT OR REPLACE INTO cards (card_number, pin_hash, balance_cents, currency, expiry_date, status, import_id, line) VALUES (?, ?, ?, ?, ?, ?, ?, 0)',
    );
    if (exists === undefined || upsert === undefined) throw new Error('No records file');
    const summary: ImportSummary = { inserted: 0, replaced: 0 };
    inWriteTransaction(db, () => {
      for (const r of records) {
        if (exists.get(r.cardNumber) === undefined) summary.inserted += 1;
        else summary.replaced += 1;
        upsert.run(
          r.cardNumber,
          r.pinHash,
          r.balanceCents,
          r.currency,
          r.expiryDate,
          r.status,
          DIRECT_IMPORT_ID,
        );
      }
    });
    return summary;
  }

  /** The card of that number in the program, or undefined. */
  async find(programId: number, cardNumber: string): Promise<CardRecord | undefined> {
    await Promise.resolve();
    if (!JOURNAL_SITE_CARD_RULES.cardNumber.pattern.test(cardNumber)) return undefined;
    const statement = this.#records.statement(
      programId,
      'findCard',
      'SELECT card_number, pin_hash, balance_cents, currency, expiry_date, status FROM cards WHERE card_number = ?',
      { createIfMissing: false },
    );
    if (statement === undefined) return undefined;
    const row = statement.get(cardNumber) as unknown as CardRow | undefined;
    if (row === undefined) return undefined;
    if (!isCardStatus(row.status)) {
      throw new Error(`Card store: a malformed record in program ${programId}`);
    }
    return {
      cardNumber: row.card_number,
      pinHash: Buffer.from(row.pin_hash.buffer, row.pin_hash.byteOffset, row.pin_hash.byteLength),
      balanceCents: row.balance_cents,
      currency: row.currency,
      expiryDate: row.expiry_date,
      status: row.status,
    };
  }

  /**
   * The card of that number in the program when `pin` is its PIN, else undefined, whether the
   * number is unknown or the PIN wrong. An unknown card costs the same work as a known one (the
   * lookup, the PIN's HMAC and a constant-time comparison, against a random hash), so neither
   * the answer nor its time tells whether a card number exists.
   */
  async findWithPin(
    programId: number,
    cardNumber: string,
    pin: string,
  ): Promise<CardRecord | undefined> {
    const card = await this.find(programId, cardNumber);
    const actual = pinHashOf(this.#pinKey, cardNumber, pin);
    const stored = card?.pinHash ?? this.#noCardHash;
    const matches = stored.length === actual.length && timingSafeEqual(stored, actual);
    return card !== undefined && matches ? card : undefined;
  }
}
