import bidiFactory from 'bidi-js';
import type { Glyph, GlyphPosition } from 'fontkit';

import { FALLBACK_ORDER, type FontFace, type FontFamilyName, type FontLibrary } from './font-library';
import { glyphTexts, piecesOf, type GlyphText } from './glyph-text';

/** Glyphs of one face, shaped together: in visual order, left to right. */
export interface GlyphRun {
  readonly face: FontFace;
  readonly glyphs: readonly Glyph[];
  /** In the face's units (`face.font.unitsPerEm` to an em). */
  readonly positions: readonly GlyphPosition[];
  /** What each glyph stands for, for readers that read the glyphs (`glyphTexts`). */
  readonly texts: readonly GlyphText[];
  /** The run's width, in the face's units. */
  readonly advance: number;
}

/** A line of text made into glyphs, ready to draw at any size. */
export interface LaidOutLine {
  /** The runs in visual order, left to right. */
  readonly runs: readonly GlyphRun[];
  /** The width of the line at a size of 1 (so, in points, times the size). */
  readonly unitWidth: number;
  /**
   * The line's characters in the order they are drawn, left to right: right-to-left runs
   * reversed, code point by code point, and nothing else changed (no mirroring, every
   * character kept, even one shown as its code). poppler's pdftotext reads a page in that
   * order and puts right-to-left runs back itself; told the line this way (as ActualText), it
   * gives back the words exactly. pdf.js ignores ActualText: it reads the glyphs (`texts`).
   */
  readonly visualText: string;
}

const bidi = bidiFactory();

/** The family to draw a character with, by its script; anything else takes its neighbours'. */
const SCRIPT_FAMILIES: ReadonlyArray<readonly [RegExp, FontFamilyName]> = [
  [/[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u, 'latin'],
  [/\p{Script=Arabic}/u, 'arabic'],
  [/\p{Script=Hebrew}/u, 'hebrew'],
  [/\p{Script=Devanagari}/u, 'devanagari'],
  [/\p{Script=Hangul}/u, 'kr'],
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, 'jp'],
  [/\p{Script=Bopomofo}/u, 'tc'],
];
const HAN = /\p{Script=Han}/u;
const INHERITED = /\p{Script=Inherited}/u;
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;

/**
 * Han characters are drawn in the forms of the language around them: Japanese next to kana,
 * Korean next to hangul, else Chinese (simplified, then traditional for what it lacks).
 */
function hanFamilies(text: string): readonly FontFamilyName[] {
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return ['jp', 'sc', 'tc', 'kr'];
  if (/\p{Script=Hangul}/u.test(text)) return ['kr', 'sc', 'tc', 'jp'];
  return ['sc', 'tc', 'jp', 'kr'];
}

/**
 * How a character no bundled font draws is shown: its code, as "[U+1F984]", in the Latin
 * font, so that the rest of the line is drawn as it is and the reader can still tell what
 * stood there. A character that is invisible by nature (a joiner, a variation selector) is
 * drawn as nothing instead. The document's metadata and the text given to extractors keep
 * the character itself.
 */
export const shownAsCode = (codePoint: number): string =>
  `[U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}]`;

interface Item {
  readonly face: FontFace;
  readonly level: number;
  text: string;
  /** The characters `text` draws: the same but for mirrored brackets, or the one shown as a code. */
  source: string;
  /** Characters shown as their codes: left to right whatever the level. */
  readonly code: boolean;
}

/**
 * Lays out one line: splits it into runs by script (each drawn with its own family's font,
 * Chinese, Japanese and Korean told apart as `hanFamilies` says), orders the runs by the
 * Unicode bidirectional algorithm in a left-to-right line (Arabic and Hebrew run right to
 * left, their brackets mirrored), and shapes each run with fontkit (Arabic letters joined,
 * Devanagari conjuncts and vowel signs placed, marks positioned, kerning).
 */
