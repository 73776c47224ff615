import type { Result } from '../shared/result';

/** The two images the owner uploads (the book is a PDF, checked by the stamping engine). */
export type ImageKind = 'cover' | 'author-photo';

/**
 * Why an image was refused: not JPEG, PNG or WebP (judged by its bytes, not its name or
 * header); over the size limit; over the pixel limit (a decompression bomb); or it does not
 * decode (truncated, corrupt).
 */
export type ImageRefusal = 'unsupported_type' | 'too_large' | 'too_many_pixels' | 'undecodable';

/** One encoded size and format of an uploaded image, as visitors are served it. */
export interface ImageVariant {
  readonly width: number;
  readonly height: number;
  readonly format: 'jpeg' | 'webp' | 'avif' | 'png';
  readonly bytes: Uint8Array;
}

/** An image decoded, turned upright, stripped of its metadata and encoded in its variants. */
export interface ProcessedImage {
  /** The upright image's size, before any resizing. */
  readonly width: number;
  readonly height: number;
  /** Every size and format the page uses, largest first within a format. */
  readonly variants: readonly ImageVariant[];
}

/**
 * Port: decodes and re-encodes an uploaded image off the event loop. Expected refusals are
 * returned; anything thrown is a bug or an outage.
 */
export interface ImageProcessor {
  process(file: Uint8Array, kind: ImageKind): Promise<Result<ProcessedImage, ImageRefusal>>;
}
