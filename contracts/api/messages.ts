/**
 * Texts shown to users exactly as the spec writes them (01 §2.1, §4.1, §5.3, §8; 03 §5, §8).
 * Client validators, dialogs and tests import them from here.
 */

/** Shared field messages (01 §5.3, 03 §5). */
export const FIELD_MESSAGES = {
  required: 'This field is required',
  email: 'Invalid email address',
  url: 'Invalid URL',
  alphaNumOnly: 'This field allows only alpha-numeric values',
  alphaOnly: 'This field allows only alphabetic value',
  digitOnly: 'This field only allows numbers, and can not start with 0',
  numOnly: 'This field allows only numbers',
  minlength: 'This field is too short',
  maxlength: 'This field is too long',
  minOverMax: 'Min value should be less than the max value. Type the value again.',
  maxBelowMin: 'Max value should be over the min value. Type the value again.',
  nonZeroStart: 'This field can not start with zero',
  areEqual: 'Values are not equal',
  frequencyNotSelected: 'Frequency is not selected',
  fontSize: 'The font size you input is invalid',
  color: 'The color you input is invalid',
  transOverLimit: 'Max value could not be greater than the total credit',
  startDateValidation: 'Start date is set after end date',
  endDateValidation: 'End date is set before start date',
  dateValidationWeekly: 'Day is not contained in the period',
  dateValidationMonthly: 'Day is not contained in the period',
  checkFormat: 'Date is not valid',
} as const;
export type FieldMessageKey = keyof typeof FIELD_MESSAGES;

/** Dialog texts of the shared platform. */
export const DIALOG_TEXT = {
  ok: 'OK',
  cancel: 'Cancel',
  loading: 'Loading...',
  processing: 'Your request is being processed, please wait ...',
  logoutTitle: 'Confirm Logout',
  logoutMessage: 'Are you sure you want to logout?',
  timeoutTitle: 'Timeout',
  timeoutMessage: 'You have to re-authenticate!',
  errorTitle: 'Error',
  successTitle: 'Success',
  /**
   * After the server's 412 text (ERROR_MESSAGE.staleRecord), in the scheme wizard and the site
   * builders: the screen has read the record again and keeps what the operator changed.
   */
  staleRecordReloaded:
    'The form now shows what is saved, with your changes kept. Check them and save again.',
  warningTitle: 'Warning',
  fileTooLarge: 'File size is too large',
  formNotValid: 'Form not valid, please fix errors before submit',
} as const;

/** Thrown by a list search given an unknown key (01 §8). */
export const WRONG_SEARCH_KEY = 'Wrong key word for searching object!';
