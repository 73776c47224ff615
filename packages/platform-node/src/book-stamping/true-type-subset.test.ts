import { describe, expect, it } from '@jest/globals';
import { create, type Font, type Glyph } from 'fontkit';

import { FontLibrary } from './font-library';
import { writeTrueTypeSubset } from './true-type-subset';

const library = new FontLibrary();

async function glyphsOf(text: string, family: 'latin' | 'jp'): Promise<{ font: Font; glyphs: Glyph[] }> {
  const face = await library.faceFor(text.codePointAt(0) ?? 0, [family]);
  if (face === null) throw new Error(`no ${family} face for ${text}`);
  return { font: face.font, glyphs: [face.font.getGlyph(0), ...face.font.glyphsForString(text)] };
}

/** The subset, read back by fontkit. */
function readBack(bytes: Uint8Array): Font {
  const font = create(Buffer.from(bytes));
  if (!('getGlyph' in font)) throw new Error('a collection');
  return font;
}

/** An outline as its points, rounded: what the subset stores (it has no curves of its own). */
const pointsOf = (glyph: Glyph): string =>
  glyph.path.commands
    .filter(({ command }) => command !== 'closePath')
    .map(({ args }) => args.map(Math.round).join(','))
    .join(' ');

describe('writeTrueTypeSubset', () => {
  it('writes the given glyphs, in order, with their outlines and advances', async () => {
    const { font, glyphs } = await glyphsOf('Ada', 'latin');
    const subset = readBack(writeTrueTypeSubset(font, glyphs));

    expect(subset.numGlyphs).toBe(glyphs.length);
    expect(subset.unitsPerEm).toBe(font.unitsPerEm);
    glyphs.forEach((glyph, id) => {
      expect(subset.getGlyph(id).advanceWidth).toBe(Math.round(glyph.advanceWidth));
      expect(pointsOf(subset.getGlyph(id))).toBe(pointsOf(glyph));
    });
  });

  it('flattens a composite glyph (a letter and its accent) into one outline', async () => {
    const face = await library.faceFor('ą'.codePointAt(0) ?? 0, ['latin']);
    if (face === null) throw new Error('no face for ą');
    const glyph = face.font.glyphForCodePoint('ą'.codePointAt(0) ?? 0);
    // fontkit's own reading of the glyph record: fewer than 0 contours is a composite.
    const record = (glyph as unknown as { _decode(): { numberOfContours: number } })._decode();
    expect(record.numberOfContours).toBeLessThan(0);
    const subset = readBack(writeTrueTypeSubset(face.font, [face.font.getGlyph(0), glyph]));

    expect(pointsOf(subset.getGlyph(1))).toBe(pointsOf(glyph));
    expect(pointsOf(subset.getGlyph(1)).length).toBeGreaterThan(0);
  });

  it('writes a variable font at the regular weight, not its thin default', async () => {
    const { font, glyphs } = await glyphsOf('山', 'jp');
    const subset = readBack(writeTrueTypeSubset(font, glyphs));
    const regular = subset.getGlyph(1);
    // The same glyph of the font at its default instance: thinner strokes, a smaller outline box.
    const thin = (font.getVariation({ wght: 100 }) as Font).getGlyph(glyphs[1]?.id ?? 0);

    expect(pointsOf(regular)).toBe(pointsOf(glyphs[1] as Glyph));
    expect(pointsOf(regular)).not.toBe(pointsOf(thin));
  });

  it('writes a blank glyph (a space) as an empty outline with its advance', async () => {
    const { font, glyphs } = await glyphsOf(' ', 'latin');
    const subset = readBack(writeTrueTypeSubset(font, glyphs));
    expect(subset.getGlyph(1).path.commands).toEqual([]);
    expect(subset.getGlyph(1).advanceWidth).toBe(Math.round(glyphs[1]?.advanceWidth ?? -1));
  });
});
