import type { Font, Glyph } from 'fontkit';

/**
 * A TrueType font of just the given glyphs, for a PDF to embed (FontFile2): glyph `i` of the
 * result is `glyphs[i]`, so a PDF's character ids are indexes into the list (the first should
 * be the font's .notdef, glyph 0). `widths` may give a glyph another advance than its own, in
 * the font's units (the same outline can be in the list twice, with two advances).
 *
 * Each glyph is written from its outline as fontkit computes it, which is why this exists
 * rather than fontkit's own subsetter: that outline already has the font's variation applied
 * (a variable font at the regular weight) and composite glyphs (accented letters) flattened,
 * while fontkit's subsetter copies raw glyph bytes, which are the wrong weight for a variable
 * font and unreadable in a WOFF2 file. The font has only the tables a PDF reader uses (no
 * cmap, names or hinting): the PDF maps its character ids to glyphs and to Unicode itself.
 */
export function writeTrueTypeSubset(
  font: Font,
  glyphs: readonly Glyph[],
  widths: readonly (number | undefined)[] = [],
): Uint8Array {
  const outlines = glyphs.map(encodeOutline);
  const advances = glyphs.map((glyph, index) => Math.max(0, Math.round(widths[index] ?? glyph.advanceWidth)));
  const drawn = outlines.filter((outline) => outline.contours > 0);
  const box = {
    xMin: Math.min(0, ...drawn.map((outline) => outline.xMin)),
    yMin: Math.min(0, ...drawn.map((outline) => outline.yMin)),
    xMax: Math.max(0, ...drawn.map((outline) => outline.xMax)),
    yMax: Math.max(0, ...drawn.map((outline) => outline.yMax)),
  };

  const glyf = concat(outlines.map((outline) => outline.bytes));
  const loca = new Writer(4 * (outlines.length + 1));
  let offset = 0;
  for (const outline of outlines) {
    loca.u32(offset);
    offset += outline.bytes.length;
  }
  loca.u32(offset);

  const hmtx = new Writer(4 * outlines.length);
  outlines.forEach((outline, index) => {
    hmtx.u16(advances[index] ?? 0);
    hmtx.i16(outline.xMin);
  });

  const head = new Writer(54);
  head.u32(0x00010000); // version
  head.u32(0x00010000); // fontRevision
  head.u32(0); // checkSumAdjustment, set below
  head.u32(0x5f0f3cf5); // magicNumber
  head.u16(0x000b); // flags: baseline and left side bearing at 0, integer scaling
  head.u16(font.unitsPerEm);
  head.u32(0).u32(0).u32(0).u32(0); // created, modified: unknown
  head.i16(box.xMin).i16(box.yMin).i16(box.xMax).i16(box.yMax);
  head.u16(0); // macStyle
  head.u16(8); // lowestRecPPEM
  head.i16(2); // fontDirectionHint
  head.i16(1); // indexToLocFormat: 32-bit offsets
  head.i16(0); // glyphDataFormat

  const hhea = new Writer(36);
  hhea.u32(0x00010000);
  hhea.i16(Math.round(font.ascent)).i16(Math.round(font.descent)).i16(Math.round(font.lineGap));
  hhea.u16(Math.max(0, ...advances));
  hhea.i16(Math.min(0, ...drawn.map((outline) => outline.xMin)));
  hhea.i16(Math.min(0, ...outlines.map((outline, index) => (advances[index] ?? 0) - outline.xMax)));
  hhea.i16(box.xMax);
  hhea.i16(1).i16(0).i16(0); // caret: vertical
  hhea.i16(0).i16(0).i16(0).i16(0); // reserved
  hhea.i16(0); // metricDataFormat
  hhea.u16(outlines.length); // numberOfHMetrics

  const maxp = new Writer(32);
  maxp.u32(0x00010000);
  maxp.u16(outlines.length);
  maxp.u16(Math.max(0, ...outlines.map((outline) => outline.points)));
  maxp.u16(Math.max(0, ...outlines.map((outline) => outline.contours)));
  maxp.u16(0).u16(0); // composite points and contours: none, every glyph is simple
  maxp.u16(1); // maxZones: no twilight zone (no hinting)
  for (let field = 0; field < 8; field += 1) maxp.u16(0);

  const post = new Writer(32);
  post.u32(0x00030000); // format 3: no glyph names
  post.u32(0).i16(0).i16(0).u32(0).u32(0).u32(0).u32(0).u32(0);

  return writeSfnt({
    glyf,
    head: head.bytes,
    hhea: hhea.bytes,
    hmtx: hmtx.bytes,
    loca: loca.bytes,
    maxp: maxp.bytes,
    post: post.bytes,
  });
}

interface Outline {
  readonly bytes: Uint8Array;
  readonly contours: number;
  readonly points: number;
  readonly xMin: number;
  readonly yMin: number;
  readonly xMax: number;
  readonly yMax: number;
}

interface Point {
  readonly x: number;
  readonly y: number;
  readonly onCurve: boolean;
}

const ON_CURVE = 0x01;
const X_SHORT = 0x02;
const Y_SHORT = 0x04;
const X_SAME_OR_POSITIVE = 0x10;
const Y_SAME_OR_POSITIVE = 0x20;

