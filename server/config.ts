/**
 * Server configuration, read once from the environment. Every variable is listed in
 * CONFIG_VARIABLES (name, default, meaning) so the README can show the same table.
 */
import path from 'node:path';
import { INACTIVITY_LIMIT_SECONDS } from '@contracts/api/constants';
import { IMPORT_LIMITS } from '@contracts/api/imports';
import { isEmail } from '@contracts/validation/rules';
import { PROJECT_ROOT } from './project-root';

export { PROJECT_ROOT };
/** The seed the data file is created from (npm run db:reset, first start). */
export const SEED_FILE = path.join(PROJECT_ROOT, 'db.json');

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];

/** A mail address with an optional display name (MAIL_FROM). */
export interface MailAddress {
  name: string;
  address: string;
}

/** Express's `trust proxy` setting: false, true, a hop count, or addresses / subnet names. */
export type TrustProxy = boolean | number | string;

export interface ServerConfig {
  port: number;
  /** Absolute path of the JSON data file. */
  dbFile: string;
  /** Absolute path of the folder holding uploaded files: `<dirname(dbFile)>/files`. */
  filesDir: string;
  /** Per-program SQLite files of imported cards, stores and devices: `<dirname(dbFile)>/records`. */
  recordsDir: string;
  /** Uploaded import files (`uploads/`) and error files (`errors/`): `<dirname(dbFile)>/imports`. */
  importsDir: string;
  /** Key files (0700 folder, 0600 files): PIN HMAC and device password keys: `<dirname(dbFile)>/keys`. */
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
  /** undefined: a secret is generated once and kept in the data file. */
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
  /** Largest JSON body, in the `bytes` package's syntax (e.g. `1mb`). */
  jsonBodyLimit: string;
  /** Largest card, store or device file upload, in bytes (answered 413 beyond). */
  importMaxBytes: number;
  /** IMPORT_FILE_RETENTION_HOURS: uploads and error files older than this are deleted (0: kept). */
  importFileRetentionHours: number;
  logLevel: LogLevel;
  trustProxy: TrustProxy;
  /** The pact provider-state endpoint (server/dev): on unless NODE_ENV=production. */
  providerStates: boolean;
  /** The built client's source maps (*.map) are served: unless NODE_ENV=production. */
  serveSourceMaps: boolean;
  /** The mock server's developer tools at /__mock (server/dev/mock): MOCK_CONTROL. */
  mockControl: boolean;
  /** Delay added to every API call, in ms (MOCK_DELAY_MS; only with mockControl). */
  mockDelayMs: number;
  /** Absolute path of a JSON file of faults applied from the start (MOCK_FAULTS), or undefined. */
  mockFaultsFile: string | undefined;
  /** The data set the server starts with and resets to (MOCK_SCENARIO or `--scenario`), or undefined: the current one. */
  scenario: string | undefined;
}

export interface ConfigVariable {
  name: string;
  default: string;
  meaning: string;
}

const DEFAULT_MAIL_FROM = 'Back-office portal <no-reply@portal.invalid>';

