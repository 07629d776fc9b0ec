/**
 * Salted, slow password hashes with node's scrypt. Stored as
 * `scrypt$N$r$p$saltBase64$hashBase64`, so each hash carries its own cost and a change of
 * PASSWORD_HASH_COST affects new hashes only.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

function derive(
  password: string,
  salt: Buffer,
  length: number,
  options: ScryptOptions,
): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; allow twice that (node's default cap is 32 MiB).
  const maxmem = 256 * (options.N ?? 16384) * (options.r ?? BLOCK_SIZE);
  return new Promise((resolve, reject) => {
    scrypt(password, salt, length, { ...options, maxmem }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/** Hashes `password` with scrypt cost `cost` (N, a power of two). */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const options = { N: cost, r: BLOCK_SIZE, p: PARALLELISM };
  const hash = await derive(password, salt, KEY_LENGTH, options);
  return [
    'scrypt',
    cost,
    BLOCK_SIZE,
    PARALLELISM,
    salt.toString('base64'),
    hash.toString('base64'),
  ].join('$');
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function parseHash(stored: string): ParsedHash | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [, n, r, p, salt, hash] = parts;
  const numbers = [n, r, p].map(Number);
  const [N, rValue, pValue] = numbers;
  if (N === undefined || rValue === undefined || pValue === undefined) return undefined;
  if (!numbers.every((value) => Number.isInteger(value) && value > 0)) return undefined;
  if (salt === undefined || hash === undefined) return undefined;
  const hashBytes = Buffer.from(hash, 'base64');
  if (hashBytes.length === 0) return undefined;
  return { N, r: rValue, p: pValue, salt: Buffer.from(salt, 'base64'), hash: hashBytes };
}

/** True when `password` matches `stored`; false for a wrong password or an unreadable hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (parsed === undefined) return false;
  const { N, r, p, salt, hash } = parsed;
  const candidate = await derive(password, salt, hash.length, { N, r, p });
  return timingSafeEqual(candidate, hash);
}

/**
 * Spends about as long as checking a real password, so an unknown user name answers as slowly
 * as a wrong password and names cannot be probed by timing.
 */
export async function burnPasswordCheck(password: string, cost: number): Promise<void> {
  await derive(password, Buffer.alloc(SALT_LENGTH), KEY_LENGTH, {
    N: cost,
    r: BLOCK_SIZE,
    p: PARALLELISM,
  });
}
