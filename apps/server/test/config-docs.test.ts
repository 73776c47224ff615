import { readFileSync } from 'node:fs';

import { describe, expect, it } from '@jest/globals';

import {
  CONFIG_SECTION_END,
  CONFIG_SECTION_START,
  ENV_EXAMPLE_FILE,
  OPERATIONS_FILE,
  REGENERATE,
  renderConfigSection,
  renderEnvExample,
  withConfigSection,
} from '../../../tools/write-config-docs';
import { CONFIG_VARIABLES, configTable, SECRET_FILE_SUFFIX } from '../src/config-table';
import { loadConfig } from '../src/config';

/** 'up to date', or the instruction and the first line that differs: Jest prints it in its diff. */
function staleness(file: string, committed: string, generated: string): string {
  if (committed === generated) return 'up to date';
  const committedLines = committed.split('\n');
  const generatedLines = generated.split('\n');
  const line = committedLines.findIndex((text, index) => text !== generatedLines[index]);
  const at = line < 0 ? generatedLines.length : line;
  return [
    `${file} differs from apps/server/src/config-table.ts: run ${REGENERATE}`,
    `line ${at + 1} is:        ${committedLines[at] ?? '(missing)'}`,
    `the table writes: ${generatedLines[at] ?? '(nothing)'}`,
  ].join('\n');
}

describe('the configuration docs written from the table', () => {
  it(`keep docs/operations.md's configuration section equal to the table (else: ${REGENERATE})`, () => {
    const committed = readFileSync(OPERATIONS_FILE, 'utf8');
    expect(staleness('docs/operations.md', committed, withConfigSection(committed))).toBe('up to date');
  });

  it(`keep .env.example equal to the table (else: ${REGENERATE})`, () => {
    const committed = readFileSync(ENV_EXAMPLE_FILE, 'utf8');
    expect(staleness('.env.example', committed, renderEnvExample())).toBe('up to date');
  });

  it('notice a changed default, and replace only the section between the markers', () => {
    const committed = readFileSync(OPERATIONS_FILE, 'utf8');
    const edited = committed.replace('| `3000` ', '| `8080` ');
    expect(edited).not.toBe(committed);
    const complaint = staleness('docs/operations.md', edited, withConfigSection(edited));
    expect(complaint).toContain(`differs from apps/server/src/config-table.ts: run ${REGENERATE}`);
    expect(complaint).toContain('`8080`');
    const around = `# Title\n\nbefore\n\n${CONFIG_SECTION_START}\nold\n${CONFIG_SECTION_END}\n\nafter\n`;
    expect(withConfigSection(around)).toBe(`# Title\n\nbefore\n\n${renderConfigSection()}\n\nafter\n`);
    expect(() => withConfigSection('# no markers\n')).toThrow(CONFIG_SECTION_START);
  });

  it('hold defaults that their own parsers accept, and that loadConfig uses when nothing is set', () => {
    for (const row of configTable()) {
      if (row.default === null || row.default.includes('$')) continue;
      expect([row.name, row.parse(row.default, { rootDir: '/srv/memoir' }).ok]).toEqual([row.name, true]);
    }
    const unset = loadConfig({}, '/srv/memoir');
    expect(unset.port).toBe(Number(CONFIG_VARIABLES.PORT.default));
    expect(unset.databaseUrl).toBe('sqlite:/srv/memoir/data/memoir.sqlite');
    expect(unset.mail.publicBaseUrl).toBe(`http://localhost:${CONFIG_VARIABLES.PORT.default}`);
  });

  it('show every variable in both files, and none the server does not read (a secret with its file beside it)', () => {
    const operations = readFileSync(OPERATIONS_FILE, 'utf8');
    const section = operations.slice(operations.indexOf(CONFIG_SECTION_START), operations.indexOf(CONFIG_SECTION_END));
    const envExample = readFileSync(ENV_EXAMPLE_FILE, 'utf8');
    const table = configTable().map((row) => row.name);
    expect([...section.matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((match) => match[1])).toEqual(table);
    const withFiles = configTable().flatMap((row) =>
      row.secret === true ? [row.name, `${row.name}${SECRET_FILE_SUFFIX}`] : [row.name],
    );
    expect([...envExample.matchAll(/^(?:# )?([A-Z0-9_]+)=/gm)].map((match) => match[1])).toEqual(withFiles);
  });
});
