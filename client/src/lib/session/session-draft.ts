/**
 * What the operator typed and had not saved when the session ended without a logout (the token
 * expired, the refresh failed, the session was revoked): the open form's unsaved values, kept in
 * the tab's sessionStorage for that user, and put back into the same form once the same user has
 * signed in again (lib/forms/unsaved-changes.tsx reads and writes the form side).
 *
 * - One draft at a time, stored with its user name and its screen (hash path and query), holding
 *   each form's values apart, each with the names of the fields the form had on screen (which
 *   form they belong to: takeDraft).
 * - Never stored: secret fields (the form side leaves them out) and values JSON cannot hold (a
 *   chosen file). Unsaved changes that are all of these (a PIN typed, nothing else) still keep
 *   the screen, with no values: the sign-in returns there all the same.
 * - Dates are kept as dates, and a date field's text that is not a date as that text
 *   (lib/forms/unparsed-date.ts).
 * - Used once: each form's values are taken when that form has applied them, and the draft goes
 *   with the last; a draft with no values goes once the sign-in has returned to its screen. A
 *   deliberate logout drops it, and so does another user's sign-in; it is only ever applied
 *   while its own user holds the token.
 * - With it, the ETags of the records as the values were typed over them (lib/api/record-etags.ts):
 *   the restored screen's first save of a record goes with that tag, so a save someone else made
 *   while the session was over is not silently overwritten.
 */
import type { EtagsByRecord, RestoredEtags } from '@/lib/api/record-etags';
import { unparsedDate, unparsedText } from '@/lib/forms/unparsed-date';
import { readTokenCookie } from './token-cookie';

/** The sessionStorage key of the draft. */
export const SESSION_DRAFT_KEY = 'sessionDraft';

/** The unsaved values of a form, by field name (final-form names, e.g. `items.button.color`). */
export type DraftValues = ReadonlyMap<string, unknown>;

/**
 * A mounted form offering its unsaved values when the session ends (undefined: nothing unsaved;
 * empty: unsaved changes, none of which may be kept, e.g. a password typed).
 */
export type DraftSource = () => DraftValues | undefined;

/** JSON with tagged dates and undefined, so a restored value is the value that was typed. */
type Encoded =
  null | boolean | number | string | readonly Encoded[] | { readonly [key: string]: Encoded };

/** One form's values: [field name, encoded value], in the order the form registered its fields. */
type StoredFields = [string, Encoded][];

/** One form's kept values, and the tops (`topOf`) of its fields on screen and of those values. */
interface StoredForm {
  fields: StoredFields;
  tops: string[];
}

interface StoredDraft {
  userName: string;
  route: string;
  /** Each form's values, apart. */
  forms: StoredForm[];
  /** The ETags of the records as the values were typed over them, by record key. */
  etags?: EtagsByRecord;
}

const TAG = '$draft';
const NOT_STORABLE = Symbol('not storable');

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function encode(value: unknown): Encoded | typeof NOT_STORABLE {
  if (value === undefined) return { [TAG]: 'undefined' };
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : NOT_STORABLE;
  if (value instanceof Date) {
    const time = value.getTime();
    if (!Number.isNaN(time)) return { [TAG]: 'date', time };
    // An invalid date is what a date field holds for text that is not a date: kept with the text.
    const text = unparsedText(value);
    return text === undefined ? { [TAG]: 'date', time: null } : { [TAG]: 'date', time: null, text };
  }
  if (Array.isArray(value)) {
    const items = value.map(encode);
    return items.some((item) => item === NOT_STORABLE) ? NOT_STORABLE : (items as Encoded[]);
  }
  // Files, blobs, functions and class instances cannot be written down: the field is skipped.
  if (typeof value !== 'object' || !isPlainObject(value) || TAG in value) return NOT_STORABLE;
  const entries: [string, Encoded][] = [];
  for (const [key, item] of Object.entries(value)) {
    const encoded = encode(item);
    if (encoded === NOT_STORABLE) return NOT_STORABLE;
    entries.push([key, encoded]);
  }
  return Object.fromEntries(entries);
}

