/**
 * The demo cards of the Demo Gift Card program (db.json program 1), so the seeded published
 * site `demo-gift` can check a balance before any scheme import. The file is also the sample
 * card file (columns: card-file.ts):
 *
 *   card number        PIN   balance  expiry
 *   6035990000000011   1234   50.00   2030-12-31
 *   6035990000000029   2468    0.00   2030-12-31
 *   6035990000000037   1357  123.45   (none)
 *   6035990000000045   9876   25.00   2021-06-30 (expired)
 *   6035990000000052   4321  500.00   2029-01-31
 */
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseCardFile } from './card-file';
import { CardStore } from './card-store';

export const DEMO_CARD_FILE = path.join(__dirname, 'demo-cards.txt');
export const DEMO_CARD_PROGRAM_ID = 1;

/** Imports the demo cards when the cards folder does not exist yet. True when it seeded. */
export async function seedDemoCards(cardsDir: string): Promise<boolean> {
  if (existsSync(cardsDir)) return false;
  const { cards, errors } = parseCardFile(await readFile(DEMO_CARD_FILE, 'utf8'));
  if (errors.length > 0) {
    const list = errors.map((e) => `line ${e.line}: ${e.reason}`).join('; ');
    throw new Error(`${DEMO_CARD_FILE}: ${list}`);
  }
  await CardStore.open(cardsDir).importCards(DEMO_CARD_PROGRAM_ID, cards);
  return true;
}

/** npm run db:reset: drops every imported card (and the PIN key), then seeds the demo cards. */
export async function resetDemoCards(cardsDir: string): Promise<void> {
  await rm(cardsDir, { recursive: true, force: true });
  await seedDemoCards(cardsDir);
}
