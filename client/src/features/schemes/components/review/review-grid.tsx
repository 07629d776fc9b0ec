import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import {
  REVIEW_SECRET_MASK,
  REVIEW_TEXT,
  type ReviewLine,
  type ReviewSummary,
} from '@contracts/api/import-review';
import { focusDropped } from '@/lib/forms/focus';
import { REVIEW_SCREEN_TEXT, reasonsOfColumn } from '../../lib/import-review';

/**
 * The review's grid of one page of error lines (the WAI-ARIA grid pattern): a header row (Line,
 * the file's columns in its order, Reasons), then a row per line. One cell is in the tab order
 * at a time (roving tabindex): the arrow keys move it, Home and End go to the row's first and
 * last cell (with Ctrl, the grid's). Enter (or F2, or a double click) on a value cell edits it in
 * a labelled input, Enter saves (the line is re-checked on the server) and Escape cancels; both
 * return the focus to the cell. A focused cell whose line leaves the page (corrected out of the
 * filter shown) gives the focus to the cell now in its place. A cell whose field a reason names
 * is marked (aria-invalid, a colour and a text read after its value). The secret column (a
 * card's PIN, a device's password) shows the mask, never a value, and is edited by typing a new
 * one in a password input that starts empty; Enter on it left empty keeps the value the server
 * has. A long value is cut with an ellipsis past a width (import-review.css) so the grid stays
 * usable: the cell's text is the whole value (for screen readers), its title shows it on
 * hover, and its editor opens with it.
 */
export interface ReviewGridProps {
  summary: Pick<ReviewSummary, 'columns' | 'secretColumn' | 'kind'>;
  lines: readonly ReviewLine[];
  /** The first line's position among the filter's lines (0-based), for aria-rowindex. */
  offset: number;
  /** The filter's lines in all (aria-rowcount). */
  total: number;
  labelledBy: string;
  /** Saves one cell; true when the server took it (else the editor stays open). */
  onCorrect(line: number, column: string, value: string): Promise<boolean>;
  /** Told the open editor as it changes (null: none open), for the screen's unsaved check. */
  onEditChange?(edit: OpenEdit | null): void;
  /** An edit to open again once its line is on the page (the session ended during it). */
  reopen?: CellEdit | undefined;
}

/** A cell being edited: its line, its column's name, and the value typed. */
export interface CellEdit {
  line: number;
  column: string;
  value: string;
}

/** The open editor: `changed` when its value differs from the cell's (any password typed). */
export interface OpenEdit extends CellEdit {
  changed: boolean;
  secret: boolean;
}

interface Editing {
  line: number;
  col: number;
  value: string;
}

const cellKey = (row: number, col: number) => `${row}:${col}`;

