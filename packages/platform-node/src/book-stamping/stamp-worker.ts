import { readFile } from 'node:fs/promises';

import type { CopyOwner } from '@memoir/domain';
import Piscina from 'piscina';

import { FontLibrary } from './font-library';
import { checkBook, stampBook } from './stamp-book';

/**
 * A stamping thread of `WorkerPoolBookStamper`'s pool (piscina runs the named exports). Each
 * thread reads the book once and keeps it, and keeps the font slices it has read, so a copy
 * costs one parse of the book and the stamp.
 */

/** What the pool gives each thread. */
export interface StampWorkerData {
  readonly bookPath: string;
  readonly title: string;
}

const { bookPath, title } = Piscina.workerData as StampWorkerData;
const fonts = new FontLibrary();
let book: Promise<Uint8Array> | null = null;

/** The book's bytes, read once; a failed read is not kept, so the next call reads again. */
function source(): Promise<Uint8Array> {
  book ??= readFile(bookPath).catch((error: unknown) => {
    book = null;
    throw error;
  });
  return book;
}

/** Reads and checks the book: its page count, or the reason it is not a usable PDF. */
export async function checkCopy(): Promise<number> {
  return checkBook(await source());
}

/** A reader's copy (a Uint8Array); its bytes move to the caller's thread rather than being copied. */
export async function stampCopy(owner: CopyOwner): Promise<ReturnType<typeof Piscina.move>> {
  const { pdf } = await stampBook(await source(), owner, title, fonts);
  return Piscina.move(pdf);
}
