import { createHash } from 'node:crypto';

import { PDFHexString, PDFName, PDFString, type PDFContext, type PDFRef } from '@cantoo/pdf-lib';
import type { Glyph } from 'fontkit';

import type { FontFace } from './font-library';
import type { GlyphText } from './glyph-text';
import { writeTrueTypeSubset } from './true-type-subset';

/** bfchar lists hold at most 100 entries each (PDF 32000-1, 9.10.3). */
const CMAP_BLOCK = 100;

/**
 * What a glyph that stands for no text maps to: WORD JOINER, invisible and of no effect on
 * the text around it. pdf.js leaves out a glyph whose text is a format character, and shows an
 * empty mapping as the raw code (U+0001, U+0006…), so no glyph maps to nothing.
 */
const NO_TEXT = '\u2060';

/** How far, in thousandths of the size, a glyph's width may be from its own and still be given as it. */
const SNAP = 50;

/**
 * The glyphs a stamp uses from one face, embedded as a subset: a Type 0 font whose character
 * ids (two bytes each) each draw one glyph of the subset and stand for one text and width (`code`),
 * given by a ToUnicode map so that text extractors and copy and paste get the characters back.
 * A glyph is drawn by as many ids as the texts and widths it stands for (a Devanagari vowel sign, say,
 * for each cluster it begins); a CIDToGIDMap says which glyph each id draws. The subset holds a
 * glyph once for each width it is given, with that advance: MuPDF and others read where a glyph
 * ends from the font file, not from the widths in the PDF, and would see gaps otherwise.
 */
export class EmbeddedFont {
  /** The subset's glyphs, each with its width in thousandths of the size. */
  private readonly glyphs: Array<{ readonly glyph: Glyph; readonly width: number }>;
  /** The subset's glyph index for each glyph id of the face and width. */
  private readonly indices = new Map<string, number>();
  /** For each character id: its glyph's index in the subset, and its text. */
  private readonly codes: Array<{ readonly index: number; readonly text: string; readonly width: number }>;
  private readonly ids = new Map<string, number>();

  constructor(readonly face: FontFace) {
    const notdef = face.font.getGlyph(0);
    const width = this.ownWidth(notdef);
    this.glyphs = [{ glyph: notdef, width }];
    this.indices.set(`${notdef.id}:${width}`, 0);
    this.codes = [{ index: 0, text: NO_TEXT, width }];
  }

