import { Writable } from 'node:stream';

import { describe, expect, it } from '@jest/globals';
import { RateLimiter } from '@memoir/domain';
import { createInMemoryPersistence, ManualClock } from '@memoir/domain/memory';
import pino from 'pino';
import request from 'supertest';

import { createHttpApp, STATUS_BY_CODE, type HttpUseCases } from '../src';

/** An app whose public list throws `error`, with its log lines captured. */
function appThrowing(error: unknown, options: { unavailable?: boolean; ready?: boolean } = {}) {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const failing = { execute: () => Promise.reject(error) };
  const { app } = createHttpApp({
    useCases: { listPublicGuestbookEntries: failing } as unknown as HttpUseCases,
    rateLimiter: new RateLimiter(createInMemoryPersistence().rateLimits, new ManualClock()),
    formRateLimit: { max: 10, windowMs: 60_000 },
    trustProxy: false,
    adminHost: null,
    logger: pino({ level: 'info' }, sink),
    isDatabaseUnavailable: () => options.unavailable ?? false,
    checkReadiness: async () => options.ready ?? true,
    bookStamper: { stamp: () => Promise.reject(new Error('not in this test')) },
  });
  return { server: app.callback(), lines };
}

describe('the error middleware', () => {
  it('answers an unexpected error with a generic 500, logged with its request id, never the stack', async () => {
    const { server, lines } = appThrowing(new Error('secret internals at /srv/app/db.ts:42'));
    const response = await request(server).get('/api/guestbook-entries').set('X-Request-Id', 'req-123');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({
      success: false,
      error: 'Something went wrong on our side. Please try again later.',
    });
    expect(JSON.stringify(response.body)).not.toContain('secret internals');
    expect(response.headers['x-request-id']).toBe('req-123');
    const logged = lines.find((line) => line.msg === 'unexpected error');
    expect(logged).toMatchObject({ requestId: 'req-123', level: 50 });
    expect(JSON.stringify(logged)).toContain('secret internals');
    const access = lines.find((line) => line.msg === 'request');
    expect(access).toMatchObject({ requestId: 'req-123', method: 'GET', status: 500, level: 30 });
  });

  it('answers an unreachable database with 503 and Retry-After', async () => {
    const { server } = appThrowing(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), {
      unavailable: true,
    });
    const response = await request(server).get('/api/guestbook-entries');
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.body).toEqual({
      success: false,
      error: 'The service is briefly unavailable. Please try again in a moment.',
    });
  });

  it('reports not ready while the database cannot answer', async () => {
    const { server } = appThrowing(new Error('unused'), { ready: false });
    const response = await request(server).get('/readyz');
    expect([response.status, response.body]).toEqual([503, { status: 'not ready' }]);
  });

  it('ignores a malformed request id and makes its own', async () => {
    const { server } = appThrowing(new Error('x'));
    const response = await request(server).get('/healthz').set('X-Request-Id', 'not valid\u00e9 id with spaces');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('maps every domain error code to a 4xx status', () => {
    for (const status of Object.values(STATUS_BY_CODE)) expect(status).toBeGreaterThanOrEqual(400);
    for (const status of Object.values(STATUS_BY_CODE)) expect(status).toBeLessThan(500);
  });
});
