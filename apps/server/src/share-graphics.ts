import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { SiteContent } from '@memoir/shared';
import { loadSharp } from '@memoir/platform-node';
import type { Middleware } from 'koa';

import { shareGraphicsKey, type ShareCover } from './landing-media';
import type { LandingSource } from './landing-page';

/*
 * The share graphics (Open Graph and X card, a square post, a story), drawn from the published
 * content's words and, once the owner has uploaded one, the real cover: a new title, tagline or
 * cover gives new graphics, without a build. Each process draws them once per published
 * version and cover, when first asked, in resvg's own thread (the cover is scaled by sharp, in
 * libuv's pool).
 */

/** The share graphics, by file under /images: Open Graph, a square post, a story. */
export const SHARE_GRAPHICS = [
  { file: 'share-card.png', width: 1200, height: 630, layout: 'wide' },
  { file: 'share-square.png', width: 1080, height: 1080, layout: 'tall' },
  { file: 'share-story.png', width: 1080, height: 1920, layout: 'tall' },
] as const;

export interface ShareText {
  readonly title: string;
  readonly subtitle: string;
  readonly tagline: string;
  readonly author: string;
}

type Layout = (typeof SHARE_GRAPHICS)[number]['layout'];

const BG = '#07110b';
const PANEL = '#0d1d13';
const LINE = '#1f3a29';
const TEXT = '#e6f2ea';
const MUTED = '#a9c3b2';
const ACCENT = '#39ff88';
const FONT = 'Noto Sans';

const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Words into lines of at most `max` characters (the graphics' texts are short and known). */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Lines of text from (x, y), one `lineHeight` apart. */
function textLines(
  lines: readonly string[],
  x: number,
  y: number,
  size: number,
  fill: string,
  weight = 400,
  anchor = 'start',
) {
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${y + i * size * 1.25}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${escapeXml(line)}</text>`,
    )
    .join('');
}

/** The cover as the landing page draws it (hero-content.tsx): author, title, prompt, terminal green. */
function drawnCover(text: ShareText, x: number, y: number, width: number): string {
  const height = Math.round(width * 1.5);
  const pad = width * 0.09;
  const titleSize = Math.round(width * 0.13);
  return [
    `<rect x="${x + width * 0.04}" y="${y + width * 0.04}" width="${width}" height="${height}" rx="6" fill="#000" opacity="0.45"/>`,
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="6" fill="${PANEL}" stroke="${ACCENT}" stroke-width="3"/>`,
    `<rect x="${x}" y="${y}" width="${width * 0.11}" height="${height}" rx="6" fill="#041009"/>`,
    textLines([text.author.toUpperCase()], x + width * 0.17, y + pad + width * 0.05, Math.round(width * 0.055), MUTED),
    textLines(wrap(text.title.toUpperCase(), 8), x + width * 0.17, y + height * 0.45, titleSize, ACCENT, 800),
    textLines(['root@memoir:~#'], x + width * 0.17, y + height - pad, Math.round(width * 0.055), ACCENT),
  ].join('');
}

/** The uploaded cover, scaled for the graphics, as the SVG embeds it. */
export interface EmbeddedCover {
  /** A `data:image/jpeg;base64,` URL: resvg reads nothing from outside the SVG. */
  readonly href: string;
  readonly width: number;
  readonly height: number;
}

/** The largest the cover is drawn: the story's, half of 1080 wide, in a 2:3 box. */
const COVER_MAX = { width: 540, height: 810 };

/**
 * The uploaded cover, upright, no larger than the graphics draw it, as JPEG in a data URL; null
 * when its bytes do not decode (the drawn cover then stands in).
 */
