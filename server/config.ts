/**
 * Server configuration, read once from the environment through one zod schema: each variable's
 * coercion, bounds, default and description live in `configVariables` below, and
 * docs/configuration.md is generated from it (`npm run docs:config`).
 *
 * Metadata beside each `.describe()`, shown in the documentation table:
 * - `values`: what the variable takes, from the same bounds and words as its refusal message;
 * - `unset`: what leaving the variable unset means, where that is not a plain default value.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { INACTIVITY_LIMIT_SECONDS } from '@contracts/api/constants';
import { IMPORT_LIMITS } from '@contracts/api/imports';
import { RECORDING_NAME } from '@contracts/api/mock-proxy';
import { isEmail } from '@contracts/validation/rules';
import { isSameFile, realPathOf } from './db/real-path';
import { errorMessage } from './http/errno';
import { PROJECT_ROOT } from './project-root';

export { PROJECT_ROOT };
/** The seed the data file is created from (npm run db:reset, first start). */
export const SEED_FILE = path.join(PROJECT_ROOT, 'db.json');

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A mail address with an optional display name (MAIL_FROM). */
export interface MailAddress {
  name: string;
  address: string;
}

/** Express's `trust proxy` setting: false, true, a hop count, or addresses / subnet names. */
export type TrustProxy = boolean | number | string;

