import { once } from 'node:events';
import {
  closeSync,
  copyFileSync,
  createReadStream,
  createWriteStream,
  mkdtempSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

import {
  columnsOfVersion,
  dumpColumns,
  dumpDatabase,
  DumpError,
  DUMP_SCHEMA_VERSION,
  loadDatabase,
  OLDEST_READABLE_DUMP,
  upgradeRow,
  type DumpedRow,
} from './dump';
import { createTypeOrmPersistence } from './persistence';
import type { TypeOrmPersistence } from './persistence-options';

/** The first line of a dump file. */
interface DumpHeader {
  readonly format: typeof DUMP_FORMAT;
  readonly schemaVersion: number;
  readonly createdAt: string;
  /** `sqlite` or `mysql`: where it came from (it loads into either). */
  readonly source: string;
  /** Each table's columns. */
  readonly columns: Record<string, string[]>;
}

/** The last line: proof that the file is whole, and what it holds. */
interface DumpTrailer {
  readonly end: true;
  readonly counts: Record<string, number>;
}

export const DUMP_FORMAT = 'memoir-dump';

/** The first bytes of every SQLite database file. */
const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

/** What a file holds, from its first bytes: a SQLite database, a dump (JSON Lines), or neither. */
export function fileKind(path: string): 'sqlite' | 'dump' | 'unknown' {
  const head = Buffer.alloc(SQLITE_MAGIC.length);
  const fd = openSync(path, 'r');
  try {
    const read = readSync(fd, head, 0, head.length, 0);
    if (read === head.length && head.equals(SQLITE_MAGIC)) return 'sqlite';
    return head.subarray(0, read).toString('utf8').trimStart().startsWith('{') ? 'dump' : 'unknown';
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes `path` as the owner's alone (0600) and only when whole: into `<path>.partial` first,
 * renamed at the end, so a failed or interrupted write never leaves a file that looks like a
 * finished one. `path` must not exist yet.
 */
export async function writePrivately(path: string, write: (partial: string) => Promise<void>): Promise<void> {
  closeSync(openSync(path, 'wx', 0o600)); // refuse to overwrite, and reserve the name
  const partial = `${path}.partial`;
  try {
    closeSync(openSync(partial, 'w', 0o600));
    await write(partial);
    renameSync(partial, path);
  } catch (error) {
    rmSync(partial, { force: true });
    rmSync(path, { force: true });
    throw error;
  }
}

/**
 * Writes the whole database to `path` as JSON Lines: a header (format, schema version, source,
 * columns), one row a line, and a trailer with the counts. Streamed: the rows are never all in
 * memory. Returns the counts.
 */
export async function writeDumpFile(persistence: TypeOrmPersistence, path: string): Promise<Record<string, number>> {
  let counts: Record<string, number> = {};
  await writePrivately(path, async (partial) => {
    const out = createWriteStream(partial, { flags: 'w', mode: 0o600 });
    const failed = new Promise<never>((_resolve, reject) => out.once('error', reject));
    const line = async (value: unknown) => {
      if (!out.write(`${JSON.stringify(value)}\n`)) await Promise.race([once(out, 'drain'), failed]);
    };
    const header: DumpHeader = {
      format: DUMP_FORMAT,
      schemaVersion: DUMP_SCHEMA_VERSION,
      createdAt: new Date().toISOString(),
      source: persistence.dialect.kind,
      columns: dumpColumns(persistence),
    };
    await line(header);
    counts = await dumpDatabase(persistence, (row) => line(row));
    const trailer: DumpTrailer = { end: true, counts };
    await line(trailer);
    out.end();
    await Promise.race([once(out, 'finish'), failed]);
  });
  return counts;
}

function parseLine(text: string, number: number): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new DumpError(`Line ${number} of the dump is not JSON: the file is damaged.`);
  }
}

function checkHeader(value: unknown, columns: Record<string, string[]>): DumpHeader {
  const header = value as Partial<DumpHeader> | null;
  if (header?.format !== DUMP_FORMAT || typeof header.schemaVersion !== 'number') {
    throw new DumpError('This file is not a dump of this site (made by `pnpm admin export` or `backup`).');
  }
  if (header.schemaVersion > DUMP_SCHEMA_VERSION) {
    throw new DumpError(
      `The dump was made by a newer version of the site (schema ${header.schemaVersion}; this one reads up to ${DUMP_SCHEMA_VERSION}). Load it with that version or a later one.`,
    );
  }
  if (header.schemaVersion < OLDEST_READABLE_DUMP) {
    throw new DumpError(
      `The dump is of schema ${header.schemaVersion}, older than ${OLDEST_READABLE_DUMP}, the oldest this version reads: load it with the version that made it, start that version once on the loaded database to migrate it, then export again.`,
    );
  }
  if (JSON.stringify(header.columns) !== JSON.stringify(columnsOfVersion(columns, header.schemaVersion))) {
    throw new DumpError('The dump names columns this version does not have: it was not made by this version.');
  }
  return header as DumpHeader;
}

/** The rows of a dump file, checked as they are read: header first, trailer last, counts equal. */
async function* readDumpRows(path: string, columns: Record<string, string[]>): AsyncGenerator<DumpedRow> {
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let number = 0;
  let trailer: DumpTrailer | null = null;
  let version = DUMP_SCHEMA_VERSION;
  const seen: Record<string, number> = {};
  for await (const text of lines) {
    number += 1;
    if (text.trim() === '') continue;
    const value = parseLine(text, number);
    if (number === 1) {
      version = checkHeader(value, columns).schemaVersion;
      continue;
    }
    if (trailer !== null) throw new DumpError(`The dump goes on after its last line (line ${number}).`);
    const item = value as Partial<DumpedRow & DumpTrailer>;
    if (item.end === true) {
      trailer = { end: true, counts: item.counts ?? {} };
      continue;
    }
    if (typeof item.table !== 'string' || typeof item.row !== 'object' || item.row === null) {
      throw new DumpError(`Line ${number} of the dump is not a row: the file is damaged.`);
    }
    seen[item.table] = (seen[item.table] ?? 0) + 1;
    yield { table: item.table, row: upgradeRow(version, item.table, item.row) };
  }
  if (number === 0) throw new DumpError('The file is empty.');
  if (trailer === null) throw new DumpError('The dump ends before its last line: the file was cut short.');
  for (const [table, n] of Object.entries(trailer.counts)) {
    if ((seen[table] ?? 0) !== n) {
      throw new DumpError(`The dump says ${n} rows of ${table} but holds ${seen[table] ?? 0}: the file is damaged.`);
    }
  }
}

/** Loads a dump file into an empty database, in one transaction (see `loadDatabase`). */
export function loadDumpFile(persistence: TypeOrmPersistence, path: string): Promise<Record<string, number>> {
  return loadDatabase(persistence, readDumpRows(path, dumpColumns(persistence)));
}

/**
 * SQLite's own online copy, `VACUUM INTO`: one read transaction (the server goes on writing, in
 * WAL mode), so the file is the database at one instant, compacted, the owner's alone. Open it
 * with `sqlite3`, or load it with `restoreFile`. (The page-by-page backup API starts over
 * whenever another connection writes, so under steady writes it may never finish.)
 */
export async function backupSqliteFile(persistence: TypeOrmPersistence, path: string): Promise<void> {
  if (persistence.dialect.kind !== 'sqlite') throw new DumpError('An SQLite backup needs an SQLite database.');
  await writePrivately(path, async (partial) => {
    await persistence.dataSource.query('VACUUM INTO ?', [partial]);
  });
}

/**
 * Loads a backup or an export into `target` (empty; one transaction): a dump file as it is, an
 * SQLite backup through a private copy (migrated to this version's schema first, so an older
 * backup restores too; the file itself is never changed).
 */
export async function restoreFile(target: TypeOrmPersistence, path: string): Promise<Record<string, number>> {
  const kind = fileKind(path);
  if (kind === 'dump') return loadDumpFile(target, path);
  if (kind === 'unknown') {
    throw new DumpError('This file is neither a backup nor an export of this site (an SQLite database or a dump).');
  }
  const scratch = mkdtempSync(join(tmpdir(), 'memoir-restore-'));
  try {
    const copy = join(scratch, 'backup.sqlite');
    copyFileSync(path, copy);
    const source = await createTypeOrmPersistence({ databaseUrl: `sqlite:${copy}` });
    const dump = join(scratch, 'backup.jsonl');
    try {
      await writeDumpFile(source, dump);
    } finally {
      await source.close();
    }
    return await loadDumpFile(target, dump);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
