import { useId, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { REVIEW_TEXT, type BulkAnswer, type BulkCorrection } from '@contracts/api/import-review';
import { RestoredNotice, useSessionDraft, useUnsavedChanges } from '@/lib/forms/unsaved-changes';

type Mode = 'set' | 'replace';

/** The form's typed state: what Apply sends (the rule aside). */
interface BulkTyped {
  field: string;
  mode: Mode;
  value: string;
  find: string;
  replace: string;
}

const isBulkTyped = (value: unknown): value is BulkTyped => {
  const typed = value as Partial<BulkTyped> | null;
  return (
    typeof typed === 'object' &&
    typed !== null &&
    typeof typed.field === 'string' &&
    (typed.mode === 'set' || typed.mode === 'replace') &&
    typeof typed.value === 'string' &&
    typeof typed.find === 'string' &&
    typeof typed.replace === 'string'
  );
};

const sameTyped = (a: BulkTyped, b: BulkTyped) =>
  a.field === b.field &&
  a.mode === b.mode &&
  a.value === b.value &&
  a.find === b.find &&
  a.replace === b.replace;

/**
 * Correct in bulk: for the lines of the filter shown (`rule`, or every failing line), set one
 * column to a value, or replace a text within it (every occurrence). The server re-checks every
 * line it changed; the answer says how many changed and how many now pass. For the secret column
 * (a card's PIN, a device's password) every text is typed in a password input, and is cleared once
 * applied or when another column is chosen, so no secret stays on the page.
 *
 * Apply stays focusable while it runs (aria-disabled, as the import's button): a disabled button
 * would drop the focus to the page.
 *
 * Text typed and not applied is unsaved: leaving asks, and the session ending keeps it for the
 * same user's next sign-in (never text typed for a column holding secrets).
 */
export function BulkCorrectionForm({
  columns,
  secretColumn,
  rule,
  scope,
  onApply,
  keepsColumn = () => true,
}: {
  columns: readonly string[];
  secretColumn: string | null;
  /** Whether text typed for a column may be kept when the session ends (no secret's). */
  keepsColumn?: (column: string) => boolean;
  /** The filter the correction applies to (undefined: every failing line). */
  rule: string | undefined;
  /** Which lines Apply changes, said under the heading. */
  scope: string;
  /** Sends the correction; its answer, or undefined when it failed (the error was shown). */
  onApply(correction: BulkCorrection): Promise<BulkAnswer | undefined>;
}) {
  const headingId = useId();
  const scopeId = useId();
  const [field, setField] = useState(columns[0] ?? '');
  const [mode, setMode] = useState<Mode>('set');
  const [value, setValue] = useState('');
  const [find, setFind] = useState('');
  const [replace, setReplace] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<BulkAnswer | null>(null);
  const findInput = useRef<HTMLInputElement>(null);
  const isSecret = (column: string) => secretColumn !== null && column === secretColumn;
  const secret = isSecret(field);
  const ready = field !== '' && (mode === 'set' || find !== '');

  const typed: BulkTyped = { field, mode, value, find, replace };
  /** What was typed when Apply last succeeded: applied, so not unsaved. */
  const [applied, setApplied] = useState<BulkTyped | null>(null);
  const unsaved = () =>
    (mode === 'set' ? value !== '' : find !== '' || replace !== '') &&
    (applied === null || !sameTyped(typed, applied));
  useUnsavedChanges(unsaved);
  const restored = useSessionDraft<BulkTyped>(
    'reviewBulkCorrection',
    () => (unsaved() && !secret && keepsColumn(field) ? typed : undefined),
    isBulkTyped,
    (kept) => {
      if (columns.includes(kept.field)) setField(kept.field);
      setMode(kept.mode);
      setValue(kept.value);
      setFind(kept.find);
      setReplace(kept.replace);
    },
  );

  function clearTexts() {
    setValue('');
    setFind('');
    setReplace('');
  }

  /** Another column: a secret's texts are not carried over to it, nor other texts to a secret. */
  function chooseField(next: string) {
    if (isSecret(next) !== secret) clearTexts();
    setField(next);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || busy) return;
    const correction: BulkCorrection =
      mode === 'set'
        ? { ...(rule === undefined ? {} : { rule }), field, set: value }
        : { ...(rule === undefined ? {} : { rule }), field, find, replace };
    setBusy(true);
    setAnswer(null);
    const result = await onApply(correction);
    setBusy(false);
    if (result) {
      setAnswer(result);
      if (!secret) {
        setApplied(typed);
      } else {
        clearTexts();
        // Nothing left to find: Apply is unavailable, the focus goes where the next text is typed.
        if (mode === 'replace') findInput.current?.focus();
      }
    }
  }

  return (
    <section aria-labelledby={headingId} className="card mb-3">
      <Form
        className="card-body"
        aria-labelledby={headingId}
        aria-describedby={scopeId}
        onSubmit={(event) => void submit(event)}
      >
        <h3 id={headingId} className="h6">
          {REVIEW_TEXT.bulkHeading}
        </h3>
        <p id={scopeId} className="form-text mt-0">
          {scope}
        </p>
        {restored ? <RestoredNotice /> : null}
        <div className="d-flex flex-wrap gap-3 align-items-end">
          <Form.Group controlId={`${headingId}-field`}>
            <Form.Label>{REVIEW_TEXT.bulkField}</Form.Label>
            <Form.Select
              size="sm"
              value={field}
              onChange={(event) => chooseField(event.currentTarget.value)}
            >
              {columns.map((column) => (
                <option key={column} value={column}>
                  {column}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <fieldset>
            <legend className="form-label fs-6 mb-1">{REVIEW_TEXT.bulkMode}</legend>
            <Form.Check
              inline
              type="radio"
              id={`${headingId}-set`}
              name={`${headingId}-mode`}
              label={REVIEW_TEXT.bulkSet}
              checked={mode === 'set'}
              onChange={() => setMode('set')}
            />
            <Form.Check
              inline
              type="radio"
              id={`${headingId}-replace`}
              name={`${headingId}-mode`}
              label={REVIEW_TEXT.bulkReplace}
              checked={mode === 'replace'}
              onChange={() => setMode('replace')}
            />
          </fieldset>
          {mode === 'set' ? (
            <Form.Group controlId={`${headingId}-value`}>
              <Form.Label>{REVIEW_TEXT.bulkValue}</Form.Label>
              <Form.Control
                size="sm"
                type={secret ? 'password' : 'text'}
                autoComplete={secret ? 'new-password' : 'off'}
                value={value}
                onChange={(event) => setValue(event.currentTarget.value)}
              />
            </Form.Group>
          ) : (
            <>
              <Form.Group controlId={`${headingId}-find`}>
                <Form.Label>{REVIEW_TEXT.bulkFind}</Form.Label>
                <Form.Control
                  ref={findInput}
                  size="sm"
                  type={secret ? 'password' : 'text'}
                  autoComplete={secret ? 'new-password' : 'off'}
                  value={find}
                  onChange={(event) => setFind(event.currentTarget.value)}
                />
              </Form.Group>
              <Form.Group controlId={`${headingId}-replace-with`}>
                <Form.Label>{REVIEW_TEXT.bulkReplaceWith}</Form.Label>
                <Form.Control
                  size="sm"
                  type={secret ? 'password' : 'text'}
                  autoComplete={secret ? 'new-password' : 'off'}
                  value={replace}
                  onChange={(event) => setReplace(event.currentTarget.value)}
                />
              </Form.Group>
            </>
          )}
          <Button
            type="submit"
            size="sm"
            disabled={!ready && !busy}
            aria-disabled={busy || undefined}
            className={busy ? 'disabled' : undefined}
          >
            {REVIEW_TEXT.bulkApply}
          </Button>
        </div>
        <p role="status" className="mt-2 mb-0">
          {answer ? REVIEW_TEXT.bulkResult(answer.changed, answer.nowPassing) : null}
        </p>
      </Form>
    </section>
  );
}
