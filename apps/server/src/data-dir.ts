import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

import type { LooseFileMode } from '@memoir/persistence-typeorm';
import type { Logger } from 'pino';

// DATA_DIR holds the readers' details (the SQLite files), the first admin's password and
// working download links (the outbox): every folder in it is 0700 and every file 0600, exactly,
// whatever the umask. What the server writes there it creates so; what it finds looser at
// start (an earlier release's files, a copy, a backup someone put there) it tightens and says so.

/** Group and other permissions: none may be set on anything in DATA_DIR. */
const NOT_OWNER = 0o077;

/** Makes `dir` and its missing parents, each 0700 exactly (mkdir's mode is masked by the umask). */
export function makePrivateDir(dir: string): void {
  const first = mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (first === undefined) return;
  for (let made = dir; ; made = dirname(made)) {
    chmodSync(made, 0o700);
    if (made === first || dirname(made) === made) return;
  }
}

/**
 * Takes group and other permissions off DATA_DIR and everything below it (symbolic links are
 * neither followed nor changed), and tells `report` of each entry it found loose. Nothing
 * happens when the folder does not exist yet: what creates it creates it private.
 */
export function tightenDataDir(dataDir: string, report: (file: LooseFileMode) => void): void {
  if (!existsSync(dataDir)) return;
  const visit = (path: string): void => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    const mode = stat.mode & 0o777;
    if ((mode & NOT_OWNER) !== 0) {
      let tightened = true;
      try {
        chmodSync(path, mode & ~NOT_OWNER);
      } catch {
        tightened = false; // another user's file: said in the log
      }
      report({ path, mode, tightened });
    }
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
  };
  visit(dataDir);
}

/** Logs loose files found at start: one warning for those made private, one for those that could not be. */
export function logLooseFiles(logger: Logger, dataDir: string, files: readonly LooseFileMode[]): void {
  const describe = (file: LooseFileMode) => {
    const inside = relative(dataDir, file.path);
    const name = inside === '' ? '.' : inside.startsWith('..') ? file.path : inside;
    return `${name} (was ${file.mode.toString(8).padStart(4, '0')})`;
  };
  const listed = (subset: readonly LooseFileMode[]) => ({
    dataDir,
    files: subset.slice(0, 50).map(describe),
    ...(subset.length > 50 ? { more: subset.length - 50 } : {}),
  });
  const done = files.filter((file) => file.tightened);
  const stuck = files.filter((file) => !file.tightened);
  if (done.length > 0) {
    logger.warn(listed(done), 'tightened the permissions of files others could read: now their owner’s alone');
  }
  if (stuck.length > 0) {
    logger.warn(
      listed(stuck),
      'files others can read that this process may not change: make them readable by the server’s user only',
    );
  }
}
