import type { CopyOwner } from '@memoir/domain';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRef,
  type PDFContext,
  type PDFPage,
} from '@cantoo/pdf-lib';

import { EmbeddedFont, fontResourceName } from './embedded-font';
import type { FontFace, FontLibrary } from './font-library';
import { layOutLine, type LaidOutLine } from './line-layout';

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
 * A reader's copy: every page of the book gets a grey line at its foot ("Prepared for NAME
 * <EMAIL>. This copy is personal: please do not share it."), fitted to the page's width, and
 * the document's metadata says the same (title, subject, keywords), character for character.
 *
 * The line is drawn once per page width, as a form XObject that every page of that width
 * draws, with subsets of the fonts it needs (`FontLibrary`); so the copy grows by those
 * subsets and a few small objects, however many pages the book has. The line's text is also
 * given to extractors whole (a marked-content span with ActualText), in the order it is drawn
 * (see `LaidOutLine.visualText`): shaping does not always map glyphs to characters one to one
 * (Devanagari vowel signs drawn before their consonant, Arabic dots split off), and this way
 * pdftotext gives back the name as it was written.
 */
export async function stampBook(
  source: Uint8Array,
  owner: CopyOwner,
  title: string,
  library: FontLibrary,
): Promise<{ readonly pdf: Uint8Array; readonly report: StampReport }> {
  const document = await PDFDocument.load(source, { updateMetadata: false });
  const { context } = document;
  const text = stampLineOf(owner);
  const fonts = new Map<FontFace, EmbeddedFont>();
  const stamps = new Map<string, { readonly name: PDFName; readonly ref: PDFRef }>();
  const drawCalls = new Map<string, PDFRef>();
  let pushGraphicsState: PDFRef | undefined;
  // The fonts of every stamp, filled in once the lines have said which glyphs they use.
  const fontDictionary = context.obj({});
  const fontDictionaryRef = context.register(fontDictionary);

  for (const page of document.getPages()) {
    const placement = placementOf(page);
    const widthKey = placement.width.toFixed(2);
    let stamp = stamps.get(widthKey);
    if (stamp === undefined) {
      const { line, size } = await fittedLine(text, placement.width - 2 * MARGIN, library);
      const content = drawLine(line, size, fonts);
      const ref = context.register(
        context.flateStream(content, {
          Type: 'XObject',
          Subtype: 'Form',
          BBox: [0, 0, placement.width, 2 * MARGIN],
          Resources: { Font: fontDictionaryRef },
        }),
      );
      stamp = { name: PDFName.of(`MemoirStamp${stamps.size}`), ref };
      stamps.set(widthKey, stamp);
    }
    addXObject(context, page, stamp.name, stamp.ref);

    const matrix = placement.matrix.map(formatNumber).join(' ');
    const callKey = `${stamp.name.asString()} ${matrix}`;
    let drawCall = drawCalls.get(callKey);
    if (drawCall === undefined) {
      // Balances whatever state the page's own content leaves, then draws the stamp.
      drawCall = context.register(context.flateStream(`Q q ${matrix} cm ${stamp.name.asString()} Do Q`));
      drawCalls.set(callKey, drawCall);
    }
    pushGraphicsState ??= context.register(context.flateStream('q'));
    const contents = contentsOf(context, page);
    page.node.set(PDFName.of('Contents'), context.obj([pushGraphicsState, ...contents, drawCall]));
  }

  let fontFileBytes = 0;
  [...fonts.values()].forEach((font, index) => {
    const embedded = font.embed(context);
    fontDictionary.set(fontResourceName(index), embedded.ref);
    fontFileBytes += embedded.fileBytes;
  });

  document.setTitle(title);
  document.setSubject(dedicationOf(owner));
  document.setKeywords([owner.name, owner.email]);
  return {
    pdf: await document.save(),
    report: { fontFileBytes, faces: [...fonts.keys()].map((face) => face.key) },
  };
}

/**
 * The page's visible box (its crop box), turned as it is shown: the line goes along the foot
 * the reader sees, whatever the page's /Rotate. `width` is that foot's length; `matrix` maps
 * the stamp's space (x along the foot, y up from it) onto the page.
 */
