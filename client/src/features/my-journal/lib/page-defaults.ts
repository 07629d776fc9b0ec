/**
 * What a page editor shows in a field the page leaves empty (01 §4.3, §9): Login, Locations,
 * Terms and Conditions, Privacy Policy and FAQ defaults. The spec gives the titles and the gist of
 * the contents; the wording of the contents is ours, written for cardholders of a gift card.
 */
import { JOURNAL_PAGE_TYPE, type JournalPage } from '@contracts/api/journal';

export interface PageTexts {
  title: string | undefined;
  content: string | undefined;
  navItem: string | undefined;
}

/** Placeholder address of the Locations page's link: the operator puts the store locator here. */
export const LOCATIONS_LINK_PLACEHOLDER = 'https://www.example.com/store-locator';

const LOGIN_CONTENT =
  '<p>Enter your gift card number without spaces or hyphens, and your PIN, then click ' +
  '<strong>Login</strong> to see your balance.</p>';

/** A link to replace and an image without an address yet (the operator fills both in). */
const LOCATIONS_CONTENT =
  '<p>Find the store nearest to you: ' +
  `<a href="${LOCATIONS_LINK_PLACEHOLDER}">see all our locations</a>.</p>` +
  '<img src="" alt="Map of our locations">';

/** Fifteen numbered headings, each with a short generic clause for a gift card. */
const TERMS_SECTIONS: readonly [string, string][] = [
  [
    'Definitions',
    'In these terms, "Card" means the gift card, "Issuer" means the business that sold the Card, ' +
      'and "you" means the holder of the Card.',
  ],
  [
    'The Card',
    'The Card is a prepaid gift card. It is not a credit, debit or charge card, and it remains ' +
      'the property of the Issuer.',
  ],
  [
    'Activation',
    'The Card can be used once it has been activated at the time of purchase. A Card that has ' +
      'not been activated has no value.',
  ],
  [
    'Using the Card',
    'The Card can be used to pay for goods and services at participating stores, up to its ' +
      'available balance. If a purchase costs more, the difference must be paid another way.',
  ],
  [
    'Balance',
    'You can check the balance of the Card on this website with its card number and PIN, or ask ' +
      'at a participating store.',
  ],
  [
    'Expiry',
    'The Card is valid until the expiry date shown on the Card or on this website. Any balance ' +
      'left after that date can no longer be used.',
  ],
  [
    'Top-ups',
    'Where the Issuer allows it, value can be added to the Card at participating stores, up to ' +
      'the maximum balance the Issuer sets.',
  ],
  [
    'No cash',
    'The Card cannot be exchanged for cash, and its balance is not refunded, except where the ' +
      'law requires it.',
  ],
  [
    'Lost, stolen or damaged cards',
    'Treat the Card like cash. The Issuer is not responsible for a lost, stolen or damaged Card, ' +
      'or for its use by someone else.',
  ],
  [
    'Keeping your PIN safe',
    'Keep the PIN secret and separate from the Card. Anyone who has the card number and PIN can ' +
      'check and use its balance.',
  ],
  [
    'Refunds and returns',
    'Goods bought with the Card are returned under the store’s usual returns policy. A refund may ' +
      'be made back to the Card.',
  ],
  [
    'Fees',
    'No fees are charged for buying, using or checking the balance of the Card unless they are ' +
      'shown at the time of purchase.',
  ],
  ['Privacy', 'Information about the use of the Card is handled as set out in our Privacy Policy.'],
  [
    'Changes to these terms',
    'The Issuer may change these terms. The terms in force are always published on this website.',
  ],
  [
    'Governing law',
    'These terms are governed by the law of the place where the Card was issued, and its courts ' +
      'settle any dispute about them.',
  ],
];

const TERMS_CONTENT = TERMS_SECTIONS.map(
  ([heading, text], index) => `<h3>${index + 1}. ${heading}</h3><p>${text}</p>`,
).join('');

/** Defaults by page type; a field without one stays empty. */
export const PAGE_DEFAULTS: Readonly<Record<number, Partial<PageTexts>>> = {
  [JOURNAL_PAGE_TYPE.LOGIN]: { title: 'Check your gift card balance', content: LOGIN_CONTENT },
  [JOURNAL_PAGE_TYPE.LOCATIONS]: {
    navItem: 'Locations',
    title: 'Our Locations',
    content: LOCATIONS_CONTENT,
  },
  [JOURNAL_PAGE_TYPE.TERMS]: { title: 'Terms and Conditions', content: TERMS_CONTENT },
  [JOURNAL_PAGE_TYPE.PRIVACY_POLICY]: { title: 'Privacy Policy' },
  [JOURNAL_PAGE_TYPE.FAQ]: { title: 'FAQ' },
};

/** The text, or undefined when it shows nothing (blank, or markup like `<p></p>` only). */
function filled(text: string | null | undefined): string | undefined {
  if (!text) return undefined;
  const visible = text
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
  return visible !== '' || /<img\b/i.test(text) ? text : undefined;
}

/** The page's texts, each empty one replaced by its default (01 §4.3). */
export function pageTextsWithDefaults(
  pageTypeId: number,
  page: Pick<JournalPage, 'title' | 'content' | 'navItem'> | undefined,
): PageTexts {
  const defaults = PAGE_DEFAULTS[pageTypeId] ?? {};
  return {
    title: filled(page?.title) ?? defaults.title,
    content: filled(page?.content) ?? defaults.content,
    navItem: filled(page?.navItem) ?? defaults.navItem,
  };
}
