/**
 * One Jest run over every package. Tests import workspace packages from source (the
 * moduleNameMapper below), so `pnpm test` needs no build first. swc compiles TypeScript,
 * decorators included (the adapters may use them; the domain does not).
 *
 * Two projects:
 * - `unit`: everything but the MySQL tests;
 * - `mysql`: files named `*.mysql.test.ts`. Its global setup starts a throwaway MariaDB (or
 *   uses TEST_MYSQL_URL) and hands the URL to the tests; Jest runs it only when at least one
 *   MySQL test is selected, so `pnpm test -- packages/domain` stays fast.
 * - `browser`: files named `*.browser.test.ts`: Playwright (playwright-core) drives Debian's
 *   Chromium against the built server, which the global setup starts on an empty database.
 * @type {import('jest').Config}
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
    },
    module: { type: 'commonjs' },
  },
];

const shared = {
  testEnvironment: 'node',
  roots: ['<rootDir>/packages', '<rootDir>/apps', '<rootDir>/tools'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '^@memoir/([a-z-]+)/(memory|testing)$': '<rootDir>/packages/$1/$2/index.ts',
    '^@memoir/shared/contract$': '<rootDir>/packages/shared/src/contract/index.ts',
    '^@memoir/([a-z-]+)$': '<rootDir>/packages/$1/src/index.ts',
  },
  // inversify 8 and its parts, and @fast-check/poisoning, ship ESM only: let swc transform them.
  transformIgnorePatterns: [
    '/node_modules/(?!(\\.pnpm/)?(inversify|@inversifyjs|@fast-check\\+poisoning|@fast-check/poisoning))',
  ],
};

module.exports = {
  reporters: ['default', '<rootDir>/tools/jest-plain-summary.js'],
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/', '\\.mysql\\.test\\.ts$', '\\.browser\\.test\\.ts$'],
    },
    {
      ...shared,
      displayName: 'browser',
      testMatch: ['**/*.browser.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
      globalSetup: '<rootDir>/tools/jest/browser-global-setup.ts',
      setupFilesAfterEnv: ['<rootDir>/tools/jest/browser-setup.ts'],
    },
    {
      ...shared,
      displayName: 'mysql',
      testMatch: ['**/*.mysql.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
      globalSetup: '<rootDir>/tools/jest/mariadb-global-setup.ts',
      globalTeardown: '<rootDir>/tools/jest/mariadb-global-teardown.ts',
    },
  ],
};
