import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { PDFDict, PDFDocument, PDFName, StandardFonts } from '@cantoo/pdf-lib';
import { afterAll, describe, expect, it } from '@jest/globals';

import { planBook } from './book-plan';
import { FontLibrary } from './font-library';
import { stampUpdate } from './stamp-book';

// The copy is the book's bytes untouched, then an incremental update (incremental-update.ts):
// poppler must read it without a complaint (it repairs a broken cross-reference section, but
// says so on stderr), and find the stamp on every page, whatever the book's structure.
const dir = mkdtempSync(join(tmpdir(), 'memoir-update-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const library = new FontLibrary();
const ADA = { name: 'Ada Lovelace', email: 'ada@example.org' };
const LINE = 'Prepared for Ada Lovelace <ada@example.org>. This copy is personal: please do not share it.';

/** A poppler tool's output; fails on anything it writes to stderr (a syntax error, a repaired xref). */
function poppler(tool: 'pdftotext' | 'pdfinfo', pdf: Uint8Array, args: string[] = []): string {
  const path = join(dir, `${tool}.pdf`);
  writeFileSync(path, pdf);
  const run = spawnSync(tool, [...args, '-enc', 'UTF-8', path, ...(tool === 'pdftotext' ? ['-'] : [])], {
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return run.stdout;
}

type Shape = 'own resources' | 'shared resources object' | 'inherited resources' | 'no resources';

/** A book of `pages` pages with text of their own, its resources laid out as `shape`. */
async function makeBook(pages: number, shape: Shape, useObjectStreams: boolean): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setAuthor('Jane Founder');
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n += 1) {
    const page = document.addPage([420, 595]);
    if (shape !== 'no resources') page.drawText(`Chapter ${n}`, { x: 48, y: 500, size: 18, font });
  }
  const { context } = document;
  const fonts = context.obj({});
  for (const page of document.getPages()) {
    const own = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    for (const [name, ref] of own?.entries() ?? []) fonts.set(name, ref);
  }
  if (shape === 'shared resources object') {
    // One resources object for every page, its /XObject an object of its own too.
    const shared = context.register(context.obj({ Font: fonts, XObject: context.register(context.obj({})) }));
    for (const page of document.getPages()) page.node.set(PDFName.of('Resources'), shared);
  } else if (shape === 'inherited resources') {
    document.catalog.Pages().set(PDFName.of('Resources'), context.obj({ Font: fonts }));
    for (const page of document.getPages()) page.node.delete(PDFName.of('Resources'));
  } else if (shape === 'no resources') {
    for (const page of document.getPages()) page.node.delete(PDFName.of('Resources'));
  }
  return document.save({ useObjectStreams });
}

describe('a stamped copy as an incremental update', () => {
  const shapes: Shape[] = ['own resources', 'shared resources object', 'inherited resources', 'no resources'];
  const cases = shapes.flatMap((shape) => [
    [shape, 'a cross-reference stream'] as const,
    [shape, 'a classic cross-reference table'] as const,
  ]);

  it.each(cases)('stamps every page of a book with %s and %s, its bytes untouched', async (shape, xref) => {
    const book = await makeBook(4, shape, xref === 'a cross-reference stream');
    const plan = await planBook(book);
    const { update } = await stampUpdate(plan, ADA, 'Root Access', library);
    const copy = Buffer.concat([book, update]);

    expect(copy.subarray(0, book.length).equals(book)).toBe(true);
    const tail = update.toString().slice(-64);
    expect(tail).toMatch(/startxref\n\d+\n%%EOF\n$/);
    // The update's section is of the book's kind, and names the book's own last one.
    const section = Buffer.from(update).toString('latin1');
    expect(section.includes('\nxref\n')).toBe(xref === 'a classic cross-reference table');
    expect(section).toContain(`/Prev ${plan.base.startXref}\n`);

    const pages = poppler('pdftotext', copy).split('\f').slice(0, -1);
    expect(pages).toHaveLength(4);
    pages.forEach((page, index) => {
      expect(page).toContain(LINE);
      if (shape !== 'no resources') expect(page).toContain(`Chapter ${index + 1}`); // the page's own text still shows
    });
    const info = poppler('pdfinfo', copy);
    expect(info).toMatch(/^Pages:\s+4$/m);
    expect(info).toMatch(/^Author:\s+Jane Founder$/m); // the book's metadata is kept
    expect(info).toMatch(/^Title:\s+Root Access$/m);
    expect(info).toMatch(/^Subject:\s+Prepared for Ada Lovelace <ada@example.org>$/m);
  });

  it('makes two copies of one plan that differ only in their stamp', async () => {
    const book = await makeBook(2, 'own resources', true);
    const plan = await planBook(book);
    const anna = { name: 'Анна Каренина', email: 'anna@example.org' };
    const [first, second] = await Promise.all([
      stampUpdate(plan, ADA, 'Root Access', library),
      stampUpdate(plan, anna, 'Root Access', library),
    ]);
    const adaText = poppler('pdftotext', Buffer.concat([book, first.update]));
    const annaText = poppler('pdftotext', Buffer.concat([book, second.update]));
    expect(adaText).toContain(LINE);
    expect(adaText).not.toContain('Анна');
    expect(annaText).toContain('Prepared for Анна Каренина <anna@example.org>.');
    expect(annaText).not.toContain('Ada Lovelace');
  });

  it('adds a line break first when the book does not end with one', async () => {
    const book = Buffer.from(await makeBook(1, 'own resources', false));
    const trimmed = book.subarray(0, book.toString('latin1').trimEnd().length);
    expect(trimmed.at(-1)).not.toBe(0x0a);
    const { update } = await stampUpdate(await planBook(trimmed), ADA, 'Root Access', library);
    expect(update[0]).toBe(0x0a);
    expect(poppler('pdftotext', Buffer.concat([trimmed, update]))).toContain(LINE);
  });

  it('stamps each page of a 300-page book with a copy that grows by tens of kilobytes, not by the book', async () => {
    const book = await makeBook(300, 'own resources', true);
    const plan = await planBook(book);
    const { update } = await stampUpdate(plan, ADA, 'Root Access', library);
    const text = poppler('pdftotext', Buffer.concat([book, update]));
    expect(text.split(LINE)).toHaveLength(301);
    expect(update.length).toBeLessThan(64 * 1024);
  });
});
