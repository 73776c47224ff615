/*
 * The owner's uploaded images as the landing page shows them. The media store gives them (the
 * composition wires it to LandingPages' `media`); the page writes each as a <picture>
 * (the public site's src/shared/page-media.tsx, whose PageImage this is).
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
