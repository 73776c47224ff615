import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The origin the public site's build writes into robots.txt's absolute URL. The server puts
 * PUBLIC_BASE_URL in its place as it serves it, so one build serves any domain and no
 * placeholder reaches a crawler. (The page's own absolute URLs are written by the server as it
 * renders it: landing-page.ts.)
 */
export const BUILD_ORIGIN = 'https://memoir-book.example';

/** The public pages a crawler should know, below PUBLIC_BASE_URL. */
export const SITEMAP_PATHS = ['/', '/privacy'] as const;

/** A text answer, with its compressed forms made once. */
export interface PreparedText {
  readonly body: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
}

function prepare(text: string): PreparedText {
  const body = Buffer.from(text);
  return {
    body,
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(body, { level: 9 }),
  };
}

const escapeXml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char,
  );

export interface PublicPagesOptions {
  /** apps/public-site/dist */
  readonly distDir: string;
  /** PUBLIC_BASE_URL, without a trailing slash. */
  readonly publicBaseUrl: string;
}

/**
 * The public site's robots.txt as the build left it, with PUBLIC_BASE_URL for the build's
 * origin, and the sitemap. The file is read again when the build changes it (a `pnpm build`
 * while the server runs).
 */
export class PublicPages {
  private readonly base: string;
  private readonly cache = new Map<string, { readonly mtimeMs: number; readonly prepared: PreparedText }>();
  private preparedSitemap: PreparedText | null = null;

  constructor(private readonly options: PublicPagesOptions) {
    // Normalised: the URL parser percent-encodes quotes and angle brackets, so the address is safe in HTML and XML.
    this.base = new URL(options.publicBaseUrl).href.replace(/\/+$/, '');
  }

  /** The sitemap, compressed when first asked for rather than at start (Brotli's best quality costs memory). */
  get sitemap(): PreparedText {
    this.preparedSitemap ??= prepare(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...SITEMAP_PATHS.map((path) => `  <url><loc>${escapeXml(`${this.base}${path}`)}</loc></url>`),
        '</urlset>',
        '',
      ].join('\n'),
    );
    return this.preparedSitemap;
  }

  /** robots.txt, naming this site's sitemap; null before the site is built. */
  robotsTxt(): PreparedText | null {
    return this.read('robots.txt', (text) => text.replaceAll(BUILD_ORIGIN, this.base));
  }

  private read(file: string, transform: (text: string) => string): PreparedText | null {
    const path = join(this.options.distDir, file);
    let mtimeMs: number;
    try {
      mtimeMs = statSync(path).mtimeMs;
    } catch {
      return null;
    }
    const cached = this.cache.get(file);
    if (cached !== undefined && cached.mtimeMs === mtimeMs) return cached.prepared;
    const prepared = prepare(transform(readFileSync(path, 'utf8')));
    this.cache.set(file, { mtimeMs, prepared });
    return prepared;
  }
}
