import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from '@jest/globals';
import { FakeImageProcessor } from '@memoir/domain/testing';
import { MEDIA_MESSAGES } from '@memoir/shared';
import request from 'supertest';

import { useTestApps, type TestApp } from './support/test-app';

/*
 * The owner's uploads over HTTP (docs/media.md): both forms of upload, the list, the public
 * images, the test copy, and hostile files refused with the right status, the old file kept.
 * Images go through a fake processor here (the sharp adapter has tests of its own).
 */

const SAMPLE_BOOK = readFileSync(join(__dirname, '..', 'assets', 'sample-book.pdf'));
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Buffer.from('a cover')]);

const start = useTestApps(() => ({ overrides: { imageProcessor: new FakeImageProcessor() } }));

async function signedIn(env: Record<string, string> = {}): Promise<{ app: TestApp; token: string }> {
  const app = await start({ env });
  return { app, token: await app.signIn() };
}

/** The file as the request body, with its own Content-Type. */
const raw = (app: TestApp, token: string, kind: string, file: Buffer, type: string, query = '') =>
  request(app.handler)
    .post(`/api/admin/media/${kind}${query}`)
    .set('Authorization', `Bearer ${token}`)
    .set('Content-Type', type)
    .send(file);

/** The file as a multipart form's field "file", the alt text beside it. */
const form = (app: TestApp, token: string, kind: string, file: Buffer, name: string, alt?: string) => {
  const req = request(app.handler).post(`/api/admin/media/${kind}`).set('Authorization', `Bearer ${token}`);
  return (alt === undefined ? req : req.field('alt', alt)).attach('file', file, name);
};

describe('uploading the book', () => {
  it('takes the PDF as the body or as a form, and lists the newest with its pages', async () => {
    const { app, token } = await signedIn();
    const first = await raw(app, token, 'book', SAMPLE_BOOK, 'application/pdf');
    expect(first.status).toBe(201);
    expect(first.body.media).toMatchObject({ kind: 'book', bytes: SAMPLE_BOOK.length, pages: 3, uploadedBy: 'owner' });
    expect(first.body.media.url).toBe('/api/admin/media/book/test-copy');
    app.clock.advance(1000); // the test's clock stands still: the newer upload is the later one

    const second = await form(app, token, 'book', Buffer.concat([SAMPLE_BOOK, Buffer.from('\n')]), 'book.pdf');
    expect(second.status).toBe(201);
    const listed = await app.call('GET', '/api/admin/media', { token });
    expect(listed.body.media.map((item: { id: string }) => item.id)).toEqual([second.body.media.id]);
    const audit = await app.call('GET', '/api/admin/audit-logs?action=media_replaced', { token });
    expect(audit.status).toBe(200);
  });

  it('stamps the owner a test copy of the uploaded book', async () => {
    const { app, token } = await signedIn();
    const book = Buffer.concat([SAMPLE_BOOK, Buffer.from('% the corrected edition\n')]);
    expect((await raw(app, token, 'book', book, 'application/pdf')).status).toBe(201);
    const copy = await request(app.handler)
      .post('/api/admin/media/book/test-copy')
      .set('Authorization', `Bearer ${token}`)
      .buffer(true)
      .parse((res, done) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => done(null, Buffer.concat(parts)));
      });
    expect(copy.status).toBe(200);
    expect(copy.headers['content-type']).toBe('application/pdf');
    const bytes = copy.body as Buffer;
    // A copy is the uploaded book's bytes and an incremental update (ADR 0009).
    expect(bytes.subarray(0, book.length).equals(book)).toBe(true);
    expect(bytes.length).toBeGreaterThan(book.length);
  });

  it('refuses hostile files with a person’s message, and keeps the book in use', async () => {
    const { app, token } = await signedIn({ BOOK_MAX_BYTES: '1MB' });
    const kept = await raw(app, token, 'book', SAMPLE_BOOK, 'application/pdf');
    const lying = Buffer.from(
      SAMPLE_BOOK.toString('latin1').replace(/startxref\s+\d+/, 'startxref 999999999'),
      'latin1',
    );
    const cases: [string, Buffer, string, number][] = [
      ['a 0-byte file', Buffer.alloc(0), 'application/pdf', 400],
      ['a truncated PDF', SAMPLE_BOOK.subarray(0, Math.floor(SAMPLE_BOOK.length / 2)), 'application/pdf', 400],
      ['a PDF that lies about where its cross-reference is', lying, 'application/pdf', 400],
      [
        'a polyglot: a JPEG carrying a PDF',
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), SAMPLE_BOOK]),
        'application/pdf',
        415,
      ],
      ['HTML sent as a PDF', Buffer.from('<html><script>alert(1)</script></html>'), 'application/pdf', 415],
      ['a book over BOOK_MAX_BYTES', Buffer.concat([SAMPLE_BOOK, Buffer.alloc(1024 * 1024)]), 'application/pdf', 413],
    ];
    for (const [what, file, type, status] of cases) {
      const answer = await raw(app, token, 'book', file, type);
      expect([what, answer.status]).toEqual([what, status]);
      expect(typeof answer.body.error).toBe('string');
    }
    const listed = await app.call('GET', '/api/admin/media', { token });
    expect(listed.body.media).toEqual([expect.objectContaining({ id: kept.body.media.id })]);
  });
});

