import { deflateSync } from 'node:zlib';

import type { PDFObject } from '@cantoo/pdf-lib';

/**
 * A PDF incremental update (PDF 32000-1, 7.5.6): the original file's bytes stay as they are,
 * and after them come new objects (new ones, or new versions of the original's, under the same
 * number), a cross-reference section listing only those, and a trailer whose /Prev names the
 * original's last cross-reference section. A reader takes each object's latest version.
 *
 * These helpers write the part that follows the original; the original is copied apart
 * (`fs.copyFile`), so a copy of a large book costs the update's few kilobytes of memory.
 */

/** What the update needs to know of the file it follows. */
export interface UpdateBase {
  /** The original's length in bytes: where the update starts (after `newlineFirst`). */
  readonly size: number;
  /** The offset of the original's last cross-reference section (its last startxref). */
  readonly startXref: number;
  /**
   * That section is a cross-reference stream (PDF 1.5): the update's is one too, so that a
   * reader that met the original's needs nothing it did not need there.
   */
  readonly xrefStream: boolean;
  /** The original does not end with an end of line: one goes before the first object. */
  readonly newlineFirst: boolean;
}

/** The trailer's entries besides /Size and /Prev, as PDF bytes (`pdfBytes`). */
export interface UpdateTrailer {
  readonly root: Uint8Array;
  readonly info?: Uint8Array;
  readonly id?: Uint8Array;
}

/** Where an object of a prepared chunk starts, from the chunk's first byte. */
export interface PlacedObject {
  readonly number: number;
  readonly generation: number;
  readonly offset: number;
}

const latin1 = (text: string): Uint8Array => Buffer.from(text, 'latin1');

/** An object as PDF writes it (pdf-lib's own serialization: strings byte for byte). */
export function pdfBytes(object: PDFObject): Uint8Array {
  const bytes = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(bytes, 0);
  return bytes;
}

/** `N G obj`, the object, `endobj`: an indirect object's bytes. */
export function indirectObject(number: number, generation: number, body: Uint8Array): Uint8Array {
  return Buffer.concat([latin1(`${number} ${generation} obj\n`), body, latin1('\nendobj\n')]);
}

/** An object of an update: its body as PDF bytes, and whether it may go in an object stream. */
export interface UpdateObject {
  readonly number: number;
  readonly generation: number;
  readonly body: Uint8Array;
  /** Not a stream, generation 0: an object stream may hold it (PDF 32000-1, 7.5.7). */
  readonly packable: boolean;
}

/** An object inside an object stream: the stream's number and its place there. */
export interface PackedObject {
  readonly number: number;
  readonly stream: number;
  readonly index: number;
}

/** Objects serialized together: where each starts in `bytes`, and those packed in an object stream there. */
export interface ObjectChunk {
  readonly bytes: Uint8Array;
  readonly placed: readonly PlacedObject[];
  readonly packed: readonly PackedObject[];
}

/**
 * Serializes objects one after the other. With `streamNumber` (an update whose cross-reference
 * section is a stream), the packable ones go together into one compressed object stream under
 * that number: a few hundred near-alike page dictionaries shrink some tenfold.
 */
export function objectChunk(objects: readonly UpdateObject[], streamNumber?: () => number): ObjectChunk {
  const parts: Uint8Array[] = [];
  const placed: PlacedObject[] = [];
  const packed: PackedObject[] = [];
  let offset = 0;
  const place = (number: number, generation: number, body: Uint8Array): void => {
    const part = indirectObject(number, generation, body);
    placed.push({ number, generation, offset });
    parts.push(part);
    offset += part.length;
  };
  const packing = streamNumber === undefined ? [] : objects.filter((object) => object.packable);
  for (const object of objects) if (!packing.includes(object)) place(object.number, object.generation, object.body);
  if (streamNumber !== undefined && packing.length > 0) {
    const number = streamNumber();
    const header: string[] = [];
    const bodies: Uint8Array[] = [];
    let at = 0;
    packing.forEach((object, index) => {
      header.push(`${object.number} ${at}`);
      bodies.push(object.body, latin1('\n'));
      at += object.body.length + 1;
      packed.push({ number: object.number, stream: number, index });
    });
    const first = latin1(`${header.join(' ')}\n`);
    const data = deflateSync(Buffer.concat([first, ...bodies]));
    const dictionary = `<<\n/Type /ObjStm\n/N ${packing.length}\n/First ${first.length}\n/Filter /FlateDecode\n/Length ${data.length}\n>>\nstream\n`;
    place(number, 0, Buffer.concat([latin1(dictionary), data, latin1('\nendstream')]));
  }
  return { bytes: Buffer.concat(parts), placed, packed };
}

/**
 * Writes an update: chunks of objects, then `finish` adds the cross-reference section and the
 * trailer. The result goes right after the original's last byte.
 */
export class UpdateWriter {
  private readonly parts: Uint8Array[] = [];
  private readonly entries: PlacedObject[] = [];
  private readonly packed: PackedObject[] = [];
  private length = 0;

  constructor(private readonly base: UpdateBase) {
    if (base.newlineFirst) this.push(latin1('\n'));
  }

