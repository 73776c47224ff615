import { request as httpRequest } from 'node:http';
import { Writable } from 'node:stream';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pino from 'pino';

import { startTestApp, type ListeningTestApp } from './support/test-app';

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** One request over a real socket, any method (supertest knows only the common ones). */
function send(url: string, method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** What scanners send, and what the server saw of it in its own log. */
describe('odd requests, over HTTP', () => {
  let app: ListeningTestApp;
  const lines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          lines.push(JSON.parse(line) as Record<string, unknown>);
        }
        done();
      },
    });
    app = await startTestApp({ listen: true, logger: pino({ level: 'trace' }, sink) });
  });
  afterAll(async () => {
    await app.close();
  });

  const METHODS = ['PROPFIND', 'PROPPATCH', 'TRACE', 'SEARCH', 'LOCK', 'UNLOCK', 'MKCOL', 'COPY', 'MOVE', 'PURGE'];
  const PATHS = [
    '/',
    '/index.html',
    '/no-such-page',
    '/api/guestbook-entries',
    '/api/no-such-call',
    '/api/admin/guestbook',
    '/admin',
    '/admin/guestbook',
    '/download/abc',
    '/healthz',
  ];

  it('answers a method no route knows with 405 and Allow, never a 5xx, and logs no error', async () => {
    for (const method of METHODS) {
      for (const path of PATHS) {
        const answer = await send(app.url, method, path);
        expect({ method, path, status: answer.status }).toEqual({ method, path, status: 405 });
        expect(String(answer.headers.allow)).toMatch(/^[A-Z]+(, [A-Z]+)*$/);
        expect(String(answer.headers.allow)).not.toContain(method);
        if (answer.body !== '') {
          expect(JSON.parse(answer.body)).toEqual({ success: false, error: 'That method is not allowed here.' });
        }
      }
    }
    const errors = lines.filter((line) => Number(line.level) >= 50 || 'err' in line);
    expect(errors).toEqual([]);
  });

  it("names the path's own methods in Allow", async () => {
    expect((await send(app.url, 'PROPFIND', '/api/guestbook-entries')).headers.allow).toBe('HEAD, GET');
    expect((await send(app.url, 'PROPFIND', '/api/guestbook-entry')).headers.allow).toBe('POST');
    expect((await send(app.url, 'SEARCH', '/')).headers.allow).toBe('GET, HEAD');
  });

  it('sends Vary: Accept-Encoding with every file that has a compressed twin', async () => {
    const page = await send(app.url, 'GET', '/');
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(page.body)?.[1];
    if (script === undefined) throw new Error('the built page names no script: run pnpm build');
    for (const encoding of ['br', 'gzip', 'identity']) {
      const answer = await send(app.url, 'GET', script, { 'Accept-Encoding': encoding });
      expect(answer.status).toBe(200);
      expect(String(answer.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(answer.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
    }
  });

  it('writes no download token into the access log', async () => {
    const token = 'Zm9yZ2VkLXRva2VuLWZvci10aGUtYWNjZXNzLWxvZy10ZXN0';
    const answer = await send(app.url, 'GET', `/download/${token}`);
    expect(answer.status).toBe(404);
    await send(app.url, 'GET', `/DOWNLOAD/${token}/more?x=${token}`);
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain(token);
    expect(lines.filter((line) => line.msg === 'request' && line.path === '/download/[token]')).not.toHaveLength(0);
  });

  it('writes no suppressed address into the access log', async () => {
    await send(app.url, 'DELETE', '/api/admin/suppressions/hidden.reader%40example.org');
    expect(JSON.stringify(lines)).not.toContain('hidden.reader');
    expect(lines.filter((line) => line.path === '/api/admin/suppressions/[email]')).not.toHaveLength(0);
  });
});
