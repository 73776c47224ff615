/**
 * One Jest run over every package. Tests import workspace packages from source (the
 * moduleNameMapper below), so `pnpm test` needs no build first. swc compiles TypeScript,
 * decorators included (the adapters use them; the domain does not).
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

module.exports = {
  testEnvironment: 'node',
  reporters: ['default', '<rootDir>/tools/jest-plain-summary.js'],
  roots: ['<rootDir>/packages', '<rootDir>/apps'],
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '^@memoir/([a-z-]+)/(memory|testing)$': '<rootDir>/packages/$1/$2/index.ts',
    '^@memoir/([a-z-]+)$': '<rootDir>/packages/$1/src/index.ts',
  },
  // inversify 8 and its parts ship ESM only: let swc transform them.
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(inversify|@inversifyjs))'],
};
