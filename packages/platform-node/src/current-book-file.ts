import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { MediaFile, MediaStore } from '@memoir/domain';

export interface CurrentBookFileOptions {
  /** Where this process keeps the uploaded books it stamps from (`$DATA_DIR/books`). */
  readonly dir: string;
  /** BOOK_PDF_PATH: the book while none was uploaded. */
  readonly fallback: string;
  readonly store: MediaStore;
  /** The newest uploaded book, a few seconds stale at most (ListMediaUseCase.current). */
  readonly newest: () => Promise<MediaFile | null>;
}

/**
 * The book this process stamps copies from, as a file of its own disk: the stamping threads read
 * a book by path (ADR 0009: the kernel copies its bytes into each copy). The newest uploaded
 * book is fetched once from the shared media store, streamed to `<dir>/<sha256>.pdf` (a
 * temporary name, then renamed), and used from then on; until one is uploaded, BOOK_PDF_PATH.
 * Files are named by content, so a copy under way keeps reading its own book while the next
 * one takes the new; the books older than the one before are removed.
 */
export class CurrentBookFile {
  private current: string;
  private refreshing: Promise<string> | null = null;

  constructor(private readonly options: CurrentBookFileOptions) {
    this.current = options.fallback;
  }

  /** The book the next copy is stamped from: what the last `refresh` found. */
  path(): string {
    return this.current;
  }

  /**
   * Looks for a newer uploaded book and fetches it when this process has not yet; resolves to
   * the path then in use. Concurrent calls share one look. `local`: the bytes of a book this
   * process has just taken in (its staged upload), copied by the kernel rather than read back
   * from the store.
   */
  refresh(local?: { readonly fileId: string; readonly path: string }): Promise<string> {
    this.refreshing ??= this.look(local).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async look(local?: { readonly fileId: string; readonly path: string }): Promise<string> {
    const newest = await this.options.newest();
    if (newest?.fileId == null) {
      this.current = this.options.fallback;
      return this.current;
    }
    const path = join(this.options.dir, newest.fileId);
    if (path !== this.current) {
      if ((await sizeOf(path)) !== newest.bytes) await this.fetch(newest.fileId, path, local);
      const previous = this.current;
      this.current = path;
      await this.removeOthers([path, previous]);
    }
    return this.current;
  }

  /** Streams the stored book to `path`, through a temporary name, so a half-written book is never read. */
  private async fetch(
    fileId: string,
    path: string,
    local?: { readonly fileId: string; readonly path: string },
  ): Promise<void> {
    await mkdir(this.options.dir, { recursive: true, mode: 0o700 });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.part`;
    try {
      if (local?.fileId === fileId) await copyFile(local.path, temporary);
      else
        await pipeline(Readable.from(this.options.store.read(fileId)), createWriteStream(temporary, { mode: 0o600 }));
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  /** Removes the books of this folder but `keep` (a copy under way may still read the one before). */
  private async removeOthers(keep: readonly string[]): Promise<void> {
    const names = await readdir(this.options.dir).catch(() => [] as string[]);
    for (const name of names) {
      const path = join(this.options.dir, name);
      if (!keep.includes(path) && name.endsWith('.pdf')) await rm(path, { force: true });
    }
  }
}

async function sizeOf(path: string): Promise<number | null> {
  try {
    return (await stat(path)).size;
  } catch {
    return null;
  }
}
