/** Per-address request limits. Each app gets its own in-memory counters. */
import type { RequestHandler } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { ERROR_CODE } from '@contracts/api/constants';
import type { ApiError } from '@contracts/api/entities';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import type { TrustProxy } from '../config';

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

/** One address's count in its current window. */
interface Window {
  count: number;
  /** When the window ends (ms since the epoch). */
  resetAt: number;
}

/**
 * Fixed windows per key, counted synchronously: `hit` counts a request and says how many are left.
 * Windows that ended are dropped in one sweep at most once per window length, so the map holds
 * only addresses seen within the last two windows.
 */
export class FixedWindowCounter {
  private readonly windows = new Map<string, Window>();
  private nextSweep = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  hit(key: string, now = Date.now()): { remaining: number; resetAt: number } {
    if (now >= this.nextSweep) {
      for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
      this.nextSweep = now + this.windowMs;
    }
    let window = this.windows.get(key);
    if (window === undefined || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { remaining: this.limit - window.count, resetAt: window.resetAt };
  }
}

const API_WINDOW_MS = 60_000;

/**
 * `limit` requests per minute per address, on every request after the client files (the API,
 * config.json, images, fonts, the published site). Answers the IETF draft-7 headers
 * (`RateLimit-Policy: 600;w=60`, `RateLimit: limit=600, remaining=599, reset=60`) and, past the
 * limit, 429 with the error JSON; refused requests count too.
 *
 * Hand-written instead of express-rate-limit, which the login and PIN limits still use (they
 * need its skip-successful-requests): this runs on every request, and the library's
 * asynchronous store, per-request checks and `req.ip` cost about 25 µs per call, a tenth of an
 * API call (issue 8, `npm run bench -- --api`). When no proxy is trusted the address is the
 * socket's, which is what `req.ip` answers then without parsing X-Forwarded-For.
 */
export function apiRateLimit(limit: number, trustProxy: TrustProxy): RequestHandler {
  const counter = new FixedWindowCounter(limit, API_WINDOW_MS);
  const policy = `${limit};w=${API_WINDOW_MS / 1000}`;
  return (req, res, next) => {
    const ip = trustProxy === false ? req.socket.remoteAddress : req.ip;
    const now = Date.now();
    const { remaining, resetAt } = counter.hit(addressKey(ip), now);
    res.setHeader('RateLimit-Policy', policy);
    res.setHeader(
      'RateLimit',
      `limit=${limit}, remaining=${Math.max(0, remaining)}, reset=${Math.ceil((resetAt - now) / 1000)}`,
    );
    if (remaining < 0) {
      res.status(429).json(rateLimited(ERROR_MESSAGE.rateLimited));
      return;
    }
    next();
  };
}
