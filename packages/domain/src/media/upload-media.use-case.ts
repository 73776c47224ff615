import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  MEDIA_ALT_MAX_LENGTH,
  MEDIA_MESSAGES,
  type MediaKind,
} from '@memoir/shared';

import { AuditAction, AuditResourceType, newAuditEvent } from '../audit-log/audit-event';
import type { AuditEventRepository } from '../audit-log/audit-event.repository';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/id-generator';
import type { Actor } from '../shared/request-context';
import { err, ok, type Result } from '../shared/result';
import type { Transactions } from '../shared/transactions';
import type { BookInspector } from './book-inspector';
import { sniffType } from './file-type';
import type { ImageKind, ImageProcessor, ImageRefusal } from './image-processor';
import { MEDIA_VERSIONS_KEPT, storedFilesOf, VARIANT_EXTENSIONS, type MediaFile, type StoredVariant } from './media';
import { MediaErrorCode, type MediaError } from './media.errors';
import type { MediaRepository } from './media.repository';
import type { MediaStore } from './media-store';
import type { StagedFile } from './staged-file';

/** SHA-256 of bytes, hex: what a stored variant is named by. */
export type ContentHash = (bytes: Uint8Array) => string;

export interface UploadMediaDeps {
  readonly media: MediaRepository;
  readonly unitOfWork: Transactions<{ readonly media: MediaRepository; readonly auditEvents: AuditEventRepository }>;
  readonly store: MediaStore;
  readonly images: ImageProcessor;
  readonly books: BookInspector;
  readonly hash: ContentHash;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  /** BOOK_MAX_BYTES. */
  readonly bookMaxBytes: number;
  /** Told after each upload (this process uses the new book at once; the others within their check). */
  readonly afterUpload?: (file: MediaFile) => void;
}

/** What an upload carries: its kind (from the path), the file, and an image's alt text. */
export interface UploadMediaInput {
  readonly kind: string;
  readonly file: StagedFile;
  readonly alt?: string | null;
}

const isKind = (kind: string): kind is MediaKind => kind === 'book' || kind === 'cover' || kind === 'author-photo';
const mb = (bytes: number): number => Math.round(bytes / (1024 * 1024));
const fail = (code: MediaError['code'], message: string, fieldErrors?: Record<string, string>): MediaError => ({
  code,
  message,
  ...(fieldErrors === undefined ? {} : { fieldErrors }),
});

const IMAGE_REFUSALS: Readonly<Record<ImageRefusal, MediaError>> = {
  unsupported_type: fail(MediaErrorCode.UnsupportedType, MEDIA_MESSAGES.imageType),
  too_large: fail(MediaErrorCode.TooLarge, MEDIA_MESSAGES.imageTooLarge(mb(IMAGE_MAX_BYTES))),
  too_many_pixels: fail(MediaErrorCode.TooLarge, MEDIA_MESSAGES.tooManyPixels(IMAGE_MAX_PIXELS / 1_000_000)),
  undecodable: fail(MediaErrorCode.Unreadable, MEDIA_MESSAGES.imageUnreadable),
};

/**
 * The owner uploads the book, the cover or the author's photo (docs/media.md). The file is
 * judged whole before anything changes: its size against its kind's limit, its type by its
 * bytes, then the book planned by the stamping engine or the image decoded and re-encoded. Only
 * then are its bytes stored (under names of their content, beside the old ones) and its record
 * added, with its audit event, in one transaction: a refused or failed upload replaces nothing.
 * The versions older than the one before are removed afterwards.
 */
export class UploadMediaUseCase {
  constructor(private readonly deps: UploadMediaDeps) {}

