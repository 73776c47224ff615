import { createHash } from 'node:crypto';

import { PDFHexString, PDFName, PDFString, type PDFContext, type PDFRef } from '@cantoo/pdf-lib';
import type { Glyph } from 'fontkit';

import type { FontFace } from './font-library';
import { writeTrueTypeSubset } from './true-type-subset';

/** bfchar lists hold at most 100 entries each (PDF 32000-1, 9.10.3). */
const CMAP_BLOCK = 100;

/**
 * The glyphs a stamp uses from one face, embedded as a subset: a Type 0 font whose character
 * ids (two bytes each) are the glyphs' places in `glyphs`, with a ToUnicode map so that text
 * extractors and copy and paste get the characters back.
 */
export class EmbeddedFont {
  private readonly glyphs: Glyph[];
  private readonly ids = new Map<number, number>();

  constructor(readonly face: FontFace) {
    const notdef = face.font.getGlyph(0);
    this.glyphs = [notdef];
    this.ids.set(notdef.id, 0);
  }

  /** The character id that draws the glyph, as the four hex digits of a PDF string. */
  code(glyph: Glyph): string {
    let id = this.ids.get(glyph.id);
    if (id === undefined) {
      id = this.glyphs.length;
      this.glyphs.push(glyph);
      this.ids.set(glyph.id, id);
    }
    return hex4(id);
  }

  /** The width the font dictionary gives a glyph, in thousandths of the size: its advance. */
  width(glyph: Glyph): number {
    return Math.round((glyph.advanceWidth * 1000) / this.face.font.unitsPerEm);
  }

  /** Writes the font (its subset file, descriptor, widths and ToUnicode map); returns its reference. */
  embed(context: PDFContext): { readonly ref: PDFRef; readonly fileBytes: number } {
    const { font } = this.face;
    const scale = 1000 / font.unitsPerEm;
    const file = writeTrueTypeSubset(font, this.glyphs);
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
        W: [0, this.glyphs.map((glyph) => this.width(glyph))],
        CIDToGIDMap: 'Identity',
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

  /**
   * Each glyph's characters. A glyph that shaping split off a character (the dot of "ị", the
   * dots of a final yeh) has none: it maps to no text rather than to its raw code.
   */
  private toUnicodeCMap(): string {
    const entries = this.glyphs.slice(1).map((glyph, index) => {
      const text = PDFHexString.fromText(String.fromCodePoint(...glyph.codePoints)).toString();
      return `<${hex4(index + 1)}> ${text.replace(/^<FEFF/i, '<')}`;
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
function subsetTag(key: string, glyphs: readonly Glyph[]): string {
  const digest = createHash('sha256')
    .update(`${key}:${glyphs.map((glyph) => glyph.id).join(',')}`)
    .digest();
  return [...digest.subarray(0, 6)].map((byte) => String.fromCharCode(65 + (byte % 26))).join('');
}
