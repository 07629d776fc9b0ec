/**
 * The demo cards of the Demo Gift Card program (db.json program 1), so the seeded published
 * site `demo-gift` can check a balance before any scheme import. They are the sample card file
 * server/imports/samples/cards.txt, numbered as program 1 is configured (BIN 627182, standard
 * extension 001, 16 digits), so the file also imports into it through the wizard:
 *
 *   card number        PIN   balance  expiry
 *   6271820010000011   1234   50.00   2030-12-31
 *   6271820010000029   2468    0.00   2030-12-31
 *   6271820010000037   1357  123.45   (none)
 *   6271820010000045   9876   25.00   2021-06-30 (expired)
 *   6271820010000052   4321  500.00   2029-01-31
 */
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { IMPORT_COLUMNS } from '@contracts/api/imports';
import { readHeader } from '../imports/file-header';
import { checkCard } from '../imports/rules';
import { sampleFileOf } from '../imports/sample-files';
import { CardStore, type CardInput } from './card-store';
import { RecordsDb } from './records-db';
import { loadOrCreateKey, PIN_KEY_FILE } from './record-crypto';

export const DEMO_CARD_FILE = sampleFileOf('card');
export const DEMO_CARD_PROGRAM_ID = 1;

export interface RecordsDirs {
  recordsDir: string;
  importsDir: string;
  keysDir: string;
}

/** The cards of a small card file read whole (the demo file); throws naming a bad line. */
export async function readSmallCardFile(file: string): Promise<CardInput[]> {
  const lines = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = readHeader(lines[0] ?? '', ['card']);
  if (!header.ok) throw new Error(`${file}: ${header.reason}`);
  const specs = IMPORT_COLUMNS.card;
  const cards: CardInput[] = [];
  lines.slice(1).forEach((line, index) => {
    if (line.trim() === '') return;
    const values = specs.map(() => '');
    line.split('|').forEach((part, column) => {
      const name = header.columns[column];
      const position = specs.findIndex((spec) => spec.name === name);
      if (position >= 0) values[position] = part.trim();
    });
    const checked = checkCard(values, undefined);
    if (!checked.ok) throw new Error(`${file}: line ${index + 2}: ${checked.problems.join('; ')}`);
    cards.push(checked.value);
  });
  return cards;
}

/** Stores cards of a program directly, on the folders of a server (not running). */
export async function storeCards(
  dirs: RecordsDirs,
  programId: number,
  cards: readonly CardInput[],
): Promise<void> {
  const records = new RecordsDb(dirs.recordsDir, path.join(dirs.importsDir, 'errors'));
  try {
    await new CardStore(records, loadOrCreateKey(dirs.keysDir, PIN_KEY_FILE)).importCards(
      programId,
      cards,
    );
  } finally {
    records.close();
  }
}

/** First start: seeds the demo cards when the records folder does not exist yet. True when it seeded. */
export async function seedDemoCards(dirs: RecordsDirs): Promise<boolean> {
  if (existsSync(dirs.recordsDir)) return false;
  await storeCards(dirs, DEMO_CARD_PROGRAM_ID, await readSmallCardFile(DEMO_CARD_FILE));
  return true;
}

/** Drops every imported record, upload, error file and key, then seeds the demo cards (on folders of a stopped server; `npm run db:reset` now resets to a scenario, server/dev/scenarios). */
export async function resetDemoCards(dirs: RecordsDirs): Promise<void> {
  for (const dir of [dirs.recordsDir, dirs.importsDir, dirs.keysDir]) {
    await rm(dir, { recursive: true, force: true });
  }
  await seedDemoCards(dirs);
}
