import { describe, expect, it } from '@jest/globals';
import { DeliveryErrorCode } from '@memoir/domain';
import request from 'supertest';

import { STATUS_BY_CODE, type HttpUseCases } from '../src';
import { appWith } from './app-with';

/** An app whose public list throws `error`. */
const appThrowing = (error: unknown, options: { unavailable?: boolean; ready?: boolean } = {}) =>
  appWith({ listPublicGuestbookEntries: { execute: () => Promise.reject(error) } }, options);

/** An app whose guestbook form and download link both fail with `code`. */
function appFailingWith(code: string) {
  const failure = async () => ({ ok: false as const, error: { code, message: `failed with ${code}` } });
  return appWith({
    signGuestbook: { execute: failure } as unknown as HttpUseCases['signGuestbook'],
    downloadBook: { view: failure, download: failure, resume: failure } as unknown as HttpUseCases['downloadBook'],
  });
}

const A_TOKEN = 'A'.repeat(43);

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

  it('answers a domain error without a status with a generic 500, logged as a defect with its code', async () => {
    const { server, lines } = appFailingWith('GUESTBOOK_ENTRY.SOMETHING_NEW');
    const response = await request(server)
      .post('/api/guestbook-entry')
      .send({ name: 'Ada', message: 'Hello', riddleAnswer: 'console' });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({
      success: false,
      error: 'Something went wrong on our side. Please try again later.',
    });
    const logged = lines.find((line) => String(line.msg).startsWith('unmapped domain error'));
    expect(logged).toMatchObject({ level: 50, code: 'GUESTBOOK_ENTRY.SOMETHING_NEW' });
  });

  it('gives the download link a generic 500 too when its error has no status, logged as a defect', async () => {
    const { server, lines } = appFailingWith('DOWNLOAD.SOMETHING_NEW');
    const response = await request(server).get(`/download/${A_TOKEN}`);
    expect(response.status).toBe(500);
    const logged = lines.find((line) => String(line.msg).startsWith('unmapped domain error'));
    expect(logged).toMatchObject({ level: 50, code: 'DOWNLOAD.SOMETHING_NEW' });
  });

  it.each([
    DeliveryErrorCode.LinkNotFound,
    DeliveryErrorCode.LinkExpired,
    DeliveryErrorCode.LinkExhausted,
    DeliveryErrorCode.LinkRevoked,
  ])('answers the download link failing with %s at the status of the table, as an HTML page', async (code) => {
    const server = appFailingWith(code).server;
    for (const response of [
      await request(server).get(`/download/${A_TOKEN}`),
      await request(server).post(`/download/${A_TOKEN}`),
      await request(server).get(`/download/${A_TOKEN}/file`),
    ]) {
      expect(response.status).toBe(STATUS_BY_CODE[code]);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.text).toContain('<h1>This download link');
    }
  });
});