export async function embedCover(bytes: Uint8Array): Promise<EmbeddedCover | null> {
  try {
    const sharp = await loadSharp();
    const { data, info } = await sharp(bytes, { failOn: 'truncated' })
      .rotate()
      .resize({ ...COVER_MAX, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: PANEL })
      .jpeg({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
    return { href: `data:image/jpeg;base64,${data.toString('base64')}`, width: info.width, height: info.height };
  } catch {
    return null;
  }
}

/** The uploaded cover, as large as fits the drawn cover's box (width x 1.5 width), centred, with its shadow. */
function uploadedCover(image: EmbeddedCover, x: number, y: number, width: number): string {
  const box = { width, height: width * 1.5 };
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const w = Math.round(image.width * scale);
  const h = Math.round(image.height * scale);
  const left = Math.round(x + (box.width - w) / 2);
  const top = Math.round(y + (box.height - h) / 2);
  return [
    `<rect x="${left + width * 0.04}" y="${top + width * 0.04}" width="${w}" height="${h}" rx="6" fill="#000" opacity="0.45"/>`,
    `<image x="${left}" y="${top}" width="${w}" height="${h}" preserveAspectRatio="none" href="${image.href}"/>`,
  ].join('');
}

/**
 * One graphic as SVG: the cover beside the words (wide) or above them (square, story); the
 * uploaded cover when there is one, else the one drawn from the title.
 */
export function shareGraphicSvg(
  text: ShareText,
  width: number,
  height: number,
  layout: Layout,
  uploaded?: EmbeddedCover,
): string {
  const cover = (x: number, y: number, coverWidth: number) =>
    uploaded === undefined ? drawnCover(text, x, y, coverWidth) : uploadedCover(uploaded, x, y, coverWidth);
  const parts: string[] = [
    `<rect width="${width}" height="${height}" fill="${BG}"/>`,
    `<rect x="24" y="24" width="${width - 48}" height="${height - 48}" fill="none" stroke="${LINE}" stroke-width="2"/>`,
  ];
  if (layout === 'wide') {
    const coverWidth = Math.round(height * 0.5);
    parts.push(cover(90, Math.round((height - coverWidth * 1.5) / 2), coverWidth));
    const x = 90 + coverWidth + 90;
    parts.push(textLines([text.title], x, 200, 84, TEXT, 800));
    parts.push(textLines(wrap(text.subtitle, 30), x, 280, 34, MUTED));
    parts.push(textLines(wrap(text.tagline, 34), x, 430, 30, ACCENT));
    parts.push(textLines([`A memoir by ${text.author}`], x, 550, 28, MUTED));
  } else {
    const story = height > width * 1.5;
    const coverWidth = Math.round(width * (story ? 0.5 : 0.3));
    const top = Math.round(height * (story ? 0.12 : 0.065));
    parts.push(cover(Math.round((width - coverWidth) / 2), top, coverWidth));
    const centre = Math.round(width / 2);
    const titleY = top + coverWidth * 1.5 + (story ? 170 : 105);
    const subtitle = wrap(text.subtitle, 34);
    const subtitleY = titleY + (story ? 90 : 70);
    const taglineY = subtitleY + subtitle.length * 38 * 1.25 + (story ? 60 : 25);
    parts.push(textLines([text.title], centre, titleY, story ? 96 : 80, TEXT, 800, 'middle'));
    parts.push(textLines(subtitle, centre, subtitleY, 38, MUTED, 400, 'middle'));
    parts.push(textLines(wrap(text.tagline, 40), centre, taglineY, 34, ACCENT, 400, 'middle'));
    if (story) parts.push(textLines([`A memoir by ${text.author}`], centre, height - 110, 32, MUTED, 400, 'middle'));
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

/** Noto Sans (Latin), from the font package, as the TrueType resvg reads (fontsource ships WOFF2). */
async function notoSans(): Promise<Buffer> {
  const woff2 = await readFile(
    require.resolve('@fontsource-variable/noto-sans/files/noto-sans-latin-wght-normal.woff2'),
  );
  const { default: decompress } = await import('wawoff2/decompress');
  // A copy: the result is a view into the decoder's memory.
  return Buffer.from(await decompress(woff2));
}

/**
 * Renders every share graphic to PNG, off the event loop, with the bundled font only (never
 * the machine's), so every server draws the same letters; from `cover` (the uploaded cover's
 * bytes: JPEG, PNG or WebP) when given and it decodes, else with the cover drawn from the title.
 */
export async function renderShareGraphics(text: ShareText, cover?: Uint8Array): Promise<Map<string, Buffer>> {
  const { renderAsync } = await import('@resvg/resvg-js');
  const uploaded = (cover === undefined ? null : await embedCover(cover)) ?? undefined;
  const dir = await mkdtemp(join(tmpdir(), 'memoir-share-font-'));
  try {
    const fontFile = join(dir, 'noto-sans.ttf');
    await writeFile(fontFile, await notoSans());
    const font = {
      fontFiles: [fontFile],
      loadSystemFonts: false,
      defaultFontFamily: FONT,
      sansSerifFamily: FONT,
      serifFamily: FONT,
      monospaceFamily: FONT,
    };
    const rendered = new Map<string, Buffer>();
    for (const { file, width, height, layout } of SHARE_GRAPHICS) {
      const image = await renderAsync(shareGraphicSvg(text, width, height, layout, uploaded), {
        font,
        fitTo: { mode: 'original' },
      });
      rendered.set(file, Buffer.from(image.asPng()));
    }
    return rendered;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The graphics' paths on the site: `/images/share-card.png`… */
export const SHARE_GRAPHIC_PATHS = new Set(SHARE_GRAPHICS.map(({ file }) => `/images/${file}`));

/** Kept shortly by browsers and link previews: a publish shows in them within minutes. */
export const SHARE_GRAPHIC_CACHE_CONTROL = 'public, max-age=300';

/**
 * The share graphics of the published version and cover, drawn once per version and cover
 * (the last one kept).
 */
export class ShareGraphics {
  private drawn: { readonly key: string; readonly images: Promise<Map<string, Buffer>> } | null = null;

  constructor(
    private readonly source: Pick<LandingSource, 'published'>,
    /** The uploaded cover, or null while there is none; without it, the graphics draw the cover. */
    private readonly cover: () => Promise<ShareCover | null> = () => Promise.resolve(null),
  ) {}

  /** The PNG at `path` (one of SHARE_GRAPHIC_PATHS) for the published words and cover; null for another path. */
  async png(path: string): Promise<Buffer | null> {
    if (!SHARE_GRAPHIC_PATHS.has(path)) return null;
    const [{ version, content }, cover] = await Promise.all([this.source.published(), this.cover()]);
    const key = cover === null ? String(version) : shareGraphicsKey(version, cover.hash);
    if (this.drawn === null || this.drawn.key !== key) {
      const images = (cover === null ? Promise.resolve(undefined) : cover.bytes()).then((bytes) =>
        renderShareGraphics(shareText(content), bytes),
      );
      // A failed drawing is tried again by the next request.
      images.catch(() => {
        if (this.drawn?.images === images) this.drawn = null;
      });
      this.drawn = { key, images };
    }
    return (await this.drawn.images).get(path.slice('/images/'.length)) ?? null;
  }
}

const shareText = ({ title, subtitle, tagline, author }: SiteContent): ShareText => ({
  title,
  subtitle,
  tagline,
  author,
});

/**
 * The share graphics' paths answered from the published words, in front of the built site's
 * files (`files`): any other request goes on to them.
 */
export function shareGraphicsFirst(graphics: ShareGraphics, files: Middleware): Middleware {
  return async (ctx, next) => {
    if ((ctx.method === 'GET' || ctx.method === 'HEAD') && SHARE_GRAPHIC_PATHS.has(ctx.path)) {
      const png = await graphics.png(ctx.path);
      if (png !== null) {
        ctx.type = 'image/png';
        ctx.set('Cache-Control', SHARE_GRAPHIC_CACHE_CONTROL);
        ctx.body = png;
        return;
      }
    }
    await files(ctx, next);
  };
}