/** Every environment variable the server reads. */
export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  { name: 'PORT', default: '3000', meaning: 'Port the server listens on.' },
  {
    name: 'DB_FILE',
    default: 'data/db.json',
    meaning:
      'JSON data file (relative to the project root). Created from db.json when missing (an empty or torn file stops the start). Uploaded files are kept in a `files` folder beside it; imported cards, stores and devices in `records` (one SQLite file per program), import uploads and error files in `imports`, their keys in `keys`.',
  },
  {
    name: 'FONTS_DIR',
    default: 'client/public/fonts',
    meaning: 'Font files and preview images of the site builders, served at /fonts.',
  },
  {
    name: 'CLIENT_DIR',
    default: 'dist/client',
    meaning: 'Built client, served at / when the folder exists.',
  },
  {
    name: 'API_BASE',
    default: '/api',
    meaning: 'API base told to the client (may be an absolute URL).',
  },
  {
    name: 'URL_BASE',
    default: '(empty: the origin root)',
    meaning: 'URL base told to the client: token refresh, images, review mail.',
  },
  {
    name: 'MERCHANT_API_BASE',
    default: '/api',
    meaning: 'Merchant-wizard API base told to the client.',
  },
  {
    name: 'INACTIVITY_LIMIT_SECONDS',
    default: String(INACTIVITY_LIMIT_SECONDS),
    meaning: 'Seconds without user activity before the client refreshes the session.',
  },
  {
    name: 'PRODUCTION_HOSTS',
    default: '(empty)',
    meaning: 'Comma-separated host[:port] list; the admin app opened there sets location flag 1.',
  },
  {
    name: 'TEST_SITE_HOST',
    default: '(empty: same origin)',
    meaning: 'Origin serving published test sites, e.g. http://localhost:3000.',
  },
  {
    name: 'LIVE_SITE_HOST',
    default: '(empty: same origin)',
    meaning: 'Origin serving published live sites.',
  },
  {
    name: 'TOKEN_SECRET',
    default: '(generated once, kept in the data file)',
    meaning: 'HS256 secret signing access and master tokens.',
  },
  { name: 'TOKEN_TTL_SECONDS', default: '900', meaning: 'Lifetime of an access token.' },
  {
    name: 'MASTER_TOKEN_TTL_SECONDS',
    default: '28800',
    meaning: 'Lifetime of a master (refresh) token and of its session.',
  },
  {
    name: 'PASSWORD_HASH_COST',
    default: '16384',
    meaning: 'scrypt N (a power of two) for new password hashes.',
  },
  {
    name: 'LOGIN_RATE_LIMIT',
    default: '10',
    meaning: 'Failed logins allowed per 15 minutes per address and user name.',
  },
  {
    name: 'API_RATE_LIMIT',
    default: '600',
    meaning:
      'Anonymous requests allowed per minute per address (the published sites, config.json, images, fonts, failed sign-ins). Signed-in calls, successful logins and refreshes and the development-only provider states are not counted; past the limit an address gets 429 but for calls with a valid token.',
  },
  {
    name: 'BALANCE_RATE_LIMIT',
    default: '30',
    meaning: 'Gift-card balance checks allowed on published sites per 15 minutes per address.',
  },
  {
    name: 'CARD_PIN_ATTEMPTS',
    default: '5',
    meaning:
      'Refused balance checks (a wrong PIN, or a number no card has) allowed per card number per 15 minutes; further checks of the number are refused.',
  },
  { name: 'JSON_BODY_LIMIT', default: '1mb', meaning: 'Largest JSON request body.' },
  {
    name: 'IMPORT_MAX_BYTES',
    default: String(IMPORT_LIMITS.defaultMaxUploadBytes),
    meaning:
      'Largest card, store or device file a scheme upload takes, in bytes; a larger upload is answered 413 and nothing of it is kept.',
  },
  {
    name: 'IMPORT_FILE_RETENTION_HOURS',
    default: '168 (7 days)',
    meaning:
      'Uploaded card, store and device files and import error files are deleted this many hours after they were written (checked at start and every hour; the import history stays). 0 keeps them. A device file goes sooner: once its import ends.',
  },
  {
    name: 'SMTP_URL',
    default: '(empty: review mails are kept in the outbox only)',
    meaning:
      'SMTP server the scheme review mails are also sent through: smtp://[user:password@]host[:port] (STARTTLS when offered) or smtps://... (TLS). Every mail is first written to the `outbox` folder beside the data file.',
  },
  {
    name: 'SMTP_TIMEOUT_SECONDS',
    default: '20',
    meaning:
      'Seconds to connect, to get the greeting and between replies of the SMTP server before a send counts as failed.',
  },
  {
    name: 'MAIL_FROM',
    default: DEFAULT_MAIL_FROM,
    meaning: 'Sender of the review mails: an address, or "Name <address>".',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    meaning: 'fatal, error, warn, info, debug, trace or silent.',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    meaning:
      "Express 'trust proxy': true, false, a hop count, or addresses (needed behind a reverse proxy for per-address limits).",
  },
  {
    name: 'NODE_ENV',
    default: '(empty)',
    meaning:
      'production turns off the development-only endpoints (the pact provider states at /_pact/provider-states, the developer tools at /__mock unless MOCK_CONTROL=true) and the client’s source maps (*.map).',
  },
  {
    name: 'MOCK_CONTROL',
    default: 'true (false when NODE_ENV=production)',
    meaning:
      'The developer tools at /__mock: faults and delays, scenarios, reset, the request log and the OpenAPI document (README "Developer tools"). Each call needs a signed-in token.',
  },
  {
    name: 'MOCK_DELAY_MS',
    default: '0',
    meaning: 'Milliseconds added to every API call (with MOCK_CONTROL).',
  },
  {
    name: 'MOCK_FAULTS',
    default: '(none)',
    meaning:
      'A JSON file of faults applied from the start (relative to the project root; the shape of `POST /__mock/faults`, as a list).',
  },
  {
    name: 'MOCK_SCENARIO',
    default: '(the current one)',
    meaning:
      'The scenario (data set) to start with, as `npm start -- --scenario <name>` does; the data is reset to it at start.',
  },
];

