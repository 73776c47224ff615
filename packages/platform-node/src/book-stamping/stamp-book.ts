import type { CopyOwner } from '@memoir/domain';
import { PDFContext, PDFHexString, PDFRef, PDFStream } from '@cantoo/pdf-lib';

import { formatNumber, planBook, type BookPlan } from './book-plan';
import { EmbeddedFont, fontResourceName } from './embedded-font';
import { pdfBytes, UpdateWriter, type UpdateObject } from './incremental-update';
import type { FontFace, FontLibrary } from './font-library';
import { layOutLine, type GlyphRun, type LaidOutLine } from './line-layout';

/** From the page's edges to the line, in points; the line's baseline is half of it up. */
const MARGIN = 24;
const MAX_SIZE = 8;
const MIN_SIZE = 5;
const GREY = '0.45 0.45 0.45 rg';
const ELLIPSIS = '…';

/** What the foot of every page says ("Prepared for Ada Lovelace <ada@example.org>."), and the document's subject. */
export const dedicationOf = (owner: CopyOwner): string => `Prepared for ${owner.name} <${owner.email}>`;

/** The whole line at the foot of each page. */
export const stampLineOf = (owner: CopyOwner): string =>
  `${dedicationOf(owner)}. This copy is personal: please do not share it.`;

/** What a stamp added, for those who measure it. */
export interface StampReport {
  /** Bytes of the embedded font files (before compression), each a subset of its face. */
  readonly fontFileBytes: number;
  /** The faces drawn with, e.g. "noto-sans/latin", "noto-sans-jp/57". */
  readonly faces: readonly string[];
}

/**
 * A reader's copy, as the update that follows the book's bytes (`planBook`; `BookPlan.base`
 * says where): every page of the book gets a grey line at its foot ("Prepared for NAME
 * <EMAIL>. This copy is personal: please do not share it."), fitted to the page's width, and
 * the document's metadata says the same (title, subject, keywords), character for character.
 *
 * The line is drawn once per page width, as a form XObject that every page of that width
 * draws, with subsets of the fonts it needs (`FontLibrary`); so the copy grows by those
 * subsets, the pages' dictionaries and a few small objects. The line's text is also given to
 * extractors whole (a marked-content span with ActualText), in the order it is drawn (see
 * `LaidOutLine.visualText`): shaping does not always map glyphs to characters one to one
 * (Devanagari vowel signs drawn before their consonant, Arabic dots split off), and this way
 * pdftotext gives back the name as it was written.
 */
export async function stampUpdate(
  plan: BookPlan,
  owner: CopyOwner,
  title: string,
  library: FontLibrary,
): Promise<{ readonly update: Uint8Array; readonly report: StampReport }> {
  const context = PDFContext.create();
  context.largestObjectNumber = plan.firstFree - 1; // the fonts' objects come after the plan's
  const text = stampLineOf(owner);
  const fonts = new Map<FontFace, EmbeddedFont>();
  const writer = new UpdateWriter(plan.base);
  writer.addChunk(plan.fixed);

  const objects: UpdateObject[] = [];
  const fontDictionaryRef = PDFRef.of(plan.fontDictionaryNumber);
  for (const stamp of plan.stamps) {
    const { line, size } = await fittedLine(text, stamp.width - 2 * MARGIN, library);
    const form = context.flateStream(drawLine(line, size, fonts), {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, stamp.width, 2 * MARGIN],
      Resources: { Font: fontDictionaryRef },
    });
    objects.push({ number: stamp.number, generation: 0, body: pdfBytes(form), packable: false });
  }

  let fontFileBytes = 0;
  const fontDictionary = context.obj({});
  [...fonts.values()].forEach((font, index) => {
    const embedded = font.embed(context);
    fontDictionary.set(fontResourceName(index), embedded.ref);
    fontFileBytes += embedded.fileBytes;
  });
  objects.push({ number: plan.fontDictionaryNumber, generation: 0, body: pdfBytes(fontDictionary), packable: true });
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    const { objectNumber: number, generationNumber: generation } = ref;
    objects.push({ number, generation, body: pdfBytes(object), packable: !(object instanceof PDFStream) });
  }

  const { info } = plan;
  const metadata = context.obj({
    Title: PDFHexString.fromText(title),
    Subject: PDFHexString.fromText(dedicationOf(owner)),
    Keywords: PDFHexString.fromText([owner.name, owner.email].join(' ')),
  });
  const infoBody = Buffer.concat([Buffer.from('<<\n'), info.otherEntries, pdfBytes(metadata).subarray(2)]);
  objects.push({ number: info.number, generation: info.generation, body: infoBody, packable: info.generation === 0 });
  writer.addObjects(objects, () => context.nextRef().objectNumber);

  const infoRef = Buffer.from(`${info.number} ${info.generation} R`);
  const update = writer.finish({ ...plan.trailer, info: infoRef }, context.largestObjectNumber + 1);
  return { update, report: { fontFileBytes, faces: [...fonts.keys()].map((face) => face.key) } };
}

