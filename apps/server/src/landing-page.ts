import { statSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

import type { PublicGuestbookEntry as DomainPublicEntry, UseCases } from '@memoir/domain';
import { presentPublicEntry } from '@memoir/http-koa';
import type { PublicGuestbookEntry, SiteContent } from '@memoir/shared';

import { NO_MEDIA, pageMedia, shareGraphicsKey, type LandingMedia, type PageImage } from './landing-media';
import type { PreparedText } from './public-pages';
import { servedContent } from './site-links';

/** Where the landing page's words come from: the published site content, and drafts to preview. */
export interface LandingSource {
  /** The published content and its version; cheap to call on every request (cached, ≤ 5 s stale). */
  published(): Promise<{ readonly version: number; readonly content: SiteContent }>;
  /** A draft's content for the preview link `/preview/<token>`, or null when the token is unknown or expired. */
  preview(token: string): Promise<SiteContent | null>;
}

/** The site content store's published versions (at most a few seconds stale) and previews. */
export function landingSource(useCases: Pick<UseCases, 'publishedSiteContent' | 'editSiteContent'>): LandingSource {
  return {
    published: () => useCases.publishedSiteContent.current(),
    preview: (token) => useCases.editSiteContent.preview(token),
  };
}

/** What the page is rendered from (the public site's SiteData, src/shared/site-data.tsx). */
interface SiteData {
  readonly content: SiteContent;
  readonly entries: readonly PublicGuestbookEntry[] | null;
  readonly adminLogin: string;
  readonly media?: { readonly cover?: PageImage; readonly authorPhoto?: PageImage };
  readonly shareKey?: string;
}

/** The public site's server entry (apps/public-site/src/entry-server.tsx), as built. */
interface EntryServer {
  renderLandingPage(
    template: string,
    data: SiteData,
    options: { readonly base: string; readonly preview?: boolean },
  ): Promise<string>;
  renderShell(template: string, content: SiteContent, options: { readonly base: string }): string;
}

/** The public site's two builds: the page's template (dist/index.html) and the server entry. */
interface Build {
  readonly stamp: string;
  readonly template: string;
  readonly entry: EntryServer;
}

/** Where `vite build --ssr` writes the server entry of the public site. */
export const landingEntryFile = (rootDir: string): string =>
  join(rootDir, 'apps', 'public-site', 'ssr', 'dist', 'entry-server.cjs');

/** How often the builds on disk are looked at again (a `pnpm build` while the server runs). */
const BUILD_CHECK_MS = 1000;

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/** A page and its compressed forms, made off the event loop's critical path (once per change). */
export async function prepareAsync(text: string): Promise<PreparedText> {
  const body = Buffer.from(text);
  const [br, gz] = await Promise.all([
    compressBrotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    compressGzip(body, { level: 9 }),
  ]);
  return { body, br, gzip: gz };
}

export interface LandingPagesOptions {
  /** apps/public-site/dist */
  readonly distDir: string;
  /** apps/public-site/ssr/dist/entry-server.cjs */
  readonly entryFile: string;
  /** PUBLIC_BASE_URL, without a trailing slash. */
  readonly publicBaseUrl: string;
  /** Where the footer's Admin link goes. */
  readonly adminLogin: string;
  /** PUBLIC_BASE_URL is set: placeholder links are not shown as links. */
  readonly leaveOutPlaceholders: boolean;
  readonly source: LandingSource;
  /** Recent Visitors: the newest approved entries, the same list until it changes (a cached list). */
  readonly entries: () => Promise<readonly DomainPublicEntry[]>;
  /** The cover and the author's photo the owner uploaded (cheap to call on every request); none without it. */
  readonly media?: () => Promise<LandingMedia>;
}

interface Rendered {
  readonly build: Build;
  readonly version: number;
  readonly entries: readonly DomainPublicEntry[];
  readonly mediaJson: string;
  /** The build, the version, the entries' and the media's JSON: the same key, the same page. */
  readonly key: string;
  readonly page: PreparedText;
}

/**
 * The landing page rendered by the server from the published content and the recent entries
 * (React on the server: the public site's entry-server), kept in memory with its Brotli and
 * gzip forms. It is rendered again only when the published version, the approved entries or
 * the build change; serving it otherwise costs two cached reads and a comparison. While the
 * database cannot be read, the page last rendered is served.
 */
export class LandingPages {
  private readonly base: string;
  private build: Build | null = null;
  private buildCheckedAt = -Infinity;
  private rendered: Rendered | null = null;
  private readonly rendering = new Map<string, Promise<Rendered>>();
  private shellPage: { readonly build: Build; readonly version: number; readonly page: PreparedText } | null = null;

  constructor(private readonly options: LandingPagesOptions) {
    // Normalised: the URL parser percent-encodes quotes and angle brackets, so the address is safe in HTML.
    this.base = new URL(options.publicBaseUrl).href.replace(/\/+$/, '');
  }

  /** `/`, or null before the site is built. */
  async page(): Promise<PreparedText | null> {
    const build = this.currentBuild();
    if (build === null) return null;
    let published: { readonly version: number; readonly content: SiteContent };
    let entries: readonly DomainPublicEntry[];
    let media: LandingMedia;
    try {
      [published, entries, media] = await Promise.all([
        this.options.source.published(),
        this.options.entries(),
        this.media(),
      ]);
    } catch (error) {
      // The database unreachable: the page as last rendered is better than no page at all.
      if (this.rendered?.build === build) return this.rendered.page;
      throw error;
    }
    const last = this.rendered;
    const mediaJson = JSON.stringify(media);
    if (
      last !== null &&
      last.build === build &&
      last.version === published.version &&
      last.entries === entries &&
      last.mediaJson === mediaJson
    )
      return last.page;
    const presented = entries.map(presentPublicEntry);
    const key = `${build.stamp}\n${published.version}\n${JSON.stringify(presented)}\n${mediaJson}`;
    if (last !== null && last.key === key) {
      // The same entries read again (the list's cache expired): the same page.
      this.rendered = { ...last, entries };
      return last.page;
    }
    let pending = this.rendering.get(key);
    if (pending === undefined) {
      const shareKey = media.cover === undefined ? undefined : shareGraphicsKey(published.version, media.cover.hash);
      pending = this.render(build, published.content, presented, { media, shareKey }).then((page) => ({
        build,
        version: published.version,
        entries,
        mediaJson,
        key,
        page,
      }));
      this.rendering.set(key, pending);
      void pending.finally(() => this.rendering.delete(key)).catch(() => undefined);
    }
    const next = await pending;
    if (this.rendered === null || this.rendered.version <= next.version) this.rendered = next;
    return next.page;
  }

  /**
   * `/preview/<token>`: the page rendered from a draft, with its banner and not indexed; null
   * when the token is unknown or expired (or the site is not built). Rendered at each request:
   * only the owner opens it.
   */
  async preview(token: string): Promise<PreparedText | null> {
    const build = this.currentBuild();
    if (build === null) return null;
    const [content, entries, media] = await Promise.all([
      this.options.source.preview(token),
      this.options.entries(),
      this.media(),
    ]);
    if (content === null) return null;
    return this.render(build, content, entries.map(presentPublicEntry), { media, preview: true });
  }

  /** The page of any other address (the browser shows the not-found screen in it); null before the build. */
  async shell(): Promise<PreparedText | null> {
    const build = this.currentBuild();
    if (build === null) return null;
    const { version, content } = await this.options.source.published();
    const last = this.shellPage;
    if (last !== null && last.build === build && last.version === version) return last.page;
    const shown = servedContent(content, this.options.leaveOutPlaceholders);
    const page = await prepareAsync(build.entry.renderShell(build.template, shown, { base: this.base }));
    this.shellPage = { build, version, page };
    return page;
  }

  private async render(
    build: Build,
    content: SiteContent,
    entries: readonly PublicGuestbookEntry[],
    extra: { readonly media: LandingMedia; readonly shareKey?: string; readonly preview?: boolean },
  ): Promise<PreparedText> {
    const media = pageMedia(extra.media);
    const data: SiteData = {
      content: servedContent(content, this.options.leaveOutPlaceholders),
      entries,
      adminLogin: this.options.adminLogin,
      ...(media === undefined ? {} : { media }),
      ...(extra.shareKey === undefined ? {} : { shareKey: extra.shareKey }),
    };
    const options = { base: this.base, preview: extra.preview ?? false };
    return prepareAsync(await build.entry.renderLandingPage(build.template, data, options));
  }

  private media(): Promise<LandingMedia> {
    return this.options.media?.() ?? Promise.resolve(NO_MEDIA);
  }

  /** The builds as they are on disk, looked at again at most once a second; null until both are there. */
  private currentBuild(): Build | null {
    const now = performance.now();
    if (now - this.buildCheckedAt < BUILD_CHECK_MS) return this.build;
    this.buildCheckedAt = now;
    const templateFile = join(this.options.distDir, 'index.html');
    let stamp: string;
    try {
      stamp = `${statSync(templateFile).mtimeMs}:${statSync(this.options.entryFile).mtimeMs}`;
    } catch {
      this.build = null;
      return null;
    }
    if (this.build?.stamp !== stamp)
      this.build = { stamp, template: readFileSync(templateFile, 'utf8'), entry: loadEntry(this.options.entryFile) };
    return this.build;
  }
}

/** The server entry, required afresh when a build replaced it. */
function loadEntry(file: string): EntryServer {
  delete require.cache[file];
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a file built apart, found at run time
  return require(file) as EntryServer;
}