export interface ServerConfig {
  port: number;
  /** Real path of the JSON data file (symbolic links resolved; every folder below is beside it). */
  dbFile: string;
  /** Absolute path of the folder holding uploaded files: `<dirname(dbFile)>/files`. */
  filesDir: string;
  /** Per-program SQLite files of imported cards, stores and devices: `<dirname(dbFile)>/records`. */
  recordsDir: string;
  /** Uploaded import files (`uploads/`) and error files (`errors/`): `<dirname(dbFile)>/imports`. */
  importsDir: string;
  /** Key files (0700 folder, 0600 files): PIN HMAC, device password, upload keys, the token secret: `<dirname(dbFile)>/keys`. */
  keysDir: string;
  /** Absolute path of the review mails kept: `<dirname(dbFile)>/outbox` (`.eml` files). */
  outboxDir: string;
  /** Absolute path of the review screenshots: `<dirname(dbFile)>/review-images`. */
  reviewImagesDir: string;
  /** SMTP server the review mails are also sent through; undefined: kept in the outbox only. */
  smtpUrl: string | undefined;
  /** Seconds the SMTP send may take (connecting, greeting, each reply). */
  smtpTimeoutSeconds: number;
  /** Sender of the review mails. */
  mailFrom: MailAddress;
  /** Absolute path of the built client; served when it exists. */
  clientDir: string;
  /** Absolute path of the font files and previews served at /fonts (committed assets). */
  fontsDir: string;
  /** Told to the client in /config.json; the server itself always mounts the API at /api. */
  apiBase: string;
  /** Told to the client; the server itself mounts URL-base routes at the origin root. */
  urlBase: string;
  /** Told to the client; the server itself mounts merchant routes at /api. */
  merchantApiBase: string;
  inactivityLimitSeconds: number;
  productionHosts: string[];
  testSiteHost: string;
  liveSiteHost: string;
  /** undefined: a secret is generated once and kept in `<keysDir>/token.key` (auth/token-secret.ts). */
  tokenSecret: string | undefined;
  tokenTtlSeconds: number;
  masterTokenTtlSeconds: number;
  /** scrypt N (a power of two) for new password hashes. */
  passwordHashCost: number;
  /** Failed login attempts per 15 minutes per address + user name. */
  loginRateLimit: number;
  /** Requests per minute per address. */
  apiRateLimit: number;
  /** Balance checks on published sites per 15 minutes per address. */
  balanceRateLimit: number;
  /** Refused balance checks (wrong PIN or unknown number) per card number per 15 minutes. */
  cardPinAttempts: number;
  /** Largest JSON body, in bytes (JSON_BODY_LIMIT, a size such as `1mb`). */
  jsonBodyLimit: number;
  /** Largest card, store or device file upload, in bytes (answered 413 beyond). */
  importMaxBytes: number;
  /** IMPORT_FILE_RETENTION_HOURS: uploads and error files older than this are deleted (0: kept). */
  importFileRetentionHours: number;
  logLevel: LogLevel;
  trustProxy: TrustProxy;
  /** The pact provider-state endpoint (server/dev): PROVIDER_STATES=true, never with NODE_ENV=production. */
  providerStates: boolean;
  /** PROVIDER_STATES=true given with NODE_ENV=production: ignored, and warned about at start. */
  providerStatesIgnored: boolean;
  /** The built client's source maps (*.map) are served: unless NODE_ENV=production. */
  serveSourceMaps: boolean;
  /** The mock server's developer tools at /__mock (server/dev/mock): MOCK_CONTROL. */
  mockControl: boolean;
  /** Delay added to every call the routes answer, in ms (MOCK_DELAY_MS; only with mockControl). */
  mockDelayMs: number;
  /** Absolute path of a JSON file of faults applied from the start (MOCK_FAULTS), or undefined. */
  mockFaultsFile: string | undefined;
  /** The data set the server starts with and resets to (MOCK_SCENARIO or `--scenario`), or undefined: the current one. */
  scenario: string | undefined;
  /**
   * The real backend calls are forwarded to (MOCK_PROXY_TARGET, only with mockControl), or
   * undefined: none, or NODE_ENV=production (then mockProxyTargetIgnored holds it).
   */
  mockProxyTarget: string | undefined;
  /** MOCK_PROXY_TARGET given with NODE_ENV=production: ignored, and warned about at start. */
  mockProxyTargetIgnored: string | undefined;
  /** Origins allowed to call the server (CORS, MOCK_CORS_ORIGINS); none with NODE_ENV=production. */
  corsOrigins: string[];
  /** MOCK_CORS_ORIGINS given with NODE_ENV=production: ignored, and warned about at start. */
  corsOriginsIgnored: string[] | undefined;
  /**
   * The webpack dev server's origin under `npm run dev` (DEV_CLIENT_URL): without a client build,
   * the server's `/` names it. Undefined otherwise.
   */
  devClientUrl: string | undefined;
  /**
   * The process of `npm run dev`'s script (DEV_SCRIPT_PID), which a server that cannot listen
   * asks to stop the whole command (server/dev/dev-script.ts). Undefined otherwise, and always
   * with NODE_ENV=production.
   */
  devScriptPid: number | undefined;
  /** Absolute path of a JSON file of forwarding rules (MOCK_PROXY_ROUTES), or undefined. */
  mockProxyRoutesFile: string | undefined;
  /** The secret the target signs its tokens with (MOCK_PROXY_TOKEN_SECRET); undefined: its tokens are not taken. */
  mockProxyTokenSecret: string | undefined;
  /** Milliseconds the target may take to answer a forwarded call (MOCK_PROXY_TIMEOUT_MS). */
  mockProxyTimeoutMs: number;
  /** A recording of every forwarded call, saved at shutdown (MOCK_RECORD, `--record`), or undefined. */
  mockRecord: string | undefined;
  /** The most a recording keeps of the calls' bodies, in bytes (MOCK_RECORDING_MAX_BYTES). */
  mockRecordingMaxBytes: number;
}

/** A configuration value that cannot be used; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * A refusal: what the variable takes, then the value given. The secrets (TOKEN_SECRET, SMTP_URL)
 * have fixed messages instead, so a start log never shows them.
 */
const refusal =
  (takes: string) =>
  (issue: { input?: unknown }): string =>
    `must be ${takes}, got ${typeof issue.input === 'string' ? `"${issue.input}"` : String(issue.input)}`;

