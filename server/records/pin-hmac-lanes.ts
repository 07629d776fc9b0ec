/**
 * Four PIN HMACs at once: the same HMAC-SHA256 of short messages as PinHmac (pin-hmac.ts), the
 * four messages' SHA-256 rounds computed side by side in WebAssembly SIMD (one 32-bit lane of a
 * 128-bit vector each). A big card import's helper thread (server/imports/card-rows-ahead.ts)
 * hashes its lines' PINs this way: measured here 0.24 µs a card against 0.9 µs for PinHmac's
 * JavaScript rounds, which were most of that thread's time.
 *
 * No library does this: the WebAssembly SHA-256 packages hash one message per call from the
 * standard initial state, where an HMAC of a PIN needs two compressions from the key's own pad
 * states. So the module is generated here, from the algorithm (FIPS 180-4 6.2.2), as a few
 * hundred lines of plain WebAssembly binary encoding: one function, `hmac4`, reading fixed
 * places in its memory:
 *   K_AT      the 64 round constants, each in all four lanes
 *   INNER_AT  the state after the key's ipad block, OUTER_AT after its opad block (all lanes)
 *   MSG_AT    the 16 words of each lane's padded message block (word t of lane l at t * 4 + l)
 *   OUT_AT    the 8 words of each lane's HMAC, laid out the same way
 * tests/server/cards.test.ts checks every lane against createHmac.
 */
import { packJoinedBlock, PinHmac, SHA256_K } from './pin-hmac';

export const PIN_HMAC_LANES = 4;

const K_AT = 0;
const INNER_AT = K_AT + 64 * 16;
const OUTER_AT = INNER_AT + 8 * 16;
const MSG_AT = OUTER_AT + 8 * 16;
const OUT_AT = MSG_AT + 16 * 16;

// The few encodings used (WebAssembly core and SIMD binary formats).
const unsignedLeb = (value: number): number[] => {
  const out: number[] = [];
  let rest = value >>> 0;
  do {
    const byte = rest & 0x7f;
    rest >>>= 7;
    out.push(rest === 0 ? byte : byte | 0x80);
  } while (rest !== 0);
  return out;
};
const signedLeb = (value: number): number[] => {
  const out: number[] = [];
  let rest = value | 0;
  for (;;) {
    const byte = rest & 0x7f;
    rest >>= 7;
    if ((rest === 0 && (byte & 0x40) === 0) || (rest === -1 && (byte & 0x40) !== 0)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
};
const vector = (items: number[][]): number[] => [...unsignedLeb(items.length), ...items.flat()];
const section = (id: number, bytes: number[]): number[] => [
  id,
  ...unsignedLeb(bytes.length),
  ...bytes,
];
const name = (text: string): number[] => vector([...text].map((c) => [c.charCodeAt(0)]));

const OP = {
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  i32Const: 0x41,
  end: 0x0b,
  simd: 0xfd,
} as const;
const SIMD = {
  load: 0x00,
  store: 0x0b,
  splat: 0x11,
  and: 0x4e,
  or: 0x50,
  xor: 0x51,
  shl: 0xab,
  shrU: 0xad,
  add: 0xae,
} as const;

/** The module's bytes: `hmac4()` and its memory (one page), as the file comment lays out. */
function moduleBytes(): Uint8Array<ArrayBuffer> {
  const code: number[] = [];
  // Locals (v128): 0-7 the working variables, 8-23 the message schedule's last 16 words,
  // 24-25 the round's two sums, 26-33 the state the compression started from.
  const T1 = 24;
  const T2 = 25;
  const SAVED = 26;
  const get = (local: number) => code.push(OP.localGet, ...unsignedLeb(local));
  const set = (local: number) => code.push(OP.localSet, ...unsignedLeb(local));
  const simd = (op: number) => code.push(OP.simd, ...unsignedLeb(op));
  const i32 = (value: number) => code.push(OP.i32Const, ...signedLeb(value));
  const load = (at: number) => {
    i32(0);
    simd(SIMD.load);
    code.push(4, ...unsignedLeb(at));
  };
  const rotate = (local: number, bits: number) => {
    get(local);
    i32(bits);
    simd(SIMD.shrU);
    get(local);
    i32(32 - bits);
    simd(SIMD.shl);
    simd(SIMD.or);
  };
  const shift = (local: number, bits: number) => {
    get(local);
    i32(bits);
    simd(SIMD.shrU);
  };
  /** x's three rotations (or two and a shift, `last` < 0) xor-ed together. */
  const sigma = (local: number, first: number, second: number, last: number) => {
    rotate(local, first);
    rotate(local, second);
    simd(SIMD.xor);
    if (last > 0) rotate(local, last);
    else shift(local, -last);
    simd(SIMD.xor);
  };
  const word = (t: number) => 8 + (t & 15);

  /** One compression of the words in locals 8-23 into the state at `stateAt`, left in 0-7. */
  const compress = (stateAt: number) => {
    for (let j = 0; j < 8; j += 1) {
      load(stateAt + 16 * j);
      code.push(OP.localTee, ...unsignedLeb(SAVED + j));
      set(j);
    }
    // Each round renames the working variables instead of moving them (8 x 8 rounds).
    let names = [0, 1, 2, 3, 4, 5, 6, 7];
    for (let i = 0; i < 64; i += 1) {
      if (i >= 16) {
        get(word(i));
        sigma(word(i - 15), 7, 18, -3);
        simd(SIMD.add);
        get(word(i - 7));
        simd(SIMD.add);
        sigma(word(i - 2), 17, 19, -10);
        simd(SIMD.add);
        set(word(i));
      }
      const [a, b, c, d, e, f, g, h] = names as [
        number,
        number,
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      // t1 = h + Σ1(e) + Ch(e, f, g) + K[i] + W[i]
      get(h);
      sigma(e, 6, 11, 25);
      simd(SIMD.add);
      get(g);
      get(e);
      get(f);
      get(g);
      simd(SIMD.xor);
      simd(SIMD.and);
      simd(SIMD.xor);
      simd(SIMD.add);
      load(K_AT + 16 * i);
      simd(SIMD.add);
      get(word(i));
      simd(SIMD.add);
      set(T1);
      // t2 = Σ0(a) + Maj(a, b, c)
      sigma(a, 2, 13, 22);
      get(a);
      get(b);
      simd(SIMD.and);
      get(c);
      get(a);
      get(b);
      simd(SIMD.or);
      simd(SIMD.and);
      simd(SIMD.or);
      simd(SIMD.add);
      set(T2);
      get(d);
      get(T1);
      simd(SIMD.add);
      set(d);
      get(T1);
      get(T2);
      simd(SIMD.add);
      set(h);
      names = [h, a, b, c, d, e, f, g];
    }
    for (let j = 0; j < 8; j += 1) {
      get(j);
      get(SAVED + j);
      simd(SIMD.add);
      set(j);
    }
  };

  // Inner: the messages' blocks from the ipad state.
  for (let t = 0; t < 16; t += 1) {
    load(MSG_AT + 16 * t);
    set(8 + t);
  }
  compress(INNER_AT);
  // Outer: the inner digests, 0x80, zeros and the bit length (64 + 32) * 8, from the opad state.
  for (let j = 0; j < 8; j += 1) {
    get(j);
    set(8 + j);
  }
  const splat = (value: number, local: number) => {
    i32(value);
    simd(SIMD.splat);
    set(local);
  };
  splat(0x80000000 | 0, 16);
  for (let t = 9; t < 15; t += 1) splat(0, 8 + t);
  splat((64 + 32) * 8, 23);
  compress(OUTER_AT);
  for (let j = 0; j < 8; j += 1) {
    i32(0);
    get(j);
    simd(SIMD.store);
    code.push(4, ...unsignedLeb(OUT_AT + 16 * j));
  }
  code.push(OP.end);

  const V128 = 0x7b;
  const body = [...vector([[34, V128]]), ...code];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vector([[0x60, 0, 0]])), // one type: () -> ()
    ...section(3, vector([[0]])), // one function of it
    ...section(5, vector([[0x00, 1]])), // one memory, one page
    ...section(
      7,
      vector([
        [...name('memory'), 0x02, 0],
        [...name('hmac4'), 0x00, 0],
      ]),
    ),
    ...section(10, vector([[...unsignedLeb(body.length), ...body]])),
  ]);
}

