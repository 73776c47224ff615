import {
  err,
  ok,
  type ImageKind,
  type ImageProcessor,
  type ImageRefusal,
  type ImageVariant,
  type ProcessedImage,
  type Result,
} from '@memoir/domain';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from '@memoir/shared';
import type sharp from 'sharp';

import { loadSharp, type Sharp } from './load-sharp';

/** No side of a served image is longer than this. */
export const IMAGE_MAX_EDGE = 2000;

/**
 * The widths each image is served at, largest first. The hero shows the cover 240 CSS pixels
 * wide (`min(240px, 60vw)`), the author's section the photo 200: these are 1x to 3x (and
 * more for the cover, which the share graphics also draw from).
 */
export const IMAGE_WIDTHS: Readonly<Record<ImageKind, readonly number[]>> = {
  cover: [960, 640, 320],
  'author-photo': [600, 400, 200],
};

/** The accepted types, told by their first bytes (never by a name or a Content-Type). */
export type ImageType = 'jpeg' | 'png' | 'webp';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** JPEG, PNG or WebP by their magic bytes; null for anything else (SVG, GIF, HTML, an empty file). */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

export interface SharpImageProcessorOptions {
  /**
   * libvips threads per image (`sharp.concurrency`). 1 by default: on the 2-core machines we
   * run on, an upload must leave a core to the requests, and sharp already runs each image in
   * libuv's pool, off the event loop.
   */
  readonly threads?: number;
  readonly webpQuality?: number;
  readonly jpegQuality?: number;
  /**
   * Also AVIF (before WebP). Off by default: it was about 40% smaller than WebP on a phone
   * photo, but made the whole processing about twice as long (docs/public-site.md).
   */
  readonly avif?: boolean;
}

/**
 * The cover and the author's photo through sharp (libvips): the type sniffed from the bytes,
 * the size and the declared pixels checked before any decoding (a decompression bomb is a
 * small file with a huge header), then decoded once (strictly: a truncated file is refused),
 * turned upright from its EXIF orientation, and encoded in WebP and JPEG at IMAGE_WIDTHS.
 * Nothing of the input's metadata is written out (sharp keeps none unless asked to): no GPS,
 * no camera, no comment, and no payload a polyglot file carried. AVIF only when asked (the
 * `avif` option).
 */
export class SharpImageProcessor implements ImageProcessor {
  private readonly webpQuality: number;
  private readonly jpegQuality: number;
  private readonly formats: readonly ServedFormat[];
  private readonly threads: number;

  constructor(options: SharpImageProcessorOptions = {}) {
    this.threads = options.threads ?? 1;
    this.webpQuality = options.webpQuality ?? 80;
    this.jpegQuality = options.jpegQuality ?? 82;
    this.formats = options.avif === true ? ['avif', 'webp', 'jpeg'] : ['webp', 'jpeg'];
  }

  async process(file: Uint8Array, kind: ImageKind): Promise<Result<ProcessedImage, ImageRefusal>> {
    if (file.byteLength > IMAGE_MAX_BYTES) return err('too_large');
    const type = sniffImageType(file);
    if (type === null) return err('unsupported_type');

    const sharp = await loadSharp();
    // Process-wide: the share graphics' cover scaling runs under the same limit.
    sharp.concurrency(this.threads);
    const header = await readHeader(sharp, file);
    if (!header.ok) return header;
    // libvips tells the type by the same bytes; a disagreement is a file that lies about itself.
    if (header.value.format !== type) return err('unsupported_type');
    if (header.value.width * header.value.height > IMAGE_MAX_PIXELS) return err('too_many_pixels');

    const upright = await decodeUpright(sharp, file, IMAGE_WIDTHS[kind][0] ?? IMAGE_MAX_EDGE);
    if (!upright.ok) return upright;
    return ok({
      // The upright size of the upload itself: an orientation of 5 to 8 swaps its sides.
      ...(header.value.swapsSides
        ? { width: header.value.height, height: header.value.width }
        : { width: header.value.width, height: header.value.height }),
      variants: await this.encode(sharp, upright.value, IMAGE_WIDTHS[kind]),
    });
  }

  /** Every width (no larger than the decoded image, each once) in AVIF when asked, WebP, then JPEG. */
  private async encode(sharp: Sharp, pixels: RawPixels, widths: readonly number[]): Promise<ImageVariant[]> {
    const fitting = [...new Set(widths.map((width) => Math.min(width, pixels.info.width)))];
    const variants: ImageVariant[] = [];
    for (const format of this.formats) {
      for (const width of fitting) variants.push(await this.encodeOne(sharp, pixels, width, format));
    }
    return variants;
  }

  private async encodeOne(sharp: Sharp, pixels: RawPixels, width: number, format: ServedFormat): Promise<ImageVariant> {
    const resized = sharp(pixels.data, { raw: pixels.info }).resize(width < pixels.info.width ? { width } : null);
    const encoders: Readonly<Record<ServedFormat, () => sharp.Sharp>> = {
      avif: () => resized.avif({ quality: 50, effort: 2 }),
      webp: () => resized.webp({ quality: this.webpQuality }),
      // JPEG has no transparency: a PNG's clear parts become white, not black.
      jpeg: () =>
        resized
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: this.jpegQuality, progressive: true, mozjpeg: true }),
    };
    const { data, info } = await encoders[format]().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, format, bytes: new Uint8Array(data) };
  }
}

/** What the page is served in: JPEG for every browser, WebP and (when asked) AVIF for the ones that take them. */
type ServedFormat = 'avif' | 'webp' | 'jpeg';

interface RawPixels {
  readonly data: Buffer;
  readonly info: { readonly width: number; readonly height: number; readonly channels: 1 | 2 | 3 | 4 };
}

interface Header {
  readonly format: string;
  readonly width: number;
  readonly height: number;
  /** EXIF orientations 5 to 8 turn the image a quarter: its upright width is its stored height. */
  readonly swapsSides: boolean;
}

/** The header alone (no pixels decoded): its type, declared size and orientation. */
async function readHeader(sharp: Sharp, file: Uint8Array): Promise<Result<Header, ImageRefusal>> {
  try {
    // No pixel limit here: only the header is read, and the limit is judged just after.
    const meta = await sharp(file, { limitInputPixels: false }).metadata();
    if (!meta.format || !meta.width || !meta.height) return err('undecodable');
    return ok({
      format: meta.format,
      width: meta.width,
      height: meta.height,
      swapsSides: (meta.orientation ?? 1) >= 5,
    });
  } catch {
    return err('undecodable');
  }
}

/**
 * The image decoded once (only its first frame), upright, no wider than `width` and no side
 * longer than IMAGE_MAX_EDGE, as raw pixels every variant is encoded from. A JPEG is shrunk
 * as it is decoded, so a phone photo never lies whole in memory.
 */
async function decodeUpright(sharp: Sharp, file: Uint8Array, width: number): Promise<Result<RawPixels, ImageRefusal>> {
  try {
    const { data, info } = await sharp(file, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'truncated' })
      .rotate()
      .resize({ width, height: IMAGE_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return ok({ data, info: { width: info.width, height: info.height, channels: info.channels } });
  } catch (error) {
    // libvips's own limit, should a header have understated the size.
    if (error instanceof Error && /pixel limit/i.test(error.message)) return err('too_many_pixels');
    return err('undecodable');
  }
}
