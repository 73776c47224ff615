import type { ListMediaUseCase, MediaFile, MediaStore } from '@memoir/domain';
import { PUBLIC_MEDIA_PATH } from '@memoir/http-koa';

/*
 * The owner's uploaded images as the landing page shows them. The media capability gives them
 * (`uploadedMedia`, LandingPages' `media`); the page writes each as a <picture> (the public
 * site's src/shared/page-media.tsx, whose PageImage this is).
 */

/** One size and format of an uploaded image, at the address it is served from. */
export interface PageImageVariant {
  readonly url: string;
  readonly width: number;
  readonly height: number;
  readonly format: 'avif' | 'webp' | 'jpeg' | 'png';
}

/** An uploaded image: the owner's alt text and every variant the image processor made. */
export interface PageImage {
  readonly alt: string;
  readonly variants: readonly PageImageVariant[];
}

/** What the owner has uploaded for the page; each absent until uploaded. */
export interface LandingMedia {
  /** `hash`: the cover file's content hash, which (with the published version) keys the share graphics. */
  readonly cover?: PageImage & { readonly hash: string };
  readonly authorPhoto?: PageImage;
}

/** Nothing uploaded: the page draws its cover from the title and shows no photo. */
export const NO_MEDIA: LandingMedia = {};

/** The media as the page's SiteData carries it (no hash: the page has no use for it), or undefined when there is none. */
export function pageMedia(
  media: LandingMedia,
): { readonly cover?: PageImage; readonly authorPhoto?: PageImage } | undefined {
  const { cover, authorPhoto } = media;
  if (cover === undefined && authorPhoto === undefined) return undefined;
  return {
    ...(cover === undefined ? {} : { cover: { alt: cover.alt, variants: cover.variants } }),
    ...(authorPhoto === undefined ? {} : { authorPhoto }),
  };
}

/**
 * What the share graphics are made from, as a short key: the published version and the cover's
 * hash. The page puts it in the graphics' addresses (`?v=`), ShareGraphics draws once per key.
 */
export function shareGraphicsKey(version: number, coverHash: string): string {
  return `${version}-${coverHash.slice(0, 16)}`;
}

/* The share graphics' cover (share-graphics.ts). */

/**
 * The uploaded cover as the share graphics need it: its content hash (cheap to read on every
 * request: it keys the graphics) and its bytes (read only when the graphics are drawn).
 */
export interface ShareCover {
  readonly hash: string;
  readonly bytes: () => Promise<Uint8Array>;
}

/** An uploaded image as the page shows it: its alt text and its variants at their public addresses. */
function imageOf(file: MediaFile): PageImage {
  return {
    alt: file.alt ?? '',
    variants: file.variants.map(({ fileId, width, height, format }) => ({
      url: `${PUBLIC_MEDIA_PATH}/${fileId}`,
      width,
      height,
      format,
    })),
  };
}

/** The cover and the photo in use (each a few seconds stale at most: ListMediaUseCase.current). */
export function uploadedMedia(listMedia: Pick<ListMediaUseCase, 'current'>): () => Promise<LandingMedia> {
  return async () => {
    const [cover, photo] = await Promise.all([listMedia.current('cover'), listMedia.current('author-photo')]);
    return {
      ...(cover === null ? {} : { cover: { ...imageOf(cover), hash: cover.sha256 } }),
      ...(photo === null ? {} : { authorPhoto: imageOf(photo) }),
    };
  };
}

/**
 * The cover the share graphics are made from: its hash, and the bytes of its largest JPEG
 * (read from the store only when the graphics are drawn); null while none is uploaded.
 */
export function uploadedCover(
  listMedia: Pick<ListMediaUseCase, 'current'>,
  store: Pick<MediaStore, 'read'>,
): () => Promise<ShareCover | null> {
  return async () => {
    const cover = await listMedia.current('cover');
    const largest = cover?.variants.find((variant) => variant.format === 'jpeg') ?? cover?.variants[0];
    if (cover === null || largest === undefined) return null;
    return {
      hash: cover.sha256,
      bytes: async () => {
        const parts: Uint8Array[] = [];
        for await (const part of store.read(largest.fileId)) parts.push(part);
        return Buffer.concat(parts);
      },
    };
  };
}
