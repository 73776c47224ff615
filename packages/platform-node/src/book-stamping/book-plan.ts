import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRef,
  type PDFContext,
  type PDFObject,
  type PDFPage,
} from '@cantoo/pdf-lib';

import { objectChunk, pdfBytes, type ObjectChunk, type UpdateBase, type UpdateObject } from './incremental-update';

/**
 * A book read once and made ready for its copies: all of a copy that does not depend on its
 * reader, as the bytes of an incremental update (`incremental-update.ts`). Holds no parse of
 * the book: a few bytes a page.
 */
export interface BookPlan {
  /** The book's length, its last cross-reference section and that section's kind. */
  readonly base: UpdateBase;
  readonly pageCount: number;
  /** The stamps' form XObjects, one per page width: each copy writes them under these numbers. */
  readonly stamps: ReadonlyArray<{ readonly width: number; readonly number: number }>;
  /** The dictionary every stamp's resources name as their fonts; each copy writes it. */
  readonly fontDictionaryNumber: number;
  /** The document information dictionary (the book's own, or a new one) and its entries but the three a copy sets. */
  readonly info: { readonly number: number; readonly generation: number; readonly otherEntries: Uint8Array };
  /**
   * The objects every copy has alike: the pages (their /Contents now also draw the stamp), the
   * resources that now name the stamps, and the small streams that draw them.
   */
  readonly fixed: ObjectChunk;
  readonly trailer: { readonly root: Uint8Array; readonly id?: Uint8Array };
  /** The first object number a copy's own objects (its fonts) take. */
  readonly firstFree: number;
}

const METADATA_SET = new Set(['/Title', '/Subject', '/Keywords']);

/**
 * Reads the book (pdf-lib) and plans its copies: each page's stamp goes at the foot the
 * reader sees (`placementOf`), drawn as a form XObject per page width, by a small stream
 * added to the page's /Contents after the page's own (which a `q` before them and a `Q` in the
 * call keep apart). Throws when the book is not a PDF pdf-lib can read or is encrypted.
 */
export async function planBook(source: Uint8Array): Promise<BookPlan> {
  const document = await PDFDocument.load(source, { updateMetadata: false });
  const { context } = document;
  const { Root: root, Info: infoValue, ID: id, Size: size } = context.trailerInfo;
  if (!(root instanceof PDFRef)) throw new Error('the PDF has no catalog in its trailer');
  const base = updateBaseOf(source, context.pdfFileDetails.prevStartXRef);

  let next = Math.max(context.largestObjectNumber + 1, size?.asNumber() ?? 0);
  const take = (): number => next++;
  const objects: UpdateObject[] = [];
  const pushGraphicsState = PDFRef.of(take());
  const body = pdfBytes(context.flateStream('q'));
  objects.push({ number: pushGraphicsState.objectNumber, generation: 0, body, packable: false });

  const stamps = new Map<string, { readonly width: number; readonly number: number; readonly name: PDFName }>();
  const drawCalls = new Map<string, PDFRef>();
  const resources = new ResourceChanges(context);
  const written = new Set<string>();
  const pages = document.getPages();
  for (const page of pages) {
    if (written.has(page.ref.toString())) continue; // the same page twice in the tree
    written.add(page.ref.toString());
    const placement = placementOf(page);
    const widthKey = placement.width.toFixed(2);
    let stamp = stamps.get(widthKey);
    if (stamp === undefined) {
      stamp = { width: placement.width, number: take(), name: PDFName.of(`MemoirStamp${stamps.size}`) };
      stamps.set(widthKey, stamp);
    }
    const matrix = placement.matrix.map(formatNumber).join(' ');
    const callKey = `${stamp.name.asString()} ${matrix}`;
    let drawCall = drawCalls.get(callKey);
    if (drawCall === undefined) {
      // Balances whatever state the page's own content leaves, then draws the stamp.
      drawCall = PDFRef.of(take());
      const body = pdfBytes(context.flateStream(`Q q ${matrix} cm ${stamp.name.asString()} Do Q`));
      objects.push({ number: drawCall.objectNumber, generation: 0, body, packable: false });
      drawCalls.set(callKey, drawCall);
    }
    const node = resources.copy(page.node);
    resources.addStamp(
      node,
      page.node.getInheritableAttribute(PDFName.of('Resources')),
      stamp.name,
      PDFRef.of(stamp.number),
    );
    node.set(PDFName.of('Contents'), context.obj([pushGraphicsState, ...contentsOf(context, page.node), drawCall]));
    const { objectNumber: number, generationNumber: generation } = page.ref;
    objects.push({ number, generation, body: pdfBytes(node), packable: generation === 0 });
  }
  objects.push(...resources.changed());
  const fixed = objectChunk(objects, base.xrefStream ? take : undefined);

  const fontDictionaryNumber = take();
  let info: BookPlan['info'];
  const infoDict = context.lookupMaybe(infoValue, PDFDict);
  const otherEntries = Buffer.concat(
    (infoDict?.entries() ?? [])
      .filter(([key]) => !METADATA_SET.has(key.asString()))
      .flatMap(([key, value]) => [pdfBytes(key), Buffer.from(' '), pdfBytes(value), Buffer.from('\n')]),
  );
  if (infoValue instanceof PDFRef && infoDict !== undefined)
    info = { number: infoValue.objectNumber, generation: infoValue.generationNumber, otherEntries };
  else info = { number: take(), generation: 0, otherEntries };

  return {
    base,
    pageCount: pages.length,
    stamps: [...stamps.values()].map(({ width, number }) => ({ width, number })),
    fontDictionaryNumber,
    info,
    fixed,
    trailer: { root: pdfBytes(root), ...(id === undefined ? {} : { id: pdfBytes(id) }) },
    firstFree: next,
  };
}

