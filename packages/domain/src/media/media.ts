import type { MediaKind } from '@memoir/shared';

import type { ImageVariant } from './image-processor';

/** One stored encoding of an uploaded image: its file in the media store, named by its content. */
export interface StoredVariant {
  /** Its file in the media store: `<sha256 of its bytes>.<ext>`, also its public name. */
  readonly fileId: string;
  readonly width: number;
  readonly height: number;
  readonly format: ImageVariant['format'];
  readonly bytes: number;
}

/**
 * An uploaded book, cover or author photo: the newest of its kind is the one in use. The bytes
 * are in the media store; this is what is known of them. A book keeps its PDF as it came (each
 * reader's copy is stamped from it); an image keeps only its re-encoded variants (the upload
 * itself, with its metadata, is never stored).
 */
export interface MediaFile {
  readonly id: string;
  readonly kind: MediaKind;
  /** SHA-256 of the uploaded file, hex. */
  readonly sha256: string;
  /** The uploaded file's size. */
  readonly bytes: number;
  /** The book's stored file (`<sha256>.pdf`); null for an image, stored as its variants. */
  readonly fileId: string | null;
  /** An image's upright size; null for the book. */
  readonly width: number | null;
  readonly height: number | null;
  /** The book's page count; null for an image. */
  readonly pages: number | null;
  /** An image's alt text; null for the book. */
  readonly alt: string | null;
  /** An image's encodings, largest first within a format; empty for the book. */
  readonly variants: readonly StoredVariant[];
  readonly uploadedAt: Date;
  /** The admin's id. */
  readonly uploadedBy: string | null;
}

/** The file extension a stored variant's format is served with. */
export const VARIANT_EXTENSIONS: Readonly<Record<StoredVariant['format'], string>> = {
  jpeg: 'jpg',
  webp: 'webp',
  avif: 'avif',
  png: 'png',
};

/** Every stored file a record names (the book's PDF, or an image's variants). */
export function storedFilesOf(file: MediaFile): string[] {
  return [...(file.fileId === null ? [] : [file.fileId]), ...file.variants.map((variant) => variant.fileId)];
}

/** How many of each kind are kept: the one in use and the one before (a process may still be copying it). */
export const MEDIA_VERSIONS_KEPT = 2;
