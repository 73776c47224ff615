import { describe, expect, it } from '@jest/globals';
import type { SiteContent } from '@memoir/shared';

import { shareGraphicSvg } from '../src/share-graphics';
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
