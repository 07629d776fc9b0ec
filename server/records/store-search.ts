/**
 * The store locator's search over a program's imported stores (records-db.ts holds the
 * index): one page of stores whose name, city or postcode has words beginning with every
 * word of the query, case and diacritics ignored (`harb syd` finds "Harbour Café", Sydney).
 * A word inside another word does not match (`bour` does not find Harbour): the index holds
 * words, which keeps imports fast (docs/site-builders.md, "The store search").
 *
 * Never loads all stores: the page is read with LIMIT/OFFSET in import order (the stores'
 * rowid; the index answers in that order without a sort), and matches are counted up to
 * STORE_SEARCH.countLimit only.
 */
import { STORE_SEARCH, type PublicStore } from '@contracts/api/merchant-site';
import { queryWords } from '@contracts/site/store-query';
import {
  assertProgramId,
  firstValue,
  INDEX_UNINDEXED_STORES,
  inWriteTransaction,
  type RecordsDb,
} from './records-db';

/** A store as the importer writes it (store files, 03; rules.ts checkStore). */
export type StoreInput = PublicStore;

/** A store's columns after its code, in the order of the stores table (the import engine too). */
export function storeDetails(s: PublicStore) {
  return [
    s.storeName,
    s.address,
    s.city,
    s.postcode,
    s.countryCode,
    s.suburb,
    s.state,
    s.phone,
    s.latitude,
    s.longitude,
  ] as const;
}

export interface StoreSearchQuery {
  /** Empty or absent: every store. */
  q?: string;
  /** 1-based. */
  page: number;
  size: number;
}

export interface StoreSearchResult {
  stores: PublicStore[];
  hasNext: boolean;
  /** Exact count when the matches are within STORE_SEARCH.countLimit, else undefined. */
  total: number | undefined;
}

/** Stores outside the engine (tests, bench) are written with import id 0, as direct cards are. */
const DIRECT_IMPORT_ID = 0;

const PUBLIC_COLUMNS =
  's.store_code AS storeCode, s.store_name AS storeName, s.address, s.city, s.postcode, s.country_code AS countryCode, s.suburb, s.state, s.phone, s.latitude, s.longitude';

/**
 * The FTS5 query of the words: each a quoted prefix term (`"harb"*`), all required. Quoting
 * makes every word a plain string to the query parser; the words hold no quote (queryWords,
 * contracts/site/store-query.ts), and the query is bound as a parameter, never written into
 * the SQL.
 */
export function matchExpression(words: readonly string[]): string {
  return words.map((word) => `"${word}"*`).join(' ');
}

/**
 * The index refused the query: FTS5 answers SQLITE_ERROR with an `fts5:` message for a query it
 * cannot run (a word it cuts in two, a phrase, which detail=none does not support). queryWords
 * cuts words as the index does, so none is expected; should a SQLite build cut otherwise, the
 * caller answers the search as refused rather than failed.
 */
export class StoreQueryRefused extends Error {
  override name = 'StoreQueryRefused';
}

const SQLITE_ERROR = 1;

/** node:sqlite's error for SQLITE_ERROR with an FTS5 message (checked by shape, as isBusyError). */
function isQueryRefusal(error: unknown): error is { message: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    'errcode' in error &&
    error.errcode === SQLITE_ERROR &&
    'message' in error &&
    typeof error.message === 'string' &&
    error.message.startsWith('fts5: ')
  );
}

export class StoreSearch {
  readonly #records: RecordsDb;

  constructor(records: RecordsDb) {
    this.#records = records;
  }

  /**
   * One page of the program's matching stores. A query with no word (only spaces or signs such
   * as `%`) matches no store; an empty one matches all. A program without a records file has
   * no stores. Throws StoreQueryRefused when the index refuses the query.
   */
  search(programId: number, query: StoreSearchQuery): StoreSearchResult {
    assertProgramId(programId);
    const words = queryWords(query.q ?? '');
    const everything = (query.q ?? '').trim() === '';
    if (!everything && words.length === 0) return { stores: [], hasNext: false, total: 0 };
    const offset = (query.page - 1) * query.size;
    const { countLimit } = STORE_SEARCH;
    const options = { createIfMissing: false };

    const pageStatement = everything
      ? this.#records.statement(
          programId,
          'storeSearchAll',
          `SELECT ${PUBLIC_COLUMNS} FROM stores s ORDER BY s.id LIMIT ? OFFSET ?`,
          options,
        )
      : this.#records.statement(
          programId,
          'storeSearchMatch',
          `SELECT ${PUBLIC_COLUMNS} FROM stores_search f JOIN stores s ON s.id = f.rowid WHERE stores_search MATCH ? ORDER BY f.rowid LIMIT ? OFFSET ?`,
          options,
        );
    const countStatement = everything
      ? this.#records.statement(
          programId,
          'storeCountAll',
          'SELECT count(*) FROM (SELECT 1 FROM stores LIMIT ?)',
          options,
        )
      : this.#records.statement(
          programId,
          'storeCountMatch',
          'SELECT count(*) FROM (SELECT 1 FROM stores_search WHERE stores_search MATCH ? LIMIT ?)',
          options,
        );
    if (pageStatement === undefined || countStatement === undefined) {
      return { stores: [], hasNext: false, total: 0 };
    }
    const match = everything ? [] : [matchExpression(words)];
    let rows: PublicStore[];
    let counted: number;
    try {
      // One more than the page tells whether a next page exists.
      rows = pageStatement.all(...match, query.size + 1, offset) as unknown as PublicStore[];
      counted = Number(firstValue(countStatement, ...match, countLimit + 1));
    } catch (error) {
      if (isQueryRefusal(error)) throw new StoreQueryRefused(error.message, { cause: error });
      throw error;
    }
    const hasNext = rows.length > query.size;
    return {
      stores: rows.slice(0, query.size),
      hasNext,
      total: counted > countLimit ? undefined : counted,
    };
  }

  /**
   * Stores a program's stores directly (tests, bench), replacing those of the same store code,
   * and indexes them in the same transaction. Store files go through the import engine.
   */
  putStores(programId: number, stores: readonly StoreInput[]): void {
    const db = this.#records.require(programId);
    const upsert = db.prepare(
      `INSERT INTO stores (store_code, store_name, address, city, postcode, country_code, suburb, state, phone, latitude, longitude, import_id, line)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ${DIRECT_IMPORT_ID}, 0)
       ON CONFLICT (store_code) DO UPDATE SET store_name = excluded.store_name, address = excluded.address,
         city = excluded.city, postcode = excluded.postcode, country_code = excluded.country_code,
         suburb = excluded.suburb, state = excluded.state, phone = excluded.phone,
         latitude = excluded.latitude, longitude = excluded.longitude, import_id = excluded.import_id, line = 0`,
    );
    inWriteTransaction(db, () => {
      for (const s of stores) upsert.run(s.storeCode, ...storeDetails(s));
      db.exec(INDEX_UNINDEXED_STORES);
    });
  }
}
