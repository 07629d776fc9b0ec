import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/**
 * Real PNG files for upload tests, made on the fly: a solid colour image (small), or random
 * pixels, which do not compress, to get a file over a size limit.
 */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

function encode(width: number, height: number, pixel: (x: number, y: number) => Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    rows.push(Buffer.from([0])); // filter: none
    for (let x = 0; x < width; x += 1) rows.push(pixel(x, y));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small image of one colour, e.g. `[0x1f, 0x3a, 0x68]`. */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const colour = Buffer.from(rgb);
  return encode(width, height, () => colour);
}

/** A PNG of random pixels of at least `minBytes` bytes. */
export function noisePng(minBytes: number): Buffer {
  const side = Math.ceil(Math.sqrt(minBytes / 3)) + 8;
  const pixels = randomBytes(side * side * 3);
  return encode(side, side, (x, y) => pixels.subarray((y * side + x) * 3, (y * side + x) * 3 + 3));
}
