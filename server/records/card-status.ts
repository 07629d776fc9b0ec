/** A stored card's status: what the import's rules accept and the card store keeps. */
export const CARD_STATUSES = ['active', 'blocked'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

export const isCardStatus = (value: string): value is CardStatus =>
  (CARD_STATUSES as readonly string[]).includes(value);
