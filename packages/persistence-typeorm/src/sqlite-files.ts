import { chmodSync, closeSync, existsSync, fchmodSync, lstatSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

/** The files SQLite keeps beside a database: its write-ahead log, shared memory and journal. */
const COMPANIONS = ['', '-wal', '-shm', '-journal'];

/** Group and other permissions: none of them may be set on the database's files. */
const NOT_OWNER = 0o077;

/**
 * Before SQLite opens `path`: its missing folders are made readable by their owner only (0700),
 * and a missing database file is created empty with 0600. SQLite would create it with 0644,
 * and it gives the -wal, -shm and -journal files it makes later the database file's own mode,
 * so they are private too. Exact modes, whatever the umask.
 */
export function createPrivateSqliteFile(path: string): void {
  const folder = dirname(path);
  if (!existsSync(folder)) {
    const first = mkdirSync(folder, { recursive: true, mode: 0o700 });
    for (let dir = folder; first !== undefined; dir = dirname(dir)) {
      chmodSync(dir, 0o700);
      if (dir === first || dirname(dir) === dir) break;
    }
  }
  if (existsSync(path)) return;
  const fd = openSync(path, 'a', 0o600);
  try {
    fchmodSync(fd, 0o600);
  } finally {
    closeSync(fd);
  }
}

/** A file found readable by others. */
export interface LooseFileMode {
  readonly path: string;
  /** Its permission bits as found, e.g. 0o644. */
  readonly mode: number;
  /** Now its owner's alone; false when this process may not change it (another user owns it). */
  readonly tightened: boolean;
}

/**
 * The database's files that others could read, made readable by their owner only, each told to
 * `report` (the server logs it). A database made by an earlier release, or copied in with a
 * loose mode, is private from its next start on.
 */
export function tightenSqliteFiles(path: string, report?: (file: LooseFileMode) => void): void {
  for (const file of COMPANIONS.map((suffix) => `${path}${suffix}`)) {
    let mode: number;
    try {
      const stat = lstatSync(file);
      if (!stat.isFile()) continue;
      mode = stat.mode & 0o777;
    } catch {
      continue; // not there
    }
    if ((mode & NOT_OWNER) === 0) continue;
    let tightened = true;
    try {
      chmodSync(file, mode & ~NOT_OWNER);
    } catch {
      tightened = false;
    }
    report?.({ path: file, mode, tightened });
  }
}
