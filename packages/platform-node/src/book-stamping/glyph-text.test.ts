import { describe, expect, it } from '@jest/globals';
import type { Glyph, GlyphPosition } from 'fontkit';

import { glyphTexts, piecesOf } from './glyph-text';

/** A glyph as shaping gives it: the characters the font maps to it, its advance. */
const glyph = (chars: string, advanceWidth = 500): Glyph =>
  ({ codePoints: [...chars].map((char) => char.codePointAt(0) ?? 0), advanceWidth }) as unknown as Glyph;
const at = (xAdvance: number, xOffset = 0): GlyphPosition =>
  ({ xAdvance, xOffset, yAdvance: 0, yOffset: 0 }) as GlyphPosition;

describe('glyphTexts', () => {
  it('gives each glyph its character when they map one to one, and its advance to the next', () => {
    const texts = glyphTexts(
      piecesOf('Ada', 'Ada'),
      [glyph('A'), glyph('d'), glyph('a')],
      [at(640), at(600), at(560)],
      false,
    );

    expect(texts).toEqual([
      { text: 'A', advance: 640 },
      { text: 'd', advance: 600 },
      { text: 'a', advance: 560 },
    ]);
  });

  it('gives a Devanagari cluster drawn out of order to its leftmost glyph, whole', () => {
    // "कि": the vowel sign is drawn before its consonant; "र्मा": the reph after the cluster.
    const glyphs = [glyph('ि'), glyph('क'), glyph('म'), glyph('ा'), glyph('र्', 0)];
    const positions = [at(250), at(550), at(530), at(240), at(0, -300)];
    const texts = glyphTexts(piecesOf('किर्मा', 'किर्मा'), glyphs, positions, false);

    expect(texts.map(({ text }) => text)).toEqual(['कि', '', 'र्मा', '', '']);
    expect(texts.map(({ advance }) => advance)).toEqual([800, 0, 770, 0, 0]);
  });

  it('keeps a glyph split off a letter (an Arabic dot) with its letter, reversed in a right-to-left run', () => {
    // "بن" drawn right to left: the glyphs in visual order, each letter's dot beside it.
    const glyphs = [glyph('', 0), glyph('ن', 340), glyph('', 0), glyph('ب', 270)];
    const positions = [at(0, 100), at(340), at(0, 80), at(270)];
    const texts = glyphTexts(piecesOf('بن', 'بن'), glyphs, positions, true);

    expect(texts.map(({ text }) => text)).toEqual(['', 'ن', '', 'ب']);
    expect(texts.map(({ advance }) => advance)).toEqual([0, 340, 0, 270]);
  });

  it('gives a grapheme shown as codes to the first glyph of its codes', () => {
    const code = (char: string): string => `[${char.codePointAt(0)?.toString(16)}]`;
    const pieces = piecesOf('', 'সি', code);
    const glyphs = [...'[9b8][9bf]'].map((char) => glyph(char));

    expect(pieces).toEqual([{ drawn: '[9b8][9bf]', text: 'সি' }]);
    const texts = glyphTexts(
      pieces,
      glyphs,
      glyphs.map(() => at(500)),
      false,
    );
    expect(texts[0]).toEqual({ text: 'সি', advance: 5000 });
    expect(texts.slice(1).every(({ text, advance }) => text === '' && advance === 0)).toBe(true);
  });

  it('makes the rest of a run one stretch when its glyphs never hold its characters', () => {
    const texts = glyphTexts(piecesOf('ab', 'ab'), [glyph('x'), glyph('y')], [at(500), at(500)], false);

    expect(texts.map(({ text }) => text)).toEqual(['ab', '']);
  });
});
