import { existsSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

import { BookStamperBusyError, type BookStampPlace, type CopyOwner, type QueuedBookStamper } from '@memoir/domain';
import type Piscina from 'piscina';

import { checkBookFile } from './book-stamping/book-file';
import type { BookTask, CopyOfBook, CopyToFile, StampWorkerData } from './book-stamping/stamp-worker';

/**
 * Threads stamping at once, at most: each holds its fonts and a plan of the book, so more
 * threads cost memory in step, while this site's readers rarely download several copies in
 * the same second.
 */
export const MAX_STAMP_THREADS = 4;

/**
 * A stamping thread's V8 heap. Without limits V8 sizes a thread's heap from the machine's
 * memory and collects lazily: 400 copies in a row grew the process by 71 MB, against 16-19 MB
 * with these (a thread of its own, the 6.2 MB benchmark book; docs/performance.md). The old
 * generation has room for the plan of a much larger book (a 1,500-page, 29 MB book planned
 * and stamped within 128 MB).
 */
export const STAMP_THREAD_HEAP = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 8 } as const;

/**
 * How long a copy may wait for a thread, by default: past it the reader is told the stamper is
 * busy (and their page tries again). A copy takes 20-80 ms, so two minutes is some thousands
 * of readers ahead: only a real overload comes near it.
 */
export const DEFAULT_MAX_WAIT_MS = 120_000;

/**
 * The bytes of book the queue may hold at once, by default: each copy in it (waiting or being
 * stamped) counts the book's size, which it writes to the copies' folder and then sends. 4 GiB
 * is some 660 copies of a 6 MB book at once, tens of thousands of a small one. A waiting copy
 * itself holds little memory (its reader's request and a task); what the bound keeps within
 * reach is the disk and the sending that a crowd's copies bring.
 */
export const DEFAULT_MAX_QUEUE_BYTES = 4096 * 1024 * 1024;

/** What a copy is taken to take before any was timed (a copy of a 320-page book: 20-80 ms). */
const FIRST_STAMP_ESTIMATE_MS = 100;

export interface WorkerPoolBookStamperOptions {
  /**
   * The book every copy is stamped from: a path, or a function read as each copy takes its place
   * (the newest book the owner uploaded, else BOOK_PDF_PATH), so a new book is used by the next
   * copy while copies under way finish with theirs.
   */
  readonly bookPath: string | (() => string);
  /** The title the copies' metadata gives. */
  readonly title: string;
  /**
   * Copies stamped at once; by default one per core but one, from 1 to MAX_STAMP_THREADS: a
   * core is left to the event loop, which otherwise answers everyone else late while every
   * core stamps (measured: on 2 cores, the public list's p99 went from 10 to 261 ms with 2
   * threads stamping; docs/performance.md).
   */
  readonly threads?: number;
  /**
   * STAMP_QUEUE_MAX_MB: the bytes of book the copies in the queue may count together, each the
   * book's size; a copy past it is refused at once as busy. DEFAULT_MAX_QUEUE_BYTES by default.
   */
  readonly maxQueueBytes?: number;
  /**
   * STAMP_QUEUE_MAX_WAIT_SECONDS: how long a copy may wait for a thread. A copy that would wait
   * longer (by the copies ahead of it and the time a copy has been taking) is refused at once
   * as busy, and one that did wait that long leaves the queue as busy. DEFAULT_MAX_WAIT_MS.
   */
  readonly maxWaitMs?: number;
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

type TaskName = 'checkCopy' | 'stampCopy' | 'stampCopyToFile';
type Task = BookTask | CopyOfBook | CopyToFile;

/** A copy waiting for a thread, in the order its reader asked. */
interface Waiting {
  readonly name: TaskName;
  readonly task: Task;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
  readonly timer: NodeJS.Timeout;
}

/**
 * Stamps each reader's copy (`stampBook`) in a pool of worker threads (piscina), off the
 * event loop: a 300-page book takes a thread some tens of milliseconds, during which the
 * server answers everyone else. Copies beyond the threads wait in a queue of our own, served
 * in the order they came, bounded by memory and by time rather than by a count: the copies in
 * it count the book's bytes each, up to `maxQueueBytes`, and none waits longer than
 * `maxWaitMs`. A copy beyond either is refused with `BookStamperBusyError`, at once when it
 * can be told then, so however many readers click at the same moment, the memory and the wait
 * stay bounded, and a crowd of readers is served rather than turned away.
 *
 * Nothing is started until it is wanted: the pool (and piscina's code) with the first copy or
 * `warmUp`, so that a server that stamps nothing pays no thread, no font and no plan of the
 * book (docs/performance.md). Then it keeps one thread warm and lets the others go after a
 * minute idle; `close` ends it.
 */
export class WorkerPoolBookStamper implements QueuedBookStamper {
  /** Bytes counted for the places held: copies waiting, being stamped, or about to be. */
  private heldBytes = 0;
  /** Copies in a thread's hands now: at most `threads`. */
  private running = 0;
  private readonly queue: Waiting[] = [];
  /** How long a copy has been taking, smoothed: what the time bound reckons the wait with. */
  private stampMs = FIRST_STAMP_ESTIMATE_MS;
  private pool: Promise<Piscina> | null = null;
  private closed = false;
  readonly threads: number;
  readonly maxQueueBytes: number;
  readonly maxWaitMs: number;

  constructor(private readonly options: WorkerPoolBookStamperOptions) {
    this.threads = Math.max(1, Math.floor(options.threads ?? Math.min(availableParallelism() - 1, MAX_STAMP_THREADS)));
    this.maxQueueBytes = Math.max(0, options.maxQueueBytes ?? DEFAULT_MAX_QUEUE_BYTES);
    this.maxWaitMs = Math.max(0, options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS);
  }