export async function layOutLine(text: string, library: FontLibrary): Promise<LaidOutLine> {
  const chars = [...text];
  const { levels: unitLevels } = bidi.getEmbeddingLevels(text, 'ltr');
  const levels: number[] = [];
  for (let index = 0, unit = 0; index < chars.length; unit += (chars[index] ?? '').length, index += 1) {
    levels.push(unitLevels[unit] ?? 0);
  }
  const families = familiesOf(chars, levels, hanFamilies(text));

  const latin = await library.faceFor('['.codePointAt(0) ?? 0, ['latin']);
  if (latin === null) throw new Error('the Latin font has no "["');
  const items: Item[] = [];
  for (const [index, char] of chars.entries()) {
    const level = levels[index] ?? 0;
    const rightToLeft = level % 2 === 1;
    const mirrored = rightToLeft ? bidi.getMirroredCharacter(char) : null;
    const codePoint = char.codePointAt(0) ?? 0;
    const face = await library.faceFor(codePoint, families[index] ?? FALLBACK_ORDER);
    if (face === null) {
      if (IGNORABLE.test(char)) continue;
      // Codes side by side in a left-to-right run are one item, so that a combining mark's
      // code stands for it with its base's (`glyphTexts`): pdf.js takes a mark alone for a
      // glyph without width, and the gap after it for a space.
      const last = items.at(-1);
      if (last?.code === true && level % 2 === 0 && last.level === level) {
        last.text += shownAsCode(codePoint);
        last.source += char;
      } else items.push({ face: latin, level, text: shownAsCode(codePoint), source: char, code: true });
      continue;
    }
    const drawn = mirrored !== null && face.font.hasGlyphForCodePoint(mirrored.codePointAt(0) ?? 0) ? mirrored : char;
    const last = items.at(-1);
    if (last !== undefined && !last.code && last.face === face && last.level === level) {
      last.text += drawn;
      last.source += char;
    } else items.push({ face, level, text: drawn, source: char, code: false });
  }

  const runs = inVisualOrder(items).map((item): GlyphRun => {
    const direction = item.level % 2 === 1 && !item.code ? 'rtl' : 'ltr';
    const shaped = item.face.font.layout(item.text, undefined, undefined, undefined, direction);
    const advance = shaped.positions.reduce((sum, position) => sum + position.xAdvance, 0);
    const code = item.code ? (char: string) => shownAsCode(char.codePointAt(0) ?? 0) : undefined;
    const pieces = piecesOf(item.text, item.source, code);
    const texts = glyphTexts(pieces, shaped.glyphs, shaped.positions, direction === 'rtl');
    return { face: item.face, glyphs: shaped.glyphs, positions: shaped.positions, texts, advance };
  });
  return {
    runs,
    unitWidth: runs.reduce((sum, run) => sum + run.advance / run.face.font.unitsPerEm, 0),
    visualText: inVisualOrder(chars.map((char, index) => ({ char, level: levels[index] ?? 0 })))
      .map(({ char }) => char)
      .join(''),
  };
}

/**
 * Each character's families, best first, then every other family. A combining mark takes its
 * base's. A character of no script of its own (a space, a digit, punctuation) is drawn in
 * Latin when the Latin font has it, which every line embeds anyway, so a space between two
 * Arabic words does not bring in a font of its own; else (a CJK full stop, a Devanagari danda)
 * in the family of the nearest character with a script at the same bidi level, before it,
 * else after it.
 */
function familiesOf(
  chars: readonly string[],
  levels: readonly number[],
  han: readonly FontFamilyName[],
): (readonly FontFamilyName[])[] {
  const own = chars.map((char): readonly FontFamilyName[] | null => {
    if (HAN.test(char)) return han;
    const family = SCRIPT_FAMILIES.find(([script]) => script.test(char))?.[1];
    return family === undefined ? null : [family];
  });
  const nearest = (index: number, step: 1 | -1): readonly FontFamilyName[] | null => {
    for (let at = index + step; at >= 0 && at < chars.length; at += step) {
      if (levels[at] !== levels[index]) return null;
      const found = own[at];
      if (found !== null && found !== undefined) return found;
    }
    return null;
  };
  const chosen: (readonly FontFamilyName[])[] = [];
  chars.forEach((char, index) => {
    const best = own[index] ??
      (INHERITED.test(char) ? chosen[index - 1] : null) ?? [
        'latin',
        ...(nearest(index, -1) ?? nearest(index, 1) ?? []),
      ];
    chosen.push([...best, ...FALLBACK_ORDER.filter((family) => !best.includes(family))]);
  });
  return chosen;
}

/**
 * Reorders items of a line from logical to visual order by their bidi levels (rule L2 of the
 * Unicode bidirectional algorithm): from the highest level down to the lowest odd one, every
 * stretch at that level or above is reversed.
 */
function inVisualOrder<T extends { readonly level: number }>(items: readonly T[]): T[] {
  const ordered = [...items];
  const highest = Math.max(0, ...items.map((item) => item.level));
  for (let level = highest; level >= 1; level -= 1) {
    for (let start = 0; start < ordered.length;) {
      if ((ordered[start]?.level ?? 0) < level) {
        start += 1;
        continue;
      }
      let end = start;
      while (end < ordered.length && (ordered[end]?.level ?? 0) >= level) end += 1;
      ordered.splice(start, end - start, ...ordered.slice(start, end).reverse());
      start = end;
    }
  }
  return ordered;
}