/** A simple glyph's `glyf` record (no instructions), padded to 4 bytes; empty for a blank glyph. */
function encodeOutline(glyph: Glyph): Outline {
  const contours: Point[][] = [];
  let contour: Point[] | null = null;
  for (const { command, args } of glyph.path.commands) {
    const [a = 0, b = 0, c = 0, d = 0] = args.map((value) => Math.round(value));
    if (command === 'moveTo') {
      contour = [{ x: a, y: b, onCurve: true }];
      contours.push(contour);
    } else if (command === 'lineTo') {
      contour?.push({ x: a, y: b, onCurve: true });
    } else if (command === 'quadraticCurveTo') {
      contour?.push({ x: a, y: b, onCurve: false }, { x: c, y: d, onCurve: true });
    } else if (command === 'closePath') {
      // A contour ends where it starts: the closing point is implied, not repeated.
      const [first] = contour ?? [];
      const last = contour?.at(-1);
      if (contour && contour.length > 1 && first && last?.onCurve && last.x === first.x && last.y === first.y) {
        contour.pop();
      }
      contour = null;
    } else {
      throw new Error(`a TrueType outline has no ${command}`);
    }
  }
  const points = contours.flat();
  if (points.length === 0) {
    return { bytes: new Uint8Array(0), contours: 0, points: 0, xMin: 0, yMin: 0, xMax: 0, yMax: 0 };
  }
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const box = { xMin: Math.min(...xs), yMin: Math.min(...ys), xMax: Math.max(...xs), yMax: Math.max(...ys) };

  const flags: number[] = [];
  const xBytes: number[] = [];
  const yBytes: number[] = [];
  let previous = { x: 0, y: 0 };
  for (const point of points) {
    let flag = point.onCurve ? ON_CURVE : 0;
    flag |= delta(point.x - previous.x, xBytes, X_SHORT, X_SAME_OR_POSITIVE);
    flag |= delta(point.y - previous.y, yBytes, Y_SHORT, Y_SAME_OR_POSITIVE);
    flags.push(flag);
    previous = point;
  }

  const length = 10 + 2 * contours.length + 2 + flags.length + xBytes.length + yBytes.length;
  const record = new Writer(length + ((4 - (length % 4)) % 4));
  record.i16(contours.length).i16(box.xMin).i16(box.yMin).i16(box.xMax).i16(box.yMax);
  let end = -1;
  for (const points of contours) {
    end += points.length;
    record.u16(end);
  }
  record.u16(0); // instructionLength
  record.raw(flags).raw(xBytes).raw(yBytes);
  return { bytes: record.bytes, contours: contours.length, points: points.length, ...box };
}

/** Writes one coordinate's delta (one byte with a sign flag, or two) and returns its flags. */
function delta(value: number, bytes: number[], short: number, sameOrPositive: number): number {
  if (value === 0) return sameOrPositive;
  if (Math.abs(value) < 256) {
    bytes.push(Math.abs(value));
    return short | (value > 0 ? sameOrPositive : 0);
  }
  bytes.push((value >> 8) & 0xff, value & 0xff);
  return 0;
}

/** The font file: the table directory, then each table, 4-byte aligned, with their checksums. */
function writeSfnt(tables: Readonly<Record<string, Uint8Array>>): Uint8Array {
  const entries = Object.entries(tables).sort(([a], [b]) => (a < b ? -1 : 1));
  const directoryLength = 12 + 16 * entries.length;
  const offsets: number[] = [];
  let length = directoryLength;
  for (const [, data] of entries) {
    offsets.push(length);
    length += padded(data.length);
  }
  const file = new Writer(length);
  const searchPower = Math.floor(Math.log2(entries.length));
  file.u32(0x00010000).u16(entries.length);
  file
    .u16(16 * 2 ** searchPower)
    .u16(searchPower)
    .u16(16 * (entries.length - 2 ** searchPower));
  entries.forEach(([tag, data], index) => {
    file.raw([...tag].map((char) => char.charCodeAt(0)));
    file
      .u32(checksum(data))
      .u32(offsets[index] ?? 0)
      .u32(data.length);
  });
  entries.forEach(([, data], index) => file.at(offsets[index] ?? 0).raw(data));
  const headOffset = offsets[entries.findIndex(([tag]) => tag === 'head')] ?? 0;
  file.at(headOffset + 8).u32((0xb1b0afba - checksum(file.bytes)) >>> 0);
  return file.bytes;
}

const padded = (length: number): number => (length + 3) & ~3;

function checksum(data: Uint8Array): number {
  const words = new Uint8Array(padded(data.length));
  words.set(data);
  const view = new DataView(words.buffer);
  let sum = 0;
  for (let offset = 0; offset < words.length; offset += 4) sum = (sum + view.getUint32(offset)) >>> 0;
  return sum;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

/** Big-endian writes into a buffer of a known length. */
class Writer {
  readonly bytes: Uint8Array;
  private readonly view: DataView;
  private offset = 0;

  constructor(length: number) {
    this.bytes = new Uint8Array(length);
    this.view = new DataView(this.bytes.buffer);
  }

  at(offset: number): this {
    this.offset = offset;
    return this;
  }

  u16(value: number): this {
    this.view.setUint16(this.offset, value);
    this.offset += 2;
    return this;
  }

  i16(value: number): this {
    this.view.setInt16(this.offset, value);
    this.offset += 2;
    return this;
  }

  u32(value: number): this {
    this.view.setUint32(this.offset, value);
    this.offset += 4;
    return this;
  }

  raw(values: ArrayLike<number>): this {
    this.bytes.set(values, this.offset);
    this.offset += values.length;
    return this;
  }
}
