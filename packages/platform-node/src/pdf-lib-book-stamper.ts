import { readFile } from 'node:fs/promises';

import type { BookStamper, CopyOwner } from '@memoir/domain';

import { FontLibrary } from './book-stamping/font-library';
import { checkBook, stampBook } from './book-stamping/stamp-book';

/**
 * Stamps each reader's copy (`stampBook`): a grey line at the foot of every page ("Prepared
 * for Ada Lovelace <ada@example.org>…"), in the fonts of the name's scripts, and the same
 * words in the document's metadata.
 */
export class PdfLibBookStamper implements BookStamper {
  private source: Promise<Uint8Array> | null = null;
  private readonly fonts = new FontLibrary();

  constructor(
    private readonly path: string,
    private readonly title: string,
  ) {}

  /**
   * Reads and checks the book, once (the server calls it at start, so a missing or broken
   * file stops it there). A failure is not kept: the next call reads the file again.
   */
  load(): Promise<Uint8Array> {
    this.source ??= (async () => {
      const source = await readFile(this.path);
      await checkBook(source);
      return source;
    })().catch((error: unknown) => {
      this.source = null;
      throw error;
    });
    return this.source;
  }

  async stamp(owner: CopyOwner): Promise<Uint8Array> {
    return (await stampBook(await this.load(), owner, this.title, this.fonts)).pdf;
  }
}
