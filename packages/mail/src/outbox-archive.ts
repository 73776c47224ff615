import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';

import type { SentEmailArchive } from '@memoir/domain';

/**
 * The outbox folder's `.eml` files as the retention job sees them: each is a sent email (and
 * holds a working download link while it lasts), written once, so its modification time is
 * when it was sent. Other files in the folder are left alone; a missing folder holds nothing.
 */
export class OutboxFolderArchive implements SentEmailArchive {
  constructor(private readonly options: { readonly dir: string }) {}

  async removeWrittenBefore(before: Date, dryRun: boolean): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.options.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names.filter((file) => file.endsWith('.eml'))) {
      const path = join(this.options.dir, name);
      const info = await stat(path).catch(() => null); // gone meanwhile (another process's run)
      if (info === null || !info.isFile() || info.mtime.getTime() >= before.getTime()) continue;
      if (!dryRun) {
        try {
          await unlink(path);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw error;
        }
      }
      removed += 1;
    }
    return removed;
  }
}
