/**
 * Screen texts of the merchant builder that are not in contracts (MERCHANT_TEXT holds the texts
 * of 02 §2, §4 and §8). Labels the spec names are as written; the few it leaves open are marked.
 */

/** The wizard's heading (not in the spec). */
export const WIZARD_TITLE = 'MyMerchant Website';

export const DASHBOARD_TEXT = {
  /** Not in the spec. */
  cards: 'MyMerchant websites',
  noMatches: 'No website matches your search.',
  noProfiles: 'No websites yet.',
  logo: (title: string) => `Logo of ${title}`,
  /** Not in the spec: a card without a logo shows a default image (02 §2 Dashboard). */
  defaultLogo: (title: string) => `Default logo of ${title}`,
} as const;

export const STEP_TITLE = {
  setup: 'MyMerchant Client Setup',
  settings: 'MyMerchant Site Settings',
} as const;

/** The unpublish question (not in 02: the journal's, 01 §4.2). */
export const UNPUBLISH_CONFIRM = 'Unpublish Profile ?';
