import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SITE_CONTENT, type SiteContent } from '@memoir/shared';
import sharp from 'sharp';

import type { ShareCover } from '../src/landing-media';
import { ShareGraphics, shareGraphicSvg } from '../src/share-graphics';
import { useTestApps, type TestApp } from './support/test-app';

/** A PNG's width and height, from its IHDR chunk. */
const sizeOf = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

async function graphic(
  app: TestApp,
  file: string,
): Promise<{ status: number; type: string; cache: string; png: Buffer }> {
  const answer = await app.call('GET', `/images/${file}`, { undocumented: true, binary: true });
  return {
    status: answer.status,
    type: String(answer.headers['content-type']),
    cache: String(answer.headers['cache-control']),
    png: answer.body as Buffer,
  };
}

describe('the share graphics, drawn from the published words', () => {
  const startApp = useTestApps();

  it('serves each graphic at its size, and draws them again when a new title is published', async () => {
    const app = await startApp();
    const card = await graphic(app, 'share-card.png');
    expect([card.status, card.type, card.cache]).toEqual([200, 'image/png', 'public, max-age=300']);
    expect(sizeOf(card.png)).toEqual({ width: 1200, height: 630 });
    expect(sizeOf((await graphic(app, 'share-square.png')).png)).toEqual({ width: 1080, height: 1080 });
    expect(sizeOf((await graphic(app, 'share-story.png')).png)).toEqual({ width: 1080, height: 1920 });
    // The same words: the very same picture.
    expect((await graphic(app, 'share-card.png')).png.equals(card.png)).toBe(true);

    const token = await app.signIn();
    const { draft } = (await app.call('GET', '/api/admin/site-content', { token })).body as {
      draft: { revision: number; content: SiteContent };
    };
    const saved = await app.call('PUT', '/api/admin/site-content/draft', {
      token,
      body: { revision: draft.revision, content: { ...draft.content, title: 'Kernel Panic' } },
    });
    await app.call('POST', '/api/admin/site-content/publish', { token, body: { revision: saved.body.revision } });
    const after = await graphic(app, 'share-card.png');
    expect(after.status).toBe(200);
    expect(after.png.equals(card.png)).toBe(false);
  }, 30_000);

  it('writes the words into the picture as text, escaped', () => {
    const svg = shareGraphicSvg(
      { title: 'Root & <Access>', subtitle: 'A memoir', tagline: 'In "quotes"', author: 'Sam Okafor' },
      1200,
      630,
      'wide',
    );
    expect(svg).toContain('Root &#38; &#60;Access&#62;');
    expect(svg).not.toContain('<Access>');
  });
});

/** A plain cover of one colour, as the owner might upload it (a JPEG, or a PNG). */
const plainCover = (colour: string, format: 'jpeg' | 'png' = 'jpeg') => {
  const image = sharp({ create: { width: 400, height: 600, channels: 3, background: colour } });
  return (format === 'jpeg' ? image.jpeg() : image.png()).toBuffer();
};

/** The colour of a PNG at (x, y). */
async function colourAt(png: Buffer, x: number, y: number) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at] ?? 0, g: data[at + 1] ?? 0, b: data[at + 2] ?? 0 };
}

describe('the share graphics, from the uploaded cover', () => {
  let version = 1;
  let cover: { hash: string; bytes: Buffer } | null = null;
  let coverReads = 0;
  const graphics = new ShareGraphics(
    { published: () => Promise.resolve({ version, content: DEFAULT_SITE_CONTENT }) },
    (): Promise<ShareCover | null> => {
      const current = cover;
      if (current === null) return Promise.resolve(null);
      return Promise.resolve({
        hash: current.hash,
        bytes: () => {
          coverReads += 1;
          return Promise.resolve(current.bytes);
        },
      });
    },
  );
  // A point of the cover's place on each graphic, clear of the drawn cover's words (shareGraphicSvg's layouts).
  const coverMiddle = { card: [300, 440], story: [540, 230 + 405] } as const;

  it('draws the cover from the title until one is uploaded, then draws the uploaded one, again when it changes', async () => {
    const drawn = (await graphics.png('/images/share-card.png')) ?? Buffer.alloc(0);
    // The drawn cover's panel, dark green, where an uploaded cover would be.
    expect((await colourAt(drawn, ...coverMiddle.card)).g).toBeLessThan(60);

    cover = { hash: 'a'.repeat(64), bytes: await plainCover('#e01010') };
    const red = (await graphics.png('/images/share-card.png')) ?? Buffer.alloc(0);
    expect(red.equals(drawn)).toBe(false);
    const redAt = await colourAt(red, ...coverMiddle.card);
    expect(redAt.r).toBeGreaterThan(200);
    expect(Math.max(redAt.g, redAt.b)).toBeLessThan(40);
    const story = (await graphics.png('/images/share-story.png')) ?? Buffer.alloc(0);
    expect((await colourAt(story, ...coverMiddle.story)).r).toBeGreaterThan(200);
    expect(coverReads).toBe(1);
    // The same cover and version: the same pictures, the cover not read again.
    expect(((await graphics.png('/images/share-card.png')) ?? Buffer.alloc(0)).equals(red)).toBe(true);
    expect(coverReads).toBe(1);

    cover = { hash: 'b'.repeat(64), bytes: await plainCover('#1030e0', 'png') };
    const blue = (await graphics.png('/images/share-card.png')) ?? Buffer.alloc(0);
    expect((await colourAt(blue, ...coverMiddle.card)).b).toBeGreaterThan(200);

    // A new published version (a new title) with the same cover: drawn again.
    version = 2;
    await graphics.png('/images/share-card.png');
    expect(coverReads).toBe(3);
  }, 30_000);

  it('stands the drawn cover in for an uploaded one that does not decode', async () => {
    version = 3;
    cover = null;
    const drawn = (await graphics.png('/images/share-square.png')) ?? Buffer.alloc(0);
    cover = { hash: 'c'.repeat(64), bytes: Buffer.from('not an image') };
    const fallback = (await graphics.png('/images/share-square.png')) ?? Buffer.alloc(0);
    expect(fallback.equals(drawn)).toBe(true);
  }, 30_000);
});
