/**
 * HMAC-SHA256 of short messages (a card's `cardNumber:pin`, at most 55 bytes) with one key,
 * computed from the key's precomputed inner and outer SHA-256 states: two compression rounds a
 * card instead of four plus Node's per-call HMAC set-up. Identical to
 * createHmac('sha256', key).update(message).digest() (tests/server/cards.test.ts checks it); a
 * longer message falls back to createHmac.
 */
import { createHash, createHmac } from 'node:crypto';

/** The longest message whose inner block holds it with its padding (55 bytes + 0x80 + length). */
export const MAX_SHORT_MESSAGE = 55;

/** SHA-256's round constants (FIPS 180-4 4.2.2). */
export const SHA256_K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const INITIAL = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

/** One SHA-256 compression of the 16 words w[0..15] into `state`. */
type Compress = (state: Int32Array, w: Int32Array) => void;

/**
 * The compression with its 64 rounds and 48 schedule steps written out, generated once here
 * from the algorithm (FIPS 180-4 6.2.2) rather than kept as 200 lines of rounds: V8 then keeps
 * the words and round constants in registers. Measured here 0.33 µs a compression against
 * 0.5 µs for the same rounds in a loop, and a card import computes two a card (a third of its
 * helper thread's time). The source is built from constants only; tests/server/cards.test.ts
 * checks the HMAC against createHmac.
 */
function unrolledCompress(): Compress {
  const rotate = (x: string, n: number) => `((${x} >>> ${n}) | (${x} << ${32 - n}))`;
  const lines: string[] = [];
  for (let i = 0; i < 16; i += 1) lines.push(`const w${i} = w[${i}];`);
  for (let i = 16; i < 64; i += 1) {
    const [x, y] = [`w${i - 15}`, `w${i - 2}`];
    const s0 = `${rotate(x, 7)} ^ ${rotate(x, 18)} ^ (${x} >>> 3)`;
    const s1 = `${rotate(y, 17)} ^ ${rotate(y, 19)} ^ (${y} >>> 10)`;
    lines.push(`const w${i} = (w${i - 16} + (${s0}) + w${i - 7} + (${s1})) | 0;`);
  }
  lines.push('let a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];');
  // Each round renames the working variables instead of moving them: after 64 (8 x 8) rounds
  // every name holds its own variable again.
  let names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
  for (let i = 0; i < 64; i += 1) {
    const [a, b, c, d, e, f, g, h] = names as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const sum1 = `${rotate(e, 6)} ^ ${rotate(e, 11)} ^ ${rotate(e, 25)}`;
    const sum0 = `${rotate(a, 2)} ^ ${rotate(a, 13)} ^ ${rotate(a, 22)}`;
    lines.push(
      `{ const t1 = (${h} + (${sum1}) + (${g} ^ (${e} & (${f} ^ ${g}))) + ${SHA256_K[i] ?? 0} + w${i}) | 0;`,
      `  const t2 = ((${sum0}) + ((${a} & ${b}) | (${c} & (${a} | ${b})))) | 0;`,
      `  ${d} = (${d} + t1) | 0; ${h} = (t1 + t2) | 0; }`,
    );
    names = [h, a, b, c, d, e, f, g];
  }
  ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].forEach((name, index) => {
    lines.push(`s[${index}] = (s[${index}] + ${name}) | 0;`);
  });
  // A function made from source built above out of constants, never from input.
  return new Function('s', 'w', lines.join('\n')) as Compress;
}

const compress = unrolledCompress();

/**
 * Writes the block the inner hash of an HMAC of `first:second` compresses after the key's ipad
 * block: the message's bytes (`first` being bytes[firstStart..firstEnd), ASCII, at most 55 in
 * all: false, nothing written, for a longer one), 0x80, zeros and the bit length of the ipad
 * block and the message, as 16
 * big-endian words, word t at words[base + t * stride] (PinHmac: one block; PinHmacLanes: four
 * interleaved, one a lane).
 */
export function packJoinedBlock(
  words: Int32Array,
  base: number,
  stride: number,
  bytes: Uint8Array,
  firstStart: number,
  firstEnd: number,
  secondStart: number,
  secondEnd: number,
): boolean {
  const length = firstEnd - firstStart + 1 + secondEnd - secondStart;
  if (length > MAX_SHORT_MESSAGE) return false;
  // The message's bytes, then 0x80, go into `value` as they come; each fourth completes a word.
  // A loop a range, the colon and the 0x80 between: fewer tests a byte than one loop (this runs
  // a million times an import).
  let value = 0;
  let i = 0;
  for (let at = firstStart; at < firstEnd; at += 1, i += 1) {
    value = (value << 8) | (bytes[at] ?? 0);
    if ((i & 3) === 3) words[base + (i >> 2) * stride] = value;
  }
  value = (value << 8) | 0x3a;
  if ((i & 3) === 3) words[base + (i >> 2) * stride] = value;
  i += 1;
  for (let at = secondStart; at < secondEnd; at += 1, i += 1) {
    value = (value << 8) | (bytes[at] ?? 0);
    if ((i & 3) === 3) words[base + (i >> 2) * stride] = value;
  }
  value = (value << 8) | 0x80;
  if ((i & 3) === 3) words[base + (i >> 2) * stride] = value;
  i += 1;
  if ((i & 3) !== 0) words[base + (i >> 2) * stride] = value << (8 * (4 - (i & 3)));
  for (let t = (i + 3) >> 2; t < 15; t += 1) words[base + t * stride] = 0;
  words[base + 15 * stride] = (64 + length) * 8;
  return true;
}

