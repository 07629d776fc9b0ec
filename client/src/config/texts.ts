/**
 * Client-only texts the spec leaves to us ("behaviour not shown"). Texts the spec writes live in
 * contracts/api/messages.ts and are imported from there.
 */

export const APP_NAME = 'THQ Back-office Portal';

export const copyrightLine = (year: number): string =>
  `© ${year} ${APP_NAME}. All rights reserved.`;

export const LOGIN_TEXT = {
  heading: 'Sign in',
  username: 'Username',
  password: 'Password',
  submit: 'Login',
  submitting: 'Signing in…',
  forgotPassword: 'Forgot password?',
  forgotPasswordTitle: 'Forgot password?',
  forgotPasswordMessage:
    '<p>Passwords are reset by the help desk.</p>' +
    '<p>Please contact the help desk, or ask the help-desk assistant, and give your user name. ' +
    'You will receive a new password once your identity has been confirmed.</p>',
  /** Above the form after a session ended without a logout (expired, revoked, refresh failed). */
  sessionEnded: 'Your session has ended. Sign in again to continue.',
  newsHeading: 'News',
  newsTitle: 'Meet the help-desk assistant',
  newsBody:
    'Questions about schemes, card files or your websites? The help-desk assistant answers ' +
    'common questions at any hour and hands you over to the help desk when a person is needed.',
} as const;

/** A form that got back what was typed before the session ended (lib/session/session-draft.ts). */
export const SESSION_DRAFT_TEXT = {
  restored: 'Your unsaved changes were restored. They are not saved yet.',
} as const;

/**
 * The developer tools (/__mock) switched or reset the mock server's data while the portal was open
 * (lib/session/data-replaced.ts).
 */
export const DATA_REPLACED_TEXT = {
  replaced: (scenario: string) =>
    `The mock server's data was replaced (scenario ${scenario}). The screens show the new data.`,
  /** For a scenario whose name is not one of the built-in ones (a recording, or unknown). */
  replacedOther: "The mock server's data was replaced. The screens show the new data.",
  /** The notice's accessible name (a region; it takes the focus the data's reset took away). */
  label: 'Mock data replaced',
  changesKept:
    'Your unsaved changes are kept and shown on top of the new data, not saved yet. ' +
    'The record they belong to may not exist in it.',
  dismiss: 'Dismiss',
} as const;

/** Shown when a call never reached the server (no HTTP answer at all). */
export const NETWORK_ERROR_MESSAGE =
  'The server could not be reached. Please check your connection and try again.';
/** Shown when the server answered something that is not the JSON it should be. */
export const UNREADABLE_ANSWER_MESSAGE = 'The server sent an answer that could not be read.';

export const LAYOUT_TEXT = {
  mainMenu: 'Main menu',
  schemesGroup: 'Schemes',
  utilitiesGroup: 'Utilities',
  gift: 'Gift',
  loyalty: 'Loyalty',
  myJournal: 'My Journal',
  myMerchant: 'My Merchant',
  greeting: (userName: string) => `Welcome, ${userName}`,
  logout: 'Logout',
} as const;

export const COMMON_TEXT = {
  search: 'Search',
  addNew: 'Add New',
  noMatches: 'No scheme matches your search.',
  noPrograms: 'No schemes yet.',
  wizardSteps: 'Wizard steps',
  editorSections: 'Site editor sections',
  stepOf: (step: number, total: number) => `step ${step} of ${total}`,
} as const;
