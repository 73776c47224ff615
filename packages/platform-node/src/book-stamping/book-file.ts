import { open } from 'node:fs/promises';

/** A PDF's header may follow up to this much junk; its end of file mark is near the end. */
const HEAD_BYTES = 1024;
const TAIL_BYTES = 2048;
/** Around the cross-reference section (or stream) that startxref names: where /Encrypt would be. */
const XREF_BYTES = 4096;

/**
 * Checks, without parsing it, that a file looks like a whole PDF that can be stamped: a PDF
 * header, an end-of-file mark after a startxref (so it was not cut short), and no /Encrypt
 * entry in its last trailer (an encrypted book cannot be stamped). Reads a few kilobytes,
 * however large the book: fast enough for the server's start. Throws with the reason.
 */
export async function checkBookFile(path: string): Promise<void> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const read = async (position: number, length: number): Promise<string> => {
      const start = Math.max(0, Math.min(position, size));
      const bytes = Buffer.alloc(Math.max(0, Math.min(length, size - start)));
      await file.read(bytes, 0, bytes.length, start);
      return bytes.toString('latin1');
    };
    if (!(await read(0, HEAD_BYTES)).includes('%PDF-')) throw new Error('not a PDF file (no %PDF- header)');
    const tail = await read(size - TAIL_BYTES, TAIL_BYTES);
    const end = [...tail.matchAll(/startxref\s+(\d+)\s+%%EOF/g)].at(-1);
    if (end === undefined) throw new Error('the PDF is not whole (no startxref and %%EOF at its end)');
    const xref = await read(Number(end[1]), XREF_BYTES);
    // A classic cross-reference table has its trailer at the end; a cross-reference stream
    // carries the trailer's entries in its own dictionary.
    const trailer = xref.startsWith('xref') ? tail.slice(tail.lastIndexOf('trailer')) : xref;
    if (/\/Encrypt\b/.test(trailer)) throw new Error('the PDF is encrypted: a stamp cannot be added to it');
  } finally {
    await file.close();
  }
}
