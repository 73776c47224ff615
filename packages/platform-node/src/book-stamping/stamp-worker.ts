import { readlinkSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';

import type { CopyOwner } from '@memoir/domain';
import Piscina from 'piscina';

import { checkBook } from './check-book';
import type { FontLibrary } from './font-library';
import type { stampBook } from './stamp-book';

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

/** The stamping thread's nice value: below the server's own thread, still well above idle. */
export const STAMPING_NICENESS = 10;

/**
 * The stamping thread yields the CPU to the server's event loop: on Linux each thread is a task
 * of its own, whose nice value can be raised alone (`/proc/thread-self` names its id), and
 * raising it needs no privilege. A copy then takes the CPU the visitors' requests leave, rather
 * than half of it. Elsewhere, or when refused, the thread keeps the process's priority.
 */
function yieldToTheServer(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, STAMPING_NICENESS);
  } catch {
    // Not Linux, or not allowed: nothing changes.
  }
}
yieldToTheServer();
let book: Promise<Uint8Array> | null = null;

/** The book's bytes, read once; a failed read is not kept, so the next call reads again. */
function source(): Promise<Uint8Array> {
  book ??= readFile(bookPath).catch((error: unknown) => {
    book = null;
    throw error;
  });
  return book;
}

interface Stamping {
  readonly stamp: typeof stampBook;
  readonly fonts: FontLibrary;
}
let stamping: Promise<Stamping> | null = null;

/**
 * The stamping code (fonts, shaping, bidi: a few hundred milliseconds to load) and the Latin
 * font every line uses, loaded on first need, so that checking the book at the server's start
 * does not wait for them.
 */
function loadStamping(): Promise<Stamping> {
  stamping ??= (async () => {
    const [stamper, { FontLibrary }] = await Promise.all([import('./stamp-book'), import('./font-library')]);
    const fonts = new FontLibrary();
    await fonts.faceFor('P'.codePointAt(0) ?? 0, ['latin']);
    return { stamp: stamper.stampBook, fonts };
  })().catch((error: unknown) => {
    stamping = null;
    throw error;
  });
  return stamping;
}

/**
 * Reads and checks the book: its page count, or the reason it is not a usable PDF. Then, in
 * the background, readies the thread for its first copy.
 */
export async function checkCopy(): Promise<number> {
  const pages = await checkBook(await source());
  setImmediate(() => void loadStamping().catch(() => undefined)); // a failure shows at the first copy
  return pages;
}

/** A reader's copy (a Uint8Array); its bytes move to the caller's thread rather than being copied. */
export async function stampCopy(owner: CopyOwner): Promise<ReturnType<typeof Piscina.move>> {
  const [{ stamp, fonts }, bytes] = await Promise.all([loadStamping(), source()]);
  const { pdf } = await stamp(bytes, owner, title, fonts);
  return Piscina.move(pdf);
}
