/** Per-address request limits. Each app gets its own in-memory counters. */
import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { ERROR_CODE } from '@contracts/api/constants';
import type { ApiError } from '@contracts/api/entities';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import type { TrustProxy } from '../config';

/** Keys of recent addresses: ipKeyGenerator parses every IPv6 address (an IPv4 client of a
 * server listening on `::` is one, `::ffff:a.b.c.d`), a measurable cost per request. */
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

/** The per-address limits a caller can be made to have used up (usedUp). */
export type UsableLimit = 'balance' | 'storeSearch';

/**
 * The brute-force limits' counters (failed logins, balance checks, store searches), each cleared
 * for one caller through express-rate-limit's `resetKey` (or the counter's own reset). Only
 * pact's provider states clear them, for the verifier's own address, so a verification can run
 * again at once (docs/contracts.md); and only they use up the balance checks or store searches of
 * that address, so the next such call is answered 429.
 */
export class BruteForceLimits {
  private readonly resets: ((address: string, username: string) => void)[] = [];
  private readonly useUps = new Map<UsableLimit, (address: string) => Promise<void>>();

  /** Registers how a limit clears one caller: its address key, and the user name logged in as. */
  add(reset: (address: string, username: string) => void): void {
    this.resets.push(reset);
  }

  /** Registers how a limit counts one address as having used up its calls. */
  addUseUp(limit: UsableLimit, useUp: (address: string) => Promise<void>): void {
    this.useUps.set(limit, useUp);
  }

  /** Clears every limit's counter of the caller at `ip` (as req.ip) logging in as `username`. */
  clear(ip: string | undefined, username: string): void {
    const address = addressKey(ip);
    for (const reset of this.resets) reset(address, username);
  }

  /** Uses up the calls `limit` allows the caller at `ip` (as req.ip) in its current window. */
  async useUp(limit: UsableLimit, ip: string | undefined): Promise<void> {
    const useUp = this.useUps.get(limit);
    if (useUp === undefined) throw new Error(`No ${limit} limit is registered`);
    await useUp(addressKey(ip));
  }
}

export function rateLimited(message: string): ApiError {
  return { errorCode: ERROR_CODE.RATE_LIMITED, errorMessage: message };
}

/** One address's count in its current window. */
interface CountWindow {
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
  private readonly windows = new Map<string, CountWindow>();
  private nextSweep = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  hit(key: string, now = Date.now()): { remaining: number; resetAt: number; window: CountWindow } {
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
    return { remaining: this.limit - window.count, resetAt: window.resetAt, window };
  }

  /** Forgets a key's count. */
  reset(key: string): void {
    this.windows.delete(key);
  }

  /** Counts a key as having used up its calls of the current window (a new one if none). */
  useUp(key: string, now = Date.now()): void {
    const { window } = this.hit(key, now);
    window.count = Math.max(window.count, this.limit);
  }
}

const API_WINDOW_MS = 60_000;

/** The window each counted request was counted in, so a signed-in call can be taken off again. */
const counted = new WeakMap<Request, CountWindow>();

/**
 * Takes a request off the general per-address count (API_RATE_LIMIT): a caller who proved who it
 * is (a valid access token of a live session, a successful login or token refresh) or a
 * development-only call (pact's provider states). The brute-force limits (logins, PINs, balance
 * checks) count on their own regardless.
 */
export function uncountApiRequest(req: Request): void {
  const window = counted.get(req);
  if (window === undefined) return;
  counted.delete(req);
  window.count -= 1;
}

export interface ApiRateLimitOptions {
  /** Anonymous requests allowed per minute per address (API_RATE_LIMIT). */
  limit: number;
  trustProxy: TrustProxy;
  /**
   * Whether a request may be a signed-in call: past the limit it still goes on. Asked only past
   * the limit. A call with a valid token is taken off the count by the token check of the route
   * that needs it (uncountApiRequest); one whose token a route's check refuses is answered 401
   * there and stays counted.
   */
  maySignIn: (req: Request) => boolean;
  /**
   * Whether another server answers the request, and limits it (the developer tools' calls
   * forwarded to a real backend): past the limit it still goes on, and is taken off the count.
   */
  limitedElsewhere?: (req: Request) => boolean;
}

/**
 * The general per-address limit: `limit` anonymous requests per minute per address, on every
 * request after the client files (the API, config.json, images, fonts, the published sites).
 * Every request is counted as it arrives; the routes take a signed-in caller's requests off again
 * (uncountApiRequest). So the limit bounds what an address does without proving who it is, while
 * signed-in operators, however many share an address (an office behind one NAT), and the
 * documented workflows (pact verification, the browser tests, the API benchmark) are never
 * stopped by it: a signed-in caller is a known operator. Answers the IETF draft-7 headers
 * (`RateLimit-Policy: 600;w=60`, `RateLimit: limit=600, remaining=599, reset=60`, the anonymous
 * budget) and, past the limit, 429 with the error JSON; refused requests count too.
 *
 * Hand-written instead of express-rate-limit, which the login and PIN limits still use (they
 * need its skip-successful-requests): this runs on every request, and the library's
 * asynchronous store, per-request checks and `req.ip` cost about 25 µs per call, a tenth of an
 * API call (`npm run bench -- --api`). When no proxy is trusted the address is the socket's,
 * which is what `req.ip` answers then without parsing X-Forwarded-For.
 */
export function apiRateLimit({
  limit,
  trustProxy,
  maySignIn,
  limitedElsewhere,
}: ApiRateLimitOptions): RequestHandler {
  const counter = new FixedWindowCounter(limit, API_WINDOW_MS);
  const policy = `${limit};w=${API_WINDOW_MS / 1000}`;
  return (req, res, next) => {
    const ip = trustProxy === false ? req.socket.remoteAddress : req.ip;
    const now = Date.now();
    const { remaining, resetAt, window } = counter.hit(addressKey(ip), now);
    counted.set(req, window);
    res.setHeader('RateLimit-Policy', policy);
    res.setHeader(
      'RateLimit',
      `limit=${limit}, remaining=${Math.max(0, remaining)}, reset=${Math.ceil((resetAt - now) / 1000)}`,
    );
    if (remaining < 0 && !maySignIn(req) && limitedElsewhere?.(req) !== true) {
      res.status(429).json(rateLimited(ERROR_MESSAGE.rateLimited));
      return;
    }
    next();
  };
}
