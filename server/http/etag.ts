/**
 * The ETag of the bodies express sends itself (res.send and res.json; static files have their
 * own): weak, from the length and a CRC-32 of the bytes, both in hex (`W/"2a8-1c291ca3"`).
 *
 * express's default hashes every body with SHA-1, which is a cryptographic hash for a job that
 * only needs to tell two versions of one resource apart: about 10 µs of an API call of 250
 * (`npm run bench -- --api`). Fastify's ETag plug-in makes the same choice (FNV-1a by
 * default); zlib's CRC-32 is native and faster still. A weak ETag claims only that two bodies
 * are equivalent, and a collision needs the same length and the same CRC-32 for two versions of
 * one URL.
 */
import { crc32 } from 'node:zlib';

export function weakEtag(body: Buffer | string, encoding?: BufferEncoding): string {
  const bytes = typeof body === 'string' ? Buffer.from(body, encoding) : body;
  return `W/"${bytes.length.toString(16)}-${crc32(bytes).toString(16)}"`;
}