  async execute(input: UploadMediaInput, actor: Actor): Promise<Result<MediaFile, MediaError>> {
    const { kind, file } = input;
    if (!isKind(kind)) return err(fail(MediaErrorCode.UnknownKind, MEDIA_MESSAGES.unknownKind));
    const alt = kind === 'book' ? null : (input.alt ?? '').trim();
    if (alt === '')
      return err(fail(MediaErrorCode.Invalid, MEDIA_MESSAGES.altRequired, { alt: MEDIA_MESSAGES.altRequired }));
    if (alt !== null && alt.length > MEDIA_ALT_MAX_LENGTH) {
      const message = MEDIA_MESSAGES.altTooLong(MEDIA_ALT_MAX_LENGTH);
      return err(fail(MediaErrorCode.Invalid, message, { alt: message }));
    }
    const judged = kind === 'book' ? await this.book(file) : await this.image(file, kind);
    if (!judged.ok) return judged;
    const record: MediaFile = {
      id: this.deps.ids.next(),
      kind,
      sha256: file.sha256,
      bytes: file.bytes,
      alt,
      uploadedAt: this.deps.clock.now(),
      uploadedBy: actor.userId,
      ...judged.value,
    };
    await this.deps.unitOfWork.transaction(async ({ media, auditEvents }) => {
      await media.add(record);
      const details = {
        kind,
        bytes: record.bytes,
        sha256: record.sha256,
        ...(record.pages === null ? {} : { pages: record.pages }),
      };
      const fields = {
        action: AuditAction.MediaReplaced,
        resourceType: AuditResourceType.Media,
        resourceId: record.id,
        userId: actor.userId,
        details,
      };
      await auditEvents.append(newAuditEvent(this.deps, fields, actor));
    });
    this.deps.afterUpload?.(record);
    await this.removeOlder(kind);
    return ok(record);
  }

  /** The size limit, the PDF's magic bytes, then the stamping engine's plan; its bytes stored. */
  private async book(file: StagedFile): Promise<Result<Judged, MediaError>> {
    const { bookMaxBytes, books, store } = this.deps;
    if (file.bytes > bookMaxBytes)
      return err(fail(MediaErrorCode.TooLarge, MEDIA_MESSAGES.bookTooLarge(mb(bookMaxBytes))));
    if (file.bytes === 0) return err(fail(MediaErrorCode.Unreadable, MEDIA_MESSAGES.empty));
    if (sniffType(file.head) !== 'pdf') return err(fail(MediaErrorCode.UnsupportedType, MEDIA_MESSAGES.bookType));
    const inspected = await books.inspect(file);
    if (!inspected.ok) return err(fail(MediaErrorCode.Unreadable, MEDIA_MESSAGES.bookUnreadable(inspected.error)));
    const fileId = `${file.sha256}.pdf`;
    if ((await store.size(fileId)) !== file.bytes) await store.write(fileId, file.stream());
    return ok({ fileId, width: null, height: null, pages: inspected.value.pages, variants: [] });
  }

  /** The size limit, the magic bytes, then the image processor; each variant stored. */
  private async image(file: StagedFile, kind: ImageKind): Promise<Result<Judged, MediaError>> {
    if (file.bytes > IMAGE_MAX_BYTES) return err(IMAGE_REFUSALS.too_large);
    if (file.bytes === 0) return err(fail(MediaErrorCode.Unreadable, MEDIA_MESSAGES.empty));
    const type = sniffType(file.head);
    if (type !== 'jpeg' && type !== 'png' && type !== 'webp') return err(IMAGE_REFUSALS.unsupported_type);
    const processed = await this.deps.images.process(await file.readAll(), kind);
    if (!processed.ok) return err(IMAGE_REFUSALS[processed.error]);
    const variants: StoredVariant[] = [];
    for (const variant of processed.value.variants) {
      const fileId = `${this.deps.hash(variant.bytes)}.${VARIANT_EXTENSIONS[variant.format]}`;
      if ((await this.deps.store.size(fileId)) !== variant.bytes.length) {
        await this.deps.store.write(fileId, once(variant.bytes));
      }
      const { width, height, format } = variant;
      variants.push({ fileId, width, height, format, bytes: variant.bytes.length });
    }
    const { width, height } = processed.value;
    return ok({ fileId: null, width, height, pages: null, variants });
  }

  /**
   * Forgets the versions of a kind past MEDIA_VERSIONS_KEPT and deletes their files that no kept
   * version names (the same image uploaded twice has the same files). A failure here is left for
   * the next upload: the new version is in place.
   */
  private async removeOlder(kind: MediaKind): Promise<void> {
    const { media, store } = this.deps;
    const versions = await media.listByKind(kind);
    const kept = new Set(versions.slice(0, MEDIA_VERSIONS_KEPT).flatMap(storedFilesOf));
    for (const old of versions.slice(MEDIA_VERSIONS_KEPT)) {
      if (!(await media.remove(old.id))) continue;
      for (const fileId of storedFilesOf(old)) if (!kept.has(fileId)) await store.delete(fileId);
    }
  }
}

type Judged = Pick<MediaFile, 'fileId' | 'width' | 'height' | 'pages' | 'variants'>;

async function* once(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes;
}
