/**
 * Screen texts of the scheme areas (03 §2, §5): headings, tab and field labels as the spec
 * writes them. Headings, tab and button labels and the dialog texts of 03 §8 are in contracts
 * (SCHEME_TEXT, DIALOG_TEXT, FIELD_MESSAGES); the few texts the spec leaves open are marked
 * "not in the spec".
 */

export const DASHBOARD_TEXT = {
  /** Not in the spec: the tile list's accessible name. */
  giftTiles: 'Gift schemes',
  loyaltyTiles: 'Loyalty schemes',
  /** Not in the spec. */
  noMatches: 'No scheme matches your search.',
  noSchemes: 'No schemes yet.',
  buttonImage: (schemeName: string) => `Button image of ${schemeName}`,
  defaultImage: (schemeName: string) => `Default button image of ${schemeName}`,
} as const;

/** The wizard's heading (not in the spec), with the client's name once it is known. */
export const WIZARD_TITLE = {
  gift: 'Gift Scheme',
  loyalty: 'Loyalty Scheme',
  forClient: (title: string, clientName: string) => `${title} for ${clientName}`,
} as const;

/** Client Setup (03 §2, §5). */
export const CLIENT_SETUP_LABEL = {
  /** Not in the spec: the choice between an existing and a new client. */
  clientChoice: 'Client',
  existingClient: 'Existing client',
  newClient: 'New client',
  chooseClient: 'Client Name',
  newClientName: 'New Client Name',
  cardBin: 'Card BIN',
  binNumber: 'BIN Number',
  binName: 'BIN Name',
  country: 'Country',
} as const;

/** General Settings (03 §2, §5). */
export const GENERAL_LABEL = {
  schemeDetails: 'Scheme Details',
  clientName: 'Client Name',
  schemeName: 'Scheme Name',
  programType: 'Program Type',
  shortName: 'Short Name',
  abbreviation: 'Abbreviation',
  poweruserLogin: 'Power User Login',
  password: 'Password',
  passwordRepeat: 'Repeat Password',
  /** Not in the spec: a saved password is never sent back, so an update may leave it empty. */
  passwordKeepHelp: 'Leave both empty to keep the current password.',
  images: 'Button Image and Logo',
  buttonImage: 'Button Image',
  logo: 'Logo',
  /** Not in the spec. */
  imageHelp: 'At most 300 KB.',
  addressDetails: 'Address Details',
  address1: 'Address Line 1',
  address2: 'Address Line 2',
  address3: 'Address Line 3',
  address4: 'Address Line 4',
  suburb: 'Suburb',
  city: 'City',
  country: 'Country',
  state: 'State',
  postcode: 'Postcode',
  contactDetails: 'Contact Details',
  email: 'Email',
  website: 'Website',
  mobile: 'Mobile',
  landline: 'Landline',
  transactingMethod: 'Transacting Method',
  /** Not in the spec: General Settings opened before a client was chosen. */
  noClient: 'Choose or create the client first, on',
} as const;

/**
 * A scheme's state (not in the spec), on the dashboard tiles and the Summary's heading: see
 * lib/scheme-state.ts for which one a scheme is in.
 */
export const SCHEME_STATE_TEXT = {
  /** Read before the state by screen readers ("Status: Active"). */
  label: 'Status:',
  setup: 'In setup',
  review: 'Sent for review',
  active: 'Active',
} as const;

/** Activation's question and the note beside a disabled 'Activate Scheme' (not in the spec). */
export const ACTIVATION_TEXT = {
  confirmTitle: (schemeName: string) => `Activate ${schemeName}?`,
  confirmMessage: (schemeName: string) =>
    `The scheme ${schemeName} goes live. An active scheme cannot be set back to setup.`,
  confirm: 'Activate',
  cancel: 'Cancel',
  alreadyActive: 'This scheme is already active.',
} as const;
