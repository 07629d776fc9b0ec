/** Per-address request limits. Each app gets its own in-memory counters. */
import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { ERROR_CODE } from '@contracts/api/constants';
import type { ApiError } from '@contracts/api/entities';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';

/** Keys of recent addresses: ipKeyGenerator parses every IPv6 address (an IPv4 client of a
 * server listening on `::` is one, `::ffff:a.b.c.d`), a measurable cost per request (issue 8). */
const keys = new Map<string, string>();
const MAX_CACHED_KEYS = 10_000;

/** The client address as express sees it (honours TRUST_PROXY); IPv6 grouped by /56. */
export function addressKey(ip: string | undefined): string {
  const address = ip ?? 'unknown';
  let key = keys.get(address);
  if (key === undefined) {
    key = ipKeyGenerator(address);
    if (keys.size >= MAX_CACHED_KEYS) keys.clear();
    keys.set(address, key);
  }
  return key;
}

export function rateLimited(message: string): ApiError {
  return { errorCode: ERROR_CODE.RATE_LIMITED, errorMessage: message };
}

/** `limit` requests per minute per address. */
export function apiRateLimit(limit: number): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // The key does go through ipKeyGenerator (addressKey); the library cannot see that.
    validate: { keyGeneratorIpFallback: false },
    keyGenerator: (req) => addressKey(req.ip),
    handler: (_req, res) => {
      res.status(429).json(rateLimited(ERROR_MESSAGE.rateLimited));
    },
  });
}
