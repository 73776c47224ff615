// @ts-check
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The domain imports no framework and uses no decorators
 * (docs/architecture.md#packages-and-the-dependency-rule). These are the packages it must never
 * reach for; the rule turns the promise into a failing check.
 */
const FRAMEWORKS = [
  'koa',
  '@koa/*',
  'koa-*',
  'typeorm',
  'mysql2',
  'better-sqlite3',
  'inversify',
  '@inversifyjs/*',
  'reflect-metadata',
  'class-validator',
  'pino',
  'pino-*',
  'react',
  'react-dom',
  '@tanstack/*',
];

/**
 * The domain's capability folders (`packages/domain/src/<capability>/`), lowest first: a
 * capability may import from one below it, never from one above, and `shared/` (the kernel)
 * imports none. The files at the top of `src/` (the composition, the index) may import any.
 * docs/domain.md#capability-order says why each sits where it does; a test holds the two equal
 * and proves the rule fires (packages/domain/test/capability-order.test.ts).
 */
export const DOMAIN_CAPABILITY_ORDER = [
  'shared',
  'riddles',
  'rate-limiting',
  'audit-log',
  'outbox',
  'admin-sessions',
  'review-queue',
  'guestbook',
  'scholarships',
  'crackme',
  'analytics',
  'suppressions',
  'readers',
  'deliveries',
  'site-content',
  'media',
  'dashboard',
  'retention',
  'personal-data',
];

const DOMAIN_SRC = 'packages/domain/src';

/** One zone per capability: it may not import the capabilities above it, nor the top of `src/`. */
const capabilityZones = DOMAIN_CAPABILITY_ORDER.map((capability, index) => {
  const above = DOMAIN_CAPABILITY_ORDER.slice(index + 1);
  return {
    target: `${DOMAIN_SRC}/${capability}`,
    from: [...above.map((upper) => `${DOMAIN_SRC}/${upper}/**`), `${DOMAIN_SRC}/*.ts`],
    message:
      index === 0
        ? 'shared/ is the kernel: it imports no capability (docs/domain.md#capability-order).'
        : `${capability}/ may import only the capabilities below it (${DOMAIN_CAPABILITY_ORDER.slice(0, index).join(', ')}): ` +
          'move what both need down, or turn the dependency around (docs/domain.md#capability-order).',
  };
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-default-export': 'error',
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Tool configs and CommonJS helpers loaded by tools (Jest reporters) export as tools expect.
    files: ['**/*.config.{js,mjs,cjs,ts}', 'eslint.config.mjs', 'tools/**/*.js', 'tools/jest/*.ts'],
    rules: { 'import-x/no-default-export': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The React apps run in browsers (and their workers).
    files: ['apps/public-site/src/**/*.{ts,tsx}', 'apps/admin/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The domain core and its in-memory adapters: no framework, no Node built-in, no decorator.
    files: ['packages/domain/src/**/*.ts', 'packages/domain/memory/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: FRAMEWORKS, message: 'The domain is framework-free: put framework code in an adapter package.' },
            { group: ['node:*'], message: 'The domain runs anywhere: reach the platform through a port.' },
            { group: ['@memoir/*', '!@memoir/shared'], message: 'The domain depends on @memoir/shared only.' },
            {
              group: ['@memoir/shared/contract'],
              message:
                "The contract's classes carry class-validator: the domain reads their types from @memoir/shared.",
            },
            { group: ['@jest/*', 'jest'], message: 'Test helpers live in packages/domain/testing.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Decorator',
          message:
            'No decorators in the domain: adapters wire it without them (docs/adr/0006-one-composition-function.md).',
        },
      ],
    },
  },
  {
    // The domain's capabilities in their declared order (DOMAIN_CAPABILITY_ORDER).
    files: [`${DOMAIN_SRC}/**/*.ts`],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: capabilityZones }],
    },
  },
  {
    // The domain's tests and contract suites may use Jest, and no framework.
    files: ['packages/domain/testing/**/*.ts', 'packages/domain/test/**/*.ts', 'packages/domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: FRAMEWORKS, message: 'The contract suites are framework-free.' }] },
      ],
      'no-restricted-syntax': ['error', { selector: 'Decorator', message: 'No decorators in the domain.' }],
    },
  },
);
