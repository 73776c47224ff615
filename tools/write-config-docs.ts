// Writes the configuration section of docs/operations.md and the whole of .env.example from the
// server's table of variables: `npx tsx tools/write-config-docs.ts`. A test fails when either
// file differs from what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { configTable, SECRET_FILE_SUFFIX, type ConfigName, type ConfigVariable } from '../apps/server/src/config-table';
import { markdownTable, withSection } from './markdown';

export const OPERATIONS_FILE = join(__dirname, '..', 'docs', 'operations.md');
export const ENV_EXAMPLE_FILE = join(__dirname, '..', '.env.example');
export const CONFIG_SECTION_START = '<!-- config:start -->';
export const CONFIG_SECTION_END = '<!-- config:end -->';
export const REGENERATE = 'npx tsx tools/write-config-docs.ts';

type Row = ConfigVariable<unknown> & { readonly name: ConfigName };

/** The default column: what the server uses, or does, while the variable is unset (Markdown). */
function shownDefault(row: Row): string {
  if (row.default === null) return `unset: ${row.shownDefault ?? 'none'}`;
  return row.shownDefault ?? `\`${row.default}\``;
}

/** The meaning, and for a secret where else it may come from (Markdown). */
function meaningOf(row: Row): string {
  if (row.secret !== true) return row.meaning;
  return `${row.meaning}. Secret: or in the file that \`${row.name}${SECRET_FILE_SUFFIX}\` names`;
}

/** The generated part of docs/operations.md, markers included. */
export function renderConfigSection(): string {
  const table = markdownTable(
    ['name', 'meaning', 'default'],
    configTable().map((row) => [`\`${row.name}\``, meaningOf(row), shownDefault(row)]),
  );
  return [
    CONFIG_SECTION_START,
    `<!-- Written by \`${REGENERATE}\` from apps/server/src/config-table.ts: edit the table there. -->`,
    '',
    table,
    '',
    CONFIG_SECTION_END,
  ].join('\n');
}

/** The Markdown with its configuration section replaced; the rest stays as it is. */
export function withConfigSection(markdown: string): string {
  return withSection(markdown, CONFIG_SECTION_START, CONFIG_SECTION_END, renderConfigSection(), 'docs/operations.md');
}

/** Comment lines of at most `width` characters, `# ` included. */
function comment(text: string, width = 94): string[] {
  const lines: string[] = [];
  let current = '#';
  for (const word of text.split(/\s+/)) {
    if (current !== '#' && current.length + 1 + word.length > width) {
      lines.push(current);
      current = '#';
    }
    current += ` ${word}`;
  }
  return [...lines, current];
}

const plain = (markdown: string): string => markdown.replaceAll('`', '');

/** A value that any env-file reader takes as is: no quotes, spaces or `$` to interpret. */
const SAFE_VALUE = /^[\w.:/@-]+$/;

/** The whole of .env.example. */
export function renderEnvExample(): string {
  const header = [
    ...comment(
      "The memoir site's configuration. Every variable is optional: with none set, `pnpm start` runs " +
        'on SQLite under ./data with a generated admin password. Copy this file to .env and change what ' +
        'you need: the server reads .env from the folder it starts in when the file is there, and a ' +
        'variable set in the real environment wins over it. Details: docs/operations.md.',
    ),
    ...comment(`Written by ${REGENERATE} from apps/server/src/config-table.ts: edit the table there.`),
  ];
  const blocks = configTable().map((row) => {
    // A secret's file, as a Docker or Kubernetes secret is mounted.
    const fromFile =
      row.secret === true
        ? [`# ${row.name}${SECRET_FILE_SUFFIX}=/run/secrets/${row.name.toLowerCase().replaceAll('_', '-')}`]
        : [];
    if (row.default !== null && SAFE_VALUE.test(row.default)) {
      return [...comment(plain(meaningOf(row))), `${row.name}=${row.default}`, ...fromFile];
    }
    const example = row.example ?? row.default;
    if (example === null) throw new Error(`${row.name} needs an example for .env.example.`);
    const unset = row.default === null ? shownDefault(row) : `default: ${shownDefault(row)}`;
    return [...comment(plain(`${meaningOf(row)}; ${unset}`)), `# ${row.name}=${example}`, ...fromFile];
  });
  return `${[header, ...blocks].map((lines) => lines.join('\n')).join('\n\n')}\n`;
}

if (require.main === module) {
  writeFileSync(OPERATIONS_FILE, withConfigSection(readFileSync(OPERATIONS_FILE, 'utf8')));
  writeFileSync(ENV_EXAMPLE_FILE, renderEnvExample());
  process.stdout.write(`wrote the configuration section of ${OPERATIONS_FILE}, and ${ENV_EXAMPLE_FILE}\n`);
}
