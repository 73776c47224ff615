import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { PDFDocument, degrees, StandardFonts } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { planBook } from './book-plan';
import { FontLibrary } from './font-library';
import { layOutLine, shownAsCode } from './line-layout';
import { stampBook, stampLineOf } from './stamp-book';

// Real tools read the stamped copies: poppler's pdftotext and pdfinfo (what most Linux
// readers use), pdftoppm to render a page, and pdf.js (Firefox's reader) as a second reader.
const ROOT = join(__dirname, '..', '..', '..', '..');
const EMAIL = 'reader@example.org';
const A5: [number, number] = [420, 595];

let dir: string;
let book: Uint8Array;
const library = new FontLibrary();
const growth: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'memoir-stamp-'));
  book = await makeBook([{ size: A5 }, { size: A5 }, { size: A5 }]);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  if (growth.length > 0) console.info(`Stamped copy minus the 3-page book, by script:\n${growth.join('\n')}`);
});

/** A book whose pages have some text of their own, in Helvetica. */
async function makeBook(pages: ReadonlyArray<{ size: [number, number]; rotate?: number }>): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const [index, { size, rotate }] of pages.entries()) {
    const page = document.addPage(size);
    page.drawText(`Chapter ${index + 1}`, { x: 48, y: size[1] - 72, size: 18, font });
    if (rotate !== undefined) page.setRotation(degrees(rotate));
  }
  return document.save();
}

function file(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

/** Each page's text as pdftotext gives it, without the bidi marks it wraps right-to-left runs in. */
function pdftotext(pdf: Uint8Array): string[] {
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file('copy.pdf', pdf), '-'], { encoding: 'utf8' });
  return text
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .split('\f')
    .filter((page) => page.trim() !== '');
}

/** The document's metadata as pdfinfo gives it. */
function pdfinfo(pdf: Uint8Array): Record<string, string> {
  const text = execFileSync('pdfinfo', ['-enc', 'UTF-8', file('info.pdf', pdf)], { encoding: 'utf8' });
  return Object.fromEntries(text.split('\n').map((line) => [line.split(':')[0] ?? '', line.replace(/^[^:]*:\s*/, '')]));
}

/**
 * Each page's text as pdf.js reads it from the glyphs' Unicode map (it ignores ActualText),
 * spaces removed (it puts some between runs of different fonts). pdfjs-text.test.ts reads every
 * script with it, right-to-left ones included.
 */
function pdfjsGlyphText(pdf: Uint8Array): string[] {
  const text = execFileSync(process.execPath, [join(ROOT, 'tools', 'pdf-text.mjs'), file('glyphs.pdf', pdf)], {
    encoding: 'utf8',
  });
  return text
    .split(/^--- page \d+\n/m)
    .slice(1)
    .map((page) => page.replace(/\s+/g, ''));
}

/**
 * Where a page, rendered as a reader sees it (72 dpi, grey), has ink in its bottom `band`
 * points: the first and last inked columns, or null when the band is blank.
 */
function inkInFoot(pdf: Uint8Array, page: number, band: number): { left: number; right: number } | null {
  const path = file('render.pdf', pdf);
  execFileSync('pdftoppm', [
    '-gray',
    '-r',
    '72',
    '-f',
    String(page),
    '-l',
    String(page),
    '-singlefile',
    path,
    join(dir, 'render'),
  ]);
  const image = readFileSync(join(dir, 'render.pgm'));
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(image.subarray(0, 40).toString('latin1'));
  if (header === null) throw new Error('pdftoppm did not write a PGM');
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = image.subarray(header[0].length);
  let [left, right] = [Infinity, -Infinity];
  for (let y = height - band; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if ((pixels[y * width + x] ?? 255) < 200) [left, right] = [Math.min(left, x), Math.max(right, x)];
    }
  }
  return left === Infinity ? null : { left, right };
}

const NAMES: ReadonlyArray<readonly [string, string]> = [
  ['Latin', 'Ada Lovelace'],
  ['Vietnamese', 'Nguyễn Thị Minh Khai'],
  ['Polish', 'Zażółć Gęślą'],
  ['Cyrillic', 'Анна Каренина'],
  ['Greek', 'Αλέξανδρος Παπαδόπουλος'],
  ['Arabic', 'محمد عبد الله'],
  ['Hebrew', 'דוד לוי'],
  ['Devanagari', 'अनुष्का शर्मा'],
  ['Chinese', '王小明'],
  ['Chinese, traditional', '陳美玲'],
  ['Japanese', '山田 太郎 やまだ'],
  ['Korean', '김민준'],
];

/** Scripts whose glyphs map one to one, in order, to the name's characters. */
const ONE_TO_ONE = new Set([
  'Latin',
  'Vietnamese',
  'Polish',
  'Cyrillic',
  'Greek',
  'Chinese',
  'Chinese, traditional',
  'Japanese',
  'Korean',
]);

