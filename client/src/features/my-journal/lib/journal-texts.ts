/**
 * Screen texts of the journal as the spec writes them (01 §2.3, §2.5-2.7, §2.10), shared by the
 * steps and the summary so each label is written once. Dialog texts are in contracts
 * (JOURNAL_TEXT); the few texts the spec leaves open are marked.
 */

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

export const SAVE_AND_CONTINUE = 'Save & Continue';

/** Step 1 fields (01 §2.5) and the summary's Client Setup section (01 §2.10). */
export const SETUP_LABEL = {
  schemeName: 'Scheme Name',
  schemeType: 'Scheme Type',
  programId: 'Program ID',
  siteUrl: 'URL',
  importConfig: 'Import config',
  primaryLanguage: 'Primary Language',
  secondaryLanguage: 'Secondary Language',
  theme: 'Site Theme',
  light: 'Light',
  dark: 'Dark',
  english: 'English',
  /** The summary's row for the profile's location flag. */
  publishTarget: 'Publish target',
} as const;

/**
 * Step 1's question before a theme change resets a stylesheet the operator has styled (not in
 * the spec: 01 §4.3 resets it without asking).
 */
export const THEME_CHANGE_TEXT = {
  title: 'Change the site theme?',
  message:
    "The site has its own styling (fonts, colours, custom CSS). Changing the theme replaces it with the new theme's default stylesheet, and it cannot be undone.",
  confirm: 'Change theme',
} as const;

/** The journal builds gift-card balance sites: the scheme type always reads Gift (01 §2.5). */
export const SCHEME_TYPE = 'Gift';

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
  clientSetup: 'Client Setup',
  siteSettings: 'Site Settings',
  sitePages: 'Site Pages',
  media: 'Media Files added',
  appearance: 'Site Appearance',
  logo: 'Logo',
  headerImg: 'Header Logo',
  favIcon: 'Favicon',
  backgroundImg: 'Background',
  pageTitle: 'Title',
  navItem: 'Navigation Item',
  content: 'Content',
  publish: 'Publish',
  save: 'Save',
  export: 'Export',
  /** Not in the spec: names the button group. */
  actions: 'Summary actions',
} as const;