export function ReviewGrid({
  summary,
  lines,
  offset,
  total,
  labelledBy,
  onCorrect,
  onEditChange,
  reopen,
}: ReviewGridProps) {
  const { columns, secretColumn, kind } = summary;
  const colCount = columns.length + 2;
  const helpId = useId();
  const passwordHintId = useId();
  const [active, setActive] = useState({ row: 0, col: 0 });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saving, setSaving] = useState(false);
  const table = useRef<HTMLTableElement>(null);
  /** What to focus once rendered: the active cell, or the editor just opened. */
  const focusPending = useRef<'cell' | 'editor' | null>(null);

  // A page may shrink (a correction refetched): the active cell stays within it.
  const row = Math.max(0, Math.min(active.row, lines.length - 1));
  const col = Math.max(0, Math.min(active.col, colCount - 1));
  const editingLine =
    editing === null ? undefined : lines.find((each) => each.line === editing.line);
  // The edited line left the page (another page, another filter, a bulk correction that took
  // it out) or was imported: its editor is closed unsaved, as a click elsewhere closes it, so
  // the grid's keys work again (state adjusted while rendering, as React documents for values
  // derived from props).
  if (editing !== null && (editingLine === undefined || editingLine.status === 'imported')) {
    setEditing(null);
  }

  useEffect(() => {
    const pending = focusPending.current;
    if (pending === null) return;
    focusPending.current = null;
    const selector = pending === 'editor' ? 'input' : `[data-cell="${cellKey(row, col)}"]`;
    table.current?.querySelector<HTMLElement>(selector)?.focus();
  });

  // The grid's element that has the focus (kept when the focus goes nowhere, as when its line is
  // removed): removed or disabled, the active cell takes the focus.
  const lastFocused = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const lost = lastFocused.current;
    if (lost === null || !focusDropped(lost)) return;
    lastFocused.current = null;
    table.current?.querySelector<HTMLElement>(`[data-cell="${cellKey(row, col)}"]`)?.focus();
  });

  const isValueColumn = (index: number) => index >= 1 && index <= columns.length;
  const isSecret = (index: number) => secretColumn !== null && columns[index - 1] === secretColumn;
  /**
   * A value the server answers masked: the secret column's, and any value of a card line whose
   * field count was off (its PIN may be in any field). Its editor starts empty, and Enter with
   * nothing typed keeps it, so nothing typed is ever added to the mask.
   */
  const isMasked = (line: ReviewLine, index: number) =>
    isSecret(index) || line.values[index - 1] === REVIEW_SECRET_MASK;

  // The open editor, told to the screen.
  const latestOnEditChange = useRef(onEditChange);
  useEffect(() => {
    latestOnEditChange.current = onEditChange;
  });
  useEffect(() => {
    const line = editingLine;
    if (editing === null || line === undefined) {
      latestOnEditChange.current?.(null);
      return;
    }
    latestOnEditChange.current?.({
      line: editing.line,
      column: columns[editing.col - 1] ?? '',
      value: editing.value,
      secret: isSecret(editing.col),
      changed: isMasked(line, editing.col)
        ? editing.value !== ''
        : editing.value !== (line.values[editing.col - 1] ?? ''),
    });
  });

  // An edit to open again, once, when its line is shown and still open to corrections (state
  // adjusted while rendering, as React documents for values derived from props); its editor
  // takes the focus once rendered.
  const [reopened, setReopened] = useState<CellEdit | undefined>(undefined);
  if (reopen !== undefined && reopen !== reopened) {
    const rowIndex = lines.findIndex((each) => each.line === reopen.line);
    const colIndex = columns.indexOf(reopen.column) + 1;
    const line = lines[rowIndex];
    if (line && colIndex > 0 && line.status !== 'imported') {
      setReopened(reopen);
      setActive({ row: rowIndex, col: colIndex });
      setEditing({ line: line.line, col: colIndex, value: reopen.value });
    }
  }
  const focusedReopen = useRef<CellEdit | undefined>(undefined);
  useEffect(() => {
    if (reopened === undefined || focusedReopen.current === reopened) return;
    focusedReopen.current = reopened;
    table.current?.querySelector<HTMLElement>('input')?.focus();
  });

  function moveTo(nextRow: number, nextCol: number) {
    setActive({
      row: Math.max(0, Math.min(nextRow, lines.length - 1)),
      col: Math.max(0, Math.min(nextCol, colCount - 1)),
    });
    focusPending.current = 'cell';
  }

  function startEdit(rowIndex: number, colIndex: number) {
    const line = lines[rowIndex];
    if (!line || !isValueColumn(colIndex) || line.status === 'imported') return;
    setActive({ row: rowIndex, col: colIndex });
    setEditing({
      line: line.line,
      col: colIndex,
      value: isMasked(line, colIndex) ? '' : (line.values[colIndex - 1] ?? ''),
    });
    focusPending.current = 'editor';
  }

  function stopEdit() {
    setEditing(null);
    focusPending.current = 'cell';
  }

  async function save(line: ReviewLine, edit: Editing) {
    const column = columns[edit.col - 1] ?? '';
    // Nothing typed in a masked value's editor keeps the value; an unchanged one is no correction.
    const unchanged = isMasked(line, edit.col)
      ? edit.value === ''
      : edit.value === (line.values[edit.col - 1] ?? '');
    if (unchanged) {
      stopEdit();
      return;
    }
    setSaving(true);
    const saved = await onCorrect(line.line, column, edit.value);
    setSaving(false);
    if (saved) stopEdit();
  }

  function onGridKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (editing !== null || lines.length === 0) return;
    const ctrl = event.ctrlKey || event.metaKey;
    switch (event.key) {
      case 'ArrowUp':
        moveTo(row - 1, col);
        break;
      case 'ArrowDown':
        moveTo(row + 1, col);
        break;
      case 'ArrowLeft':
        moveTo(row, col - 1);
        break;
      case 'ArrowRight':
        moveTo(row, col + 1);
        break;
      case 'Home':
        moveTo(ctrl ? 0 : row, 0);
        break;
      case 'End':
        moveTo(ctrl ? lines.length - 1 : row, colCount - 1);
        break;
      case 'Enter':
      case 'F2':
        startEdit(row, col);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  function onEditorKeyDown(event: KeyboardEvent<HTMLElement>, line: ReviewLine) {
    // The grid's own keys (arrows move the caret here) stay in the editor.
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      if (!saving) stopEdit();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (!saving && editing) void save(line, editing);
    }
  }

  return (
    <>
      <p id={helpId} className="form-text">
        {REVIEW_SCREEN_TEXT.gridHelp}
      </p>
      <div className="table-responsive">
        <table
          ref={table}
          role="grid"
          className="table table-sm table-bordered review-grid mb-2"
          aria-labelledby={labelledBy}
          aria-describedby={helpId}
          aria-rowcount={total + 1}
          aria-colcount={colCount}
          onKeyDown={onGridKeyDown}
          onFocus={(event) => {
            lastFocused.current = event.target;
          }}
          onBlur={(event) => {
            const next = event.relatedTarget;
            if (next instanceof Node && !event.currentTarget.contains(next)) {
              lastFocused.current = null;
            }
          }}
        >
          <thead>
            <tr role="row" aria-rowindex={1}>
              <th role="columnheader" scope="col">
                {REVIEW_TEXT.line}
              </th>
              {columns.map((column) => (
                <th role="columnheader" scope="col" key={column}>
                  {column}
                </th>
              ))}
              <th role="columnheader" scope="col">
                {REVIEW_TEXT.reasons}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, rowIndex) => {
              const cellProps = (colIndex: number) => ({
                role: 'gridcell',
                tabIndex: rowIndex === row && colIndex === col ? 0 : -1,
                'data-cell': cellKey(rowIndex, colIndex),
                onClick: () => {
                  // A click elsewhere leaves an open editor unsaved, as Escape does.
                  if (editing && (editing.line !== line.line || editing.col !== colIndex)) {
                    setEditing(null);
                  }
                  setActive({ row: rowIndex, col: colIndex });
                },
              });
              return (
                <tr
                  role="row"
                  key={line.line}
                  aria-rowindex={offset + rowIndex + 2}
                  className={line.status === 'fixed' ? 'review-line-fixed' : undefined}
                >
                  <th scope="row" {...cellProps(0)} role="rowheader">
                    {line.line}
                  </th>
                  {columns.map((column, valueIndex) => {
                    const colIndex = valueIndex + 1;
                    const invalid = reasonsOfColumn(line, column).length > 0;
                    const edit =
                      editing !== null &&
                      editingLine === line &&
                      editing.col === colIndex &&
                      line.status !== 'imported'
                        ? editing
                        : null;
                    const secret = isSecret(colIndex);
                    const value = line.values[valueIndex] ?? '';
                    const shown = secret && value !== '' ? REVIEW_SECRET_MASK : value;
                    return (
                      <td
                        key={column}
                        {...cellProps(colIndex)}
                        aria-invalid={invalid || undefined}
                        className={invalid ? 'review-cell-invalid' : undefined}
                        onDoubleClick={() => startEdit(rowIndex, colIndex)}
                      >
                        {edit ? (
                          <>
                            <Form.Control
                              size="sm"
                              type={secret ? 'password' : 'text'}
                              autoComplete={secret ? 'new-password' : 'off'}
                              aria-label={REVIEW_SCREEN_TEXT.cellLabel(column, line.line)}
                              aria-describedby={secret ? passwordHintId : undefined}
                              value={edit.value}
                              // Read-only, not disabled, while it saves: a disabled input
                              // loses the focus, which the error dialog then has nowhere to
                              // give back to.
                              readOnly={saving}
                              aria-busy={saving || undefined}
                              onChange={(event) =>
                                setEditing({ ...edit, value: event.currentTarget.value })
                              }
                              onKeyDown={(event) => onEditorKeyDown(event, line)}
                            />
                            {secret ? (
                              <span id={passwordHintId} className="form-text">
                                {REVIEW_SCREEN_TEXT.newSecret(kind)}
                              </span>
                            ) : null}
                          </>
                        ) : (
                          <>
                            <span
                              className="review-value"
                              // The whole value, where the cell cuts a long one (a mask aside).
                              title={
                                shown !== '' && shown !== REVIEW_SECRET_MASK ? shown : undefined
                              }
                            >
                              {shown}
                            </span>
                            {invalid ? (
                              <span className="visually-hidden">
                                {' '}
                                {REVIEW_SCREEN_TEXT.invalidCell}
                              </span>
                            ) : null}
                          </>
                        )}
                      </td>
                    );
                  })}
                  <td {...cellProps(colCount - 1)}>
                    {line.status === 'fixed' ? (
                      <Badge bg="success">{REVIEW_TEXT.fixed}</Badge>
                    ) : null}
                    {line.reasons.length > 0 ? (
                      <ul className="list-unstyled mb-0">
                        {line.reasons.map((reason, index) => (
                          <li key={`${reason.rule}-${index}`}>{reason.text}</li>
                        ))}
                      </ul>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
