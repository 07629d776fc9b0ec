import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { link, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ConfigError, loadConfig, PROJECT_ROOT, SEED_FILE } from '../../server/config';
import { documentedVariables } from '../../server/scripts/config-docs';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 3000,
      dbFile: path.join(PROJECT_ROOT, 'data', 'db.json'),
      filesDir: path.join(PROJECT_ROOT, 'data', 'files'),
      recordsDir: path.join(PROJECT_ROOT, 'data', 'records'),
      importsDir: path.join(PROJECT_ROOT, 'data', 'imports'),
      keysDir: path.join(PROJECT_ROOT, 'data', 'keys'),
      outboxDir: path.join(PROJECT_ROOT, 'data', 'outbox'),
      reviewImagesDir: path.join(PROJECT_ROOT, 'data', 'review-images'),
      smtpUrl: undefined,
      smtpTimeoutSeconds: 20,
      mailFrom: { name: 'Back-office portal', address: 'no-reply@portal.invalid' },
      clientDir: path.join(PROJECT_ROOT, 'dist', 'client'),
      corsOrigins: [],
      corsOriginsIgnored: undefined,
      fontsDir: path.join(PROJECT_ROOT, 'client', 'public', 'fonts'),
      apiBase: '/api',
      urlBase: '',
      merchantApiBase: '/api',
      inactivityLimitSeconds: 600,
      productionHosts: [],
      testSiteHost: '',
      liveSiteHost: '',
      tokenSecret: undefined,
      tokenTtlSeconds: 900,
      masterTokenTtlSeconds: 28800,
      passwordHashCost: 16384,
      loginRateLimit: 10,
      apiRateLimit: 600,
      balanceRateLimit: 30,
      cardPinAttempts: 5,
      jsonBodyLimit: 1024 * 1024,
      importMaxBytes: 512 * 1024 * 1024,
      importFileRetentionHours: 168,
      logLevel: 'info',
      trustProxy: false,
      providerStates: false,
      providerStatesIgnored: false,
      serveSourceMaps: true,
      mockControl: true,
      mockDelayMs: 0,
      mockFaultsFile: undefined,
      mockProxyTarget: undefined,
      mockProxyTargetIgnored: undefined,
      mockProxyRoutesFile: undefined,
      mockProxyTokenSecret: undefined,
      mockProxyTimeoutMs: 10_000,
      mockRecord: undefined,
      mockRecordingMaxBytes: 256 * 1024 * 1024,
      scenario: undefined,
    });
  });

  it.each([
    ['512', 512],
    ['100kb', 100 * 1024],
    ['1.5MB', 1.5 * 1024 * 1024],
    ['2 gb', 2 * 1024 ** 3],
    ['0.5b', 0],
  ])('reads JSON_BODY_LIMIT %s as %d bytes', (size, bytes) => {
    expect(loadConfig({ JSON_BODY_LIMIT: size }).jsonBodyLimit).toBe(bytes);
  });

  it('keeps uploaded files beside the data file', () => {
    const config = loadConfig({ DB_FILE: '/var/lib/portal/portal.json' });
    expect(config.dbFile).toBe('/var/lib/portal/portal.json');
    expect(config.filesDir).toBe('/var/lib/portal/files');
    expect(config.recordsDir).toBe('/var/lib/portal/records');
    expect(config.importsDir).toBe('/var/lib/portal/imports');
    expect(config.keysDir).toBe('/var/lib/portal/keys');
    expect(config.outboxDir).toBe('/var/lib/portal/outbox');
    expect(config.reviewImagesDir).toBe('/var/lib/portal/review-images');
  });

  describe('DB_FILE through symbolic links', () => {
    let dir: string;
    beforeEach(async () => {
      // The temp folder's real path: it may itself be reached through a link (macOS).
      dir = await realpath(await mkdtemp(path.join(os.tmpdir(), 'portal-config-links-')));
    });
    afterEach(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('names the file a link points to, and keeps the data folder beside it', async () => {
      await mkdir(path.join(dir, 'real'));
      await writeFile(path.join(dir, 'real', 'db.json'), '{}');
      await mkdir(path.join(dir, 'other'));
      await symlink(path.join(dir, 'real', 'db.json'), path.join(dir, 'other', 'db.json'));
      const config = loadConfig({ DB_FILE: path.join(dir, 'other', 'db.json') });
      expect(config.dbFile).toBe(path.join(dir, 'real', 'db.json'));
      expect(config.filesDir).toBe(path.join(dir, 'real', 'files'));
      expect(config.recordsDir).toBe(path.join(dir, 'real', 'records'));
      expect(config.keysDir).toBe(path.join(dir, 'real', 'keys'));
    });

    it('resolves a link whose target does not exist yet, and a linked folder', async () => {
      await symlink('../later/db.json', path.join(dir, 'dangling.json'));
      expect(loadConfig({ DB_FILE: path.join(dir, 'dangling.json') }).dbFile).toBe(
        path.join(path.dirname(dir), 'later', 'db.json'),
      );
      await mkdir(path.join(dir, 'real'));
      await symlink(path.join(dir, 'real'), path.join(dir, 'linked'));
      expect(loadConfig({ DB_FILE: path.join(dir, 'linked', 'new', 'db.json') }).dbFile).toBe(
        path.join(dir, 'real', 'new', 'db.json'),
      );
    });

    it('refuses a path it cannot use, naming DB_FILE', async () => {
      await writeFile(path.join(dir, 'file'), '');
      expect(() => loadConfig({ DB_FILE: path.join(dir, 'file', 'db.json') })).toThrow(
        /^DB_FILE: must be a path the server can use, got ".*" \(ENOTDIR/,
      );
    });

    it('refuses a folder, naming DB_FILE and what it takes', async () => {
      await mkdir(path.join(dir, 'data'));
      await symlink(path.join(dir, 'data'), path.join(dir, 'data-link'));
      for (const dbFile of [path.join(dir, 'data'), path.join(dir, 'data-link')]) {
        expect(() => loadConfig({ DB_FILE: dbFile })).toThrow(
          `DB_FILE: must name the data file, not a folder, got "${dbFile}" (for example ${path.join(dbFile, 'db.json')})`,
        );
      }
    });

    it('refuses the seed db.json itself, by name, through a link or a hard link', async () => {
      const refusal = `DB_FILE: must not be the seed ${SEED_FILE}`;
      await symlink(SEED_FILE, path.join(dir, 'seed-link.json'));
      for (const dbFile of ['db.json', SEED_FILE, path.join(dir, 'seed-link.json')]) {
        expect(() => loadConfig({ DB_FILE: dbFile })).toThrow(ConfigError);
        expect(() => loadConfig({ DB_FILE: dbFile })).toThrow(refusal);
      }
      // A hard link: in a folder of the project, on the seed's own file system.
      const artifacts = path.join(PROJECT_ROOT, 'tests', '.artifacts');
      await mkdir(artifacts, { recursive: true });
      const linkDir = await mkdtemp(path.join(artifacts, 'seed-link-'));
      try {
        await link(SEED_FILE, path.join(linkDir, 'db.json'));
        expect(() => loadConfig({ DB_FILE: path.join(linkDir, 'db.json') })).toThrow(refusal);
      } finally {
        await rm(linkDir, { recursive: true, force: true });
      }
    });
  });

  it('reads the review mail settings', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:secret@mail.example.com:465',
      MAIL_FROM: 'reviews@example.com',
    });
    expect(config.smtpUrl).toBe('smtps://user:secret@mail.example.com:465');
    expect(config.mailFrom).toEqual({ name: '', address: 'reviews@example.com' });
    expect(loadConfig({ MAIL_FROM: 'Scheme Reviews <r@example.com>' }).mailFrom).toEqual({
      name: 'Scheme Reviews',
      address: 'r@example.com',
    });
    // The URL may hold a password: a refusal does not repeat it.
    expect(() => loadConfig({ SMTP_URL: 'http://user:secret@mail.example.com' })).toThrow(
      /^SMTP_URL: (?!.*secret)/,
    );
  });

  it('turns the developer tools off in production unless MOCK_CONTROL says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).mockControl).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', MOCK_CONTROL: 'true' }).mockControl).toBe(true);
    expect(loadConfig({ MOCK_CONTROL: 'FALSE' }).mockControl).toBe(false);
    expect(loadConfig({ MOCK_DELAY_MS: '250', MOCK_SCENARIO: 'empty' })).toMatchObject({
      mockDelayMs: 250,
      scenario: 'empty',
    });
    expect(loadConfig({ MOCK_FAULTS: 'faults.json' }).mockFaultsFile).toBe(
      path.join(PROJECT_ROOT, 'faults.json'),
    );
  });

  it('reads the real backend beside the mock, and ignores it with NODE_ENV=production', () => {
    expect(
      loadConfig({
        MOCK_PROXY_TARGET: 'http://localhost:8080/backend/',
        MOCK_PROXY_ROUTES: 'routes.json',
        MOCK_PROXY_TIMEOUT_MS: '2500',
      }),
    ).toMatchObject({
      mockProxyTarget: 'http://localhost:8080/backend',
      mockProxyTargetIgnored: undefined,
      mockProxyRoutesFile: path.join(PROJECT_ROOT, 'routes.json'),
      mockProxyTimeoutMs: 2500,
    });
    expect(
      loadConfig({ NODE_ENV: 'production', MOCK_PROXY_TARGET: 'https://backend.example.com' }),
    ).toMatchObject({
      mockProxyTarget: undefined,
      mockProxyTargetIgnored: 'https://backend.example.com',
    });
  });

  it('takes the npm run dev script process to signal, never with NODE_ENV=production', () => {
    expect(loadConfig({ DEV_SCRIPT_PID: '4242' }).devScriptPid).toBe(4242);
    expect(loadConfig({ NODE_ENV: 'production', DEV_SCRIPT_PID: '4242' }).devScriptPid).toBe(
      undefined,
    );
  });

  it('has the provider states only when asked for, and never with NODE_ENV=production', () => {
    expect(loadConfig({}).providerStates).toBe(false);
    expect(loadConfig({ PROVIDER_STATES: 'TRUE' }).providerStates).toBe(true);
    expect(loadConfig({ PROVIDER_STATES: 'false' }).providerStates).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PROVIDER_STATES: 'true' })).toMatchObject({
      providerStates: false,
      providerStatesIgnored: true,
    });
    expect(() => loadConfig({ PROVIDER_STATES: 'yes' })).toThrow(
      'PROVIDER_STATES: must be true or false, got "yes"',
    );
  });

  it('reads TRUST_PROXY as express does', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
  });

  it('ignores surrounding blanks and counts an empty variable as unset', () => {
    expect(loadConfig({ PORT: ' 3001 ', LOG_LEVEL: '', API_BASE: '   ' })).toMatchObject({
      port: 3001,
      logLevel: 'info',
      apiBase: '/api',
    });
    expect(loadConfig({ TOKEN_SECRET: '', SMTP_URL: ' ' })).toMatchObject({
      tokenSecret: undefined,
      smtpUrl: undefined,
    });
  });

  it('reads lists, bases and log levels as the server uses them', () => {
    expect(
      loadConfig({ PRODUCTION_HOSTS: ' portal.example.com, ,admin.example.com:8443 ' }),
    ).toMatchObject({ productionHosts: ['portal.example.com', 'admin.example.com:8443'] });
    expect(
      loadConfig({
        API_BASE: 'https://api.example.com/portal//',
        URL_BASE: '/',
        TEST_SITE_HOST: 'http://localhost:3000/',
        LOG_LEVEL: 'DEBUG',
      }),
    ).toMatchObject({
      apiBase: 'https://api.example.com/portal',
      urlBase: '',
      testSiteHost: 'http://localhost:3000',
      logLevel: 'debug',
    });
  });

  it('names every unusable variable at once, one line each', () => {
    expect(() => loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud', MOCK_DELAY_MS: '5' })).toThrow(
      /^PORT: must be a whole number, got "abc"\nLOG_LEVEL: must be one of fatal, .*, got "loud"$/,
    );
  });

  it('does not repeat a refused secret', () => {
    expect(() => loadConfig({ TOKEN_SECRET: 'short-secret' })).toThrow(
      /^TOKEN_SECRET: must be at least 32 characters$/,
    );
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT: /],
    [{ PORT: '70000' }, /^PORT: must be between 0 and 65535, got 70000$/],
    [{ PORT: '1e3' }, /^PORT: must be a whole number/],
    [{ PORT: '0x10' }, /^PORT: must be a whole number/],
    [{ PORT: '+80' }, /^PORT: must be a whole number/],
    [
      { MOCK_DELAY_MS: '-5' },
      /^MOCK_DELAY_MS: must be a whole number between 0 and 600000, got "-5"$/,
    ],
    [{ PASSWORD_HASH_COST: '1' }, /^PASSWORD_HASH_COST: must be between 2 and 1048576/],
    [{ PASSWORD_HASH_COST: '1000' }, /^PASSWORD_HASH_COST: must be a power of two/],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL: /],
    [{ TOKEN_SECRET: 'short' }, /^TOKEN_SECRET: /],
    [{ API_BASE: 'ftp://x' }, /^API_BASE: /],
    [{ TEST_SITE_HOST: 'not a url' }, /^TEST_SITE_HOST: /],
    [{ LIVE_SITE_HOST: 'http:localhost:3000' }, /^LIVE_SITE_HOST: must be an http\(s\) URL/],
    [{ MERCHANT_API_BASE: 'api' }, /^MERCHANT_API_BASE: must be a path starting with \//],
    [{ JSON_BODY_LIMIT: 'lots' }, /^JSON_BODY_LIMIT: /],
    [{ IMPORT_MAX_BYTES: '512mb' }, /^IMPORT_MAX_BYTES: must be a whole number/],
    [{ IMPORT_MAX_BYTES: '0' }, /^IMPORT_MAX_BYTES: /],
    [{ SMTP_URL: 'mail.example.com' }, /^SMTP_URL: /],
    [{ SMTP_URL: 'smtp:mail' }, /^SMTP_URL: /],
    [{ SMTP_TIMEOUT_SECONDS: '0' }, /^SMTP_TIMEOUT_SECONDS: /],
    [{ MAIL_FROM: 'Reviews <not an address>' }, /^MAIL_FROM: /],
    [{ MOCK_CONTROL: 'yes' }, /^MOCK_CONTROL: must be true or false/],
    [{ MOCK_DELAY_MS: '-5' }, /^MOCK_DELAY_MS: /],
    [{ MOCK_PROXY_TARGET: 'localhost:8080' }, /^MOCK_PROXY_TARGET: must be an http/],
    [{ MOCK_PROXY_TARGET: 'http://backend?x=1' }, /^MOCK_PROXY_TARGET: must be a base URL/],
    [
      { MOCK_PROXY_TARGET: 'http://devuser:S3cretPw@backend:8080/api' },
      /^MOCK_PROXY_TARGET: must be a base URL without a user name or password \(.*\), got "http:\/\/\*\*\*@backend:8080\/api"$/,
    ],
    [
      { MOCK_PROXY_TOKEN_SECRET: 'short' },
      /^MOCK_PROXY_TOKEN_SECRET: at least|^MOCK_PROXY_TOKEN_SECRET: must be at least/,
    ],
    [{ MOCK_PROXY_TIMEOUT_MS: '0' }, /^MOCK_PROXY_TIMEOUT_MS: /],
    [{ MOCK_RECORD: '../etc' }, /^MOCK_RECORD: must be a recording name/],
    [
      { IMPORT_FILE_RETENTION_HOURS: '1.5' },
      /^IMPORT_FILE_RETENTION_HOURS: must be a whole number/,
    ],
  ])('refuses %j naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it.each([
    'http://devuser:S3cretPw@backend:8080',
    'http://S3cretPw@backend',
    'https://devuser:S3cretPw@backend/base?x=1',
    'ftp://devuser:S3cretPw@backend',
    'http://devuser:S3c@retPw@backend',
  ])('refuses MOCK_PROXY_TARGET %s with credentials, never showing them', (target) => {
    let message = '';
    try {
      loadConfig({ MOCK_PROXY_TARGET: target });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/^MOCK_PROXY_TARGET: must be /);
    expect(message).toContain('***@backend');
    expect(message).not.toMatch(/S3c|devuser/);
  });

  it('documents every variable once, each with its default and a description', () => {
    const variables = documentedVariables();
    const names = variables.map((variable) => variable.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining([
        'PORT',
        'DB_FILE',
        'API_BASE',
        'URL_BASE',
        'MERCHANT_API_BASE',
        'INACTIVITY_LIMIT_SECONDS',
        'PRODUCTION_HOSTS',
        'TEST_SITE_HOST',
        'LIVE_SITE_HOST',
        'TOKEN_SECRET',
        'TOKEN_TTL_SECONDS',
        'MASTER_TOKEN_TTL_SECONDS',
        'PASSWORD_HASH_COST',
        'LOGIN_RATE_LIMIT',
        'API_RATE_LIMIT',
        'JSON_BODY_LIMIT',
        'IMPORT_MAX_BYTES',
        'IMPORT_FILE_RETENTION_HOURS',
        'LOG_LEVEL',
        'TRUST_PROXY',
      ]),
    );
    for (const variable of variables) {
      expect(variable.description.length).toBeGreaterThan(0);
      expect(variable.default.length).toBeGreaterThan(0);
    }
    // The documented default is the value an unset variable gets.
    const defaults = Object.fromEntries(variables.map((v) => [v.name, v.default]));
    expect(defaults).toMatchObject({
      PORT: '`3000`',
      API_RATE_LIMIT: '`600`',
      IMPORT_MAX_BYTES: `\`${512 * 1024 * 1024}\``,
      MAIL_FROM: '`Back-office portal <no-reply@portal.invalid>`',
    });
  });

  it('reads no variable it does not document', () => {
    const read = new Set<string>();
    const env = new Proxy<Record<string, string | undefined>>(
      {},
      {
        get: (_target, name) => {
          if (typeof name === 'string') read.add(name);
          return undefined;
        },
      },
    );
    loadConfig(env);
    const documented = new Set(documentedVariables().map((variable) => variable.name));
    expect([...read].filter((name) => !documented.has(name))).toEqual([]);
  });
});

describe('the server started with an unusable value', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'portal-config-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('stops with exit code 1, naming each variable, before writing anything', async () => {
    const dbFile = path.join(dir, 'db.json');
    const started = promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join(PROJECT_ROOT, 'server', 'index.ts')],
      {
        cwd: PROJECT_ROOT,
        env: {
          ...process.env,
          DB_FILE: dbFile,
          PORT: '0',
          LOG_LEVEL: 'loud',
          TOKEN_SECRET: 'too-short-secret',
        },
      },
    );
    await expect(started).rejects.toMatchObject({
      code: 1,
      stderr:
        'TOKEN_SECRET: must be at least 32 characters\n' +
        'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent, got "loud"\n',
    });
    expect(existsSync(dbFile)).toBe(false);
  }, 30_000);
});
