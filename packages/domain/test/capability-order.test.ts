import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { beforeAll, describe, expect, it } from '@jest/globals';

import { lintProbes, ROOT, type Probe } from './lint-probes';

const SRC = join(__dirname, '..', 'src');
const RULE = 'import-x/no-restricted-paths';

/** A module of the capability to import: its first source file, without the extension. */
function moduleOf(capability: string): string {
  const file = readdirSync(join(SRC, capability))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .sort()[0];
  if (file === undefined) throw new Error(`${capability}/ has no source file`);
  return `../${capability}/${file.slice(0, -'.ts'.length)}`;
}

/** A file in `from` that imports a module of `to`, as a probe. */
function importing(from: string, to: string): Probe {
  return {
    name: `${from} imports ${to}`,
    file: `packages/domain/src/${from}/probe.ts`,
    code: `import * as imported from '${to === 'top' ? '../index' : moduleOf(to)}';\nexport const probe = imported;\n`,
  };
}

/**
 * The declared order (eslint.config.mjs) and the rule ids each probe gets, from one ESLint
 * process linting each probe as if it were a file at its path.
 */
function lint(probesOf: (order: readonly string[]) => Probe[]): {
  order: string[];
  rules: Record<string, string[]>;
} {
  const order = (
    JSON.parse(
      execFileSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          "const { DOMAIN_CAPABILITY_ORDER } = await import('./eslint.config.mjs'); process.stdout.write(JSON.stringify(DOMAIN_CAPABILITY_ORDER));",
        ],
        { cwd: ROOT, encoding: 'utf8' },
      ),
    ) as string[]
  ).slice();
  return { order, rules: lintProbes(probesOf(order)) };
}

describe('the domain capabilities, in their declared order', () => {
  let order: string[];
  let rules: Record<string, string[]>;
  const pairs = (capabilities: readonly string[]) =>
    capabilities.slice(1).map((upper, index) => [capabilities[index] ?? '', upper] as const);

  beforeAll(() => {
    ({ order, rules } = lint((declared) => [
      ...pairs(declared).flatMap(([lower, upper]) => [importing(upper, lower), importing(lower, upper)]),
      ...declared.slice(1).map((capability) => importing('shared', capability)),
      ...declared.map((capability) => importing(capability, 'top')),
      importing(declared.at(-1) ?? '', 'shared'),
    ]));
  }, 120_000);

  it('names every capability folder of packages/domain/src once, and no other', () => {
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect([...order].sort()).toEqual(folders.sort());
    expect(new Set(order).size).toBe(order.length);
    expect(order[0]).toBe('shared');
  });

  it('lets a capability import the one below it', () => {
    const refused = pairs(order)
      .map(([lower, upper]) => `${upper} imports ${lower}`)
      .filter((name) => (rules[name] ?? ['not linted']).length > 0);
    expect(refused).toEqual([]);
    expect(rules[`${order.at(-1)} imports shared`]).toEqual([]);
  });

  it('refuses, by lint, a capability that imports the one above it', () => {
    const allowed = pairs(order)
      .map(([lower, upper]) => `${lower} imports ${upper}`)
      .filter((name) => !(rules[name] ?? []).includes(RULE));
    expect(allowed).toEqual([]);
  });

  it('refuses, by lint, the kernel importing any capability', () => {
    const allowed = order
      .slice(1)
      .map((capability) => `shared imports ${capability}`)
      .filter((name) => !(rules[name] ?? []).includes(RULE));
    expect(allowed).toEqual([]);
  });

  it('refuses, by lint, a capability importing the top of src/ (the composition and the index)', () => {
    const allowed = order
      .map((capability) => `${capability} imports top`)
      .filter((name) => !(rules[name] ?? []).includes(RULE));
    expect(allowed).toEqual([]);
  });

  it('is the order docs/domain.md gives', () => {
    const docs = readFileSync(join(ROOT, 'docs', 'domain.md'), 'utf8');
    const section = docs.slice(docs.indexOf('## Capability order'));
    const listed = [...section.slice(0, section.indexOf('\n## ', 1)).matchAll(/^\d+\. `([a-z-]+)\/`/gm)].map(
      (match) => match[1],
    );
    expect(listed).toEqual(order);
  });
});