describe('stampBook', () => {
  it.each(NAMES)('stamps a %s name on every page, and pdftotext gives it back', async (script, name) => {
    const owner = { name, email: EMAIL };
    const { pdf, report } = await stampBook(book, owner, 'Root Access', library);

    const pages = pdftotext(pdf);
    expect(pages).toHaveLength(3);
    for (const page of pages) {
      expect(page).toContain(name);
      expect(page).toContain(`${EMAIL}>. This copy is personal: please do not share it.`);
      expect(page).not.toMatch(/[?\ufffd]/);
    }
    if (ONE_TO_ONE.has(script)) {
      // The glyphs themselves, not the text beside them, spell the name.
      for (const page of pdfjsGlyphText(pdf)) expect(page).toContain(stampLineOf(owner).replace(/\s+/g, ''));
    }
    const info = pdfinfo(pdf);
    expect(info.Subject).toBe(`Prepared for ${name} <${EMAIL}>`);
    expect(info.Keywords).toBe(`${name} ${EMAIL}`);
    expect(info.Title).toBe('Root Access');

    // The copy carries subsets: a few KB of font, where a CJK slice alone is 80 KB and a
    // whole font megabytes; beyond the fonts, about a kilobyte of line and dictionaries.
    const added = pdf.length - book.length;
    growth.push(
      `  ${script}: +${added} bytes (font subsets ${report.fontFileBytes} bytes before compression: ${report.faces.join(', ')})`,
    );
    expect(added).toBeLessThan(report.fontFileBytes + 1024 * (1 + report.faces.length));
    expect(report.fontFileBytes).toBeLessThan(4096 * report.faces.length);
  });

  it('shows a character no bundled font has as its code, and draws the rest of the line as it is', async () => {
    const name = 'Ana 🦄 Somchai สมชาย';
    const { pdf } = await stampBook(book, { name, email: EMAIL }, 'Root Access', library);

    // The page shows each missing one as its code; extractors are told the real characters,
    // pdftotext by the ActualText, pdf.js by the codes' glyphs (which stand for the character).
    const line = await layOutLine(stampLineOf({ name, email: EMAIL }), library);
    const drawn = line.runs.flatMap((run) => run.glyphs.map((glyph) => String.fromCodePoint(...glyph.codePoints)));
    const shown = `Ana ${shownAsCode(0x1f984)} Somchai ${[...'สมชาย'].map((char) => shownAsCode(char.codePointAt(0) ?? 0)).join('')}`;
    expect(drawn.join('')).toContain(`Prepared for ${shown} <${EMAIL}>.`);
    for (const page of pdftotext(pdf)) expect(page).toContain(`Prepared for ${name} <${EMAIL}>.`);
    for (const page of pdfjsGlyphText(pdf)) {
      expect(page).toContain(`Preparedfor${name.replace(/\s+/g, '')}<${EMAIL}>.`);
      expect(page).not.toMatch(/[?\ufffd]/);
    }
    expect(pdfinfo(pdf).Subject).toBe(`Prepared for ${name} <${EMAIL}>`);
  });

  it('draws a Han character that the simplified Chinese font lacks with the traditional one', async () => {
    const name = '林俙'; // the second is in Noto Sans TC only
    const { pdf, report } = await stampBook(book, { name, email: EMAIL }, 'Root Access', library);

    expect(report.faces.some((face) => face.startsWith('noto-sans-tc/'))).toBe(true);
    for (const page of pdftotext(pdf)) expect(page).toContain(`Prepared for ${name} <${EMAIL}>.`);
    for (const page of pdfjsGlyphText(pdf)) expect(page).toContain(`Preparedfor${name}<${EMAIL}>.`);
  });

  it('draws the line at the foot of every page, within its margins, on turned pages too', async () => {
    const turned = await makeBook([{ size: A5 }, { size: [595, 842] }, { size: A5, rotate: 90 }]);
    const { pdf } = await stampBook(turned, { name: 'Ada Lovelace', email: EMAIL }, 'Root Access', library);

    for (const [page, shownWidth] of [
      [1, 420],
      [2, 595],
      [3, 595],
    ] as const) {
      const ink = inkInFoot(pdf, page, 24);
      expect(ink).not.toBeNull();
      expect(ink?.left).toBeGreaterThanOrEqual(23);
      expect(ink?.right).toBeLessThanOrEqual(shownWidth - 23);
    }
    const pages = pdftotext(pdf);
    expect(pages).toHaveLength(3);
    for (const page of pages) expect(page).toContain('Prepared for Ada Lovelace <reader@example.org>.');
  });

  it('fits a long line to the page, and cuts with an ellipsis what does not fit at the smallest size', async () => {
    const email = `${'a-very-long-address.'.repeat(12)}@example.org`;
    const { pdf } = await stampBook(book, { name: 'Ada Lovelace', email }, 'Root Access', library);

    const ink = inkInFoot(pdf, 1, 24);
    expect(ink?.left).toBeGreaterThanOrEqual(23);
    expect(ink?.right).toBeLessThanOrEqual(420 - 23);
    const [page] = pdftotext(pdf);
    expect(page).toContain('Prepared for Ada Lovelace <a-very-long-address.');
    expect(page).toContain('…');
    expect(pdfinfo(pdf).Subject).toBe(`Prepared for Ada Lovelace <${email}>`);
  });
});

describe('planBook', () => {
  it('counts the pages of a PDF', async () => {
    expect((await planBook(book)).pageCount).toBe(3);
  });

  it('refuses a file that is not a PDF', async () => {
    await expect(planBook(new TextEncoder().encode('<html>not a book</html>'))).rejects.toThrow();
  });
});
