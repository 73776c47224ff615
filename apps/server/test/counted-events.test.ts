import { describe, expect, it } from '@jest/globals';
import type { AnalyticsDto } from '@memoir/shared';

import { useTestApps } from './support/test-app';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** POST /api/events and GET /api/admin/analytics, through HTTP: what is counted, what is refused, what is dropped. */
describe('counted events', () => {
  const startApp = useTestApps();

  const setUp = async () => {
    const app = await startApp();
    const token = await app.signIn();
    const send = (body: unknown, headers: Record<string, string> = {}) =>
      app.call('POST', '/api/events', { body, headers: { 'User-Agent': BROWSER, ...headers } });
    let session = token;
    const analytics = async (days = 7) => {
      // A session ends after 12 hours: a test that moves the clock a day signs in again.
      let response = await app.call('GET', `/api/admin/analytics?days=${days}`, { token: session });
      if (response.status === 401) {
        session = await app.signIn();
        response = await app.call('GET', `/api/admin/analytics?days=${days}`, { token: session });
      }
      expect(response.status).toBe(200);
      return response.body as AnalyticsDto;
    };
    return { app, token, send, analytics };
  };

  it('counts each event once a day, with the referring domain and the store', async () => {
    const { app, send, analytics } = await setUp();
    for (const body of [
      { name: 'page_view', referrer: 'https://news.ycombinator.com/item?id=1' },
      { name: 'page_view', referrer: 'https://www.News.YCombinator.com/' },
      { name: 'page_view', referrer: '' },
      { name: 'page_view', referrer: 'https://127.0.0.1/somewhere' }, // this very site (supertest's host)
      { name: 'buy_click', store: 'kindle' },
      { name: 'buy_click', store: 'kindle' },
      { name: 'buy_click', store: 'hardcover' },
      { name: 'crackme_download' },
      { name: 'share_copy' },
      { name: 'graphic_download', graphic: 'square' },
      { name: 'guestbook_signed' },
      { name: 'scholarship_requested' },
    ]) {
      const response = await send(body);
      expect([response.status, response.body]).toEqual([202, { success: true }]);
    }
    const read = await analytics();
    expect(read.days).toHaveLength(7);
    expect(read.days.at(-1)).toEqual({
      date: app.clock.now().toISOString().slice(0, 10),
      counts: {
        page_view: 4,
        buy_click: 3,
        crackme_download: 1,
        share_copy: 1,
        graphic_download: 1,
        guestbook_signed: 1,
        scholarship_requested: 1,
      },
    });
    expect(read.days.slice(0, -1).every((day) => Object.keys(day.counts).length === 0)).toBe(true);
    expect(read.referrers).toEqual([{ domain: 'news.ycombinator.com', count: 2 }]);
    // The dashboard sums the same 7 days.
    const dashboard = await app.call('GET', '/api/admin/dashboard', { token: await app.signIn() });
    expect(dashboard.body.countedEvents).toMatchObject({ page_view: 4, buy_click: 3, crackme_download: 1 });
    expect(read.stores).toEqual([
      { store: 'kindle', count: 2 },
      { store: 'hardcover', count: 1 },
    ]);

    // The next day is a day of its own.
    app.clock.advance(24 * 60 * 60 * 1000);
    await send({ name: 'page_view' });
    const next = await analytics(2);
    expect(next.days.map((day) => day.counts.page_view ?? 0)).toEqual([4, 1]);
  });

  it('accepts and drops the events of a visitor sending DNT or GPC, and of bots', async () => {
    const { send, analytics } = await setUp();
    expect((await send({ name: 'page_view' }, { DNT: '1' })).status).toBe(202);
    expect((await send({ name: 'buy_click', store: 'kindle' }, { 'Sec-GPC': '1' })).status).toBe(202);
    expect(
      (await send({ name: 'page_view' }, { 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })).status,
    ).toBe(202);
    expect((await send({ name: 'page_view' }, { 'User-Agent': 'facebookexternalhit/1.1' })).status).toBe(202);
    expect((await send({ name: 'page_view' }, { 'User-Agent': '' })).status).toBe(202);
    expect((await analytics()).days.every((day) => Object.keys(day.counts).length === 0)).toBe(true);
  });

  it('refuses an unknown name, the server-counted download, and a detail that is not a short word, with 400', async () => {
    const { send, analytics } = await setUp();
    // Not the body's shape (no name, not text): refused by the contract, naming the field.
    for (const body of [{}, { name: 42 }]) {
      const response = await send(body);
      expect([response.status, response.body.code, Object.keys(response.body.fieldErrors)]).toEqual([
        400,
        'REQUEST.INVALID',
        ['name'],
      ]);
    }
    for (const body of [
      { name: 'purchase' },
      { name: 'pdf_download' },
      { name: 'buy_click' },
      { name: 'buy_click', store: 'Kindle Store <script>' },
      { name: 'graphic_download', graphic: 'x'.repeat(33) },
    ]) {
      const response = await send(body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: 'ANALYTICS.INVALID_EVENT' });
      expect(String(response.body.error).length).toBeGreaterThan(10);
    }
    // Refused even with DNT: a bad request is a bad request.
    expect((await send({ name: 'purchase' }, { DNT: '1' })).status).toBe(400);
    expect((await analytics()).days.every((day) => Object.keys(day.counts).length === 0)).toBe(true);
  });

  it('reads 30 days by default, and refuses a period it cannot read', async () => {
    const { app, token, analytics } = await setUp();
    expect((await app.call('GET', '/api/admin/analytics', { token })).body.days).toHaveLength(30);
    expect((await analytics(365)).days).toHaveLength(365);
    for (const days of ['0', '366', 'week', '1.5', '-3']) {
      const response = await app.call('GET', `/api/admin/analytics?days=${days}`, { token });
      expect(response.status).toBe(400);
    }
    expect((await app.call('GET', '/api/admin/analytics')).status).toBe(401);
  });
});
