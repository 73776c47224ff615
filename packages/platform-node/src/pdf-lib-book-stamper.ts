import { readFile } from 'node:fs/promises';

import type { BookStamper, CopyOwner } from '@memoir/domain';
import { PDFDocument, rgb, StandardFonts, type PDFFont } from '@cantoo/pdf-lib';

const MARGIN = 24;
const MAX_SIZE = 8;
const MIN_SIZE = 5;

/**
 * Stamps each reader's copy with pdf-lib: a grey line at the foot of every page ("Prepared
 * for Ada Lovelace <ada@example.org>") and the same words in the document's metadata. The
 * page line uses Helvetica, which has no glyph for some scripts: those characters print as
 * "?" on the page, while the metadata keeps the name exactly.
 */
export class PdfLibBookStamper implements BookStamper {
  private source: Promise<Uint8Array> | null = null;

  constructor(
    private readonly path: string,
    private readonly title: string,
  ) {}

  /**
   * Reads and checks the book, once (the server calls it at start, so a missing or broken
   * file stops it there). A failure is not kept: the next call reads the file again.
   */
  load(): Promise<Uint8Array> {
    this.source ??= (async () => {
      const source = await readFile(this.path);
      await PDFDocument.load(source); // throws on a file that is not a PDF
      return source;
    })().catch((error: unknown) => {
      this.source = null;
      throw error;
    });
    return this.source;
  }

  async stamp(owner: CopyOwner): Promise<Uint8Array> {
    const document = await PDFDocument.load(await this.load());
    const font = await document.embedFont(StandardFonts.Helvetica);
    const dedication = `Prepared for ${owner.name} <${owner.email}>`;
    const line = printable(font, `${dedication}. This copy is personal: please do not share it.`);
    for (const page of document.getPages()) {
      const { width } = page.getSize();
      const size = fittingSize(font, line, width - 2 * MARGIN);
      page.drawText(fitting(font, line, size, width - 2 * MARGIN), {
        x: MARGIN,
        y: MARGIN / 2,
        size,
        font,
        color: rgb(0.45, 0.45, 0.45),
      });
    }
    document.setTitle(this.title);
    document.setSubject(dedication);
    document.setKeywords([owner.name, owner.email]);
    return document.save();
  }
}

/** The text with every character the font cannot draw replaced by "?". */
function printable(font: PDFFont, text: string): string {
  const drawable = new Set(font.getCharacterSet());
  return [...text].map((char) => (drawable.has(char.codePointAt(0) ?? -1) ? char : '?')).join('');
}

function fittingSize(font: PDFFont, text: string, width: number): number {
  const size = (MAX_SIZE * width) / Math.max(1, font.widthOfTextAtSize(text, MAX_SIZE));
  return Math.max(MIN_SIZE, Math.min(MAX_SIZE, size));
}

/** Cuts the text (with an ellipsis) when even the smallest size does not fit. */
function fitting(font: PDFFont, text: string, size: number, width: number): string {
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(cut, size) > width) cut = `${cut.slice(0, -2)}…`;
  return printable(font, cut);
}
