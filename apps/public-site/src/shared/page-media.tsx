/**
 * The owner's uploaded images as the page shows them: the server passes them in the SiteData
 * (each size and format the image processor made, with its address), and the page writes a
 * `<picture>`: WebP (and AVIF, when made) for the browsers that take it, JPEG for the others,
 * `srcset` and `sizes` so a phone fetches the small one, width and height so nothing moves as
 * it loads.
 */

export type PageImageFormat = 'avif' | 'webp' | 'jpeg' | 'png';

/** One size and format of an image, at its address. */
export interface PageImageVariant {
  readonly url: string;
  readonly width: number;
  readonly height: number;
  readonly format: PageImageFormat;
}

/** An uploaded image: the owner's alt text and its variants. */
export interface PageImage {
  readonly alt: string;
  readonly variants: readonly PageImageVariant[];
}

/** What the owner has uploaded for the page; each absent until uploaded (the page then does without). */
export interface PageMedia {
  readonly cover?: PageImage;
  readonly authorPhoto?: PageImage;
}

/** Modern formats first: the browser takes the first `<source>` it can show. */
const SOURCE_FORMATS = ['avif', 'webp'] as const;
/** What every browser shows, for the `<img>` itself. */
const FALLBACK_FORMATS = ['jpeg', 'png', 'webp'] as const;

const ofFormat = (image: PageImage, format: PageImageFormat) =>
  image.variants.filter((variant) => variant.format === format).sort((a, b) => a.width - b.width);

const srcSet = (variants: readonly PageImageVariant[]) =>
  variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');

/**
 * The image in a `<picture>`, `width` CSS pixels wide (its height from the image's own
 * proportions), `sizes` telling the browser how wide it is drawn. Null when it has no variant.
 */
export function ResponsivePicture(props: {
  readonly image: PageImage;
  readonly width: number;
  readonly sizes: string;
  readonly className: string;
  /** The first screen's image loads at once and first; one further down, when near. */
  readonly priority: 'high' | 'lazy';
}) {
  const fallbackFormat = FALLBACK_FORMATS.find((format) => ofFormat(props.image, format).length > 0);
  if (fallbackFormat === undefined) return null;
  const fallback = ofFormat(props.image, fallbackFormat);
  // The smallest that fills the box on a plain screen: what a browser without srcset shows.
  const plain = fallback.find((variant) => variant.width >= props.width) ?? fallback.at(-1) ?? fallback[0];
  if (plain === undefined) return null;
  const height = Math.round((props.width * plain.height) / plain.width);
  return (
    <picture>
      {SOURCE_FORMATS.filter((format) => format !== fallbackFormat).map((format) => {
        const variants = ofFormat(props.image, format);
        return variants.length === 0 ? null : (
          <source key={format} type={`image/${format}`} srcSet={srcSet(variants)} sizes={props.sizes} />
        );
      })}
      <img
        className={props.className}
        src={plain.url}
        srcSet={srcSet(fallback)}
        sizes={props.sizes}
        width={props.width}
        height={height}
        alt={props.image.alt}
        decoding="async"
        {...(props.priority === 'high' ? { fetchPriority: 'high' } : { loading: 'lazy' })}
      />
    </picture>
  );
}
