/**
 * Writes apps/server/assets/sample-book.pdf: the small stand-in for the real book, so that the
 * default start can deliver a PDF (BOOK_PDF_PATH points at the real one in production).
 * Run: pnpm exec tsx tools/make-sample-book.ts
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { BOOK_TITLE } from '@memoir/shared';
import { PDFDocument, rgb, StandardFonts } from '@cantoo/pdf-lib';

const PAGES: ReadonlyArray<{ heading: string; lines: string[] }> = [
  {
    heading: BOOK_TITLE,
    lines: ["A founder's memoir, from the digital underground to the arena", '', 'Sample edition'],
  },
  {
    heading: 'The Digital Underground',
    lines: [
      'This sample stands in for the book until the real PDF is configured.',
      "Set BOOK_PDF_PATH to the book's file and restart the server.",
    ],
  },
  {
    heading: 'The Arena',
    lines: ['Every copy sent to a reader carries their name and email at the foot of each page.'],
  },
];

async function main(): Promise<void> {
  const document = await PDFDocument.create();
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const regular = await document.embedFont(StandardFonts.Helvetica);
  for (const { heading, lines } of PAGES) {
    const page = document.addPage([420, 595]); // A5
    page.drawText(heading, { x: 48, y: 520, size: 22, font: bold, color: rgb(0.1, 0.1, 0.1) });
    lines.forEach((line, index) => {
      page.drawText(line, { x: 48, y: 480 - index * 18, size: 10, font: regular, color: rgb(0.2, 0.2, 0.2) });
    });
  }
  document.setTitle(`${BOOK_TITLE} (sample)`);
  // Fixed dates: the same bytes on every run.
  document.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  document.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  const target = join(__dirname, '..', 'apps', 'server', 'assets', 'sample-book.pdf');
  writeFileSync(target, await document.save());
  console.log(`Wrote ${target}`);
}

void main();
