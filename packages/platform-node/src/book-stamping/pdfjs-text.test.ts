import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { FontLibrary } from './font-library';
import { stampBook, stampLineOf } from './stamp-book';

// Mozilla's pdf.js (Firefox's reader, and most readers on the web) takes a page's text from
// its glyphs' Unicode maps alone: it ignores the ActualText that poppler reads. These tests
// read stamped copies with it, as Firefox's find and copy do.
const ROOT = join(__dirname, '..', '..', '..', '..');
const EMAIL = 'reader@example.org';

/**
 * Each page's text items as pdf.js 6 (legacy build, run by Node) gives them: `str`, in the
 * order the page draws them (left to right along the stamp), a right-to-left item's characters
 * put back in logical order by pdf.js's bidi algorithm.
 */
const READ_WITH_PDFJS = `
import { readFileSync } from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
const document = await getDocument({ data: new Uint8Array(readFileSync(process.argv[1])), verbosity: 0 }).promise;
const pages = [];
for (let number = 1; number <= document.numPages; number += 1) {
  const content = await (await document.getPage(number)).getTextContent();
  pages.push(content.items.map((item) => item.str));
}
process.stdout.write(JSON.stringify(pages));
`;

let dir: string;
let book: Uint8Array;
const library = new FontLibrary();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'memoir-pdfjs-'));
  const document = await PDFDocument.create();
  document.addPage([595, 842]); // wide enough for the longest line here, Bengali shown as codes
  document.addPage([842, 595]);
  book = await document.save();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each page's text as pdf.js reads it: its items joined as they come (Firefox's find does the same). */
function pdfjsText(pdf: Uint8Array): string[] {
  const path = join(dir, 'copy.pdf');
  writeFileSync(path, pdf);
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', READ_WITH_PDFJS, path], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return (JSON.parse(output) as string[][]).map((items) => items.join(''));
}

/**
 * Names in many scripts, and the stamp's line as pdf.js reads it back. Left-to-right text
 * comes back as it was written. pdf.js cuts the line into items (at every change of font, and
 * a space is drawn in the Latin font), gives the items in the order they are drawn, and puts
 * only the characters of each right-to-left item back in logical order: so a right-to-left
 * name of several words comes back word for word, each word as written, the words in the order
 * they are seen (right to left becomes left to right).
 */
const NAMES: ReadonlyArray<readonly [script: string, name: string, asRead: string]> = [
  ['Latin with diacritics', 'José Ñúñez Çelik', 'José Ñúñez Çelik'],
  ['Vietnamese', 'Nguyễn Thị Minh Khai', 'Nguyễn Thị Minh Khai'],
  ['Polish', 'Zażółć Gęślą', 'Zażółć Gęślą'],
  ['Cyrillic', 'Анна Каренина', 'Анна Каренина'],
  ['Greek', 'Ἀλέξανδρος Παπαδόπουλος', 'Ἀλέξανδρος Παπαδόπουλος'],
  ['Arabic', 'محمد عبد الله', 'الله عبد محمد'],
  ['Arabic, one word', 'بثينة', 'بثينة'],
  ['Hebrew', 'דוד לוי', 'לוי דוד'],
  ['mixed right to left and left to right', 'Dana דנה כהן Smith', 'Dana כהן דנה Smith'],
  ['mixed, Arabic in Latin', 'Layla ليلى Haddad', 'Layla ليلى Haddad'],
  ['Devanagari', 'अनुष्का शर्मा', 'अनुष्का शर्मा'],
  ['Devanagari, vowel sign before its consonant', 'किरण पिल्लै', 'किरण पिल्लै'],
  // No bundled font draws Bengali or Thai: the page shows their codes, the text is theirs.
  ['Bengali', 'রবি ঠাকুর', 'রবি ঠাকুর'],
  ['Thai', 'สมชาย ใจดี', 'สมชาย ใจดี'],
  ['Chinese', '王小明', '王小明'],
  ['Chinese, traditional', '陳美玲', '陳美玲'],
  ['Japanese', '山田 太郎 やまだ', '山田 太郎 やまだ'],
  ['Korean', '김민준', '김민준'],
];

describe('a stamped copy read by pdf.js', () => {
  it.each(NAMES)('gives back a %s name as its text', async (_script, name, asRead) => {
    const owner = { name, email: EMAIL };
    const { pdf } = await stampBook(book, owner, 'Root Access', library);

    const pages = pdfjsText(pdf);
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      // No raw codes (an empty or missing Unicode map shows as U+0001, U+0006…), no "?".
      expect(page).not.toMatch(/[\p{Cc}\p{Cf}\ufffd?]/u);
      expect(page.normalize('NFC')).toBe(stampLineOf({ name: asRead, email: EMAIL }).normalize('NFC'));
    }
  });

  it('gives back the characters a line cut short keeps, up to the ellipsis', async () => {
    const email = `${'a-very-long-address.'.repeat(30)}@example.org`;
    const { pdf } = await stampBook(book, { name: 'अनुष्का शर्मा', email }, 'Root Access', library);

    for (const page of pdfjsText(pdf)) {
      expect(page).toMatch(/^Prepared for अनुष्का शर्मा <a-very-long-address\.[a-z.-]*…$/u);
    }
  });
});
