import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, describe, expect, it } from '@jest/globals';

import { checkBookFile } from './book-file';

const dir = mkdtempSync(join(tmpdir(), 'memoir-book-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, Buffer.from(text, 'latin1'));
  return path;
}

/** A one-page PDF's bytes as text: with a classic cross-reference table, or a stream. */
async function pdf(xref: 'table' | 'stream'): Promise<string> {
  const document = await PDFDocument.create();
  document.addPage();
  return Buffer.from(await document.save({ useObjectStreams: xref === 'stream' })).toString('latin1');
}

describe('checkBookFile', () => {
  it.each(['table', 'stream'] as const)('accepts a whole PDF (cross-references in a %s)', async (xref) => {
    await expect(checkBookFile(file(`whole-${xref}.pdf`, await pdf(xref)))).resolves.toBeUndefined();
  });

  it('accepts a PDF with bytes after its end-of-file mark', async () => {
    await expect(checkBookFile(file('trailing.pdf', `${await pdf('table')}\n\n`))).resolves.toBeUndefined();
  });

  it('refuses a file that is not a PDF, or is empty', async () => {
    await expect(checkBookFile(file('page.pdf', '<!doctype html><p>not a book</p>'))).rejects.toThrow('not a PDF');
    await expect(checkBookFile(file('empty.pdf', ''))).rejects.toThrow('not a PDF');
  });

  it('refuses a PDF cut short', async () => {
    const whole = await pdf('stream');
    await expect(checkBookFile(file('cut.pdf', whole.slice(0, whole.length - 40)))).rejects.toThrow('not whole');
  });

  it('refuses an encrypted PDF, whether its trailer is a dictionary or a stream', async () => {
    const table = (await pdf('table')).replace(/trailer\s*<</, 'trailer\n<<\n/Encrypt 99 0 R');
    await expect(checkBookFile(file('encrypted-table.pdf', table))).rejects.toThrow('encrypted');
    const stream = (await pdf('stream')).replace(/\/Type \/XRef/, '/Type /XRef /Encrypt 99 0 R');
    expect(stream).toContain('/Encrypt');
    await expect(checkBookFile(file('encrypted-stream.pdf', stream))).rejects.toThrow('encrypted');
  });
});