  /** Copies waiting for a thread now, for the metrics and the tests. */
  get waiting(): number {
    return this.queue.length;
  }

  /**
   * Checks the book file without parsing it (`checkBookFile`: there, a PDF, whole, not
   * encrypted), in a few milliseconds: the server calls it before it listens, so that a wrong
   * BOOK_PDF_PATH stops the start rather than the first reader's download.
   */
  load(): Promise<void> {
    return checkBookFile(this.bookPath());
  }

  /** The book the next copy is stamped from. */
  bookPath(): string {
    const { bookPath } = this.options;
    return typeof bookPath === 'string' ? bookPath : bookPath();
  }

  /**
   * Starts a thread, which parses the book (resolving to its page count, or rejecting when the
   * PDF library cannot read it) and then loads the stamping code and the Latin font: after
   * it, the first copy is as quick as the next. The server does not call it: a thread holds
   * some 30 MB and its start costs some 300 ms of CPU, which the first copy pays instead.
   */
  warmUp(): Promise<number> {
    return this.run<number>('checkCopy', { bookPath: this.bookPath() });
  }

  /**
   * A place for one copy, counting the book's size against `maxQueueBytes`; refused at once as
   * busy when the queue holds as many bytes as it may, or when the copies ahead would keep this
   * one waiting longer than `maxWaitMs`.
   */
  reserve(): FileBookStampPlace {
    if (this.closed) throw new Error('The book stamper is closed.');
    const bookPath = this.bookPath();
    const bytes = this.copyBytes(bookPath);
    const heldAfter = this.heldBytes + bytes;
    const waitMs = (this.queue.length / this.threads) * this.stampMs;
    if ((heldAfter > this.maxQueueBytes && this.heldBytes > 0) || waitMs > this.maxWaitMs)
      throw new BookStamperBusyError();
    this.heldBytes = heldAfter;
    let [taken, freed] = [false, false];
    const free = (): void => {
      if (freed) return;
      freed = true;
      this.heldBytes -= bytes;
    };
    const use = <T>(name: 'stampCopy' | 'stampCopyToFile', task: CopyOfBook | CopyToFile): Promise<T> => {
      if (taken || freed)
        return Promise.reject(new Error('This place in the book stamper was already used or released.'));
      taken = true;
      return this.run<T>(name, task).finally(free);
    };
    return {
      stamp: (owner) => use<Uint8Array>('stampCopy', { owner, bookPath }),
      stampToFile: (owner, path) => use<number>('stampCopyToFile', { owner, path, bookPath }).then(() => undefined),
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
    for (const waiting of this.queue.splice(0)) {
      clearTimeout(waiting.timer);
      waiting.reject(new Error('The book stamper is closed: this copy was not made.'));
    }
    const pool = this.pool;
    this.pool = null;
    await (await pool?.catch(() => null))?.destroy();
  }

  /** What a copy counts against `maxQueueBytes`: the book's size, read now (the book may be replaced). */
  private copyBytes(bookPath: string): number {
    try {
      return statSync(bookPath).size;
    } catch {
      return 0; // no book: the copy fails on its own, and says why
    }
  }

  /** Queues a task; it runs when a thread is free and every task before it has gone. */
  private run<T>(name: TaskName, task: Task): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The book stamper is closed.'));
    return new Promise<T>((resolve, reject) => {
      const waiting: Waiting = {
        name,
        task,
        resolve: resolve as (value: unknown) => void,
        reject,
        timer: setTimeout(() => {
          const at = this.queue.indexOf(waiting);
          if (at === -1) return;
          this.queue.splice(at, 1);
          reject(new BookStamperBusyError()); // waited as long as a reader may: their page tries again
        }, this.maxWaitMs).unref(),
      };
      this.queue.push(waiting);
      this.next();
    });
  }

  /** Hands the first waiting tasks to the threads, as many as are free. */
  private next(): void {
    while (this.running < this.threads && this.queue.length > 0) {
      const { name, task, resolve, reject, timer } = this.queue.shift() as Waiting;
      clearTimeout(timer);
      this.running += 1;
      const started = performance.now();
      this.dispatch(name, task)
        .then((value) => {
          // Smoothed, so that one slow copy (the thread's first) does not turn the next readers away.
          if (name === 'stampCopy' || name === 'stampCopyToFile')
            this.stampMs = 0.8 * this.stampMs + 0.2 * (performance.now() - started);
          resolve(value);
        }, reject)
        .finally(() => {
          this.running -= 1;
          this.next();
        });
    }
  }

  private async dispatch(name: TaskName, task: Task): Promise<unknown> {
    if (this.closed) throw new Error('The book stamper is closed.');
    this.pool ??= this.startPool();
    const pool = await this.pool;
    if (this.closed) throw new Error('The book stamper is closed.'); // closed while piscina loaded
    try {
      return (await pool.run(task, { name })) as unknown;
    } catch (error) {
      // The pool's own bound, behind ours: refused all the same, as busy.
      if (error instanceof Error && error.message === 'Task queue is at limit') throw new BookStamperBusyError();
      throw error;
    }
  }

  private async startPool(): Promise<Piscina> {
    const workerData: StampWorkerData = { title: this.options.title };
    const filename = this.options.workerFile ?? builtWorkerFile();
    const Piscina = (await import('piscina')).default;
    return new Piscina({
      filename,
      minThreads: 1,
      maxThreads: this.threads,
      // Our queue hands the pool no more than a task per thread; a second guard.
      maxQueue: this.threads,
      idleTimeout: 60_000,
      workerData,
      resourceLimits: STAMP_THREAD_HEAP,
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