/** The compiled module, once a thread (synchronous: Node compiles a module of any size so). */
let compiled: WebAssembly.Module | undefined;

export class PinHmacLanes {
  readonly #words: Int32Array;
  readonly #hmac4: () => void;

  constructor(key: Buffer) {
    compiled ??= new WebAssembly.Module(moduleBytes());
    const instance = new WebAssembly.Instance(compiled);
    const { memory, hmac4 } = instance.exports as {
      memory: WebAssembly.Memory;
      hmac4: () => void;
    };
    this.#words = new Int32Array(memory.buffer);
    this.#hmac4 = hmac4;
    const { inner, outer } = new PinHmac(key).padStates();
    const words = this.#words;
    for (let lane = 0; lane < PIN_HMAC_LANES; lane += 1) {
      for (let i = 0; i < 64; i += 1) words[K_AT / 4 + i * 4 + lane] = SHA256_K[i] ?? 0;
      for (let j = 0; j < 8; j += 1) {
        words[INNER_AT / 4 + j * 4 + lane] = inner[j] ?? 0;
        words[OUTER_AT / 4 + j * 4 + lane] = outer[j] ?? 0;
      }
    }
  }

  /**
   * Puts `first:second` in lane `lane` (`first` being bytes[firstStart..firstEnd), ASCII, as
   * PinHmac.digestJoinedInto takes them); false when longer than a block holds (PinHmac does those).
   */
  putJoined(
    lane: number,
    bytes: Uint8Array,
    firstStart: number,
    firstEnd: number,
    secondStart: number,
    secondEnd: number,
  ): boolean {
    return packJoinedBlock(
      this.#words,
      MSG_AT / 4 + lane,
      PIN_HMAC_LANES,
      bytes,
      firstStart,
      firstEnd,
      secondStart,
      secondEnd,
    );
  }

  /** Computes the HMAC of every lane's message (a lane not put again keeps its last one). */
  compute(): void {
    this.#hmac4();
  }

  /** Writes lane `lane`'s HMAC (after compute()) into `into[at..at + 32)`. */
  digestInto(lane: number, into: Uint8Array, at: number): void {
    const words = this.#words;
    for (let j = 0; j < 8; j += 1) {
      const value = words[OUT_AT / 4 + j * 4 + lane] ?? 0;
      const o = at + j * 4;
      into[o] = value >>> 24;
      into[o + 1] = (value >>> 16) & 0xff;
      into[o + 2] = (value >>> 8) & 0xff;
      into[o + 3] = value & 0xff;
    }
  }
}
