import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** The repository's root, where ESLint's config lives. */
export const ROOT = join(__dirname, '..', '..', '..');

/** A source text linted as if it were the file at `file` (relative to the root). */
export interface Probe {
  readonly name: string;
  readonly file: string;
  readonly code: string;
}

/**
 * Lints every probe as if it were a file at its path, in one ESLint process (the config is an
 * ES module, which Jest's CommonJS cannot load); returns the rule ids each probe gets.
 */
export function lintProbes(probes: readonly Probe[]): Record<string, string[]> {
  const script = `
    import { ESLint } from 'eslint';
    const probes = JSON.parse(process.argv[1]);
    const eslint = new ESLint({ cwd: process.cwd() });
    const out = {};
    for (const probe of probes) {
      const [result] = await eslint.lintText(probe.code, { filePath: probe.file });
      out[probe.name] = result.messages.map((m) => m.ruleId ?? 'parse-error: ' + m.message);
    }
    process.stdout.write(JSON.stringify(out));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(probes)], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return JSON.parse(output) as Record<string, string[]>;
}
