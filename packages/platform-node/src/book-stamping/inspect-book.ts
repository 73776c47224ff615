import { readFile } from 'node:fs/promises';

import { planBook } from './book-plan';

/*
 * Run as a process of its own (`node inspect-book.js <path>`, by ProcessBookPlanner): plans the
 * PDF at the path as a reader's copy would be planned (every page placed, the cross-reference
 * section read) and prints one line of JSON, its page count and cross-reference kind, or why it
 * cannot be stamped. A process, not a thread: the whole book is read and parsed here, so a
 * 200 MB book, or a hostile one that makes the PDF library run out of memory, costs the server
 * nothing and ends only this process.
 */

async function main(): Promise<void> {
  const path = process.argv[2] ?? '';
  try {
    const plan = await planBook(await readFile(path));
    process.stdout.write(
      `${JSON.stringify({ ok: true, pages: plan.pageCount, xref: plan.base.xrefStream ? 'stream' : 'table' })}\n`,
    );
  } catch (error) {
    process.stdout.write(
      `${JSON.stringify({ ok: false, error: error instanceof Error ? error.message : String(error) })}\n`,
    );
  }
}

void main();
