/**
 * The words of a store-locator query, cut where the store index cuts text, so that each word is
 * one word of the index: one definition for the server's search (server/records/store-search.ts)
 * and the site's own word count before it asks (client/src/sites/merchant/store-locator.ts).
 *
 * The index is SQLite FTS5 with the `unicode61` tokenizer (`remove_diacritics 2`, no
 * `tokenchars`, `separators` or `categories` option: server/records/records-db.ts). Per SQLite's
 * documentation, unicode61 takes the characters of the general categories L*, N* and Co as token
 * characters and every other one as a separator, by the Unicode tables built into SQLite (6.1 as
 * documented); code points those tables do not assign count as token characters. Besides, a
 * combining diacritic that `remove_diacritics` folds away continues a word without starting one
 * (fts5_tokenize.c, sqlite3Fts5UnicodeIsdiacritic), so `ab\u0301c` is the one word `abc`.
 *
 * JavaScript's `\p{...}` classes follow a newer Unicode, where a few characters that SQLite's
 * tables class as marks are letters: the New Tai Lue vowel and tone signs U+19B0-U+19C0 and
 * U+19C8-U+19C9, and U+1CF2-U+1CF3 (Vedic signs). SQLite separates on them, so they separate
 * here too: a query word holding one would be two words to the index, a phrase, which the index
 * (detail=none) refuses. These are all the letters, digits and private-use characters of
 * Unicode 17 (Node 26) that SQLite 3.53's unicode61 separates on; tests/server/merchant-site.test.ts
 * asks the index about every code point, so a new Node or SQLite that differs is caught there.
 *
 * The other way round, characters only SQLite takes into words (code points its tables do not
 * assign, since assigned as marks or symbols, such as newer emoji) separate words here but not in
 * the index: a query holding one may find fewer stores, never fails.
 */

/**
 * A word: a letter, digit or private-use character as SQLite's unicode61 takes them (the
 * characters above are not), then more of them or of the combining diacritics unicode61 keeps
 * inside a word (and folds away).
 */
const WORD =
  /(?![\u19B0-\u19C0\u19C8\u19C9\u1CF2\u1CF3])[\p{L}\p{N}\p{Co}](?:(?![\u19B0-\u19C0\u19C8\u19C9\u1CF2\u1CF3])[\p{L}\p{N}\p{Co}]|[\u0300-\u0304\u0306-\u030C\u030F\u0311\u031B\u0323-\u0328\u032D\u032E\u0330\u0331])*/gu;

/**
 * The words of a query as the index cut its text: runs of letters, digits and private-use
 * characters, composed first (NFC), so `é` typed as e and an accent is one letter.
 */
export function queryWords(q: string): string[] {
  return q.normalize('NFC').match(WORD) ?? [];
}
