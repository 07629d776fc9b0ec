/**
 * docs/configuration.md and the configuration schema (server/config.ts) cannot drift apart: its
 * table is what `npm run docs:config` generates from the schema.
 */
import { readFileSync } from 'node:fs';
import { CONFIG_VARIABLE_NAMES } from '../../server/config';
import {
  CONFIG_DOC,
  configTable,
  TABLE_END,
  TABLE_START,
  withTable,
} from '../../server/scripts/config-docs';

describe('docs/configuration.md', () => {
  const committed = readFileSync(CONFIG_DOC, 'utf8');

  it('carries the table the schema generates (after changing server/config.ts: npm run docs:config)', () => {
    expect(committed).toBe(withTable(committed));
  });

  it('lists every variable the server reads, in the schema order', () => {
    const table = committed.slice(committed.indexOf(TABLE_START), committed.indexOf(TABLE_END));
    const listed = [...table.matchAll(/^\| `([A-Z_]+)` +\|/gm)].map((match) => match[1]);
    expect(listed).toEqual(CONFIG_VARIABLE_NAMES);
  });

  it('regenerates only the table between its markers', () => {
    const document = `# Title\n\nIntro.\n\n${TABLE_START}\n\nold table\n\n${TABLE_END}\n\nAfter.\n`;
    expect(withTable(document)).toBe(
      `# Title\n\nIntro.\n\n${TABLE_START}\n\n${configTable()}\n\n${TABLE_END}\n\nAfter.\n`,
    );
    expect(() => withTable('# No markers\n')).toThrow(/markers/);
  });
});
