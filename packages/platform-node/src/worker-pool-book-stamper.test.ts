import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { BookStamperBusyError, isBookStamperBusy } from '@memoir/domain';

import { WorkerPoolBookStamper, type WorkerPoolBookStamperOptions } from './worker-pool-book-stamper';

// The pool runs the built worker (dist/), as the server does: `pnpm build` first.
const SLOW_WORKER = join(__dirname, '..', 'test', 'slow-stamp-worker.js');
const ADA = { name: 'Ada Lovelace', email: 'ada@example.org' };

let dir: string;
let bookPath: string;
const stampers: WorkerPoolBookStamper[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'memoir-pool-'));
  bookPath = join(dir, 'book.pdf');
  writeFileSync(bookPath, await makeBook(3));
});

afterEach(async () => {
  for (const stamper of stampers.splice(0)) await stamper.close();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function stamper(options: Partial<WorkerPoolBookStamperOptions> = {}): WorkerPoolBookStamper {
  const made = new WorkerPoolBookStamper({ bookPath, title: 'Root Access', ...options });
  stampers.push(made);
  return made;
}

async function makeBook(pages: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.TimesRoman);
  for (let number = 1; number <= pages; number += 1) {
    const page = document.addPage([432, 648]);
    for (let line = 0; line < 38; line += 1) {
      page.drawText(`Page ${number}, line ${line}: the quick brown fox jumps over the lazy dog.`, {
        x: 48,
        y: 600 - line * 14,
        size: 10,
        font,
      });
    }
  }
  return document.save();
}

/** The nice value of each thread of this process (Linux: /proc/self/task/<id>/stat, field 19). */
function threadNiceness(): number[] {
  const tasks = readdirSync('/proc/self/task');
  return tasks.flatMap((task) => {
    try {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) start after its closing bracket.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return [Number(fields[16])];
    } catch {
      return []; // a thread that ended meanwhile
    }
  });
}