/** Digits only (no sign, fraction, exponent or hex), then the bounds. */
function wholeNumber(min: number, max: number = Number.MAX_SAFE_INTEGER) {
  const bounds = `between ${min} and ${max}`;
  // A negative number is a whole number out of bounds: the refusal names both.
  const whole =
    max === Number.MAX_SAFE_INTEGER ? `a whole number, ${min} or more` : `a whole number ${bounds}`;
  return z
    .string()
    .regex(/^\d+$/, {
      error: (issue) =>
        refusal(/^-\d+$/.test(String(issue.input)) ? whole : 'a whole number')(issue),
    })
    .pipe(
      z.coerce
        .number<string>()
        .min(min, { error: refusal(bounds) })
        .max(max, { error: refusal(bounds) }),
    )
    .meta({ values: max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `${min} to ${max}` });
}

/** A path as given, resolved against the project root (an absolute one stays as it is). */
const projectPath = () => z.string().transform((value) => path.resolve(PROJECT_ROOT, value));

/**
 * DB_FILE: its real path (symbolic links resolved, server/db/real-path.ts), so the lock, the data
 * folder and the writes are those of the file itself. The seed db.json is refused: it is
 * committed, and every first start and `npm run db:reset` copies it.
 */
const dataFilePath = () =>
  projectPath().transform((value, context) => {
    const issue = (message: string) => {
      context.issues.push({ code: 'custom', input: value, message });
      return z.NEVER;
    };
    let real: string;
    try {
      real = realPathOf(value);
    } catch (error) {
      return issue(`must be a path the server can use, got "${value}" (${errorMessage(error)})`);
    }
    // A folder would have its parent taken as the data folder and seeded before the read failed.
    if (statSync(real, { throwIfNoEntry: false })?.isDirectory() === true) {
      return issue(
        `must name the data file, not a folder, got "${value}" (for example ${path.join(value, 'db.json')})`,
      );
    }
    if (isSameFile(real, SEED_FILE)) {
      return issue(
        `must not be the seed ${SEED_FILE} (it is committed, and every first start and npm run db:reset copies it): name a file of its own, such as data/db.json`,
      );
    }
    return real;
  });

const withoutTrailingSlashes = (value: string) => value.replace(/\/+$/, '');

/** A size: a number, then a unit (none: bytes), as express.json's `limit` reads it. */
const SIZE = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i;
const UNIT_BYTES: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** A size matching SIZE, in whole bytes (a fraction of a byte dropped). */
function bytesOf(size: string): number {
  const [, amount = '0', unit = 'b'] = SIZE.exec(size) ?? [];
  return Math.floor(Number(amount) * (UNIT_BYTES[unit.toLowerCase()] ?? 1));
}

/** An http(s) URL (with `//`: `http:host` is refused). */
const httpUrl = (takes: string) => z.url({ protocol: /^https?$/, error: refusal(takes) });

/** `user:password@` in a URL's authority, as URL parsers read it (up to the last `@`). */
const USER_INFO = /^([^:/?#]*:\/\/)[^/?#]*@/;

/**
 * MOCK_PROXY_TARGET's refusal: as `refusal`, with a user name and password in the value given
 * shown as `***` (a start log never shows them).
 */
const targetRefusal =
  (takes: string) =>
  (issue: { input?: unknown }): string =>
    refusal(takes)({
      input:
        typeof issue.input === 'string' ? issue.input.replace(USER_INFO, '$1***@') : issue.input,
    });

const CLIENT_BASE = 'a path starting with / or an http(s) URL';
/** A base told to the client: a path starting with `/`, an http(s) URL, or empty. No trailing slash. */
const clientBase = () =>
  z
    .string()
    .transform(withoutTrailingSlashes)
    .pipe(
      z.union([z.literal(''), z.string().startsWith('/'), httpUrl(CLIENT_BASE)], {
        error: refusal(CLIENT_BASE),
      }),
    )
    .meta({ values: CLIENT_BASE });

const CORS_ORIGINS = 'a comma-separated list of origins such as http://localhost:5173';
const DEV_CLIENT_ORIGIN = 'an origin such as http://localhost:8080';
/** `http(s)://host[:port]` and nothing more (no path, query or credentials). */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value;
  } catch {
    return false;
  }
}