  /**
   * The character id that draws the glyph for what it stands for (`glyphTexts`), as the four
   * hex digits of a PDF string, and the width the font dictionary gives that id, in thousandths
   * of the size: the advance it stands for. pdf.js skips a glyph that stands for no text without
   * moving on; so that every reader moves the same, such an id has no width, and the glyph that
   * stands for a stretch has the stretch's (the content's shifts place each glyph where shaping
   * put it, whatever the widths).
   */
  code(glyph: Glyph, { text, advance }: GlyphText): { readonly code: string; readonly width: number } {
    const unicode = text === '' ? NO_TEXT : text;
    const own = this.ownWidth(glyph);
    const exact = Math.round((advance * 1000) / this.face.font.unitsPerEm);
    // Within SNAP of its own width (kerning, say), a glyph keeps it: pdf.js takes so small a
    // gap for neither a space nor a new line, and the content's shifts draw it exactly anyway;
    // so a glyph needs fewer ids, and a font of one id per glyph has the Identity map.
    const wanted = text === '' ? 0 : exact;
    const width = Math.abs(wanted - own) <= SNAP ? own : wanted;
    const key = `${glyph.id}:${width}:${unicode}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      let index = this.indices.get(`${glyph.id}:${width}`);
      if (index === undefined) {
        index = this.glyphs.length;
        this.glyphs.push({ glyph, width });
        this.indices.set(`${glyph.id}:${width}`, index);
      }
      id = this.codes.length;
      if (id > 0xffff) throw new Error('a stamp font holds at most 65536 character ids');
      this.codes.push({ index, text: unicode, width });
      this.ids.set(key, id);
    }
    return { code: hex4(id), width };
  }

  /** The glyph's own advance, in thousandths of the size. */
  private ownWidth(glyph: Glyph): number {
    return Math.round((glyph.advanceWidth * 1000) / this.face.font.unitsPerEm);
  }

  /** Writes the font (its subset file, descriptor, widths and ToUnicode map); returns its reference. */
  embed(context: PDFContext): { readonly ref: PDFRef; readonly fileBytes: number } {
    const { font } = this.face;
    const scale = 1000 / font.unitsPerEm;
    const file = writeTrueTypeSubset(
      font,
      this.glyphs.map(({ glyph }) => glyph),
      this.glyphs.map(({ width }) => (width * font.unitsPerEm) / 1000),
    );
    const name = `${subsetTag(this.face.key, this.glyphs)}+${font.postscriptName.replace(/[^A-Za-z0-9-]/g, '')}`;
    const fontFile = context.register(context.flateStream(file, { Length1: file.length }));
    const descriptor = context.register(
      context.obj({
        Type: 'FontDescriptor',
        FontName: name,
        Flags: 4, // symbolic: its glyphs are chosen by id, not by a standard encoding
        FontBBox: [font.bbox.minX, font.bbox.minY, font.bbox.maxX, font.bbox.maxY].map((value) =>
          Math.round(value * scale),
        ),
        ItalicAngle: 0,
        Ascent: Math.round(font.ascent * scale),
        Descent: Math.round(font.descent * scale),
        CapHeight: Math.round((font.capHeight || font.ascent) * scale),
        StemV: 80,
        FontFile2: fontFile,
      }),
    );
    const descendant = context.register(
      context.obj({
        Type: 'Font',
        Subtype: 'CIDFontType2',
        BaseFont: name,
        CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
        FontDescriptor: descriptor,
        W: [0, this.codes.map(({ width }) => width)],
        CIDToGIDMap: this.codes.every(({ index }, id) => index === id)
          ? 'Identity'
          : context.register(context.flateStream(this.cidToGidMap())),
      }),
    );
    const toUnicode = context.register(context.flateStream(this.toUnicodeCMap()));
    const ref = context.register(
      context.obj({
        Type: 'Font',
        Subtype: 'Type0',
        BaseFont: name,
        Encoding: 'Identity-H',
        DescendantFonts: [descendant],
        ToUnicode: toUnicode,
      }),
    );
    return { ref, fileBytes: file.length };
  }

  /** For each character id, two bytes: the subset's glyph it draws. */
  private cidToGidMap(): Uint8Array {
    const map = new Uint8Array(2 * this.codes.length);
    this.codes.forEach(({ index }, id) => {
      map[2 * id] = index >> 8;
      map[2 * id + 1] = index & 0xff;
    });
    return map;
  }

  /** Each character id's text (`glyphTexts`; `NO_TEXT` for a glyph that stands for none). */
  private toUnicodeCMap(): string {
    const entries = this.codes.slice(1).map(({ text }, index) => {
      const hex = PDFHexString.fromText(text).toString();
      return `<${hex4(index + 1)}> ${hex.replace(/^<FEFF/i, '<')}`;
    });
    const blocks: string[] = [];
    for (let start = 0; start < entries.length; start += CMAP_BLOCK) {
      const block = entries.slice(start, start + CMAP_BLOCK);
      blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
    }
    return [
      '/CIDInit /ProcSet findresource begin',
      '12 dict begin',
      'begincmap',
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
      '/CMapName /Adobe-Identity-UCS def',
      '/CMapType 2 def',
      '1 begincodespacerange',
      '<0000> <FFFF>',
      'endcodespacerange',
      ...blocks,
      'endcmap',
      'CMapName currentdict /CMap defineresource pop',
      'end',
      'end',
    ].join('\n');
  }
}

/** The name under which a page's resources list a font. */
export const fontResourceName = (index: number): PDFName => PDFName.of(`MemoirStampFont${index}`);

const hex4 = (value: number): string => value.toString(16).toUpperCase().padStart(4, '0');

/** Six capital letters that tell this subset from another of the same font (PDF 32000-1, 9.6.4). */
function subsetTag(key: string, glyphs: ReadonlyArray<{ readonly glyph: Glyph; readonly width: number }>): string {
  const digest = createHash('sha256')
    .update(`${key}:${glyphs.map(({ glyph, width }) => `${glyph.id}/${width}`).join(',')}`)
    .digest();
  return [...digest.subarray(0, 6)].map((byte) => String.fromCharCode(65 + (byte % 26))).join('');
}