  /** Objects already serialized together (`objectChunk`): packed ones only when the cross-reference section is a stream. */
  addChunk(chunk: ObjectChunk): void {
    if (chunk.packed.length > 0 && !this.base.xrefStream)
      throw new Error('Objects in an object stream need a cross-reference stream.');
    const start = this.base.size + this.length;
    for (const object of chunk.placed) this.entries.push({ ...object, offset: start + object.offset });
    this.packed.push(...chunk.packed);
    this.push(chunk.bytes);
  }

  /** Objects, packed in an object stream (numbered by `streamNumber`) when they may be (`objectChunk`). */
  addObjects(objects: readonly UpdateObject[], streamNumber: () => number): void {
    this.addChunk(objectChunk(objects, this.base.xrefStream ? streamNumber : undefined));
  }

  /**
   * The cross-reference section of every object added, and the trailer. `nextNumber` is the
   * first object number no object uses (the trailer's /Size; a cross-reference stream takes
   * that number itself, and /Size one more).
   */
  finish(trailer: UpdateTrailer, nextNumber: number): Uint8Array {
    const numbers = new Set<number>();
    for (const entry of [...this.entries, ...this.packed]) {
      if (numbers.has(entry.number)) throw new Error(`Object ${entry.number} is twice in one update.`);
      numbers.add(entry.number);
    }
    const sectionOffset = this.base.size + this.length;
    if (this.base.xrefStream) this.push(this.xrefStream(trailer, nextNumber, sectionOffset));
    else this.push(this.xrefTable(trailer, nextNumber));
    this.push(latin1(`startxref\n${sectionOffset}\n%%EOF\n`));
    return Buffer.concat(this.parts);
  }

  private push(bytes: Uint8Array): void {
    this.parts.push(bytes);
    this.length += bytes.length;
  }

  /** The trailer's entries, in a dictionary's body. */
  private trailerEntries(trailer: UpdateTrailer, size: number): Uint8Array {
    const parts = [latin1(`/Size ${size}\n/Root `), trailer.root];
    if (trailer.info !== undefined) parts.push(latin1('\n/Info '), trailer.info);
    if (trailer.id !== undefined) parts.push(latin1('\n/ID '), trailer.id);
    parts.push(latin1(`\n/Prev ${this.base.startXref}\n`));
    return Buffer.concat(parts);
  }

  /** A classic table: subsections of consecutive numbers, 20 bytes an entry. */
  private xrefTable(trailer: UpdateTrailer, nextNumber: number): Uint8Array {
    const lines = ['xref'];
    for (const run of runsOf(this.entries)) {
      lines.push(`${run[0]?.number} ${run.length}`);
      for (const entry of run)
        lines.push(`${String(entry.offset).padStart(10, '0')} ${String(entry.generation).padStart(5, '0')} n `);
    }
    return Buffer.concat([
      latin1(`${lines.join('\n')}\ntrailer\n<<\n`),
      this.trailerEntries(trailer, nextNumber),
      latin1('>>\n'),
    ]);
  }

  /**
   * A cross-reference stream (object `nextNumber`) listing itself too, /W [1 4 2]: type 1
   * entries (offset, generation), type 2 for the packed objects (object stream, index).
   */
  private xrefStream(trailer: UpdateTrailer, nextNumber: number, offset: number): Uint8Array {
    const entries: XrefEntry[] = [
      ...this.entries.map((entry) => ({
        number: entry.number,
        type: 1 as const,
        field2: entry.offset,
        field3: entry.generation,
      })),
      ...this.packed.map((entry) => ({
        number: entry.number,
        type: 2 as const,
        field2: entry.stream,
        field3: entry.index,
      })),
      { number: nextNumber, type: 1 as const, field2: offset, field3: 0 },
    ];
    const runs = runsOf(entries);
    const rows = Buffer.alloc(entries.length * 7);
    let at = 0;
    for (const run of runs) {
      for (const entry of run) {
        if (entry.field2 > 0xffffffff || entry.field3 > 0xffff) throw new Error('The book is too large to update.');
        rows.writeUInt8(entry.type, at);
        rows.writeUInt32BE(entry.field2, at + 1);
        rows.writeUInt16BE(entry.field3, at + 5);
        at += 7;
      }
    }
    const data = deflateSync(rows);
    const index = runs.map((run) => `${run[0]?.number} ${run.length}`).join(' ');
    const dictionary = Buffer.concat([
      latin1(`<<\n/Type /XRef\n`),
      this.trailerEntries(trailer, nextNumber + 1),
      latin1(`/Index [${index}]\n/W [1 4 2]\n/Filter /FlateDecode\n/Length ${data.length}\n>>\nstream\n`),
      data,
      latin1('\nendstream'),
    ]);
    return indirectObject(nextNumber, 0, dictionary);
  }
}

interface XrefEntry {
  readonly number: number;
  readonly type: 1 | 2;
  readonly field2: number;
  readonly field3: number;
}

/** The entries by number, cut into runs of consecutive numbers. */
function runsOf<T extends { readonly number: number }>(entries: readonly T[]): T[][] {
  const sorted = [...entries].sort((a, b) => a.number - b.number);
  const runs: T[][] = [];
  for (const entry of sorted) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run !== undefined && last !== undefined && last.number + 1 === entry.number) run.push(entry);
    else runs.push([entry]);
  }
  return runs;
}
