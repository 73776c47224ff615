// Prints the text of a PDF, page by page (pdfjs-dist, Mozilla's PDF reader): what a reader
// would see, for tests that check a stamped copy. Usage: node tools/pdf-text.mjs file.pdf
import { readFileSync } from 'node:fs';

import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const data = new Uint8Array(readFileSync(process.argv[2]));
const document = await getDocument({ data, useSystemFonts: false, verbosity: 0 }).promise;
const metadata = await document.getMetadata();
process.stdout.write(`Subject: ${metadata.info?.Subject ?? ''}\n`);
for (let number = 1; number <= document.numPages; number += 1) {
  const page = await document.getPage(number);
  const content = await page.getTextContent();
  process.stdout.write(`--- page ${number}\n${content.items.map((item) => item.str ?? '').join(' ')}\n`);
}