function decode(value: Encoded): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(decode);
  const record = value as { readonly [key: string]: Encoded };
  if (record[TAG] === 'undefined') return undefined;
  if (record[TAG] === 'date') {
    if (typeof record.time === 'number') return new Date(record.time);
    return typeof record.text === 'string' ? unparsedDate(record.text) : new Date(Number.NaN);
  }
  return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, decode(item)]));
}

function isStoredDraft(value: unknown): value is StoredDraft {
  if (!value || typeof value !== 'object') return false;
  const draft = value as Record<string, unknown>;
  return (
    typeof draft.userName === 'string' &&
    // A screen of this app (a hash route), nothing else: the sign-in navigates there.
    typeof draft.route === 'string' &&
    draft.route.startsWith('/') &&
    (draft.etags === undefined ||
      (typeof draft.etags === 'object' &&
        draft.etags !== null &&
        Object.values(draft.etags).every((etag) => typeof etag === 'string'))) &&
    Array.isArray(draft.forms) &&
    draft.forms.every(isStoredForm)
  );
}

function isStoredForm(value: unknown): value is StoredForm {
  if (!value || typeof value !== 'object') return false;
  const { fields, tops } = value as Record<string, unknown>;
  return (
    Array.isArray(fields) &&
    fields.every(
      (entry) => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string',
    ) &&
    Array.isArray(tops) &&
    tops.every((top) => typeof top === 'string')
  );
}

/** sessionStorage when there is one (node test environments have none). */
const storage = (): Storage | undefined => globalThis.sessionStorage;