/** Where the update goes: after the book's last byte, its last startxref naming the section it follows. */
function updateBaseOf(source: Uint8Array, startXref: number): UpdateBase {
  const at = Buffer.from(source.buffer, source.byteOffset, source.byteLength);
  let start = startXref;
  while (start < at.length && [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20].includes(at[start] ?? 0)) start += 1;
  const head = at.subarray(start, start + 64).toString('latin1');
  if (startXref <= 0 || start >= at.length || !/^(xref|\d+\s+\d+\s+obj)/.test(head))
    throw new Error('the PDF has no cross-reference section where its startxref says');
  const last = at[at.length - 1];
  return {
    size: at.length,
    startXref,
    xrefStream: !head.startsWith('xref'),
    newlineFirst: last !== 0x0a && last !== 0x0d,
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

/** The page's content streams, as a list (a page may have one, a list, or none). */
function contentsOf(context: PDFContext, node: PDFDict): PDFRef[] {
  const contents = node.get(PDFName.of('Contents'));
  if (contents instanceof PDFRef) {
    const target = context.lookup(contents);
    if (target instanceof PDFArray) return target.asArray().filter((item): item is PDFRef => item instanceof PDFRef);
    return [contents];
  }
  if (contents instanceof PDFArray) return contents.asArray().filter((item): item is PDFRef => item instanceof PDFRef);
  return [];
}

/**
 * The resources dictionaries that must name the stamps. A page's own inline resources are
 * changed in its new dictionary; inherited inline ones become its own; resources (or an
 * /XObject dictionary) that are objects of their own, often shared by many pages, get one new
 * version that names every stamp their pages draw.
 */
class ResourceChanges {
  private readonly rewritten = new Map<string, { readonly ref: PDFRef; readonly dict: PDFDict }>();
  /** The copies made here, which may be changed in place. */
  private readonly owned = new WeakSet<PDFDict>();

  constructor(private readonly context: PDFContext) {}

  /** A shallow copy of a dictionary, ours to change. */
  copy(dict: PDFDict): PDFDict {
    const made = this.context.obj({});
    for (const [key, value] of dict.entries()) made.set(key, value);
    this.owned.add(made);
    return made;
  }

  /** Makes the page's resources (`inherited`, the page's own or its parents') name the stamp. */
  addStamp(page: PDFDict, inherited: PDFObject | undefined, name: PDFName, stamp: PDFRef): void {
    if (inherited instanceof PDFRef && this.context.lookup(inherited) instanceof PDFDict) {
      this.addToXObjects(this.rewrite(inherited), name, stamp);
      return;
    }
    const resources = inherited instanceof PDFDict ? this.copy(inherited) : this.context.obj({});
    this.addToXObjects(resources, name, stamp);
    page.set(PDFName.of('Resources'), resources);
  }

  /** The objects changed: their new versions. */
  changed(): UpdateObject[] {
    return [...this.rewritten.values()].map(({ ref, dict }) => ({
      number: ref.objectNumber,
      generation: ref.generationNumber,
      body: pdfBytes(dict),
      packable: ref.generationNumber === 0,
    }));
  }

  private addToXObjects(resources: PDFDict, name: PDFName, stamp: PDFRef): void {
    const key = PDFName.of('XObject');
    const value = resources.get(key);
    if (value instanceof PDFRef && this.context.lookup(value) instanceof PDFDict) {
      this.rewrite(value).set(name, stamp);
      return;
    }
    let xObjects: PDFDict;
    if (value instanceof PDFDict) xObjects = this.owned.has(value) ? value : this.copy(value);
    else xObjects = this.context.obj({});
    this.owned.add(xObjects);
    xObjects.set(name, stamp);
    resources.set(key, xObjects);
  }

  /** The new version of an object that is a dictionary, made once. */
  private rewrite(ref: PDFRef): PDFDict {
    let entry = this.rewritten.get(ref.toString());
    if (entry === undefined) {
      entry = { ref, dict: this.copy(this.context.lookup(ref, PDFDict)) };
      this.rewritten.set(ref.toString(), entry);
    }
    return entry.dict;
  }
}

/** A number as PDF content writes it: at most three decimals, no trailing zeros. */
export function formatNumber(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}