/** A reader's copy whole, in memory: the book's bytes, then the update (`planBook`, `stampUpdate`). */
export async function stampBook(
  source: Uint8Array,
  owner: CopyOwner,
  title: string,
  library: FontLibrary,
): Promise<{ readonly pdf: Uint8Array; readonly report: StampReport }> {
  const { update, report } = await stampUpdate(await planBook(source), owner, title, library);
  return { pdf: Buffer.concat([source, update]), report };
}

/**
 * The line at the largest size from MAX_SIZE down to MIN_SIZE that fits the width; cut short
 * with an ellipsis when even the smallest does not (the metadata keeps every word).
 */
async function fittedLine(
  text: string,
  width: number,
  library: FontLibrary,
): Promise<{ readonly line: LaidOutLine; readonly size: number }> {
  const sizeFor = (line: LaidOutLine): number =>
    Math.max(MIN_SIZE, Math.min(MAX_SIZE, width / Math.max(line.unitWidth, Number.EPSILON)));
  const whole = await layOutLine(text, library);
  if (whole.unitWidth * MIN_SIZE <= width) return { line: whole, size: sizeFor(whole) };
  const chars = [...text];
  let [fits, tooLong] = [0, chars.length];
  let best = await layOutLine(ELLIPSIS, library);
  while (tooLong - fits > 1) {
    const middle = Math.floor((fits + tooLong) / 2);
    const line = await layOutLine(`${chars.slice(0, middle).join('')}${ELLIPSIS}`, library);
    if (line.unitWidth * MIN_SIZE <= width) [fits, best] = [middle, line];
    else tooLong = middle;
  }
  return { line: best, size: MIN_SIZE };
}

/**
 * The content of a stamp: the line's glyph runs at MARGIN from the left, baseline MARGIN / 2
 * up, grey, inside a span whose ActualText is the line's text (`LaidOutLine.visualText`).
 */
function drawLine(line: LaidOutLine, size: number, fonts: Map<FontFace, EmbeddedFont>): string {
  const actualText = PDFHexString.fromText(line.visualText).toString();
  const operators = [`/Span << /ActualText ${actualText} >> BDC`, 'q', GREY, 'BT'];
  // The glyphs that stand for text first, the whole line, then (from each run's start again)
  // those that stand for none: pdf.js skips the latter, and with them any shift that follows
  // one in a TJ array, so no glyph that it reads comes after them; and readers that take a
  // step back for a new line (MuPDF) keep the line's text on one line (see `glyphTexts`).
  const unread: string[] = [];
  let x = MARGIN;
  for (const run of line.runs) {
    let font = fonts.get(run.face);
    if (font === undefined) {
      font = new EmbeddedFont(run.face);
      fonts.set(run.face, font);
    }
    const start = [
      `${fontResourceName([...fonts.keys()].indexOf(run.face)).asString()} ${formatNumber(size)} Tf`,
      `1 0 0 1 ${formatNumber(x)} ${formatNumber(MARGIN / 2)} Tm`,
    ];
    const indices = run.glyphs.map((_, index) => index);
    const read = indices.filter((index) => (run.texts[index]?.text ?? '') !== '');
    const notRead = indices.filter((index) => (run.texts[index]?.text ?? '') === '');
    if (read.length > 0) operators.push(...start, ...drawGlyphs(run, read, font, size));
    if (notRead.length > 0) unread.push(...start, ...drawGlyphs(run, notRead, font, size));
    x += (run.advance * size) / run.face.font.unitsPerEm;
  }
  operators.push(...unread, 'ET', 'Q', 'EMC');
  return operators.join('\n');
}

/**
 * Draws some glyphs of a run, in order, from the run's start: TJ arrays of glyph codes and,
 * between them, the shifts (in thousandths of the size, positive to the left) that put each
 * where shaping placed it (the pen, from the advances of every glyph before it, plus its
 * offset); a raised or lowered mark gets its own rise.
 */
function drawGlyphs(run: GlyphRun, indices: readonly number[], font: EmbeddedFont, size: number): string[] {
  const unitsToThousandths = 1000 / run.face.font.unitsPerEm;
  const unitsToPoints = size / run.face.font.unitsPerEm;
  const pens: number[] = [];
  run.positions.reduce((pen, position) => {
    pens.push(pen);
    return pen + position.xAdvance;
  }, 0);
  const operators: string[] = [];
  let array: string[] = [];
  let [rise, at] = [0, 0];
  const flush = (): void => {
    if (array.length > 0) operators.push(`[${array.join('')}] TJ`);
    array = [];
  };
  for (const index of indices) {
    const glyph = run.glyphs[index];
    const position = run.positions[index];
    if (glyph === undefined || position === undefined) continue;
    const glyphRise = position.yOffset * unitsToPoints;
    if (Math.abs(glyphRise - rise) > 0.001) {
      flush();
      rise = glyphRise;
      operators.push(`${formatNumber(rise)} Ts`);
    }
    // The viewer moves on by the width the font dictionary gives the code, not the shaped advance.
    const { code, width } = font.code(glyph, run.texts[index] ?? { text: '', advance: 0 });
    const target = ((pens[index] ?? 0) + position.xOffset) * unitsToThousandths;
    if (Math.abs(target - at) > 0.001) array.push(` ${formatNumber(at - target)} `);
    array.push(`<${code}>`);
    at = target + width;
  }
  flush();
  if (rise !== 0) operators.push('0 Ts');
  return operators;
}
