/**
 * The fault form (add and edit, in a dialog) with every field the API takes; the server
 * validates, and its message is shown in the form.
 */
import type { Fault, FaultInput } from '@contracts/api/mock-faults';
import { MOCK_PAGE_TEXT } from '@contracts/api/mock-requests';
import { HTTP_METHODS } from './calls';
import { integerOf, type Field, type FormValues } from './dialogs';

const F = MOCK_PAGE_TEXT.faults.fields;

/** The method fields' options: any, or one method. */
export const METHOD_OPTIONS: readonly (readonly [string, string])[] = [
  ['*', MOCK_PAGE_TEXT.routes.anyMethod],
  ...HTTP_METHODS.map((method) => [method, method] as const),
];

const INTEGER_FIELDS = [
  'status',
  'errorCode',
  'delayMs',
  'times',
  'failAtLine',
  'stallAtLine',
  'failAfterBytes',
] as const;

export const FAULT_FIELDS: readonly Field[] = [
  { name: 'method', label: F.method, type: 'select', options: METHOD_OPTIONS },
  { name: 'path', label: F.path, required: true },
  { name: 'status', label: F.status, type: 'integer' },
  { name: 'errorCode', label: F.errorCode, type: 'integer' },
  { name: 'errorMessage', label: F.errorMessage },
  { name: 'delayMs', label: F.delayMs, type: 'integer' },
  { name: 'times', label: F.times, type: 'integer' },
  { name: 'failAtLine', label: F.failAtLine, type: 'integer' },
  { name: 'stallAtLine', label: F.stallAtLine, type: 'integer' },
  { name: 'failAfterBytes', label: F.failAfterBytes, type: 'integer' },
];

/** The form's values of a fault (its remaining calls as `times`). */
export function faultValues(fault: Partial<Fault>): FormValues {
  const values: FormValues = { method: fault.method ?? '*', path: fault.path ?? '' };
  values.errorMessage = fault.errorMessage ?? '';
  // A spent stall fault (remaining 0) stays listed: its form leaves `times` empty.
  const numbers = { ...fault, times: fault.remaining === 0 ? undefined : fault.remaining };
  for (const name of INTEGER_FIELDS) {
    const value = numbers[name];
    values[name] = value === undefined ? '' : String(value);
  }
  return values;
}

/**
 * The API's body from the form: empty fields left out, numbers as numbers (anything else as
 * typed, for the server to name).
 */
export function faultInput(values: FormValues): FaultInput {
  const input: Record<string, unknown> = { method: values.method || '*', path: values.path };
  if (values.errorMessage) input.errorMessage = values.errorMessage;
  for (const name of INTEGER_FIELDS) {
    const value = integerOf(values[name]);
    if (value !== undefined) input[name] = value;
  }
  return input as unknown as FaultInput;
}
