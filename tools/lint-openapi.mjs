// Lints docs/openapi.json with Redocly's recommended rules, as outside readers of the API
// reference do: `node tools/lint-openapi.mjs` prints each problem and exits 1 on any error.
// With --json it prints the problems as JSON (apps/server/test/openapi.test.ts reads them).
// A script of its own: @redocly/openapi-core is ESM only, which Jest's CommonJS cannot load.
import { join } from 'node:path';

import { createConfig, lint } from '@redocly/openapi-core';

const file = join(import.meta.dirname, '..', 'docs', 'openapi.json');
const config = await createConfig({ extends: ['recommended'] });
const problems = (await lint({ ref: file, config })).map((problem) => ({
  severity: problem.severity,
  rule: problem.ruleId,
  message: problem.message,
  at: problem.location[0]?.pointer ?? '',
}));
if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(problems)}\n`);
else for (const p of problems) process.stdout.write(`${p.severity} ${p.rule}: ${p.message} (${p.at})\n`);
process.exitCode = problems.some((problem) => problem.severity === 'error') ? 1 : 0;
