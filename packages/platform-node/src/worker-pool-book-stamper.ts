import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

import { BookStamperBusyError, type BookStampPlace, type CopyOwner, type QueuedBookStamper } from '@memoir/domain';
import type Piscina from 'piscina';

import { checkBookFile } from './book-stamping/book-file';
import type { CopyToFile, StampWorkerData } from './book-stamping/stamp-worker';

/**
 * Threads stamping at once, at most: each holds its fonts and a plan of the book, so more
 * threads cost memory in step, while this site's readers rarely download several copies in
 * the same second.
 */
export const MAX_STAMP_THREADS = 4;

/** Copies that may wait for a thread, per thread, by default. */
export const WAITING_PER_THREAD = 4;

export interface WorkerPoolBookStamperOptions {
  /** The book every copy is stamped from. */
  readonly bookPath: string;
  /** The title the copies' metadata gives. */
  readonly title: string;
  /**
   * Copies stamped at once; by default one per core but one, from 1 to MAX_STAMP_THREADS: a
   * core is left to the event loop, which otherwise answers everyone else late while every
   * core stamps (measured: on 2 cores, the public list's p99 went from 10 to 261 ms with 2
   * threads stamping; docs/performance.md).
   */
  readonly threads?: number;
  /** Copies that may wait for a thread; past these, the stamper is busy. By default WAITING_PER_THREAD per thread. */
  readonly waiting?: number;
  /** The thread's code: the built stamp worker by default (tests give their own). */
  readonly workerFile?: string;
}

/** A place in a stamper that can also write the copy straight to a file. */
export interface FileBookStampPlace extends BookStampPlace {
  /**
   * Makes the copy as a new file at `path` (mode 0600; its folder must exist), rather than
   * handing its bytes over; the place is free again when it settles.
   */
  stampToFile(owner: CopyOwner, path: string): Promise<void>;
}

/** True for a place that writes its copy to a file itself (`FileBookStampPlace`). */
export function writesToFile(place: BookStampPlace): place is FileBookStampPlace {
  return typeof (place as Partial<FileBookStampPlace>).stampToFile === 'function';
}

/**
 * Stamps each reader's copy (`stampBook`) in a pool of worker threads (piscina), off the
 * event loop: a 300-page book takes a thread over a tenth of a second, during which the
 * server answers everyone else. The pool has `threads` threads and room for `waiting` copies
 * more; a copy beyond that is refused at once with `BookStamperBusyError`, so however many
 * readers click at the same moment, the memory and the wait stay bounded.
 *
 * Nothing is started until it is wanted: the pool (and piscina's code) with the first copy or
 * `warmUp`, so that a server that stamps nothing pays no thread, no font and no plan of the
 * book (docs/performance.md). Then it keeps one thread warm and lets the others go after a
 * minute idle; `close` ends it.
 */
export class WorkerPoolBookStamper implements QueuedBookStamper {
  /** Copies in the pool's hands, and places held for copies about to be: never above `capacity`. */
  private held = 0;
  private pool: Promise<Piscina> | null = null;
  private closed = false;
  readonly threads: number;
  readonly capacity: number;

  constructor(private readonly options: WorkerPoolBookStamperOptions) {
    this.threads = Math.max(1, Math.floor(options.threads ?? Math.min(availableParallelism() - 1, MAX_STAMP_THREADS)));
    this.capacity = this.threads + Math.max(0, Math.floor(options.waiting ?? WAITING_PER_THREAD * this.threads));
  }

  /**
   * Checks the book file without parsing it (`checkBookFile`: there, a PDF, whole, not
   * encrypted), in a few milliseconds: the server calls it before it listens, so that a wrong
   * BOOK_PDF_PATH stops the start rather than the first reader's download.
   */
  load(): Promise<void> {
    return checkBookFile(this.options.bookPath);
  }

  /**
   * Starts a thread, which parses the book (resolving to its page count, or rejecting when the
   * PDF library cannot read it) and then loads the stamping code and the Latin font: after
   * it, the first copy is as quick as the next. The server does not call it: a thread holds
   * some 30 MB and its start costs some 300 ms of CPU, which the first copy pays instead.
   */
  warmUp(): Promise<number> {
    return this.run<number>('checkCopy', undefined);
  }

  reserve(): FileBookStampPlace {
    if (this.closed) throw new Error('The book stamper is closed.');
    if (this.held >= this.capacity) throw new BookStamperBusyError();
    this.held += 1;
    let [taken, freed] = [false, false];
    const free = (): void => {
      if (freed) return;
      freed = true;
      this.held -= 1;
    };
    const use = <T>(name: 'stampCopy' | 'stampCopyToFile', task: CopyOwner | CopyToFile): Promise<T> => {
      if (taken || freed)
        return Promise.reject(new Error('This place in the book stamper was already used or released.'));
      taken = true;
      return this.run<T>(name, task).finally(free);
    };
    return {
      stamp: (owner) => use<Uint8Array>('stampCopy', owner),
      stampToFile: (owner, path) => use<number>('stampCopyToFile', { owner, path }).then(() => undefined),
      release: () => {
        if (!taken) free();
      },
    };
  }

  stamp(owner: CopyOwner): Promise<Uint8Array> {
    try {
      return this.reserve().stamp(owner);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * Ends the threads at once: copies under way or waiting fail, and so do later calls. The
   * server calls it once its requests are done, so nothing a reader waits for is lost.
   */
  async close(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = null;
    await (await pool?.catch(() => null))?.destroy();
  }

  private async run<T>(
    name: 'checkCopy' | 'stampCopy' | 'stampCopyToFile',
    task: CopyOwner | CopyToFile | undefined,
  ): Promise<T> {
    if (this.closed) throw new Error('The book stamper is closed.');
    this.pool ??= this.startPool();
    const pool = await this.pool;
    if (this.closed) throw new Error('The book stamper is closed.'); // closed while piscina loaded
    try {
      return (await pool.run(task, { name })) as T;
    } catch (error) {
      // The pool's own bound, behind `held`: refused all the same, as busy.
      if (error instanceof Error && error.message === 'Task queue is at limit') throw new BookStamperBusyError();
      throw error;
    }
  }

  private async startPool(): Promise<Piscina> {
    const workerData: StampWorkerData = { bookPath: this.options.bookPath, title: this.options.title };
    const filename = this.options.workerFile ?? builtWorkerFile();
    const Piscina = (await import('piscina')).default;
    return new Piscina({
      filename,
      minThreads: 1,
      maxThreads: this.threads,
      // `held` keeps the queue within this already (a warm-up aside); a second guard.
      maxQueue: this.capacity,
      idleTimeout: 60_000,
      workerData,
    });
  }
}

/**
 * The compiled worker, beside this file's compiled form. Tests run this file as TypeScript
 * from src/, and the worker thread cannot load TypeScript: they use the build (`pnpm build`
 * first, which `pnpm test` does).
 */
function builtWorkerFile(): string {
  const dist = __filename.endsWith('.ts') ? join(__dirname, '..', 'dist') : __dirname;
  const file = join(dist, 'book-stamping', 'stamp-worker.js');
  if (!existsSync(file)) throw new Error(`The stamping worker ${file} is not built: run pnpm build.`);
  return file;
}
