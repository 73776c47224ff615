import { describe, expect, it } from '@jest/globals';
import { REQUEST_STATUS_SENTENCE } from '@memoir/domain';

import { ANSWERS, useTestApps, type TestApp } from './support/test-app';

/*
 * /request-status: "I never got the email". The answer says nothing of whether a request
 * exists; an approved request's link is mailed again, at most hourly and 3 times a day.
 */

const HOUR = 60 * 60_000;

describe('request status', () => {
  const startApp = useTestApps();

  /** An approved request of Grace's, its approval email sent. */
  async function approvedRequest(app: TestApp): Promise<string> {
    const token = await app.signIn();
    const body = { name: 'Grace', email: 'grace@example.org', riddleAnswer: ANSWERS.scholarship };
    expect((await app.call('POST', '/api/scholarship-request', { body })).status).toBe(201);
    const [request] = (await app.call('GET', '/api/admin/scholarships', { token })).body.requests as Array<{
      id: string;
    }>;
    const id = request?.id ?? '';
    await app.call('PATCH', `/api/admin/scholarships/${id}`, { token, body: { status: 'approved', adminNotes: null } });
    await app.useCases.sendDueDeliveries.execute();
    return id;
  }
  const approvals = async (app: TestApp, id: string) =>
    (await app.persistence.repositories.deliveries.listForRequests([id])).filter((d) => d.kind === 'approval');
  /** The mailing again runs after the answer: wait for it to land. */
  async function settle(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  it('answers byte for byte the same for a known and an unknown address', async () => {
    const app = await startApp();
    await approvedRequest(app);
    const ask = (email: string) => app.call('POST', '/api/request-status', { body: { email } });
    const known = await ask('grace@example.org');
    const unknown = await ask('nobody@example.org');
    expect(known.status).toBe(202);
    expect(known.text).toBe(unknown.text);
    expect(known.body).toEqual({ success: true, message: REQUEST_STATUS_SENTENCE });
    expect(REQUEST_STATUS_SENTENCE).toBe('If a request exists for this address, we have emailed it again.');
    const page = (email: string) =>
      app.call('POST', '/request-status', {
        rawBody: `email=${encodeURIComponent(email)}`,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        undocumented: true,
      });
    const [knownPage, unknownPage] = [await page('grace@example.org'), await page('nobody@example.org')];
    expect(knownPage.status).toBe(200);
    expect(knownPage.text).toBe(unknownPage.text);
    expect(knownPage.text).toContain('If a request exists for this address, we have emailed it again');
    expect(knownPage.text).toContain('Kindle');
  });

  it("mails an approved request's link again, at most hourly and 3 times a day", async () => {
    const app = await startApp();
    const id = await approvedRequest(app);
    const ask = async () => {
      expect((await app.call('POST', '/api/request-status', { body: { email: 'GRACE@example.org' } })).status).toBe(
        202,
      );
      await settle();
      await app.useCases.sendDueDeliveries.execute();
    };
    expect(await approvals(app, id)).toHaveLength(1);
    await ask();
    expect(await approvals(app, id)).toHaveLength(2);
    app.clock.advance(10 * 60_000);
    await ask(); // within the hour: nothing
    expect(await approvals(app, id)).toHaveLength(2);
    for (const expected of [3, 4]) {
      app.clock.advance(HOUR);
      await ask();
      expect(await approvals(app, id)).toHaveLength(expected);
    }
    app.clock.advance(HOUR);
    await ask(); // the fourth within a day: nothing
    expect(await approvals(app, id)).toHaveLength(4);
    const newest = (await approvals(app, id)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    expect(newest?.status).toBe('sent');
  });

  it('mails it even to an address that bounced since: the reader asked for it now', async () => {
    const app = await startApp();
    const id = await approvedRequest(app);
    const at = app.clock.now();
    await app.persistence.repositories.suppressions.suppress({ email: 'grace@example.org', reason: 'bounce', at });
    app.clock.advance(1000);
    await app.call('POST', '/api/request-status', { body: { email: 'grace@example.org' } });
    await settle();
    await app.useCases.sendDueDeliveries.execute();
    const newest = (await approvals(app, id)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    expect(newest).toMatchObject({ status: 'sent' });
  });

  it('refuses a malformed address the same way for everyone, and serves the page', async () => {
    const app = await startApp();
    const bad = await app.call('POST', '/api/request-status', { body: { email: 'grace@' } });
    expect([bad.status, bad.body.code]).toEqual([400, 'REQUEST_STATUS.INVALID_EMAIL']);
    const page = await app.call('GET', '/request-status', { undocumented: true });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<form method="post" action="/request-status">');
  });
});
