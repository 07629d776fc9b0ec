/**
 * Screen texts of the journal as the spec writes them (01 §2.3, §2.5-2.7, §2.10), shared by the
 * steps and the summary so each label is written once. Dialog texts are in contracts
 * (JOURNAL_TEXT); the few texts the spec leaves open are marked.
 */
import { SCHEME_TYPE, SITE_SETUP_LABEL } from '@/components/site-builder/setup-fields';
import { SAVE_AND_CONTINUE } from '@/components/wizard/profile-step';
import { SITE_SUMMARY_LABEL } from '@/components/site-builder/summary-section';
import { THEME_CHANGE_TEXT } from '@/lib/sites/theme-stylesheet';

export const DASHBOARD_TEXT = {
  title: 'Select a MyJournal Website',
  /** Not in the spec. */
  cards: 'MyJournal websites',
  noMatches: 'No website matches your search.',
  noProfiles: 'No websites yet.',
  headerImage: (title: string) => `Header image of ${title}`,
} as const;

export const STEP_TITLE = {
  setup: 'MyJournal Client Setup',
  settings: 'MyJournal Site Settings',
  pages: 'MyJournal Site Pages',
} as const;

export { SAVE_AND_CONTINUE };

/** Step 1 fields (01 §2.5, the builders' shared labels) and the summary's Client Setup rows. */
export const SETUP_LABEL = {
  ...SITE_SETUP_LABEL,
  english: 'English',
  /** The summary's row for the profile's location flag. */
  publishTarget: 'Publish target',
} as const;

export { THEME_CHANGE_TEXT };

/** The journal builds gift-card balance sites: the scheme type always reads Gift (01 §2.5). */
export { SCHEME_TYPE };

/** Step 2 fields (01 §2.6), also the summary's Site Settings rows. */
export const SETTINGS_LABEL = {
  title: 'Site Title',
  keywords: 'Site Keywords',
  description: 'Site Description',
  googleAnalytics: 'Google Analytics Tracking Code',
  clientWebsite: "Client's Website Address",
  expirationDateCount: 'Expiration Date Count',
} as const;

/** Step 3 (01 §2.7). Not in the spec: the group's name. */
export const PAGES_TEXT = {
  group: 'Pages of the site',
} as const;

/** Summary sections and rows (01 §2.10). */
export const SUMMARY_LABEL = {
  ...SITE_SUMMARY_LABEL,
  logo: 'Logo',
  headerImg: 'Header Logo',
  favIcon: 'Favicon',
  backgroundImg: 'Background',
  navItem: 'Navigation Item',
  save: 'Save',
} as const;