describe('WorkerPoolBookStamper', () => {
  it('runs its stamping thread below the server thread (nice 10), the process itself untouched', async () => {
    const before = threadNiceness();
    expect(before.filter((nice) => nice === 10)).toEqual([]);
    const pool = stamper({ threads: 1 });
    // As the server does before it listens. Its file reads also start libuv's thread pool from
    // this thread: started by the stamping thread instead, the pool's threads would take its
    // nice value (Linux threads inherit it), which depended on what the test process ran before.
    await pool.load();
    await expect(pool.warmUp()).resolves.toBe(3);
    expect(threadNiceness().filter((nice) => nice === 10)).toHaveLength(1);
    expect(
      readFileSync('/proc/self/stat', 'utf8')
        .slice(readFileSync('/proc/self/stat', 'utf8').lastIndexOf(')') + 2)
        .split(' ')[16],
    ).toBe('0');
  });

  it('stamps copies in its threads, from the built worker', async () => {
    const pool = stamper({ threads: 2 });
    await expect(pool.warmUp()).resolves.toBe(3);
    const [first, second] = await Promise.all([
      pool.stamp(ADA),
      pool.stamp({ name: 'Анна Каренина', email: 'anna@example.org' }),
    ]);
    writeFileSync(join(dir, 'first.pdf'), first);
    writeFileSync(join(dir, 'second.pdf'), second);
    expect(execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'first.pdf'), '-'], { encoding: 'utf8' })).toContain(
      'Prepared for Ada Lovelace <ada@example.org>.',
    );
    expect(execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'second.pdf'), '-'], { encoding: 'utf8' })).toContain(
      'Prepared for Анна Каренина <anna@example.org>.',
    );
  });

  it('keeps the event loop free while a long book is read, and reads the book again when it changes', async () => {
    const longBook = join(dir, 'long.pdf');
    writeFileSync(longBook, await makeBook(300));
    const pool = stamper({ bookPath: longBook, threads: 1 });
    await expect(pool.warmUp()).resolves.toBe(300);
    await pool.stamp(ADA); // the thread has read its fonts
    // Another book, three times as long: the thread must read and plan it again, which takes
    // well over 100 ms even on a quiet machine (301 pages took 60-95 ms there).
    writeFileSync(longBook, await makeBook(900));

    let [last, longestGap] = [performance.now(), 0];
    const ticks = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    const copy = await pool.stamp(ADA);
    const took = performance.now() - started;
    clearInterval(ticks);

    writeFileSync(join(dir, 'long-copy.pdf'), copy);
    expect(execFileSync('pdfinfo', [join(dir, 'long-copy.pdf')], { encoding: 'utf8' })).toMatch(/^Pages:\s+900$/m);
    // Read and planned on this thread, the book would hold the loop for all of `took`.
    expect(took).toBeGreaterThan(100);
    expect(longestGap).toBeLessThan(took / 2);
  }, 30_000);

  it('writes a copy straight to a file of its own: the book as it was, then the stamp', async () => {
    const pool = stamper({ threads: 1 });
    const path = join(dir, 'to-file.pdf');
    await pool.reserve().stampToFile(ADA, path);

    const copy = readFileSync(path);
    const book = readFileSync(bookPath);
    expect(copy.subarray(0, book.length).equals(book)).toBe(true);
    expect(copy.length).toBeGreaterThan(book.length);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
    expect(text.split('Prepared for Ada Lovelace <ada@example.org>.')).toHaveLength(4); // on each of the 3 pages
    // A file already there is never written over.
    await expect(pool.reserve().stampToFile(ADA, path)).rejects.toThrow(/EEXIST/);
    expect(readFileSync(path).equals(copy)).toBe(true);
  });

  it('refuses a copy past the bytes of book its queue may hold, at once, with a busy error', async () => {
    // Room for two copies of the book: one stamping, one waiting.
    const pool = stamper({ workerFile: SLOW_WORKER, threads: 1, maxQueueBytes: 2 * statSync(bookPath).size });
    const running = pool.stamp(ADA);
    const waiting = pool.stamp(ADA);

    const refused = pool.stamp(ADA);
    await expect(refused).rejects.toThrow(BookStamperBusyError);
    await expect(refused.catch((error: unknown) => isBookStamperBusy(error))).resolves.toBe(true);
    expect(() => pool.reserve()).toThrow(BookStamperBusyError);

    await expect(running).resolves.toBeInstanceOf(Uint8Array);
    await expect(waiting).resolves.toBeInstanceOf(Uint8Array);
    // Done, their places are free again.
    expect(new TextDecoder().decode(await pool.stamp({ name: 'Grace', email: 'grace@example.org' }))).toContain(
      'a slow copy for Grace',
    );
  });

  it('keeps many more copies than threads waiting, by default, and makes them in the order they came', async () => {
    const pool = stamper({ workerFile: SLOW_WORKER, threads: 1 });
    const names = ['Ada', 'Grace', 'Hedy', 'Katherine', 'Margaret', 'Radia'];
    const made: string[] = [];
    await Promise.all(
      names.map((name) =>
        pool.stamp({ name, email: `${name.toLowerCase()}@example.org` }).then((copy) => {
          made.push(/a slow copy for (\w+)/.exec(new TextDecoder().decode(copy))?.[1] ?? '?');
        }),
      ),
    );
    expect(made).toEqual(names);
    expect(pool.waiting).toBe(0);
  });

  it('lets a copy wait no longer than its time bound, then refuses it as busy', async () => {
    const pool = stamper({ workerFile: SLOW_WORKER, threads: 1, maxWaitMs: 0 });
    const running = pool.stamp(ADA);
    const waited = pool.stamp({ name: 'Grace', email: 'grace@example.org' });
    await expect(waited).rejects.toThrow(BookStamperBusyError);
    await expect(running).resolves.toBeInstanceOf(Uint8Array);
    expect(pool.waiting).toBe(0);
  });

  it('counts places held for copies about to be made, until they are used or released', async () => {
    const pool = stamper({ workerFile: SLOW_WORKER, threads: 1, maxQueueBytes: 2 * statSync(bookPath).size });
    const first = pool.reserve();
    const second = pool.reserve();
    await expect(pool.stamp(ADA)).rejects.toThrow(BookStamperBusyError);

    second.release();
    second.release(); // harmless: the place was given back once
    const used = first.stamp(ADA);
    await expect(first.stamp(ADA)).rejects.toThrow('already used');
    await expect(pool.stamp(ADA)).resolves.toBeInstanceOf(Uint8Array);
    await used;
    first.release(); // harmless after use
    expect(() => [pool.reserve(), pool.reserve()]).not.toThrow();
  });

  it('ends its threads on close: copies under way or waiting fail, and any after', async () => {
    const pool = stamper({ workerFile: SLOW_WORKER, threads: 1 });
    await pool.warmUp();
    // Settled while close() is awaited: their outcomes are taken now, so the failures are handled.
    const outcome = (copy: Promise<Uint8Array>) =>
      copy.then(
        () => 'stamped',
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
    const running = outcome(pool.stamp(ADA));
    const waiting = outcome(pool.stamp(ADA));
    await new Promise((resolve) => setTimeout(resolve, 50)); // the first is in the thread

    await pool.close();
    await expect(running).resolves.toMatch(/Terminating/);
    await expect(waiting).resolves.toMatch(/closed: this copy was not made/);
    await expect(pool.stamp(ADA)).rejects.toThrow('closed');
  });

  it('fails to load a missing book, a file that is not a PDF, or one cut short', async () => {
    await expect(stamper({ bookPath: join(dir, 'missing.pdf') }).load()).rejects.toThrow('ENOENT');
    const notPdf = join(dir, 'not.pdf');
    writeFileSync(notPdf, '<html>not a book</html>');
    await expect(stamper({ bookPath: notPdf }).load()).rejects.toThrow('not a PDF');
    const cut = join(dir, 'cut.pdf');
    writeFileSync(cut, readFileSync(bookPath).subarray(0, 900));
    await expect(stamper({ bookPath: cut }).load()).rejects.toThrow('not whole');
  });

  it('fails to warm up on a book the PDF library cannot read', async () => {
    const broken = join(dir, 'broken.pdf');
    writeFileSync(broken, '%PDF-1.7\nnothing a reader could use\nstartxref\n9\n%%EOF\n');
    const pool = stamper({ bookPath: broken });
    await expect(pool.load()).resolves.toBeUndefined();
    await expect(pool.warmUp()).rejects.toThrow();
  });
});
