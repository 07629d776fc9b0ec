/**
 * The outbox: a folder of review mails a developer can read (spec README "Scheme wizard").
 * Each mail is `<id>.eml` (the message as written, openable in any mail client) beside
 * `<id>.json` (who, what, and whether it was sent: `kept`, `sent` or `failed`). Ids are made
 * here, sortable by time; names from requests never reach the file system.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MAIL_STATUS, type MailStatus, type OutboxEntry } from '@contracts/api/mail';
import { hasErrorCode } from '../http/errno';

/** `20261123T013000123Z-` + 8 hex: the time the mail was written, then a random part. */
export const OUTBOX_ID = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/;

/** The time part of the last id made: ids made by this process sort in the order made. */
let lastIdTime = 0;

function newOutboxId(date: Date): string {
  lastIdTime = Math.max(date.getTime(), lastIdTime + 1);
  const time = new Date(lastIdTime).toISOString().replace(/[-:.]/g, '');
  return `${time}-${randomBytes(4).toString('hex')}`;
}

const EML = '.eml';
const META = '.json';

export type NewOutboxEntry = Pick<OutboxEntry, 'to' | 'subject' | 'schemeName' | 'userName'>;

function isOutboxEntry(value: unknown): value is OutboxEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<Record<keyof OutboxEntry, unknown>>;
  return (
    typeof entry.id === 'string' &&
    typeof entry.to === 'string' &&
    typeof entry.subject === 'string' &&
    typeof entry.date === 'string' &&
    Object.values(MAIL_STATUS).some((status) => status === entry.status)
  );
}

export class Outbox {
  constructor(private readonly dir: string) {}

  #pathOf(id: string, extension: string): string {
    if (!OUTBOX_ID.test(id)) throw new Error(`Not an outbox id: ${JSON.stringify(id)}`);
    return path.join(this.dir, `${id}${extension}`);
  }

  /** The sidecar, written whole to a temp file and renamed: a reader never sees half of it. */
  async #writeMeta(entry: OutboxEntry): Promise<void> {
    const target = this.#pathOf(entry.id, META);
    const temp = `${target}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temp, `${JSON.stringify(entry, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
    await rename(temp, target);
  }

  /** Writes the message and its sidecar with `status` (`kept`, or `sending` before a send). */
  async add(
    eml: Buffer,
    fields: NewOutboxEntry,
    status: MailStatus,
    date: Date,
  ): Promise<OutboxEntry> {
    // Owner only, like the data file: the mails carry addresses and screenshots.
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const id = newOutboxId(date);
    const entry: OutboxEntry = {
      id,
      file: `${id}${EML}`,
      ...fields,
      date: date.toISOString(),
      status,
      sentAt: null,
      error: null,
    };
    await writeFile(this.#pathOf(id, EML), eml, { flag: 'wx', mode: 0o600 });
    try {
      await this.#writeMeta(entry);
    } catch (error) {
      await unlink(this.#pathOf(id, EML)).catch(() => undefined);
      throw error;
    }
    return entry;
  }

  /** Records the outcome of a send. */
  async mark(
    entry: OutboxEntry,
    outcome: { status: 'sent'; sentAt: Date } | { status: 'failed'; error: string },
  ): Promise<OutboxEntry> {
    const updated: OutboxEntry =
      outcome.status === 'sent'
        ? { ...entry, status: MAIL_STATUS.SENT, sentAt: outcome.sentAt.toISOString(), error: null }
        : { ...entry, status: MAIL_STATUS.FAILED, sentAt: null, error: outcome.error };
    await this.#writeMeta(updated);
    return updated;
  }

  /** Every mail, newest first. A message without a readable sidecar is left out. */
  async list(): Promise<OutboxEntry[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if (hasErrorCode(error, 'ENOENT')) return [];
      throw error;
    }
    const ids = names
      .filter((name) => name.endsWith(META) && OUTBOX_ID.test(name.slice(0, -META.length)))
      .map((name) => name.slice(0, -META.length));
    const entries = await Promise.all(ids.map((id) => this.entry(id)));
    return entries
      .filter((entry): entry is OutboxEntry => entry !== undefined)
      .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  }

  /** One mail's sidecar, or undefined. */
  async entry(id: string): Promise<OutboxEntry | undefined> {
    if (!OUTBOX_ID.test(id)) return undefined;
    try {
      const parsed: unknown = JSON.parse(await readFile(this.#pathOf(id, META), 'utf8'));
      return isOutboxEntry(parsed) && parsed.id === id ? parsed : undefined;
    } catch (error) {
      if (hasErrorCode(error, 'ENOENT') || error instanceof SyntaxError) return undefined;
      throw error;
    }
  }

  /** One mail's message bytes, or undefined. */
  async message(id: string): Promise<Buffer | undefined> {
    if (!OUTBOX_ID.test(id)) return undefined;
    try {
      return await readFile(this.#pathOf(id, EML));
    } catch (error) {
      if (hasErrorCode(error, 'ENOENT')) return undefined;
      throw error;
    }
  }
}
