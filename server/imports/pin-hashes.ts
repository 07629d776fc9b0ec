/**
 * The PIN HMACs of a card import (record-crypto.ts pinHash), a batch of lines at a time, in
 * order: computed on the import's own thread (PinHashesHere), or on a thread of their own
 * (PinHashesThread, pin-hash-worker.ts) while the import's thread reads, checks and writes.
 *
 * createHmac costs 2.3 to 3 µs a PIN here, so a million PINs are 2.5 to 3 s of one core; the rest
 * of the import (reading, checking, writing to SQLite) is about as much again (2.6 s for a
 * million lines, measured alone). On a thread of their own the HMACs overlap the rest when a
 * second core is free: `npm run bench -- --imports` took 4.1 to 4.4 s for a 1,000,000-line file
 * with the thread, and 5.7 to 7.2 s on one thread (the bench prints both), on this machine at a
 * load average of 2.4 to 3.3.
 *
 * The thread and the import's thread talk through a MessageChannel: the import posts a batch's
 * messages (pinHashMessage) as one text, a line each (one string is copied at once, an array
 * of them string by string), the thread answers with their HMACs, 32 bytes each, in one
 * transferred buffer. The import's thread runs synchronously (SQLite, one transaction), so it
 * takes an answer with receiveMessageOnPort, waiting on a shared cell (Atomics.wait) that the
 * thread bumps after each answer, and that the service bumps when the thread stops (its exit).
 */
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { pinHash, type PinKey } from '../records/record-crypto';

/** The HMACs of the batches submitted, in order. */
export interface PinHashes {
  /** Starts on the HMACs of a batch's messages (pinHashMessage). */
  submit(messages: readonly string[]): void;
  /** The HMACs of the oldest batch submitted and not yet taken: 32 bytes a message, in order. */
  take(): Uint8Array;
}

export const PIN_HASH_BYTES = 32;

function hashAll(key: PinKey, messages: readonly string[]): Uint8Array<ArrayBuffer> {
  const hashes = new Uint8Array(PIN_HASH_BYTES * messages.length);
  messages.forEach((message, index) => hashes.set(pinHash(key, message), index * PIN_HASH_BYTES));
  return hashes;
}

/** The HMACs computed on the import's thread, as each batch is submitted. */
export class PinHashesHere implements PinHashes {
  readonly #key: PinKey;
  readonly #done: Uint8Array[] = [];

  constructor(key: PinKey) {
    this.#key = key;
  }

  submit(messages: readonly string[]): void {
    this.#done.push(hashAll(this.#key, messages));
  }

  take(): Uint8Array {
    const hashes = this.#done.shift();
    if (hashes === undefined) throw new Error('No PIN hashes were asked for');
    return hashes;
  }
}

/** Between a batch's messages as posted: a card number and PIN are digits only. */
const SEPARATOR = '\n';

/** The cells the import's thread waits on: SIGNAL changes on every answer, and on a stop. */
const SIGNAL = 0;
const STOPPED = 1;

/** The import's end of the PIN hash thread: its port, and the shared cells (pinHashCells). */
export interface PinHashChannel {
  port: MessagePort;
  cells: Int32Array;
}

export const pinHashCells = (): Int32Array => new Int32Array(new SharedArrayBuffer(8));

/** The import's side of the PIN hash thread. */
export class PinHashesThread implements PinHashes {
  readonly #port: MessagePort;
  readonly #cells: Int32Array;

  constructor({ port, cells }: PinHashChannel) {
    this.#port = port;
    this.#cells = cells;
  }

  submit(messages: readonly string[]): void {
    this.#port.postMessage(messages.join(SEPARATOR));
  }

  take(): Uint8Array {
    for (;;) {
      const seen = Atomics.load(this.#cells, SIGNAL);
      const answer = receiveMessageOnPort(this.#port);
      if (answer !== undefined) return answer.message as Uint8Array;
      if (Atomics.load(this.#cells, STOPPED) !== 0) throw new Error('The PIN hash thread stopped');
      Atomics.wait(this.#cells, SIGNAL, seen);
    }
  }
}

/** The thread's side: answers every batch posted on `port` with its HMACs (pin-hash-worker.ts). */
export function answerPinHashes(port: MessagePort, cells: Int32Array, key: PinKey): void {
  port.on('message', (text: string) => {
    const hashes = hashAll(key, text === '' ? [] : text.split(SEPARATOR));
    port.postMessage(hashes, [hashes.buffer]);
    Atomics.add(cells, SIGNAL, 1);
    Atomics.notify(cells, SIGNAL);
  });
}

/** The thread has stopped (the service, on its exit): a take() waiting for it throws. */
export function pinHashThreadStopped(cells: Int32Array): void {
  Atomics.store(cells, STOPPED, 1);
  Atomics.add(cells, SIGNAL, 1);
  Atomics.notify(cells, SIGNAL);
}