function placementOf(page: PDFPage): { readonly width: number; readonly matrix: readonly number[] } {
  const { x, y, width, height } = page.getCropBox();
  const turn = ((Math.round(page.getRotation().angle / 90) % 4) + 4) % 4;
  switch (turn) {
    case 1: // shown turned a quarter clockwise: the foot is the box's right edge, read upwards
      return { width: height, matrix: [0, 1, -1, 0, x + width, y] };
    case 2:
      return { width, matrix: [-1, 0, 0, -1, x + width, y + height] };
    case 3:
      return { width: height, matrix: [0, -1, 1, 0, x, y + height] };
    default:
      return { width, matrix: [1, 0, 0, 1, x, y] };
  }
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
  let x = MARGIN;
  for (const run of line.runs) {
    let font = fonts.get(run.face);
    if (font === undefined) {
      font = new EmbeddedFont(run.face);
      fonts.set(run.face, font);
    }
    const fontIndex = [...fonts.keys()].indexOf(run.face);
    const unitsToThousandths = 1000 / run.face.font.unitsPerEm;
    const unitsToPoints = size / run.face.font.unitsPerEm;
    operators.push(`${fontResourceName(fontIndex).asString()} ${formatNumber(size)} Tf`);
    operators.push(`1 0 0 1 ${formatNumber(x)} ${formatNumber(MARGIN / 2)} Tm`);
    // A TJ array: glyph codes, and between them the shifts from the shaped positions (in
    // thousandths of the size, positive to the left); a raised or lowered mark gets its own rise.
    let array: string[] = [];
    let rise = 0;
    const flush = (): void => {
      if (array.length > 0) operators.push(`[${array.join('')}] TJ`);
      array = [];
    };
    run.glyphs.forEach((glyph, index) => {
      const position = run.positions[index] ?? { xAdvance: 0, xOffset: 0, yOffset: 0 };
      const glyphRise = position.yOffset * unitsToPoints;
      if (Math.abs(glyphRise - rise) > 0.001) {
        flush();
        rise = glyphRise;
        operators.push(`${formatNumber(rise)} Ts`);
      }
      // Drawn at the pen plus its offset; the pen then moves by the shaped advance, not the
      // glyph's own width (which the font dictionary gives, and the viewer moves by).
      const offset = position.xOffset * unitsToThousandths;
      const back = offset + font.width(glyph) - position.xAdvance * unitsToThousandths;
      if (Math.abs(offset) > 0.001) array.push(` ${formatNumber(-offset)} `);
      array.push(`<${font.code(glyph)}>`);
      if (Math.abs(back) > 0.001) array.push(` ${formatNumber(back)} `);
    });
    flush();
    if (rise !== 0) operators.push('0 Ts');
    x += run.advance * unitsToPoints;
  }
  operators.push('ET', 'Q', 'EMC');
  return operators.join('\n');
}

/** Adds the stamp to the XObjects the page can draw, in its own or its inherited resources. */
function addXObject(context: PDFContext, page: PDFPage, name: PDFName, ref: PDFRef): void {
  const node = page.node;
  let resources = context.lookupMaybe(node.getInheritableAttribute(PDFName.of('Resources')), PDFDict);
  if (resources === undefined) {
    resources = context.obj({});
    node.set(PDFName.of('Resources'), resources);
  }
  let xObjects = context.lookupMaybe(resources.get(PDFName.of('XObject')), PDFDict);
  if (xObjects === undefined) {
    xObjects = context.obj({});
    resources.set(PDFName.of('XObject'), xObjects);
  }
  xObjects.set(name, ref);
}

/** The page's content streams, as a list (a page may have one, a list, or none). */
function contentsOf(context: PDFContext, page: PDFPage): PDFRef[] {
  const contents = page.node.get(PDFName.of('Contents'));
  if (contents instanceof PDFRef) {
    const target = context.lookup(contents);
    if (target instanceof PDFArray) return target.asArray().filter((item): item is PDFRef => item instanceof PDFRef);
    return [contents];
  }
  if (contents instanceof PDFArray) return contents.asArray().filter((item): item is PDFRef => item instanceof PDFRef);
  return [];
}

/** A number as PDF content writes it: at most three decimals, no trailing zeros. */
function formatNumber(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}
