import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import type { BookInspection } from '@memoir/domain';

import type { BookPlanner } from './pdf-book-inspector';

/** How long a book may take to plan: a 320-page book takes under a second, a 150 MB one a few. */
export const BOOK_PLAN_TIMEOUT_MS = 120_000;
/** The planning process's heap: room for a large book's parse, and a bound on a hostile one's. */
export const BOOK_PLAN_HEAP_MB = 1024;

/**
 * Plans an uploaded book in a process of its own (`inspect-book.ts`), one at a time: the parse
 * of the whole book stays out of the server's memory (the upload benchmark's bound), and a book
 * that makes the PDF library fail or run out of memory ends that process only, a refusal.
 */
export class ProcessBookPlanner implements BookPlanner {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: { readonly script?: string; readonly timeoutMs?: number } = {}) {}

  inspect(path: string): Promise<BookInspection> {
    const run = this.queue.then(
      () => this.plan(path),
      () => this.plan(path),
    );
    this.queue = run.catch(() => undefined);
    return run;
  }

  private plan(path: string): Promise<BookInspection> {
    const script = this.options.script ?? builtScript();
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [`--max-old-space-size=${BOOK_PLAN_HEAP_MB}`, script, path], {
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: this.options.timeoutMs ?? BOOK_PLAN_TIMEOUT_MS,
      });
      let output = '';
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (text: string) => {
        if (output.length < 64 * 1024) output += text;
      });
      child.on('error', reject);
      child.on('close', (code, signal) => {
        try {
          const answer = JSON.parse(output.trim().split('\n').at(-1) ?? '') as
            { ok: true; pages: number; xref: 'table' | 'stream' } | { ok: false; error: string };
          if (answer.ok) resolve({ pages: answer.pages, xref: answer.xref });
          else reject(new Error(answer.error));
        } catch {
          reject(
            new Error(
              signal === 'SIGTERM'
                ? 'it took too long to read'
                : `the PDF library stopped on it (exit ${String(code ?? signal)}: out of memory, or a damaged file)`,
            ),
          );
        }
      });
    });
  }
}

/** The compiled script, beside this file's compiled form (tests run src/ and use the build: `pnpm build` first). */
function builtScript(): string {
  const dist = __filename.endsWith('.ts') ? join(__dirname, '..', 'dist') : __dirname;
  const file = join(dist, 'book-stamping', 'inspect-book.js');
  if (!existsSync(file)) throw new Error(`The book planner ${file} is not built: run pnpm build.`);
  return file;
}
