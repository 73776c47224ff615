import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import request from 'supertest';

import { isUprightRedOnTop, PHONE_MAKER, sidewaysPhoneJpeg } from '../../../tools/testing/test-images';
import { useTestApps, type TestApp } from './support/test-app';

/*
 * The uploads on the public page, through the server's own sharp processor: the cover and the
 * photo as <picture>s of their served variants, and the share graphics made from the cover
 * (docs/public-site.md, "The uploaded cover and photo").
 */

const start = useTestApps();

const upload = (app: TestApp, token: string, kind: string, file: Buffer, alt: string) =>
  request(app.handler)
    .post(`/api/admin/media/${kind}`)
    .set('Authorization', `Bearer ${token}`)
    .field('alt', alt)
    .attach('file', file, `${kind}.jpg`);

const get = async (app: TestApp, path: string) => {
  const answer = await request(app.handler).get(path).buffer(true);
  return { status: answer.status, body: Buffer.isBuffer(answer.body) ? answer.body : Buffer.from(answer.text ?? '') };
};

describe('the uploaded cover and photo on the landing page', () => {
  it('shows them as pictures of their served variants, upright and without GPS, and makes the share graphics from the cover', async () => {
    const app = await start();
    const token = await app.signIn();
    const before = (await get(app, '/')).body.toString('utf8');
    expect(before).toContain('<div class="book" role="img"');
    const cardBefore = (await get(app, '/images/share-card.png')).body;

    const cover = await upload(app, token, 'cover', await sidewaysPhoneJpeg(), 'Red above blue: the cover');
    expect(cover.status).toBe(201);
    const photo = await upload(app, token, 'author-photo', await sidewaysPhoneJpeg(), 'The author, upright');
    expect(photo.status).toBe(201);

    const page = (await get(app, '/')).body.toString('utf8');
    const coverImg = /<img class="book-image"[^>]*>/.exec(page)?.[0] ?? '';
    expect(coverImg).toContain('alt="Red above blue: the cover"');
    expect(coverImg).toMatch(/width="240" height="360"/);
    const photoImg = /<img class="author-photo"[^>]*>/.exec(page)?.[0] ?? '';
    expect(photoImg).toContain('alt="The author, upright"');
    expect(photoImg).toContain('loading="lazy"');

    // Every address in the pictures is served, upright (red on top), and carries no EXIF.
    const urls = [...page.matchAll(/(\/media\/[0-9a-f]{64}\.(?:jpg|webp)) \d+w/g)].map((match) => match[1] ?? '');
    expect(urls.length).toBeGreaterThanOrEqual(4);
    for (const url of new Set(urls)) {
      const served = await get(app, url);
      expect(served.status).toBe(200);
      const meta = await sharp(served.body).metadata();
      expect(meta.exif).toBeUndefined();
      expect(served.body.toString('latin1')).not.toContain(PHONE_MAKER);
      expect(await isUprightRedOnTop(served.body)).toBe(true);
    }

    // The share graphics follow the cover: a new address in the head, a new picture.
    const key = /share-card\.png\?v=([^"]+)"/.exec(page)?.[1] ?? '';
    expect(key).toMatch(/^\d+-[0-9a-f]{16}$/);
    expect(page).toContain(`<meta property="og:image" content="http://localhost`);
    const cardAfter = (await get(app, `/images/share-card.png?v=${key}`)).body;
    expect(cardAfter.equals(cardBefore)).toBe(false);
  }, 60_000);
});