describe('uploading an image', () => {
  it('stores its variants by content and serves them for a year, immutable', async () => {
    const { app, token } = await signedIn();
    const answer = await raw(app, token, 'cover', PNG, 'image/png', '?alt=The%20cover');
    expect(answer.status).toBe(201);
    expect(answer.body.media).toMatchObject({ kind: 'cover', alt: 'The cover', width: 1600, height: 2400 });
    const url = answer.body.media.url as string;
    expect(url).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);
    const served = await request(app.handler).get(url).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-type']).toBe('image/jpeg');
    const again = await request(app.handler)
      .get(url)
      .set('If-None-Match', served.headers.etag ?? '');
    expect(again.status).toBe(304);
    const viaForm = await form(app, token, 'author-photo', PNG, 'me.png', 'The author');
    expect(viaForm.status).toBe(201);
  });

  it('refuses SVG (renamed or not), a missing alt text, and an unknown kind', async () => {
    const { app, token } = await signedIn();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const renamed = await form(app, token, 'cover', svg, 'cover.png', 'A cover');
    expect([renamed.status, renamed.body.error]).toEqual([415, MEDIA_MESSAGES.imageType]);
    expect((await raw(app, token, 'cover', svg, 'image/svg+xml', '?alt=x')).status).toBe(415);
    const noAlt = await raw(app, token, 'cover', PNG, 'image/png');
    expect([noAlt.status, noAlt.body.fieldErrors?.alt]).toEqual([400, MEDIA_MESSAGES.altRequired]);
    expect((await raw(app, token, 'video', PNG, 'image/png', '?alt=x')).status).toBe(404);
    expect((await app.call('GET', '/api/admin/media', { token })).body.media).toEqual([]);
  });

  it('wants a session, and never serves the book or a made-up name publicly', async () => {
    const { app, token } = await signedIn();
    const answer = await request(app.handler)
      .post('/api/admin/media/cover?alt=x')
      .set('Content-Type', 'image/png')
      .send(PNG);
    expect(answer.status).toBe(401);
    const book = await raw(app, token, 'book', SAMPLE_BOOK, 'application/pdf');
    const sha = /^[0-9a-f]{64}/.exec(String(book.body.media.sha256))?.[0] ?? '';
    expect((await request(app.handler).get(`/media/${sha}.pdf`)).status).toBe(404);
    expect((await request(app.handler).get(`/media/${'0'.repeat(64)}.jpg`)).status).toBe(404);
    expect((await request(app.handler).get('/media/../data/memoir.sqlite')).status).toBe(404);
  });
});
