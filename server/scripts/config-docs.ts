/**
 * `npm run docs:config`: writes the table of docs/configuration.md, between its two marker
 * comments, from the configuration schema (server/config.ts): each variable's default, the
 * values it takes and its description. The rest of the document is left as it is.
 * tests/server/config-docs.test.ts fails when the committed file differs from what this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { configVariables, PROJECT_ROOT } from '../config';

export const CONFIG_DOC = path.join(PROJECT_ROOT, 'docs', 'configuration.md');
export const TABLE_START =
  '<!-- The table below is generated from server/config.ts: npm run docs:config -->';
export const TABLE_END = '<!-- end of the generated table -->';

export interface DocumentedVariable {
  name: string;
  /** The default as written in the environment, or what leaving the variable unset means. */
  default: string;
  /** What the variable takes (empty when any text does). */
  values: string;
  description: string;
}

const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** The schema's variables as documented, in the schema's order. */
export function documentedVariables(): DocumentedVariable[] {
  // The input side: defaults are what one would write in the environment.
  const { properties = {} } = z.toJSONSchema(configVariables, {
    io: 'input',
    unrepresentable: 'any',
  });
  return Object.entries(properties).map(([name, property]) => {
    const fields = typeof property === 'object' ? property : {};
    const description = textOf(fields.description);
    const fallback = textOf(fields.default);
    const unset = textOf(fields.unset);
    if (description === undefined) throw new Error(`${name}: no description`);
    if (fallback !== undefined && fallback !== '' && unset !== undefined) {
      throw new Error(`${name}: both a default and an unset meaning`);
    }
    return {
      name,
      default: fallback !== undefined && fallback !== '' ? `\`${fallback}\`` : (unset ?? 'empty'),
      values: textOf(fields.values) ?? '',
      description,
    };
  });
}

/** Markdown for a table cell: `|` escaped, and `<` outside code spans so it is not read as HTML. */
function cell(text: string): string {
  return text
    .split('`')
    .map((part, index) => (index % 2 === 1 ? part : part.replaceAll('<', '&lt;')))
    .join('`')
    .replaceAll('|', '\\|');
}

/** The table, its columns padded as Prettier pads them (so `npm run format:check` keeps it). */
export function configTable(): string {
  const header = ['Variable', 'Default', 'Values', 'Description'];
  const body = documentedVariables().map((variable) => [
    `\`${variable.name}\``,
    cell(variable.default),
    cell(variable.values),
    cell(variable.description),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((row) => row[column]?.length ?? 0)),
  );
  const line = (row: string[]) =>
    `| ${row.map((text, column) => text.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const rule = widths.map((width) => '-'.repeat(width));
  return [line(header), line(rule), ...body.map(line)].join('\n');
}

/** `document` with the generated table between its markers. */
export function withTable(document: string): string {
  const start = document.indexOf(TABLE_START);
  const end = document.indexOf(TABLE_END);
  if (start === -1 || end < start) {
    throw new Error(`the document has no "${TABLE_START}" ... "${TABLE_END}" markers`);
  }
  return `${document.slice(0, start + TABLE_START.length)}\n\n${configTable()}\n\n${document.slice(end)}`;
}

if (require.main === module) {
  const document = readFileSync(CONFIG_DOC, 'utf8');
  const updated = withTable(document);
  if (updated === document) {
    console.log(`${path.relative(process.cwd(), CONFIG_DOC)} is up to date`);
  } else {
    writeFileSync(CONFIG_DOC, updated);
    console.log(`${path.relative(process.cwd(), CONFIG_DOC)}: configuration table written`);
  }
}
