import { once } from 'node:events';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach, describe, expect, it } from '@jest/globals';
import type { PublicGuestbookEntry } from '@memoir/domain';

import type { HttpUseCases, TrustProxy } from '../src';
import { appWith } from './app-with';

// The public list is answered in front of Koa (public-list.ts). These tests hold the two
// answers equal: the same status, headers in the same order, body and access-log line, for
// the same request, through the server's handler and through Koa alone.

const ENTRIES: PublicGuestbookEntry[] = [
  { id: 'b', name: 'Ada', location: 'London', message: 'Lovely', createdAt: new Date('2026-11-02T10:00:00Z') },
  { id: 'a', name: 'Grace', location: null, message: 'Hello', createdAt: new Date('2026-11-01T10:00:00Z') },
];

interface Answer {
  readonly status: number;
  /** Raw headers as [name, value] pairs, in the order sent, Date left out (it moves). */
  readonly headers: Array<[string, string]>;
  readonly body: string;
}

const open: Array<{ close: () => void }> = [];
afterEach(() => {
  for (const server of open.splice(0)) server.close();
});

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  open.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function ask(base: string, path: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const sent = request(`${base}${path}`, { method: init.method ?? 'GET', headers: init.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers: Array<[string, string]> = [];
        for (let index = 0; index < res.rawHeaders.length; index += 2) {
          const name = res.rawHeaders[index] ?? '';
          if (name.toLowerCase() !== 'date') headers.push([name, res.rawHeaders[index + 1] ?? '']);
        }
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString() });
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** Asked for `limit`, the use case answers that many entries; `calls` records each limit. */
function listing(calls: Array<number | null | undefined> = []): Partial<HttpUseCases> {
  return {
    listPublicGuestbookEntries: {
      execute: async (input = {}) => {
        calls.push(input.limit);
        const limit = Number.isFinite(input.limit) ? Number(input.limit) : 5;
        return ENTRIES.slice(0, limit);
      },
    } as HttpUseCases['listPublicGuestbookEntries'],
  };
}

/** The same request through the server's handler and through Koa alone. */
async function bothWays(
  path: string,
  init: { method?: string; headers?: Record<string, string> } = {},
  options: { trustProxy?: TrustProxy } = {},
) {
  const app = appWith(listing(), options);
  const [served, koa] = [await listen(app.server), await listen(app.koa)];
  const first = await ask(served, path, init);
  const firstLines = app.lines.splice(0);
  const second = await ask(koa, path, init);
  const secondLines = app.lines.splice(0);
  return { served: first, koa: second, servedLines: firstLines, koaLines: secondLines };
}

const requestId = (answer: Answer) => answer.headers.find(([name]) => name === 'X-Request-Id')?.[1];
const withoutRequestId = (answer: Answer) => ({
  ...answer,
  headers: answer.headers.map(([name, value]) => [name, name === 'X-Request-Id' ? '<id>' : value]),
});
const withoutTiming = (lines: Array<Record<string, unknown>>) =>
  lines.map(({ time: _time, ms, requestId: _id, ...line }) => ({ ...line, ms: typeof ms }));

describe('the public list in front of Koa', () => {
  it('sends the bytes, headers (in order) and access line the Koa route sends', async () => {
    const { served, koa, servedLines, koaLines } = await bothWays('/api/guestbook-entries?limit=1');
    expect(served.status).toBe(200);
    expect(JSON.parse(served.body)).toEqual({
      success: true,
      entries: [{ id: 'b', name: 'Ada', location: 'London', message: 'Lovely', createdAt: '2026-11-02T10:00:00.000Z' }],
    });
    expect(withoutRequestId(served)).toEqual(withoutRequestId(koa));
    expect(served.headers.map(([name]) => name)).toEqual(
      expect.arrayContaining(['Content-Security-Policy', 'X-Frame-Options', 'X-Content-Type-Options']),
    );
    expect(requestId(served)).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestId(served)).not.toBe(requestId(koa));
    expect(withoutTiming(servedLines)).toEqual(withoutTiming(koaLines));
    expect(servedLines).toEqual([
      expect.objectContaining({ msg: 'request', method: 'GET', path: '/api/guestbook-entries', status: 200 }),
    ]);
  });

  it('keeps a well-formed X-Request-Id and logs it', async () => {
    const { served, koa, servedLines } = await bothWays('/api/guestbook-entries', {
      headers: { 'X-Request-Id': 'edge-42' },
    });
    expect(requestId(served)).toBe('edge-42');
    expect(served).toEqual(koa);
    expect(servedLines[0]).toMatchObject({ requestId: 'edge-42' });
  });

  it('reads the limit as Koa does: absent, repeated, or not a number', async () => {
    for (const query of ['', '?limit=2', '?limit=1&limit=2', '?limit=abc', '?limit=', '?other=1&limit=%31']) {
      const calls: Array<number | null | undefined> = [];
      const app = appWith(listing(calls));
      const [served, koa] = [await listen(app.server), await listen(app.koa)];
      const answers = [
        await ask(served, `/api/guestbook-entries${query}`),
        await ask(koa, `/api/guestbook-entries${query}`),
      ];
      expect(answers[0]?.body).toBe(answers[1]?.body);
      expect(calls[0]).toEqual(calls[1]);
    }
  });

  it('sends HSTS exactly when Koa does: behind a trusted proxy over HTTPS, never on a forged header', async () => {
    const https = { 'X-Forwarded-Proto': 'https' };
    const trusted = await bothWays(
      '/api/guestbook-entries',
      { headers: https },
      { trustProxy: { kind: 'hops', hops: 1 } },
    );
    expect(trusted.served.headers).toContainEqual(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
    expect(withoutRequestId(trusted.served)).toEqual(withoutRequestId(trusted.koa));

    const untrusted = await bothWays('/api/guestbook-entries', { headers: https });
    expect(untrusted.served.headers.map(([name]) => name)).not.toContain('Strict-Transport-Security');
    expect(withoutRequestId(untrusted.served)).toEqual(withoutRequestId(untrusted.koa));

    const elsewhere = await bothWays(
      '/api/guestbook-entries',
      { headers: https },
      { trustProxy: { kind: 'addresses', ranges: ['10.0.0.0/8'] } },
    );
    expect(elsewhere.served.headers.map(([name]) => name)).not.toContain('Strict-Transport-Security');
  });

  it('leaves every other request to Koa: HEAD, a body, another path, another method', async () => {
    const calls: Array<number | null | undefined> = [];
    const app = appWith(listing(calls));
    const served = await listen(app.server);
    expect((await ask(served, '/api/guestbook-entries', { method: 'HEAD' })).status).toBe(200);
    expect((await ask(served, '/api/guestbook-entries', { method: 'DELETE' })).status).toBe(405);
    const withBody = await ask(served, '/api/guestbook-entries', {
      headers: { 'Content-Type': 'text/plain', 'Content-Length': '0' },
    });
    expect(withBody.status).toBe(200);
    expect((await ask(served, '/api/guestbook-entries/other')).status).toBe(404);
  });

  it('hands a failing list to Koa, which answers the error as for any route', async () => {
    const app = appWith({ listPublicGuestbookEntries: { execute: () => Promise.reject(new Error('disk on fire')) } });
    const served = await ask(await listen(app.server), '/api/guestbook-entries');
    expect(served.status).toBe(500);
    expect(JSON.parse(served.body)).toEqual({
      success: false,
      error: 'Something went wrong on our side. Please try again later.',
    });
    expect(app.lines.filter((line) => line.msg === 'request')).toHaveLength(1);
  });
});
