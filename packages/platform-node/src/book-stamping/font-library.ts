import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

import { create, type Font } from 'fontkit';
import decompressWoff2 from 'wawoff2/decompress';

/**
 * The fonts the stamp can draw with: Noto Sans in its variable cut, from the Fontsource npm
 * packages, one family per writing system. Fontsource splits each family into slices by
 * Unicode range (a CJK family into about a hundred), each a WOFF2 file: a slice is read only
 * when a line needs one of its characters, and kept for the next copies.
 */
export const FONT_FAMILIES = {
  /** Latin (Vietnamese and the Polish, Czech… letters too), Greek, Cyrillic. */
  latin: { package: '@fontsource-variable/noto-sans', file: 'noto-sans' },
  arabic: { package: '@fontsource-variable/noto-sans-arabic', file: 'noto-sans-arabic' },
  hebrew: { package: '@fontsource-variable/noto-sans-hebrew', file: 'noto-sans-hebrew' },
  devanagari: { package: '@fontsource-variable/noto-sans-devanagari', file: 'noto-sans-devanagari' },
  /** Chinese: simplified, then traditional. */
  sc: { package: '@fontsource-variable/noto-sans-sc', file: 'noto-sans-sc' },
  tc: { package: '@fontsource-variable/noto-sans-tc', file: 'noto-sans-tc' },
  /** Japanese: kana, and kanji in their Japanese forms. */
  jp: { package: '@fontsource-variable/noto-sans-jp', file: 'noto-sans-jp' },
  /** Korean: hangul. */
  kr: { package: '@fontsource-variable/noto-sans-kr', file: 'noto-sans-kr' },
} as const;

export type FontFamilyName = keyof typeof FONT_FAMILIES;

/** Every family, in the order tried for a character that its own script's family lacks. */
export const FALLBACK_ORDER: readonly FontFamilyName[] = [
  'latin',
  'arabic',
  'hebrew',
  'devanagari',
  'sc',
  'tc',
  'jp',
  'kr',
];

/** The weight the variable fonts are set to: regular. */
const WEIGHT = 400;

/** Slices kept at once in a library: a CJK slice is about 80 KB once decompressed. */
const MAX_CACHED_FACES = 64;

/** One slice of a family, ready to lay out text: a fontkit font at the regular weight. */
export interface FontFace {
  /** "noto-sans-jp/12": its family's file name and its slice. */
  readonly key: string;
  readonly family: FontFamilyName;
  readonly font: Font;
}

interface Slice {
  readonly name: string;
  /** Inclusive code point ranges, from the package's unicode.json. */
  readonly ranges: ReadonlyArray<readonly [number, number]>;
}

/**
 * Finds, for a character, a face of a given family that draws it. Faces are read when first
 * needed, once, and the least recently used are dropped past a bound, so memory stays small
 * however many scripts the readers' names use.
 */
export class FontLibrary {
  private readonly slices = new Map<FontFamilyName, readonly Slice[]>();
  private readonly faces = new Map<string, FontFace>();
  private readonly loading = new Map<string, Promise<FontFace>>();

  /**
   * A face of the first of the families that draws the character (its slice read now if it
   * was not yet); null when none does.
   */
  async faceFor(codePoint: number, families: readonly FontFamilyName[]): Promise<FontFace | null> {
    for (const family of families) {
      const slice = this.sliceFor(family, codePoint);
      if (slice === undefined) continue;
      const face = await this.face(family, slice);
      if (face.font.hasGlyphForCodePoint(codePoint)) return face;
    }
    return null;
  }

  /** The slice of a family whose range holds the character, if any. */
  private sliceFor(family: FontFamilyName, codePoint: number): Slice | undefined {
    return this.slicesOf(family).find((slice) =>
      slice.ranges.some(([first, last]) => codePoint >= first && codePoint <= last),
    );
  }

  private slicesOf(family: FontFamilyName): readonly Slice[] {
    let slices = this.slices.get(family);
    if (slices === undefined) {
      // unicode.json: { "latin": "U+0000-00FF,U+0131,…", "[12]": "U+4E00,…" }; small, read once.
      const table = JSON.parse(readFileSync(join(packageDir(family), 'unicode.json'), 'utf8')) as Record<
        string,
        string
      >;
      slices = Object.entries(table).map(([name, ranges]) => ({
        name: name.replace(/^\[|\]$/g, ''),
        ranges: ranges.split(',').map((range) => {
          const [first = '', last = first] = range.trim().replace(/U\+/gi, '').split('-');
          return [parseInt(first, 16), parseInt(last, 16)] as const;
        }),
      }));
      this.slices.set(family, slices);
    }
    return slices;
  }

  private face(family: FontFamilyName, slice: Slice): Promise<FontFace> {
    const key = faceKey(family, slice);
    const loaded = this.faces.get(key);
    if (loaded !== undefined) return Promise.resolve(this.touch(loaded));
    let loading = this.loading.get(key);
    if (loading === undefined) {
      loading = readFace(family, slice, key).then(
        (face) => {
          this.loading.delete(key);
          this.faces.set(key, face);
          for (const old of this.faces.keys()) {
            if (this.faces.size <= MAX_CACHED_FACES) break;
            this.faces.delete(old);
          }
          return face;
        },
        (error: unknown) => {
          this.loading.delete(key);
          throw error;
        },
      );
      this.loading.set(key, loading);
    }
    return loading;
  }

  /** Moves a face to the recently used end of the cache. */
  private touch(face: FontFace): FontFace {
    this.faces.delete(face.key);
    this.faces.set(face.key, face);
    return face;
  }
}

const faceKey = (family: FontFamilyName, slice: Slice): string => `${FONT_FAMILIES[family].file}/${slice.name}`;

/** The package's folder, found through its exported unicode.json. */
function packageDir(family: FontFamilyName): string {
  return dirname(require.resolve(`${FONT_FAMILIES[family].package}/unicode.json`));
}

async function readFace(family: FontFamilyName, slice: Slice, key: string): Promise<FontFace> {
  const { file } = FONT_FAMILIES[family];
  const woff2 = await readFile(join(packageDir(family), 'files', `${file}-${slice.name}-wght-normal.woff2`));
  // fontkit reads WOFF2, but not a variable WOFF2 at another weight: it decodes composite
  // glyphs wrongly there. Decompressed to TrueType first, the variation works. The result is a
  // view into the decoder's memory, reused by its next call: copied at once.
  const ttf = Buffer.from(await decompressWoff2(woff2));
  const parsed = create(ttf);
  if (!('unitsPerEm' in parsed)) throw new Error(`${key}: a font collection, not a font`);
  const font = parsed.variationAxes.wght ? parsed.getVariation({ wght: WEIGHT }) : parsed;
  return { key, family, font };
}
