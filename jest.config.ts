import type { Config } from 'jest';

// ESM-only packages that jest (CommonJS mode) must transform: lowdb and steno, and what pact 16.5 pulls in.
const esmPackages = ['lowdb', 'steno', 'https-proxy-agent', 'agent-base', 'proxy-agent-negotiate'];

const shared = {
  transform: {
    '^.+\\.(t|j)sx?$': ['ts-jest', { tsconfig: 'tsconfig.jest.json' }] as [
      string,
      Record<string, unknown>,
    ],
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
  // Typecheck runs separately (npm run typecheck), so ts-jest only transpiles.
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
