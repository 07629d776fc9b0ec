import type { Config } from 'jest';

// ESM-only packages that jest (CommonJS mode) must transform: lowdb and steno, and what pact 16.5 pulls in.
const esmPackages = ['lowdb', 'steno', 'https-proxy-agent', 'agent-base', 'proxy-agent-negotiate'];

/**
 * TypeScript and JavaScript through swc (@swc/jest): it only strips types and rewrites modules to
 * CommonJS, as `tsc --noEmit` (npm run typecheck) checks the types. ts-jest's transpileModule
 * took about 20 times as long per file, which a fresh clone (no transform cache) pays in full.
 * @swc/jest also hoists `jest.mock` calls above the imports.
 */
const swc = (parser: Record<string, unknown>): [string, Record<string, unknown>] => [
  '@swc/jest',
  {
    jsc: {
      parser,
      target: 'es2022',
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];

const shared = {
  transform: {
    '^.+\\.tsx$': swc({ syntax: 'typescript', tsx: true }),
    '^.+\\.ts$': swc({ syntax: 'typescript' }),
    '^.+\\.jsx?$': swc({ syntax: 'ecmascript' }),
    // Only `?raw` imports reach a .css file (the others map to the style stub).
    '\\.css$': '<rootDir>/tests/support/raw-text-transform.cjs',
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/client/src/$1',
    '^@contracts/(.*)$': '<rootDir>/contracts/$1',
    // `x.css?raw` (a stylesheet's text, webpack asset/source): the file, as its text.
    '^(.+\\.css)\\?raw$': '$1',
    '\\.(css|scss)$': '<rootDir>/tests/support/style-stub.ts',
    '\\.(png|jpe?g|gif|svg|webp|ico)$': '<rootDir>/tests/support/file-stub.ts',
  },
};

const config: Config = {
  // One worker per core. Unset, jest keeps one core for itself, which on a 2-core machine leaves
  // one worker and half the machine idle: its own process does little while workers run.
  maxWorkers: '100%',
  // How long a worker may take to end after its last test before jest kills it and warns of a
  // leak (jest's default: 500 ms). The unit workers leave no handle open, and their event loop
  // ends within milliseconds of jest's end message. V8 then hands their heaps (about a gigabyte
  // each after a thousand tests) back to the kernel, which took 1.3-1.5 s here, so every run
  // warned of a leak that is not there. A worker that really hangs is still killed.
  workerGracefulExitTimeout: 5_000,
  // The project's own transform cache, gone with node_modules: a fresh clone starts cold, and no
  // other checkout of the project on the machine shares or evicts it.
  cacheDirectory: '<rootDir>/node_modules/.cache/jest',
  projects: [
    {
      ...shared,
      displayName: 'client',
      testEnvironment: '<rootDir>/tests/support/jsdom-environment.ts',
      // Sets the time budget of every client test and query (testTimeout is not a project
      // option): jest.setTimeout and Testing Library's asyncUtilTimeout.
      setupFilesAfterEnv: ['<rootDir>/tests/support/client-setup.ts'],
      testMatch: ['<rootDir>/tests/client/**/*.test.ts?(x)'],
    },
    {
      ...shared,
      displayName: 'server',
      testEnvironment: 'node',
      setupFilesAfterEnv: ['<rootDir>/tests/support/server-setup.ts'],
      testMatch: ['<rootDir>/tests/server/**/*.test.ts'],
    },
    {
      ...shared,
      displayName: 'consumer',
      testEnvironment: 'node',
      setupFilesAfterEnv: ['<rootDir>/contracts/consumer/support/setup.ts'],
      testMatch: ['<rootDir>/contracts/consumer/**/*.pact.test.ts'],
    },
    {
      ...shared,
      displayName: 'provider',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/contracts/provider/**/*.test.ts'],
    },
    {
      ...shared,
      displayName: 'e2e',
      testEnvironment: 'node',
      setupFilesAfterEnv: ['<rootDir>/tests/e2e/support/setup.ts'],
      testMatch: ['<rootDir>/tests/e2e/**/*.e2e.test.ts'],
    },
  ],
};

export default config;