/** Short-message HMAC-SHA256 with a fixed key (see the file comment). */
export class PinHmac {
  readonly #key: Buffer;
  readonly #inner = new Int32Array(8);
  readonly #outer = new Int32Array(8);
  readonly #state = new Int32Array(8);
  readonly #w = new Int32Array(16);

  constructor(key: Buffer) {
    this.#key = key;
    const block = Buffer.alloc(64);
    (key.length > 64 ? createHmacKeyDigest(key) : key).copy(block);
    for (const [pad, state] of [
      [0x36, this.#inner],
      [0x5c, this.#outer],
    ] as const) {
      state.set(INITIAL);
      for (let i = 0; i < 16; i += 1) this.#w[i] = block.readInt32BE(i * 4) ^ (pad * 0x01010101);
      compress(state, this.#w);
    }
  }

  /** The SHA-256 states after the key's inner and outer pad blocks (copies). */
  padStates(): { inner: Int32Array; outer: Int32Array } {
    return { inner: this.#inner.slice(), outer: this.#outer.slice() };
  }

  /** HMAC-SHA256(key, message); the fast path takes ASCII messages of at most 55 bytes. */
  digest(message: string): Buffer {
    const length = message.length;
    if (length > MAX_SHORT_MESSAGE) return this.#slow(message);
    const w = this.#w;
    w.fill(0, 0, 16);
    for (let i = 0; i < length; i += 1) {
      const code = message.charCodeAt(i);
      if (code > 0x7f) return this.#slow(message);
      w[i >> 2] = (w[i >> 2] ?? 0) | (code << (24 - 8 * (i & 3)));
    }
    const out = Buffer.allocUnsafe(32);
    this.#finish(length, out, 0);
    return out;
  }

  /**
   * HMAC-SHA256(key, `${first}:${second}`) of two ranges of bytes, `first` being
   * `bytes[firstStart..firstEnd)`, written into `into[at..at + 32)`: a card's number and PIN
   * read straight from an import file's line, without making strings of them. The bytes must be
   * ASCII (the import's card line checks them to be digits); the same as digest() of the joined
   * text.
   */
  digestJoinedInto(
    into: Uint8Array,
    at: number,
    bytes: Uint8Array,
    firstStart: number,
    firstEnd: number,
    secondStart: number,
    secondEnd: number,
  ): void {
    if (packJoinedBlock(this.#w, 0, 1, bytes, firstStart, firstEnd, secondStart, secondEnd)) {
      this.#hashPadded(into, at);
      return;
    }
    const text = (start: number, end: number) =>
      Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('latin1');
    into.set(this.#slow(`${text(firstStart, firstEnd)}:${text(secondStart, secondEnd)}`), at);
  }

  /** The digest of the `length` message bytes already in w[0..15] (ASCII, at most 55). */
  #finish(length: number, into: Uint8Array, at: number): void {
    const w = this.#w;
    w[length >> 2] = (w[length >> 2] ?? 0) | (0x80 << (24 - 8 * (length & 3)));
    w[15] = (64 + length) * 8;
    this.#hashPadded(into, at);
  }

  /** The digest of the message block in w[0..15], padded already. */
  #hashPadded(into: Uint8Array, at: number): void {
    const w = this.#w;
    const state = this.#state;
    state.set(this.#inner);
    compress(state, w);
    // Outer: the inner digest (8 words), 0x80, zeros, bit length (64 + 32) * 8.
    for (let i = 0; i < 8; i += 1) w[i] = state[i] ?? 0;
    w[8] = 0x80000000 | 0;
    for (let i = 9; i < 15; i += 1) w[i] = 0;
    w[15] = (64 + 32) * 8;
    state.set(this.#outer);
    compress(state, w);
    for (let i = 0; i < 8; i += 1) {
      const word = state[i] ?? 0;
      const o = at + i * 4;
      into[o] = word >>> 24;
      into[o + 1] = (word >>> 16) & 0xff;
      into[o + 2] = (word >>> 8) & 0xff;
      into[o + 3] = word & 0xff;
    }
  }

  #slow(message: string): Buffer {
    return createHmac('sha256', this.#key).update(message).digest();
  }
}

/** A key longer than the block is hashed first (RFC 2104); ours are 32 bytes. */
function createHmacKeyDigest(key: Buffer): Buffer {
  return createHash('sha256').update(key).digest();
}
