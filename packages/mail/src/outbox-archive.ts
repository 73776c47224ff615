import { readdir, readFile, stat, unlink } from 'node:fs/promises';
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
    return this.remove(dryRun, async (_path, info) => info.mtime.getTime() < before.getTime());
  }

  /**
   * The emails whose recipients, subject or body mention the address (without regard to
   * case), read as a mail client reads them: a body in base64 or quoted-printable is decoded
   * first, so an address split across encoded lines is found too.
   */
  async removeMentioning(address: string, dryRun: boolean): Promise<number> {
    const wanted = address.toLowerCase();
    return this.remove(dryRun, async (path) => {
      const raw = await readFile(path);
      if (raw.toString('latin1').toLowerCase().includes(wanted)) return true;
      // mailparser is loaded here, by an erasure, not with the server (docs/performance.md).
      const { simpleParser } = await import('mailparser');
      const mail = await simpleParser(raw);
      const recipients = [mail.to, mail.cc, mail.bcc].flat().map((field) => (field === undefined ? '' : field.text));
      const text = [...recipients, mail.subject ?? '', mail.text ?? '', typeof mail.html === 'string' ? mail.html : ''];
      return text.join('\n').toLowerCase().includes(wanted);
    });
  }

  /** Deletes (or, for a dry run, only counts) the `.eml` files `matches` picks; how many. */
  private async remove(
    dryRun: boolean,
    matches: (path: string, info: { readonly mtime: Date }) => Promise<boolean>,
  ): Promise<number> {
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
      if (info === null || !info.isFile() || !(await matches(path, info).catch(() => false))) continue;
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
