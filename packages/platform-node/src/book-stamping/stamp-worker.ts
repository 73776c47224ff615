import { constants, readlinkSync } from 'node:fs';
import { appendFile, chmod, copyFile, readFile, rm, stat } from 'node:fs/promises';
import { setPriority } from 'node:os';

import type { CopyOwner } from '@memoir/domain';
import Piscina from 'piscina';

import { planBook, type BookPlan } from './book-plan';
import type { FontLibrary } from './font-library';
import type { stampUpdate } from './stamp-book';

/**
 * A stamping thread of `WorkerPoolBookStamper`'s pool (piscina runs the named exports). Each
 * thread plans the book once (`planBook`: the parts of a copy that are the same for every
 * reader) and keeps the font slices it has read, so a copy costs the stamp's layout and fonts,
 * and the writing of the copy: the book's bytes as they are, followed by an incremental update.
 */

/** What the pool gives each thread. */
export interface StampWorkerData {
  readonly title: string;
}

const { title } = Piscina.workerData as StampWorkerData;

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

/**
 * The book file's path, size and modification time: when they change (the owner uploaded a new
 * book, or BOOK_PDF_PATH's file was replaced), the book is planned again.
 */
async function bookVersion(bookPath: string): Promise<string> {
  const { size, mtimeMs } = await stat(bookPath);
  return `${bookPath}:${size}:${mtimeMs}`;
}

/** The book's plan (`planBook`), and the file's version (`bookVersion`) it was made from. */
let planned: { readonly key: string; readonly plan: Promise<BookPlan> } | null = null;

/**
 * The book read and planned once (a few hundred milliseconds and a parse of the whole book,
 * which is then let go: the plan keeps a few bytes a page), and again only when the file
 * changes (its size or modification time). A failed plan is not kept, so the next call tries
 * again.
 */
async function currentPlan(bookPath: string): Promise<{ readonly plan: BookPlan; readonly version: string }> {
  const key = await bookVersion(bookPath);
  if (planned?.key !== key) {
    const plan = readFile(bookPath).then((bytes) => planBook(bytes));
    const entry = { key, plan };
    planned = entry;
    plan.catch(() => {
      if (planned === entry) planned = null;
    });
  }
  return { plan: await planned.plan, version: key };
}

interface Stamping {
  readonly stampUpdate: typeof stampUpdate;
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
    return { stampUpdate: stamper.stampUpdate, fonts };
  })().catch((error: unknown) => {
    stamping = null;
    throw error;
  });
  return stamping;
}

/** What every task names: the book file it is about. */
export interface BookTask {
  readonly bookPath: string;
}

/**
 * Reads, checks and plans the book: its page count, or the reason it is not a usable PDF.
 * Then, in the background, readies the thread for its first copy.
 */
export async function checkCopy({ bookPath }: BookTask): Promise<number> {
  const { pageCount } = (await currentPlan(bookPath)).plan;
  setImmediate(() => void loadStamping().catch(() => undefined)); // a failure shows at the first copy
  return pageCount;
}

/** The update that makes a reader's copy of the planned book. */
async function updateFor(
  owner: CopyOwner,
  bookPath: string,
): Promise<{ readonly plan: BookPlan; readonly version: string; readonly update: Uint8Array }> {
  const [{ stampUpdate: stamp, fonts }, { plan, version }] = await Promise.all([loadStamping(), currentPlan(bookPath)]);
  const { update } = await stamp(plan, owner, title, fonts);
  return { plan, version, update };
}

const changedMidway = (): Error => new Error('The book file changed while a copy was made; try again.');

/** A reader's copy (a Uint8Array): the book's bytes and the update; they move to the caller's thread rather than being copied. */
export async function stampCopy({ owner, bookPath }: CopyOfBook): Promise<ReturnType<typeof Piscina.move>> {
  const { plan, update } = await updateFor(owner, bookPath);
  const book = await readFile(bookPath);
  if (book.length !== plan.base.size) throw changedMidway();
  const pdf = new Uint8Array(book.length + update.length);
  pdf.set(book);
  pdf.set(update, book.length);
  return Piscina.move(pdf);
}

/** What `stampCopy` is given: whose copy, of which book. */
export interface CopyOfBook extends BookTask {
  readonly owner: CopyOwner;
}

/** What `stampCopyToFile` is given. */
export interface CopyToFile extends CopyOfBook {
  /** A file that must not exist yet, in a folder that does. */
  readonly path: string;
}

/**
 * Writes a reader's copy to a new file (mode 0600): the book copied as it is (`fs.copyFile`,
 * which leaves the bytes to the kernel), then the update appended. The thread holds the update
 * only, some kilobytes, however large the book. Resolves to the copy's size.
 */
export async function stampCopyToFile({ owner, path, bookPath }: CopyToFile): Promise<number> {
  const { plan, version, update } = await updateFor(owner, bookPath);
  await copyFile(bookPath, path, constants.COPYFILE_EXCL);
  try {
    await chmod(path, 0o600);
    // The update fits the bytes it was planned on only: a book replaced meanwhile fails this copy (the next plans again).
    if ((await stat(path)).size !== plan.base.size || (await bookVersion(bookPath)) !== version) throw changedMidway();
    await appendFile(path, update);
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
  return plan.base.size + update.length;
}
