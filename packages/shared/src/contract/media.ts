import { MEDIA_ALT_MAX_LENGTH, MEDIA_KINDS, type MediaKind } from '../limits';
import { Field } from './fields';

/* Media: the book, the cover and the author photo the owner uploads (docs/media.md). */

export class MediaVariantItem {
  @Field.text('url', {
    description: 'Served with Cache-Control: public, max-age=31536000, immutable (named by its content)',
  })
  url!: string;
  @Field.count('width') width!: number;
  @Field.count('height') height!: number;
  @Field.oneOf('format', ['jpeg', 'webp', 'avif', 'png']) format!: 'jpeg' | 'webp' | 'avif' | 'png';
  @Field.count('bytes') bytes!: number;
}

export class MediaItem {
  @Field.oneOf('kind', MEDIA_KINDS) kind!: MediaKind;
  @Field.text('id', { format: 'uuid' }) id!: string;
  @Field.text('url', {
    description:
      "An image: its largest JPEG, at /media/<sha256>.jpg. The book: POST /api/admin/media/book/test-copy (the owner's stamped copy); the book itself is never public",
  })
  url!: string;
  @Field.count('bytes', { description: 'The uploaded file’s size' }) bytes!: number;
  @Field.text('sha256', { description: 'SHA-256 of the uploaded file, hex' }) sha256!: string;
  @Field.count('width', { optional: true, description: 'An image’s upright width' }) width?: number;
  @Field.count('height', { optional: true }) height?: number;
  @Field.count('pages', { optional: true, description: 'The book’s page count' }) pages?: number;
  @Field.text('alt', { optional: true, maxLength: MEDIA_ALT_MAX_LENGTH, description: 'An image’s alt text' })
  alt?: string;
  @Field.list(() => MediaVariantItem, { description: 'An image’s sizes and formats, for srcset; none for the book' })
  variants!: readonly MediaVariantItem[];
  @Field.text('uploadedAt', { format: 'date-time' }) uploadedAt!: string;
  @Field.text('uploadedBy', { nullable: true, description: 'The admin’s username' }) uploadedBy!: string | null;
}

export class MediaListResponse {
  @Field.list(() => MediaItem, { description: 'The one in use of each kind uploaded, book, cover, author photo' })
  media!: readonly MediaItem[];
}

export class MediaUploadResponse {
  @Field.nested(() => MediaItem) media!: MediaItem;
}