function readDraft(): StoredDraft | undefined {
  const raw = storage()?.getItem(SESSION_DRAFT_KEY);
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isStoredDraft(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Drops the draft (a deliberate logout; a draft that has been applied). */
export function dropDraft(): void {
  storage()?.removeItem(SESSION_DRAFT_KEY);
}

/**
 * The screen shown now: the hash route with its query (the app's URLs are hash-based, 01 §2.1),
 * e.g. `/gift-card/wizard/general-settings?id=3`.
 */
export function currentRoute(): string {
  const hash = globalThis.location?.hash ?? '';
  return hash.replace(/^#/, '') || '/';
}

/** The names of a form's fields on screen (final-form's registered fields). */
export type DraftFieldNames = () => readonly string[];

const sources = new Map<DraftSource, DraftFieldNames | undefined>();

/**
 * Offers a mounted form's unsaved values for as long as it is mounted; returns the removal.
 * `fieldNames` (the names of its fields on screen) are kept with its values: when the form opens
 * again it finds its values by them, even when every value kept belongs to a field it hides
 * (takeDraft).
 */
export function registerDraftSource(source: DraftSource, fieldNames?: DraftFieldNames): () => void {
  sources.set(source, fieldNames);
  return () => {
    sources.delete(source);
  };
}

/** A form on screen holds unsaved values (those keepDraft would keep). */
export function anyUnsavedForm(): boolean {
  for (const source of sources.keys()) if ((source()?.size ?? 0) > 0) return true;
  return false;
}

/** The screen holds unsaved work of any kind: values, a secret being typed, a chosen file. */
export function anyUnsavedWork(): boolean {
  for (const source of sources.keys()) if (source() !== undefined) return true;
  return false;
}

/**
 * The top of a field name: `sliding` of `sliding[1].max`, `items` of `items.button.color`. A
 * form's fields share their tops with the values it kept, including fields that are not on
 * screen yet (a row the kept values add, a part a kept choice shows), and the fields it had on
 * screen when they were kept share theirs with its fields when it opens again (kept values that
 * all belong to fields a mode switch hides: a new client's name while Existing client shows).
 */
const topOf = (name: string): string => /^[^.[]*/.exec(name)?.[0] ?? name;

/**
 * Keeps the unsaved values of the forms on screen for `userName` (the session is ending without a
 * logout), with `etags`, the tags of the records as last read (none: the values go on top of
 * whatever is read next). Unsaved changes of which nothing may be kept (secrets, a chosen file)
 * keep the screen alone; nothing unsaved keeps nothing. Called before the session's state is
 * cleared, while the forms are still mounted.
 */
export function keepDraft(userName: string, etags: EtagsByRecord = {}): void {
  const forms: StoredForm[] = [];
  let unsaved = false;
  for (const [source, fieldNames] of sources) {
    const values = source();
    if (values === undefined) continue;
    unsaved = true;
    const fields: StoredFields = [];
    for (const [name, value] of values) {
      const encoded = encode(value);
      if (encoded !== NOT_STORABLE) fields.push([name, encoded]);
    }
    const names = [...(fieldNames?.() ?? []), ...fields.map(([name]) => name)];
    if (fields.length > 0) forms.push({ fields, tops: [...new Set(names.map(topOf))] });
  }
  if (!unsaved) {
    dropDraft();
    return;
  }
  // The tags serve the kept values' saves: a draft without values needs none.
  writeDraft({ userName, route: currentRoute(), forms, ...(forms.length > 0 ? { etags } : {}) });
}

function writeDraft(draft: StoredDraft): void {
  try {
    storage()?.setItem(SESSION_DRAFT_KEY, JSON.stringify(draft));
  } catch (error) {
    // Storage full or refused: the values cannot be kept; the session still ends.
    console.warn('Could not keep the unsaved changes.', error);
  }
}

/** A sign-in: a draft kept for another user is dropped (they get neither it nor its screen). */
export function settleDraftFor(userName: string): void {
  const draft = readDraft();
  if (draft && draft.userName !== userName) dropDraft();
}

/** The screen of the draft kept for `userName`, where the sign-in returns to; else undefined. */
export function draftRouteFor(userName: string): string | undefined {
  const draft = readDraft();
  return draft?.userName === userName ? draft.route : undefined;
}

/**
 * The sign-in of `userName` has returned to the draft's screen: a draft of theirs with no values
 * to put back (its changes could not be kept) has done its work and goes.
 */
export function draftRouteTaken(userName: string): void {
  const draft = readDraft();
  if (draft?.userName === userName && draft.forms.length === 0) dropDraft();
}

/** What a form takes back from the draft. */
export interface TakenDraft {
  values: DraftValues;
  /** The tags the values were typed over, for the screen's saves; undefined when none were kept. */
  restoredEtags: RestoredEtags | undefined;
}

/**
 * Takes the values a form kept, for the form now asking on the screen shown now, when the user
 * holding the token is the draft's user: the kept form whose fields on screen or kept values
 * share a top (`topOf`) with `names` (the asking form's registered fields), decoded, every field
 * of it, including those the asking form has not registered yet, with the tags the draft kept.
 * Undefined when there is nothing for that form. The draft keeps the other forms' values, and
 * goes with the last.
 */
export function takeDraft(names: readonly string[]): TakenDraft | undefined {
  const draft = readDraft();
  if (!draft || draft.route !== currentRoute()) return undefined;
  if (readTokenCookie()?.userName !== draft.userName) return undefined;
  const tops = new Set(names.map(topOf));
  const index = draft.forms.findIndex((form) => form.tops.some((top) => tops.has(top)));
  const taken = draft.forms[index];
  if (taken === undefined) return undefined;
  const rest = draft.forms.filter((_, i) => i !== index);
  if (rest.length === 0) dropDraft();
  else writeDraft({ ...draft, forms: rest });
  const etags = draft.etags ?? {};
  return {
    values: new Map(taken.fields.map(([name, encoded]) => [name, decode(encoded)])),
    restoredEtags: Object.keys(etags).length > 0 ? { route: draft.route, etags } : undefined,
  };
}

/** The values takeDraft takes, without the tags. */
export const takeDraftFor = (names: readonly string[]): DraftValues | undefined =>
  takeDraft(names)?.values;
