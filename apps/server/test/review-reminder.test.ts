import { describe, expect, it } from '@jest/globals';
import { newDeliveryEvent } from '@memoir/domain';
import { RecordingMailer } from '@memoir/domain/memory';
import { aDelivery, aScholarshipRequest, aUuid } from '@memoir/domain/testing';

import { nuHtmlErrors } from '../../../tools/nu-html-checker';
import { useTestApps, type TestApp } from './support/test-app';

/*
 * The review reminder over HTTP: the background job's use case queues it after the first
 * download, the worker sends it, and its answer links open a page whose button alone records.
 */

const BASE = 'https://memoir.example';
const DAY = 24 * 60 * 60_000;
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

describe('the review reminder', () => {
  const startApp = useTestApps();
  let mailer: RecordingMailer;

  /** An approved request that asked for the reminder, downloaded now, and its reminder sent 14 days later. */
  async function reminded(app: TestApp) {
    const { repositories } = app.persistence;
    const now = app.clock.now();
    const request = aScholarshipRequest({
      email: 'ada@example.org',
      status: 'approved',
      createdAt: now,
      decidedAt: now,
      reviewReminder: true,
    });
    await repositories.scholarshipRequests.add(request);
    const approval = aDelivery({ requestId: request.id, status: 'sent', createdAt: now, downloadCount: 1 });
    await repositories.deliveries.add(approval);
    await repositories.deliveries.addEvent(
      newDeliveryEvent({ id: aUuid(), deliveryId: approval.id, kind: 'downloaded', at: now }),
      50,
    );
    app.clock.advance(14 * DAY);
    expect(await app.useCases.queueReviewReminders.execute()).toBe(1);
    await app.useCases.sendDueDeliveries.execute();
    const mail = mailer.sent.find((sent) => sent.to === 'ada@example.org');
    const token = mail?.text.match(new RegExp(`${BASE}/review-reminder\\?token=([\\w-]+)&answer=reviewed`))?.[1];
    if (token === undefined) throw new Error('no reminder');
    return { requestId: request.id, token };
  }
  const answerOf = async (app: TestApp, requestId: string) =>
    (await app.persistence.repositories.scholarshipRequests.listReviewReminders([requestId]))[0]?.answer;

  it("records the answer through the page's button only, once; the link's GET changes nothing", async () => {
    mailer = new RecordingMailer();
    const app = await startApp({ env: { PUBLIC_BASE_URL: BASE }, overrides: { mailer } });
    const { requestId, token } = await reminded(app);
    const page = await app.call('GET', `/review-reminder?token=${token}&answer=reviewed`, { undocumented: true });
    expect([page.status, page.headers['referrer-policy']]).toEqual([200, 'no-referrer']);
    expect(page.text).toContain('<form method="post" action="/review-reminder">');
    expect(page.text).toContain('name="answer" value="reviewed"');
    expect(page.text).toContain('I left a review');
    const declinePage = await app.call('GET', `/review-reminder?token=${token}&answer=declined`, {
      undocumented: true,
    });
    expect(declinePage.text).toContain('No thanks');
    expect(await answerOf(app, requestId)).toBeNull();

    const pressed = await app.call('POST', '/review-reminder', {
      rawBody: `token=${token}&answer=reviewed`,
      headers: FORM,
      undocumented: true,
    });
    expect([pressed.status, pressed.text.includes('Thank you for saying so.')]).toEqual([200, true]);
    expect(await answerOf(app, requestId)).toBe('reviewed');
    // A second press, of either button, changes nothing and says what was answered.
    const again = await app.call('POST', '/review-reminder', {
      rawBody: `token=${token}&answer=declined`,
      headers: FORM,
      undocumented: true,
    });
    expect([again.status, again.text.includes('Thank you for saying so.')]).toEqual([200, true]);
    expect(await answerOf(app, requestId)).toBe('reviewed');
    const after = await app.call('GET', `/review-reminder?token=${token}&answer=declined`, { undocumented: true });
    expect(after.text.includes('<form')).toBe(false);

    const unknown = await app.call('GET', '/review-reminder?token=nope&answer=reviewed', { undocumented: true });
    for (const [path, status] of [
      ['/review-reminder', 404],
      [`/review-reminder?token=${token}`, 404],
      [`/review-reminder?token=${token}&answer=maybe`, 404],
      [`/review-reminder?token=${'z'.repeat(43)}&answer=reviewed`, 404],
      ['/review-reminder?token=%ZZ&answer=reviewed', 404],
    ] as const) {
      expect((await app.call('GET', path, { undocumented: true })).status).toBe(status);
    }
    const refused = await app.call('POST', '/review-reminder', {
      rawBody: 'token=nope&answer=reviewed',
      headers: FORM,
      undocumented: true,
    });
    expect(refused.status).toBe(404);
    // Valid HTML, each state of the page (the Nu Html Checker).
    for (const html of [page.text, pressed.text, after.text, unknown.text]) expect(nuHtmlErrors(html)).toEqual([]);
  }, 30_000); // the Nu Html Checker takes a few seconds
});
