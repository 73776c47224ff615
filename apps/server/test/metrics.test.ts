import { afterEach, describe, expect, it } from '@jest/globals';
import { aScholarshipRequest, aDelivery } from '@memoir/domain/testing';

import { OWNER_PASSWORD, startTestApp, type TestApp } from './support/test-app';

const TOKEN = 'scrape-token-0123456789';

/** The value of one sample in Prometheus's text format, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });
  const start = async (env: Record<string, string>) => {
    const app = await startTestApp({ env });
    apps.push(app);
    return app;
  };
  const scrape = (app: TestApp, headers: Record<string, string> = {}) =>
    app.call('GET', '/metrics', { headers, binary: false });

  it('is not there without ADMIN_HOST and METRICS_TOKEN', async () => {
    const app = await start({});
    expect((await scrape(app)).status).toBe(404);
    expect((await scrape(app, { Authorization: `Bearer ${TOKEN}` })).status).toBe(404);
  });

  it('without ADMIN_HOST, answers only the token, in constant time, 401 otherwise', async () => {
    const app = await start({ METRICS_TOKEN: TOKEN });
    const missing = await scrape(app);
    expect([missing.status, missing.headers['www-authenticate']]).toEqual([401, 'Bearer realm="metrics"']);
    expect((await scrape(app, { Authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    expect((await scrape(app, { Authorization: 'Bearer short' })).status).toBe(401);
    const ok = await scrape(app, { Authorization: `Bearer ${TOKEN}` });
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.headers['cache-control']).toBe('no-store');
  });

  it('with ADMIN_HOST, is served on that host only (and with the token when one is set)', async () => {
    const open = await start({ ADMIN_HOST: 'admin.localhost' });
    expect((await scrape(open, { Host: 'localhost' })).status).toBe(404);
    expect((await scrape(open, { Host: 'admin.localhost' })).status).toBe(200);
    const locked = await start({ ADMIN_HOST: 'admin.localhost', METRICS_TOKEN: TOKEN });
    expect((await scrape(locked, { Host: 'admin.localhost' })).status).toBe(401);
    expect((await scrape(locked, { Host: 'localhost', Authorization: `Bearer ${TOKEN}` })).status).toBe(404);
    expect((await scrape(locked, { Host: 'admin.localhost', Authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });

  it('counts requests by route template and status, failed sign-ins, refusals, and the outbox backlog', async () => {
    const app = await start({ METRICS_TOKEN: TOKEN, LOGIN_RATE_LIMIT: '2/15m' });
    const auth = { Authorization: `Bearer ${TOKEN}` };
    await app.call('GET', '/api/guestbook-entries');
    await app.call('PATCH', '/api/admin/guestbook/00000000-0000-4000-8000-000000000000', {
      body: { isApproved: true },
    });
    for (let i = 0; i < 3; i += 1) {
      await app.call('POST', '/api/admin/login', { body: { username: 'owner', password: `wrong-${OWNER_PASSWORD}` } });
    }
    const request = aScholarshipRequest({ status: 'approved' });
    await app.persistence.repositories.scholarshipRequests.add(request);
    const queuedAt = new Date(Date.now() - 90_000);
    await app.persistence.repositories.deliveries.add(aDelivery({ requestId: request.id, createdAt: queuedAt }));
    // An announcement's mail queued hours ago, due later: paced, so counted apart and never "late".
    const hoursAgo = new Date(Date.now() - 5 * 3_600_000);
    await app.persistence.repositories.deliveries.add(
      aDelivery({
        kind: 'announcement',
        requestId: null,
        dedupeKey: 'ann:metrics:1',
        createdAt: hoursAgo,
        nextAttemptAt: new Date(Date.now() + 3_600_000),
      }),
    );

    const text = (await scrape(app, auth)).text;
    expect(
      sample(
        text,
        'memoir_http_request_duration_seconds_count{method="GET",route="/api/guestbook-entries",status="200"}',
      ),
    ).toBe(1);
    // The template, never the id: labels do not grow with what clients send.
    expect(text).toContain('method="PATCH",route="/api/admin/guestbook/:id",status="401"');
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(sample(text, 'memoir_sign_in_failures_total')).toBe(2);
    expect(sample(text, 'memoir_rate_limit_refusals_total{route="/api/admin/login"}')).toBe(1);
    expect(sample(text, 'memoir_outbox_waiting')).toBe(1);
    expect(sample(text, 'memoir_outbox_oldest_waiting_seconds')).toBeGreaterThanOrEqual(90);
    expect(sample(text, 'memoir_outbox_oldest_waiting_seconds')).toBeLessThan(3_600);
    expect(sample(text, 'memoir_outbox_announcement_waiting')).toBe(1);
    expect(sample(text, 'memoir_database_up')).toBe(1);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});