const ORIGIN = 'an http(s) URL such as http://localhost:3000';
/** An origin such as http://localhost:3000, or empty for "same origin". No trailing slash. */
const origin = () =>
  z
    .string()
    .transform(withoutTrailingSlashes)
    .pipe(z.union([z.literal(''), httpUrl(ORIGIN)], { error: refusal(ORIGIN) }))
    .meta({ values: ORIGIN });

const MAIL_ADDRESS = 'an address or "Name <address>"';
const MAIL_FROM_FORMAT = /^(?:(?<name>[^<>"\r\n]*?)\s*<(?<bracketed>[^<>\s]+)>|(?<bare>[^<>\s]+))$/;
const mailAddress = () =>
  z
    .string()
    .transform((value, context): MailAddress => {
      const groups = MAIL_FROM_FORMAT.exec(value)?.groups;
      const address = groups?.bracketed ?? groups?.bare;
      if (groups === undefined || address === undefined || !isEmail(address)) {
        context.issues.push({
          code: 'custom',
          input: value,
          message: refusal(MAIL_ADDRESS)({ input: value }),
        });
        return z.NEVER;
      }
      return { name: (groups.name ?? '').trim(), address };
    })
    .meta({ values: MAIL_ADDRESS });

/** `true` or `false`, in any case. */
const flag = () =>
  z
    .stringbool({ truthy: ['true'], falsy: ['false'], error: refusal('true or false') })
    .meta({ values: '`true` or `false`, any case' });

/** Every environment variable the server reads, in the order the documentation lists them. */
export const configVariables = z.object({
  PORT: wholeNumber(0, 65_535).prefault('3000').describe('Port the server listens on.'),
  DB_FILE: dataFilePath()
    .prefault('data/db.json')
    .describe(
      'JSON data file (relative to the project root; symbolic links are followed; a folder, and the seed `db.json` itself, are refused). Created from `db.json` when missing (an empty or torn file stops the start, and so does a missing one in a folder that holds the data of one: restore it, or run `npm run db:reset`). Beside it: uploaded files in `files`, imported cards, stores and devices in `records` (one SQLite file per program), import uploads and error files in `imports`, their keys and the token secret in `keys`, review mails in `outbox`, review screenshots in `review-images`. The folder is one server’s: a second server or `npm run db:reset` on it refuses to start, on any data file of it.',
    ),
  FONTS_DIR: projectPath()
    .prefault('client/public/fonts')
    .describe('Font files and preview images of the site builders, served at `/fonts`.'),
  CLIENT_DIR: projectPath()
    .prefault('dist/client')
    .describe('The built client, served at `/` when the folder exists.'),
  API_BASE: clientBase()
    .prefault('/api')
    .describe('API base told to the client (may be an absolute URL).'),
  URL_BASE: clientBase().prefault('').meta({
    unset: 'empty: the origin root',
    description: 'URL base told to the client: token refresh, images, review mail.',
  }),
  MERCHANT_API_BASE: clientBase()
    .prefault('/api')
    .describe('Merchant-wizard API base told to the client.'),
  INACTIVITY_LIMIT_SECONDS: wholeNumber(1, 86_400)
    .prefault(String(INACTIVITY_LIMIT_SECONDS))
    .describe('Seconds without user activity before the client refreshes the session.'),
  PRODUCTION_HOSTS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim())
        .filter((host) => host !== ''),
    )
    .prefault('')
    .meta({
      values: 'comma-separated `host[:port]` list',
      description: 'The admin app opened on one of these hosts sets location flag 1.',
    }),
  TEST_SITE_HOST: origin()
    .prefault('')
    .meta({ unset: 'empty: same origin', description: 'Origin serving published test sites.' }),
  LIVE_SITE_HOST: origin()
    .prefault('')
    .meta({ unset: 'empty: same origin', description: 'Origin serving published live sites.' }),
  // Never echoed in a refusal: it is a secret.
  TOKEN_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional().meta({
    values: 'at least 32 characters',
    unset: 'generated once, kept in `keys/token.key` beside the data file',
    description: 'HS256 secret signing access and master tokens.',
  }),
  TOKEN_TTL_SECONDS: wholeNumber(1, 86_400)
    .prefault('900')
    .describe('Lifetime of an access token, in seconds.'),
  MASTER_TOKEN_TTL_SECONDS: wholeNumber(1, 30 * 86_400)
    .prefault('28800')
    .describe('Lifetime of a master (refresh) token and of its session, in seconds.'),
  PASSWORD_HASH_COST: wholeNumber(2, 2 ** 20)
    .refine((cost) => (cost & (cost - 1)) === 0, { error: refusal('a power of two') })
    .prefault('16384')
    .describe('scrypt N, a power of two, for new password hashes.'),
  LOGIN_RATE_LIMIT: wholeNumber(1, 1_000_000)
    .prefault('10')
    .describe('Failed logins allowed per 15 minutes per address and user name.'),
  API_RATE_LIMIT: wholeNumber(1, 1_000_000)
    .prefault('600')
    .describe(
      'Anonymous requests allowed per minute per address (the published sites, `config.json`, images, fonts, failed sign-ins). Signed-in calls, successful logins and refreshes and the development-only provider states are not counted; past the limit an address gets 429 but for calls with a valid token (on any route, the image uploads and review mail included; a refresh’s master token too) and calls forwarded to `MOCK_PROXY_TARGET` (the real backend limits those).',
    ),
  BALANCE_RATE_LIMIT: wholeNumber(1, 1_000_000)
    .prefault('30')
    .describe('Gift-card balance checks allowed on published sites per 15 minutes per address.'),
  CARD_PIN_ATTEMPTS: wholeNumber(1, 1_000)
    .prefault('5')
    .describe(
      'Refused balance checks (a wrong PIN, or a number no card has) allowed per card number per 15 minutes; after that the number’s checks are refused (429) until the window ends.',
    ),
  JSON_BODY_LIMIT: z
    .string()
    .regex(SIZE, { error: refusal('a size such as 100kb or 1mb') })
    .transform(bytesOf)
    .prefault('1mb')
    .meta({
      values: 'a size in b, kb, mb or gb',
      description:
        'Largest JSON request body the routes take (a call forwarded to `MOCK_PROXY_TARGET` is not limited by it, nor a recorded write a replay answers, up to 16 MB: docs/developer-tools.md).',
    }),
  IMPORT_MAX_BYTES: wholeNumber(1)
    .prefault(String(IMPORT_LIMITS.defaultMaxUploadBytes))
    .describe(
      'Largest card, store or device file a scheme upload takes, in bytes; a larger upload is answered 413 and nothing of it is kept.',
    ),
  IMPORT_FILE_RETENTION_HOURS: wholeNumber(0, 87_600)
    .prefault('168')
    .describe(
      "Card, store and device uploads, import error files and review mail screenshots are deleted this many hours after they were written; an error file with a review counts from the review's last change when later (checked at start and every hour; the import history and the mails stay). `0` keeps them. A device file goes once its import ends; an upload a crash cut off, at start.",
    ),
  // Never echoed in a refusal: it may hold a password.
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      hostname: /./,
      error: 'must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.com:587',
    })
    .optional()
    .meta({
      values: '`smtp://[user:password@]host[:port]` or `smtps://...`',
      unset: 'empty: review mails are kept in the outbox only',
      description:
        'SMTP server the scheme review mails are also sent through: `smtp:` uses STARTTLS when the server offers it, `smtps:` TLS. Every mail is first written to the `outbox` folder beside the data file.',
    }),
  SMTP_TIMEOUT_SECONDS: wholeNumber(1, 600)
    .prefault('20')
    .describe(
      'Seconds to connect, to get the greeting and between replies of the SMTP server before a send counts as failed.',
    ),
  MAIL_FROM: mailAddress()
    .prefault('Back-office portal <no-reply@portal.invalid>')
    .describe('Sender of the review mails.'),
  LOG_LEVEL: z
    .string()
    .toLowerCase()
    .pipe(z.enum(LOG_LEVELS, { error: refusal(`one of ${LOG_LEVELS.join(', ')}`) }))
    .prefault('info')
    .meta({
      values: LOG_LEVELS.map((level) => `\`${level}\``).join(', '),
      description:
        'Least severe level logged. Logs are JSON lines (pino) on standard output, tokens, cookies and passwords redacted; one line per request: its id, method, URL (secret query values and tokens in it as `***`), status and time.',
    }),
  // As express reads its `trust proxy` setting: booleans, a hop count, else addresses or names.
  TRUST_PROXY: z
    .union([
      z.stringbool({ truthy: ['true'], falsy: ['false'], case: 'sensitive' }),
      z
        .string()
        .regex(/^\d+$/)
        .transform((hops) => Number(hops)),
      z.string(),
    ])
    .prefault('false')
    .meta({
      values: '`true`, `false`, a hop count, or addresses and subnet names',
      description: "Express's `trust proxy`: needed behind a reverse proxy for per-address limits.",
    }),
  NODE_ENV: z.string().optional().meta({
    unset: 'empty',
    description:
      '`production` turns off the development-only endpoints (the pact provider states at `/_pact/provider-states` even with `PROVIDER_STATES=true`, the developer tools at `/__mock` unless `MOCK_CONTROL=true`) and the client’s source maps (`*.map`).',
  }),
  PROVIDER_STATES: flag().prefault('false').meta({
    description:
      'The pact provider states at `POST /_pact/provider-states`, for verifying the pacts against this server (docs/contracts.md). They create records and answer a generated user’s password, so they answer only calls made on this machine (loopback) without proxy headers (`Forwarded`, `X-Forwarded-*`, `X-Real-IP`, `Via`), and never with `NODE_ENV=production` (ignored with a warning).',
  }),
  MOCK_CONTROL: flag().optional().meta({
    unset: '`true`; `false` when `NODE_ENV=production`',
    description:
      'The developer tools at `/__mock`: faults and delays, scenarios, reset, the request log, forwarding to a real backend and recordings, and the OpenAPI document. Each call needs a signed-in token.',
  }),
  MOCK_DELAY_MS: wholeNumber(0, 600_000)
    .prefault('0')
    .describe(
      'Milliseconds added to every call the server’s routes answer (with `MOCK_CONTROL`): the API, login and refresh, `/config.json`, images, mail and the published sites; not the client’s files, the fonts or `/__mock`.',
    ),
  MOCK_FAULTS: projectPath().optional().meta({
    unset: 'none',
    description:
      'A JSON file of faults applied from the start (relative to the project root; a list in the shape of `POST /__mock/faults`).',
  }),
  MOCK_SCENARIO: z.string().optional().meta({
    unset: 'the current one',
    description:
      'The scenario (data set) to start with, as `npm start -- --scenario <name>` does; the data is reset to it at start. Under `npm run dev` the reset is done once, before the watcher starts (as `npm run dev -- --scenario <name>`), so its restarts keep the data.',
  }),
  MOCK_PROXY_TARGET: z
    .url({
      protocol: /^https?$/,
      error: targetRefusal('an http:// or https:// base URL such as http://localhost:9090'),
    })
    .refine((value) => !/[?#]/.test(value), {
      error: targetRefusal('a base URL without a query or fragment'),
    })
    .refine((value) => !USER_INFO.test(value), {
      error: targetRefusal(
        'a base URL without a user name or password (they would show in its error answers and the log)',
      ),
    })
    .transform(withoutTrailingSlashes)
    .optional()
    .meta({
      values: 'an `http://` or `https://` base URL',
      unset: 'none: every call is served by the mock',
      description:
        'A real backend beside the mock (with `MOCK_CONTROL`; ignored with a warning when `NODE_ENV=production`): calls a forwarding rule sends `real`, and calls no route of the mock serves, go to it (docs/developer-tools.md). A user name or password in it is refused.',
    }),
  MOCK_CORS_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((item) => withoutTrailingSlashes(item.trim()))
        .filter((item) => item !== ''),
    )
    .pipe(z.array(z.string().refine(isOrigin, { error: refusal(CORS_ORIGINS) })))
    .optional()
    .meta({
      values: 'comma-separated origins such as `http://localhost:5173`',
      unset: 'none: only this server’s own origin (use a proxy, as `npm run dev` does)',
      description:
        'Development only (ignored with a warning when `NODE_ENV=production`): pages of these origins (a Vite or Storybook dev server) may call the server directly. Their calls and preflights get CORS headers (any method, the headers asked for, no cookies), and every answer’s `Cross-Origin-Resource-Policy` is `cross-origin`, so their pages show its images (docs/developer-tools.md).',
    }),
  DEV_CLIENT_URL: z
    .string()
    .transform(withoutTrailingSlashes)
    .pipe(z.string().refine(isOrigin, { error: refusal(DEV_CLIENT_ORIGIN) }))
    .optional()
    .meta({
      values: 'an origin such as `http://localhost:8080`',
      unset: 'none',
      description:
        'The webpack dev server’s address, which `npm run dev` sets: when there is no client build, the server’s own `/` answers a short page linking it (the portal and `/__mock` run there) instead of a 404.',
    }),
  DEV_SCRIPT_PID: wholeNumber(1).optional().meta({
    values: 'a process id',
    unset: 'none',
    description:
      'The process of the `npm run dev` script, which it sets: a server restarted by its watcher that cannot listen on `PORT` stops the whole command, with the same line as a port in use at its start. Ignored when `NODE_ENV=production`.',
  }),
  MOCK_PROXY_ROUTES: projectPath().optional().meta({
    unset: 'none',
    description:
      'A JSON file of forwarding rules applied from the start (relative to the project root; a list of `{method, path, to}` in the shape of `POST /__mock/routes`).',
  }),
  // Never echoed in a refusal: it is a secret.
  MOCK_PROXY_TOKEN_SECRET: z
    .string()
    .min(32, { error: 'must be at least 32 characters' })
    .optional()
    .meta({
      values: 'at least 32 characters',
      unset: 'the target’s tokens are not taken: a call with one goes to the target',
      description:
        'The HS256 secret the target signs its tokens with: with a target and the sign-in forwarded, the mock’s own routes and the developer tools accept the target’s tokens that pass this check. Without it the mock takes no token it did not sign, and a call with one goes to the target to decide (docs/developer-tools.md).',
    }),
  MOCK_PROXY_TIMEOUT_MS: wholeNumber(1, 600_000)
    .prefault('10000')
    .describe(
      'Milliseconds the target may take to answer a forwarded call (to connect; from the end of the request’s body to its headers, so a slow upload is not cut off; and between parts of its answer); later is answered 504.',
    ),
  MOCK_RECORD: z
    .string()
    .regex(RECORDING_NAME, { error: refusal('a recording name (lower-case letters, digits, -)') })
    .optional()
    .meta({
      values: 'lower-case letters, digits and `-`',
      unset: 'no recording',
      description:
        'Records every call forwarded to `MOCK_PROXY_TARGET` from the start, as `npm start -- --record <name>` does, and saves it as the scenario `<name>` when the server stops.',
    }),
  MOCK_RECORDING_MAX_BYTES: wholeNumber(1)
    .prefault(String(256 * 1024 * 1024))
    .describe(
      'The most a recording keeps, in bytes of its calls (their bodies, paths and headers as saved): a call past it is left out (logged, counted in `leftOut`) and the calls kept so far are saved when it stops.',
    ),
});