/** A configuration value that cannot be used; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Readonly<Record<string, string | undefined>>;

function text(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? fallback : value;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name}: must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) {
    throw new ConfigError(`${name}: must be between ${min} and ${max}, got ${value}`);
  }
  return value;
}

function list(env: Env, name: string): string[] {
  return text(env, name, '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** A base told to the client: a path starting with `/`, an http(s) URL, or empty. No trailing slash. */
function base(env: Env, name: string, fallback: string): string {
  const value = text(env, name, fallback).replace(/\/+$/, '');
  if (value === '' || value.startsWith('/')) return value;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw new ConfigError(
      `${name}: must be a path starting with / or an http(s) URL, got "${value}"`,
    );
  }
  return value;
}

/** An origin such as http://localhost:3000, or empty for "same origin". */
function origin(env: Env, name: string): string {
  const value = text(env, name, '').replace(/\/+$/, '');
  if (value === '') return '';
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw new ConfigError(
      `${name}: must be an http(s) URL such as http://localhost:3000, got "${value}"`,
    );
  }
  return value;
}

function logLevel(env: Env): LogLevel {
  const value = text(env, 'LOG_LEVEL', 'info').toLowerCase();
  const level = LOG_LEVELS.find((candidate) => candidate === value);
  if (level === undefined) {
    throw new ConfigError(`LOG_LEVEL: must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  }
  return level;
}

function trustProxy(env: Env): TrustProxy {
  const value = text(env, 'TRUST_PROXY', 'false');
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** SMTP_URL: an smtp: or smtps: URL with a host. Its value is never echoed: it may hold a password. */
function smtpUrl(env: Env): string | undefined {
  const value = text(env, 'SMTP_URL', '');
  if (value === '') return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url === undefined || !/^smtps?:$/.test(url.protocol) || url.hostname === '') {
    throw new ConfigError(
      'SMTP_URL: must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.com:587',
    );
  }
  return value;
}

/** MAIL_FROM: `address` or `Name <address>`. */
function mailFrom(env: Env): MailAddress {
  const value = text(env, 'MAIL_FROM', DEFAULT_MAIL_FROM);
  const match = /^(?:([^<>"\r\n]*?)\s*<([^<>\s]+)>|([^<>\s]+))$/.exec(value);
  const address = match?.[2] ?? match?.[3];
  if (match === null || address === undefined || !isEmail(address)) {
    throw new ConfigError(`MAIL_FROM: must be an address or "Name <address>", got "${value}"`);
  }
  return { name: (match[1] ?? '').trim(), address };
}

function hashCost(env: Env): number {
  const cost = integer(env, 'PASSWORD_HASH_COST', 16384, 2, 2 ** 20);
  if ((cost & (cost - 1)) !== 0) {
    throw new ConfigError(`PASSWORD_HASH_COST: must be a power of two, got ${cost}`);
  }
  return cost;
}

/** `true` / `false` (any case); the fallback when unset or empty. */
function flag(env: Env, name: string, fallback: boolean): boolean {
  const value = text(env, name, '').toLowerCase();
  if (value === '') return fallback;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new ConfigError(`${name}: must be true or false, got "${value}"`);
}

/** A path relative to the project root, or undefined when unset. */
function optionalPath(env: Env, name: string): string | undefined {
  const value = text(env, name, '');
  return value === '' ? undefined : path.resolve(PROJECT_ROOT, value);
}

function optionalText(env: Env, name: string): string | undefined {
  const value = text(env, name, '');
  return value === '' ? undefined : value;
}

/** Reads the configuration; throws ConfigError naming the variable when a value is unusable. */
export function loadConfig(env: Env = process.env): ServerConfig {
  const dbFile = path.resolve(PROJECT_ROOT, text(env, 'DB_FILE', 'data/db.json'));
  const secret = text(env, 'TOKEN_SECRET', '');
  if (secret !== '' && secret.length < 32) {
    throw new ConfigError('TOKEN_SECRET: must be at least 32 characters');
  }
  const jsonBodyLimit = text(env, 'JSON_BODY_LIMIT', '1mb');
  if (!/^\d+(\.\d+)?\s*(b|kb|mb|gb)?$/i.test(jsonBodyLimit)) {
    throw new ConfigError(
      `JSON_BODY_LIMIT: must be a size such as 100kb or 1mb, got "${jsonBodyLimit}"`,
    );
  }
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    dbFile,
    filesDir: path.join(path.dirname(dbFile), 'files'),
    recordsDir: path.join(path.dirname(dbFile), 'records'),
    importsDir: path.join(path.dirname(dbFile), 'imports'),
    keysDir: path.join(path.dirname(dbFile), 'keys'),
    outboxDir: path.join(path.dirname(dbFile), 'outbox'),
    reviewImagesDir: path.join(path.dirname(dbFile), 'review-images'),
    smtpUrl: smtpUrl(env),
    smtpTimeoutSeconds: integer(env, 'SMTP_TIMEOUT_SECONDS', 20, 1, 600),
    mailFrom: mailFrom(env),
    clientDir: path.resolve(PROJECT_ROOT, text(env, 'CLIENT_DIR', 'dist/client')),
    fontsDir: path.resolve(PROJECT_ROOT, text(env, 'FONTS_DIR', 'client/public/fonts')),
    apiBase: base(env, 'API_BASE', '/api'),
    urlBase: base(env, 'URL_BASE', ''),
    merchantApiBase: base(env, 'MERCHANT_API_BASE', '/api'),
    inactivityLimitSeconds: integer(
      env,
      'INACTIVITY_LIMIT_SECONDS',
      INACTIVITY_LIMIT_SECONDS,
      1,
      86_400,
    ),
    productionHosts: list(env, 'PRODUCTION_HOSTS'),
    testSiteHost: origin(env, 'TEST_SITE_HOST'),
    liveSiteHost: origin(env, 'LIVE_SITE_HOST'),
    tokenSecret: secret === '' ? undefined : secret,
    tokenTtlSeconds: integer(env, 'TOKEN_TTL_SECONDS', 900, 1, 86_400),
    masterTokenTtlSeconds: integer(env, 'MASTER_TOKEN_TTL_SECONDS', 28_800, 1, 30 * 86_400),
    passwordHashCost: hashCost(env),
    loginRateLimit: integer(env, 'LOGIN_RATE_LIMIT', 10, 1, 1_000_000),
    apiRateLimit: integer(env, 'API_RATE_LIMIT', 600, 1, 1_000_000),
    balanceRateLimit: integer(env, 'BALANCE_RATE_LIMIT', 30, 1, 1_000_000),
    cardPinAttempts: integer(env, 'CARD_PIN_ATTEMPTS', 5, 1, 1_000),
    jsonBodyLimit,
    importMaxBytes: integer(
      env,
      'IMPORT_MAX_BYTES',
      IMPORT_LIMITS.defaultMaxUploadBytes,
      1,
      Number.MAX_SAFE_INTEGER,
    ),
    importFileRetentionHours: integer(env, 'IMPORT_FILE_RETENTION_HOURS', 168, 0, 87_600),
    logLevel: logLevel(env),
    trustProxy: trustProxy(env),
    providerStates: text(env, 'NODE_ENV', '') !== 'production',
    serveSourceMaps: text(env, 'NODE_ENV', '') !== 'production',
    mockControl: flag(env, 'MOCK_CONTROL', text(env, 'NODE_ENV', '') !== 'production'),
    mockDelayMs: integer(env, 'MOCK_DELAY_MS', 0, 0, 600_000),
    mockFaultsFile: optionalPath(env, 'MOCK_FAULTS'),
    scenario: optionalText(env, 'MOCK_SCENARIO'),
  };
}
