/**
 * A stored card's status. A module of its own, without the store: the import's helper thread
 * (server/imports/card-rows-ahead.ts) reads card lines without loading SQLite.
 */
export const CARD_STATUSES = ['active', 'blocked'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

export const isCardStatus = (value: string): value is CardStatus =>
  (CARD_STATUSES as readonly string[]).includes(value);