export type ConfigVariableName = keyof typeof configVariables.shape;
export const CONFIG_VARIABLE_NAMES = Object.keys(configVariables.shape) as ConfigVariableName[];

type Env = Readonly<Record<string, string | undefined>>;

/** One line per unusable variable: `NAME: what it must be`. */
function refusals(error: z.ZodError): string {
  const lines = new Map<string, string>();
  for (const issue of error.issues) {
    const name = String(issue.path[0]);
    if (!lines.has(name)) lines.set(name, `${name}: ${issue.message}`);
  }
  return [...lines.values()].join('\n');
}

/** Reads the configuration; throws ConfigError naming each variable whose value is unusable. */
export function loadConfig(env: Env = process.env): ServerConfig {
  // Surrounding blanks do not count, and an empty variable is unset (as `NAME= npm start` means).
  const given = Object.fromEntries(
    CONFIG_VARIABLE_NAMES.map((name) => [name, env[name]?.trim() || undefined]),
  );
  const parsed = configVariables.safeParse(given);
  if (!parsed.success) throw new ConfigError(refusals(parsed.error));
  const v = parsed.data;
  const dataDir = path.dirname(v.DB_FILE);
  const development = v.NODE_ENV !== 'production';
  return {
    port: v.PORT,
    dbFile: v.DB_FILE,
    filesDir: path.join(dataDir, 'files'),
    recordsDir: path.join(dataDir, 'records'),
    importsDir: path.join(dataDir, 'imports'),
    keysDir: path.join(dataDir, 'keys'),
    outboxDir: path.join(dataDir, 'outbox'),
    reviewImagesDir: path.join(dataDir, 'review-images'),
    smtpUrl: v.SMTP_URL,
    smtpTimeoutSeconds: v.SMTP_TIMEOUT_SECONDS,
    mailFrom: v.MAIL_FROM,
    clientDir: v.CLIENT_DIR,
    fontsDir: v.FONTS_DIR,
    apiBase: v.API_BASE,
    urlBase: v.URL_BASE,
    merchantApiBase: v.MERCHANT_API_BASE,
    inactivityLimitSeconds: v.INACTIVITY_LIMIT_SECONDS,
    productionHosts: v.PRODUCTION_HOSTS,
    testSiteHost: v.TEST_SITE_HOST,
    liveSiteHost: v.LIVE_SITE_HOST,
    tokenSecret: v.TOKEN_SECRET,
    tokenTtlSeconds: v.TOKEN_TTL_SECONDS,
    masterTokenTtlSeconds: v.MASTER_TOKEN_TTL_SECONDS,
    passwordHashCost: v.PASSWORD_HASH_COST,
    loginRateLimit: v.LOGIN_RATE_LIMIT,
    apiRateLimit: v.API_RATE_LIMIT,
    balanceRateLimit: v.BALANCE_RATE_LIMIT,
    cardPinAttempts: v.CARD_PIN_ATTEMPTS,
    jsonBodyLimit: v.JSON_BODY_LIMIT,
    importMaxBytes: v.IMPORT_MAX_BYTES,
    importFileRetentionHours: v.IMPORT_FILE_RETENTION_HOURS,
    logLevel: v.LOG_LEVEL,
    trustProxy: v.TRUST_PROXY,
    providerStates: development && v.PROVIDER_STATES,
    providerStatesIgnored: !development && v.PROVIDER_STATES,
    serveSourceMaps: development,
    mockControl: v.MOCK_CONTROL ?? development,
    mockDelayMs: v.MOCK_DELAY_MS,
    mockFaultsFile: v.MOCK_FAULTS,
    scenario: v.MOCK_SCENARIO,
    mockProxyTarget: development ? v.MOCK_PROXY_TARGET : undefined,
    mockProxyTargetIgnored: development ? undefined : v.MOCK_PROXY_TARGET,
    corsOrigins: development ? (v.MOCK_CORS_ORIGINS ?? []) : [],
    corsOriginsIgnored: development ? undefined : v.MOCK_CORS_ORIGINS,
    devClientUrl: v.DEV_CLIENT_URL,
    // A signal to a process named by a variable: never outside development.
    devScriptPid: development ? v.DEV_SCRIPT_PID : undefined,
    mockProxyRoutesFile: v.MOCK_PROXY_ROUTES,
    mockProxyTokenSecret: v.MOCK_PROXY_TOKEN_SECRET,
    mockProxyTimeoutMs: v.MOCK_PROXY_TIMEOUT_MS,
    mockRecordingMaxBytes: v.MOCK_RECORDING_MAX_BYTES,
    mockRecord: v.MOCK_RECORD,
  };
}
