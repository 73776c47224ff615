import type { Glyph, GlyphPosition } from 'fontkit';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** A grapheme of a run: what is shaped for it, and the text it stands for. */
export interface Piece {
  readonly drawn: string;
  readonly text: string;
}

/**
 * A run's graphemes: those of `drawn`, the text shaped (brackets mirrored in right-to-left
 * runs), each standing for the same stretch of `source`, index for index; or, for characters shown as codes (`code`
 * makes a character's), the graphemes of `source`, each drawn as its characters' codes.
 */
export function piecesOf(drawn: string, source: string, code?: (char: string) => string): Piece[] {
  if (code !== undefined) {
    return [...graphemes.segment(source)].map(({ segment }) => ({
      drawn: [...segment].map(code).join(''),
      text: segment,
    }));
  }
  return [...graphemes.segment(drawn)].map(({ segment, index }) => ({
    drawn: segment,
    text: source.slice(index, index + segment.length),
  }));
}

/** What a glyph stands for, for readers that take a page's text from its glyphs. */
export interface GlyphText {
  /** Its text: a stretch's characters, or '' for a glyph that stands for none. */
  readonly text: string;
  /**
   * How far the reader should move after drawing it, in the face's units: to where the next
   * stretch's glyph is drawn (or the run ends), or 0 for a glyph that stands for no text.
   */
  readonly advance: number;
}

/**
 * What each glyph of a shaped run stands for, for the readers that take a page's text from its
 * glyphs alone (pdf.js, Firefox's reader, ignores ActualText), in the run's (visual) order.
 *
 * Shaping does not map glyphs to characters one to one, nor in order: a Devanagari vowel sign
 * is drawn before its consonant and a reph after its cluster, an Arabic dot is split off its
 * letter, two letters become one ligature. So the run is cut into the shortest stretches, on
 * grapheme boundaries, whose glyphs hold the same characters as their text; one glyph of each
 * stretch (its leftmost that moves the pen: a letter, not a mark) stands for the stretch's text
 * and the width up to the next one, and the others for nothing. A right-to-left stretch is given reversed, code point by code point, as it is drawn:
 * readers reverse right-to-left text back (pdf.js runs the bidi algorithm on what it extracts).
 * Characters shown as codes are stretches of their own, a code's glyphs standing for its
 * character; when the glyphs never hold the same characters as the text, the rest of the run
 * is one stretch.
 */
export function glyphTexts(
  pieces: readonly Piece[],
  glyphs: readonly Glyph[],
  positions: readonly GlyphPosition[],
  rightToLeft: boolean,
): GlyphText[] {
  const order = glyphs.map((_, index) => (rightToLeft ? glyphs.length - 1 - index : index));
  const texts = glyphs.map(() => '');
  const carriers: number[] = [];
  const balance = new Map<number, number>();
  let unbalanced = 0;
  const count = (codePoints: Iterable<number>, sign: 1 | -1): void => {
    for (const codePoint of codePoints) {
      const before = balance.get(codePoint) ?? 0;
      balance.set(codePoint, before + sign);
      if (before === 0) unbalanced += 1;
      else if (before + sign === 0) unbalanced -= 1;
    }
  };
  const glyphAt = (at: number): Glyph | undefined => glyphs[order[at] ?? -1];
  let [glyph, piece, carrier] = [0, 0, -1];
  while (glyph < glyphs.length || piece < pieces.length) {
    const start = glyph;
    let text = '';
    const takePiece = (): void => {
      const { drawn, text: standsFor } = pieces[piece] ?? { drawn: '', text: '' };
      text += standsFor;
      count(
        [...drawn].map((char) => char.codePointAt(0) ?? 0),
        1,
      );
      piece += 1;
    };
    const takeGlyph = (): void => {
      count(glyphAt(glyph)?.codePoints ?? [], -1);
      glyph += 1;
    };
    if (piece < pieces.length) takePiece();
    for (;;) {
      const glyphsAhead = [...balance.values()].some((value) => value < 0);
      if (unbalanced === 0 && text !== '') {
        // Glyphs that stand for no character (a split-off dot) go with the stretch before them.
        while (glyph < glyphs.length && (glyphAt(glyph)?.codePoints.length ?? 0) === 0) takeGlyph();
        if (glyph > start || glyph === glyphs.length) break;
      }
      if (glyphsAhead && piece < pieces.length) takePiece();
      else if (glyph < glyphs.length) takeGlyph();
      else if (piece < pieces.length) takePiece();
      else break;
    }
    const members = order.slice(start, glyph).sort((a, b) => a - b);
    if (members.length > 0) {
      carrier = members.find((member) => (positions[member]?.xAdvance ?? 0) !== 0) ?? members[0] ?? 0;
      carriers.push(carrier);
    }
    if (carrier >= 0) texts[carrier] += text;
  }
  // Where each glyph is drawn, and the run's end, in the face's units from the run's start.
  const drawnAt: number[] = [];
  let pen = 0;
  glyphs.forEach((_, index) => {
    drawnAt.push(pen + (positions[index]?.xOffset ?? 0));
    pen += positions[index]?.xAdvance ?? 0;
  });
  const advances = glyphs.map(() => 0);
  carriers.sort((a, b) => a - b);
  carriers.forEach((at, index) => {
    const next = carriers[index + 1];
    advances[at] = (next === undefined ? pen : (drawnAt[next] ?? pen)) - (drawnAt[at] ?? 0);
  });
  return texts.map((text, index) => ({
    text: rightToLeft ? [...text].reverse().join('') : text,
    advance: advances[index] ?? 0,
  }));
}
