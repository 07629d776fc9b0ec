/**
 * At start, when the data folder holds a `cards/` folder of ndjson card files (one folder per
 * program of `<shard>.ndjson` files, one card a line with the HMAC of its PIN, and the
 * `.pin-key` of those HMACs): carries its cards into the records store, with its PIN key (the
 * stored HMACs stay valid), then removes the folder.
 *
 * When keys/pin.key already exists with another key, the folder's hashes could not be checked:
 * the folder is left alone and the caller logs it.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { CARD_STATUSES } from './card-status';
import { CardStore, type CardRecord } from './card-store';
import type { RecordsDirs } from './demo-cards';
import { RecordsDb } from './records-db';
import { installKeyFile, PIN_KEY_FILE, readKey } from './record-crypto';

export const OLD_PIN_KEY_FILE = '.pin-key';

export type MigrationResult =
  | { migrated: false; reason: 'none' | 'key-differs' }
  | { migrated: true; programs: number; cards: number };

interface OldRecord {
  cardNumber: string;
  pinHash: string;
  balanceCents: number;
  currency: string;
  expiryDate: string | null;
  status: string;
}

function toRecord(line: string): CardRecord | undefined {
  const value = JSON.parse(line) as Partial<OldRecord>;
  const status = CARD_STATUSES.find((candidate) => candidate === value.status);
  if (
    typeof value.cardNumber !== 'string' ||
    typeof value.pinHash !== 'string' ||
    !/^[0-9a-f]{64}$/.test(value.pinHash) ||
    typeof value.balanceCents !== 'number' ||
    typeof value.currency !== 'string' ||
    status === undefined
  ) {
    return undefined;
  }
  return {
    cardNumber: value.cardNumber,
    pinHash: Buffer.from(value.pinHash, 'hex'),
    balanceCents: value.balanceCents,
    currency: value.currency,
    expiryDate: typeof value.expiryDate === 'string' ? value.expiryDate : null,
    status,
  };
}

/** Carries `cardsDir` (a `cards/` folder of ndjson card files) over when it exists. */
export async function migrateOldCards(
  cardsDir: string,
  dirs: RecordsDirs,
): Promise<MigrationResult> {
  if (!existsSync(cardsDir)) return { migrated: false, reason: 'none' };
  const folderKey = (await readFile(path.join(cardsDir, OLD_PIN_KEY_FILE), 'utf8').catch(() => ''))
    .trim()
    .toLowerCase();
  if (folderKey !== '') {
    installKeyFile(dirs.keysDir, PIN_KEY_FILE, folderKey);
    if (readKey(dirs.keysDir, PIN_KEY_FILE)?.toString('hex') !== folderKey) {
      return { migrated: false, reason: 'key-differs' };
    }
  }
  const records = new RecordsDb(dirs.recordsDir, path.join(dirs.importsDir, 'errors'));
  let programs = 0;
  let cards = 0;
  try {
    const key = readKey(dirs.keysDir, PIN_KEY_FILE);
    const store = key === undefined ? undefined : new CardStore(records, key);
    for (const entry of await readdir(cardsDir, { withFileTypes: true })) {
      if (!entry.isDirectory() || !/^[1-9]\d*$/.test(entry.name) || store === undefined) continue;
      const programId = Number(entry.name);
      const batch: CardRecord[] = [];
      for (const file of await readdir(path.join(cardsDir, entry.name))) {
        if (!file.endsWith('.ndjson')) continue;
        const text = await readFile(path.join(cardsDir, entry.name, file), 'utf8');
        for (const line of text.split('\n')) {
          if (line.trim() === '') continue;
          const record = toRecord(line);
          if (record !== undefined) batch.push(record);
        }
      }
      store.storeHashed(programId, batch);
      programs += 1;
      cards += batch.length;
    }
  } finally {
    records.close();
  }
  await rm(cardsDir, { recursive: true, force: true });
  return { migrated: true, programs, cards };
}
