/**
 * Pipe-delimited import files (spec README "Scheme wizard"): a header line naming the columns,
 * then one record per line. Read line by line so a caller can stream a file of millions of
 * lines (readline) or hand over a whole text (readDelimitedText). Every line that breaks a
 * rule becomes `{ line, reason }` (1-based, the header is line 1); good lines are kept.
 *
 * Generic on purpose: card, store and device files differ only in their columns and field
 * rules (card-file.ts is the card layer).
 */

export const FIELD_DELIMITER = '|';

export interface LineError {
  /** 1-based; the header is line 1. */
  line: number;
  reason: string;
}

export interface ColumnSpec {
  /** As documented; the header may spell it in any letter case. */
  readonly name: string;
  readonly required: boolean;
}

export type DelimitedLine =
  | { kind: 'row'; line: number; fields: Readonly<Record<string, string>> }
  | { kind: 'error'; error: LineError }
  /** A blank line, or any line after a header that could not be read. */
  | { kind: 'skip' };

export class DelimitedReader {
  readonly #specs: readonly ColumnSpec[];
  /** Column names (as in the specs) in file order, once the header was read. */
  #columns: string[] | undefined;
  #headerFailed = false;
  #line = 0;

  constructor(specs: readonly ColumnSpec[]) {
    this.#specs = specs;
  }

  /** True once a header naming every required column was read. */
  get headerOk(): boolean {
    return this.#columns !== undefined;
  }

  /** Feeds the next line, without its line break (a trailing \r is dropped). */
  next(raw: string): DelimitedLine {
    this.#line += 1;
    const line = this.#line;
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === 1) return this.#header(text.replace(/^\uFEFF/, ''));
    if (this.#headerFailed || this.#columns === undefined) return { kind: 'skip' };
    if (text.trim() === '') return { kind: 'skip' };
    const values = text.split(FIELD_DELIMITER);
    const columns = this.#columns;
    if (values.length !== columns.length) {
      return {
        kind: 'error',
        error: { line, reason: `Expected ${columns.length} fields, found ${values.length}` },
      };
    }
    const fields: Record<string, string> = {};
    columns.forEach((name, index) => {
      fields[name] = (values[index] ?? '').trim();
    });
    return { kind: 'row', line, fields };
  }

  /** Call after the last line: an empty input has no header, which is an error of line 1. */
  finish(): LineError | undefined {
    if (this.#line === 0) {
      return { line: 1, reason: 'The file is empty: the header line is missing' };
    }
    return undefined;
  }

  #header(text: string): DelimitedLine {
    const problems: string[] = [];
    const columns: string[] = [];
    if (text.trim() === '') {
      problems.push('The header line is missing');
    } else {
      for (const rawName of text.split(FIELD_DELIMITER)) {
        const name = rawName.trim();
        const spec = this.#specs.find((s) => s.name.toLowerCase() === name.toLowerCase());
        if (spec === undefined) {
          problems.push(`Unknown column "${name}"`);
        } else if (columns.includes(spec.name)) {
          problems.push(`Column "${spec.name}" appears twice`);
        } else {
          columns.push(spec.name);
        }
      }
      for (const spec of this.#specs) {
        if (spec.required && !columns.includes(spec.name)) {
          problems.push(`Missing column "${spec.name}"`);
        }
      }
    }
    if (problems.length > 0) {
      this.#headerFailed = true;
      const expected = this.#specs
        .map((s) => (s.required ? s.name : `[${s.name}]`))
        .join(FIELD_DELIMITER);
      return {
        kind: 'error',
        error: { line: 1, reason: `${problems.join('; ')} (columns: ${expected})` },
      };
    }
    this.#columns = columns;
    return { kind: 'skip' };
  }
}

/** Splits a whole text into lines for a DelimitedReader (a final line break adds no line). */
export function linesOf(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
