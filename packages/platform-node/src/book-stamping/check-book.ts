import { PDFDocument } from '@cantoo/pdf-lib';

/**
 * Reads and checks a book, throwing on a file that is not a PDF or that cannot be changed
 * (encrypted); returns its page count. Apart from `stampBook` so that checking needs the PDF
 * library only, not the fonts and shaping.
 */
export async function checkBook(source: Uint8Array): Promise<number> {
  const document = await PDFDocument.load(source, { updateMetadata: false });
  return document.getPageCount();
}
