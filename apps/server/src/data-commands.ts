import { statSync } from 'node:fs';

import {
  backupSqliteFile,
  createTypeOrmPersistence,
  DumpError,
  fileKind,
  loadDumpFile,
  restoreFile,
  writeDumpFile,
} from '@memoir/persistence-typeorm';

import type { ServerConfig } from './config';

/** `pnpm admin <command> <file>`: the database to and from a file (docs/operations.md#backups). */
export const DATA_COMMANDS = ['backup', 'restore', 'export', 'import'] as const;
export type DataCommand = (typeof DATA_COMMANDS)[number];

export const isDataCommand = (command: string | undefined): command is DataCommand =>
  (DATA_COMMANDS as readonly string[]).includes(command ?? '');

export const DATA_USAGE = `  backup <file>               an online, consistent copy of the database while the server runs
                              (SQLite: a database file; MySQL: a dump), readable by you alone
  restore <file>              load a backup or an export into an empty database
  export <file>               the whole database as JSON Lines, for either kind of database
  import <file>               load an export into an empty database (SQLite or MySQL)`;

const describeCounts = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .map(([table, n]) => `${table} ${n.toLocaleString('en-US')}`)
    .join(', ');

/** A message for what went wrong with the file or the database, without a stack. */
function explain(error: unknown, file: string): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'EEXIST') return `${file} already exists: choose another name (a backup never overwrites a file).`;
  if (code === 'ENOENT') return `${file} does not exist, or its folder does not.`;
  if (code === 'EACCES') return `${file}: permission denied.`;
  if (error instanceof DumpError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** What a backup or an export says of the uploads when they are in a bucket, not in the database. */
export const MEDIA_APART_NOTE =
  'The uploaded book and images are in the object store (MEDIA_S3_URL), not in this file: back the bucket up apart.';

/** Runs one data command against the configured database. Returns the exit status. */
export async function runDataCommand(command: DataCommand, file: string, config: ServerConfig): Promise<number> {
  const code = await runOn(command, file, config);
  if (code === 0 && (command === 'backup' || command === 'export') && config.mediaS3Url !== null) {
    process.stdout.write(`${MEDIA_APART_NOTE}\n`);
  }
  return code;
}

async function runOn(command: DataCommand, file: string, config: ServerConfig): Promise<number> {
  if (command === 'import' || command === 'restore') {
    let kind: ReturnType<typeof fileKind>;
    try {
      kind = fileKind(file);
    } catch (error) {
      process.stderr.write(`${explain(error, file)}\n`);
      return 1;
    }
    if (command === 'import' && kind !== 'dump') {
      process.stderr.write(
        kind === 'sqlite'
          ? `${file} is an SQLite backup, not an export: load it with \`pnpm admin restore ${file}\`.\n`
          : `${file} is not an export of this site (made by \`pnpm admin export\`).\n`,
      );
      return 1;
    }
  }
  const persistence = await createTypeOrmPersistence({ databaseUrl: config.databaseUrl, baseDir: config.rootDir });
  try {
    switch (command) {
      case 'backup': {
        if (persistence.dialect.kind === 'sqlite') {
          await backupSqliteFile(persistence, file);
          const bytes = statSync(file).size;
          process.stdout.write(`Backed up the SQLite database to ${file} (${bytes.toLocaleString('en-US')} bytes).\n`);
        } else {
          const counts = await writeDumpFile(persistence, file);
          process.stdout.write(`Backed up the MySQL database to ${file}: ${describeCounts(counts)}.\n`);
        }
        return 0;
      }
      case 'export': {
        const counts = await writeDumpFile(persistence, file);
        process.stdout.write(`Exported to ${file}: ${describeCounts(counts)}.\n`);
        return 0;
      }
      case 'restore':
      case 'import': {
        const counts =
          command === 'restore' ? await restoreFile(persistence, file) : await loadDumpFile(persistence, file);
        process.stdout.write(`Loaded ${file}: ${describeCounts(counts)}.\n`);
        return 0;
      }
    }
  } catch (error) {
    process.stderr.write(`${explain(error, file)}\n`);
    return 1;
  } finally {
    await persistence.close();
  }
}
