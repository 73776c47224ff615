import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { DEFAULT_SITE_CONTENT } from '@memoir/shared';

import { api, apiUrl, configureApi, HttpError } from './api';

interface Sent {
  readonly url: string;
  readonly init: RequestInit;
}

/** The next answers of the fake server, each made afresh (a body can be read once). */
const answer =
  (status: number, body: string, headers: Record<string, string> = {}) =>
  () =>
    new Response(body, { status, headers });

describe('the API client keyed by the route table', () => {
  let sent: Sent[];
  let next: () => Response;
  const unauthorized = jest.fn();
  const realFetch = globalThis.fetch;

  beforeEach(() => {
    sent = [];
    next = answer(200, '{"success":true}');
    unauthorized.mockReset();
    globalThis.fetch = ((url: string, init: RequestInit) => {
      sent.push({ url, init });
      return Promise.resolve(next());
    }) as typeof fetch;
    configureApi({ getToken: () => 'TOKEN', onUnauthorized: unauthorized });
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    configureApi({ getToken: () => null, onUnauthorized: null });
  });

  it('fills in the path parameters and leaves empty query values out', () => {
    expect(apiUrl('/api/admin/guestbook/:id', { params: { id: 'a/b c' } })).toBe('/api/admin/guestbook/a%2Fb%20c');
    expect(apiUrl('/api/admin/guestbook', { query: { class: undefined, q: '', before: null, limit: 20 } })).toBe(
      '/api/admin/guestbook?limit=20',
    );
    expect(apiUrl('/api/admin/guestbook', { query: { q: 'a&b c', before: '2026_x' } })).toBe(
      '/api/admin/guestbook?q=a%26b+c&before=2026_x',
    );
  });

  it('sends the method, the JSON body and the bearer header of an admin call', async () => {
    await api.call('moderateGuestbookEntry', { params: { id: 'E1' }, body: { isApproved: true } });
    expect(sent[0]?.url).toBe('/api/admin/guestbook/E1');
    expect(sent[0]?.init).toMatchObject({
      method: 'PATCH',
      credentials: 'include',
      body: '{"isApproved":true}',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer TOKEN' },
    });
  });

  it('asks the browser to finish a keepalive call after the page is gone, and only that one', async () => {
    await api.call('saveSiteDraft', { body: { revision: 1, content: DEFAULT_SITE_CONTENT }, keepalive: true });
    await api.call('endOtherSessions');
    expect(sent[0]?.init).toMatchObject({ method: 'PUT', keepalive: true });
    expect(sent[1]?.init.keepalive).toBeUndefined();
  });

  it('sends no bearer header off the admin paths, and an empty object for a POST without a body', async () => {
    await api.call('publicGuestbookEntries', { query: { limit: 5 } });
    await api.call('endOtherSessions');
    expect(sent[0]).toMatchObject({ url: '/api/guestbook-entries?limit=5', init: { method: 'GET', headers: {} } });
    expect(sent[0]?.init.body).toBeUndefined();
    expect(sent[1]?.init).toMatchObject({ method: 'POST', body: '{}' });
  });

  it('rejects a refusal with "status: text" and the parsed body', async () => {
    next = answer(409, '{"success":false,"error":"Already decided","code":"X"}');
    const error = await api.call('signGuestbook', { body: {} as never }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('409: {"success":false,"error":"Already decided","code":"X"}');
    expect((error as HttpError).body?.code).toBe('X');
  });

  it('ends the session on a 401 from an admin call, never from a sign-in step', async () => {
    next = answer(401, 'no');
    await expect(api.call('logIn', { body: { username: 'a', password: 'b' } })).rejects.toThrow('401: no');
    expect(unauthorized).not.toHaveBeenCalled();
    next = answer(401, 'no');
    await expect(api.call('dashboard')).rejects.toThrow('401: no');
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('downloads a CSV export with its query and the name the server gave it', async () => {
    next = answer(200, 'a,b\n', { 'Content-Disposition': 'attachment; filename="guestbook-2026.csv"' });
    const file = await api.download('exportGuestbookEntries', { query: { class: 'approved' } });
    expect(sent[0]?.url).toBe('/api/admin/guestbook.csv?class=approved');
    expect(sent[0]?.init.headers).toEqual({ Authorization: 'Bearer TOKEN' });
    expect(file.filename).toBe('guestbook-2026.csv');
    expect(await file.blob.text()).toBe('a,b\n');
  });
});
