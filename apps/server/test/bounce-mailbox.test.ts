import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  arfMessage,
  dsnMessage,
  startTestImapServer,
  vacationReply,
  type DsnRecipient,
  type TestImapServer,
} from '@memoir/mail/testing';
import pino from 'pino';

import { BOUNCE_MAILBOX_INTERVAL_MS, readBounceMailbox } from '../src/bounce-mailbox-job';
import { ANSWERS, startTestApp, useTestApps, type TestApp } from './support/test-app';

/*
 * BOUNCE_IMAP_URL: a real IMAP server in the test process (hoodiecrow-imap) holds DSNs and an
 * ARF report as mail servers write them; the reader records them as the webhooks do (the
 * address suppressed, the bounce on the email's timeline) and flags them seen, and nothing is
 * counted twice: not on the next run, not when the messages come back unseen.
 */

const MINUTE = 60_000;

describe('the bounce mailbox', () => {
  let imap: TestImapServer;
  beforeEach(async () => {
    imap = await startTestImapServer();
  });
  afterEach(async () => {
    await imap.close();
  });
  const start = useTestApps(() => ({ env: { BOUNCE_IMAP_URL: imap.url } }));

  const run = (app: TestApp) =>
    readBounceMailbox({
      target: app.config.mail.bounceImap ?? (undefined as never),
      useCases: app.useCases,
      rateLimits: app.persistence.rateLimits,
      clock: app.clock,
      logger: pino({ level: 'silent' }),
    });
  const nextPeriod = (app: TestApp) => app.clock.advance(BOUNCE_MAILBOX_INTERVAL_MS);
  const suppressions = async (app: TestApp) =>
    (await app.persistence.repositories.suppressions.listNewestFirst(10)).map(({ email, reason }) => [email, reason]);
  const dsn = (app: TestApp, id: string, recipients: DsnRecipient[]) =>
    dsnMessage({ messageId: id, date: app.clock.now(), recipients });
  const softBounce = (app: TestApp, id: string) =>
    dsn(app, id, [
      { email: 'full@example.org', action: 'failed', status: '4.2.2', diagnostic: '452 4.2.2 Mailbox full' },
    ]);

  /** Ada's approved request, its email sent: what a bounce of her address is reported against. */
  async function approvedRequest(app: TestApp): Promise<string> {
    await app.call('POST', '/api/scholarship-request', {
      body: { name: 'Ada Lovelace', email: 'ada@example.org', riddleAnswer: ANSWERS.scholarship },
    });
    const token = await app.signIn();
    const listed = await app.call('GET', '/api/admin/scholarships?status=pending', { token });
    const id = (listed.body.requests as Array<{ id: string }>)[0]?.id ?? '';
    await app.call('PATCH', `/api/admin/scholarships/${id}`, { token, body: { status: 'approved' } });
    expect(await app.useCases.sendDueDeliveries.execute()).toMatchObject({ sent: 1 });
    return id;
  }

  it('suppresses a hard bounce and a complaint, counts a soft bounce, and counts nothing twice', async () => {
    const app = await start();
    const requestId = await approvedRequest(app);
    app.clock.advance(MINUTE);
    imap.deliver(
      dsn(app, 'dsn-1@mx.example.org', [
        { email: 'Ada@example.org', action: 'failed', status: '5.1.1', diagnostic: '550 5.1.1 User unknown' },
      ]),
    );
    imap.deliver(arfMessage({ messageId: 'arf-1@yahoo.com', date: app.clock.now(), recipient: 'grace@example.org' }));
    imap.deliver(softBounce(app, 'dsn-2@mx.example.org'));
    imap.deliver(vacationReply({ messageId: 'away@example.org', date: app.clock.now() }));

    expect(await run(app)).toEqual({ messages: 4, left: 0, events: { recorded: 3, replay: 0, stale: 0 } });
    expect(imap.flags().every((flags) => flags.includes('\\Seen'))).toBe(true);
    expect(await suppressions(app)).toEqual([
      ['ada@example.org', 'bounce'],
      ['grace@example.org', 'complaint'],
    ]);
    const token = await app.signIn();
    const timeline = await app.call('GET', `/api/admin/scholarships/${requestId}/delivery`, { token });
    expect(timeline.body.deliveries[0].events.map((event: { kind: string }) => event.kind)).toEqual([
      'queued',
      'accepted',
      'hard_bounce',
    ]);
    expect(timeline.body.deliveries[0].events[2].detail).toBe('5.1.1 smtp; 550 5.1.1 User unknown');

    // Another process in the same period leaves the mailbox to the one that has it.
    expect(await run(app)).toBeNull();
    // The next run finds nothing unseen.
    nextPeriod(app);
    expect(await run(app)).toEqual({ messages: 0, left: 0, events: { recorded: 0, replay: 0, stale: 0 } });
    // The messages unseen again (another mail client, a crash before the flag): read, but every event a replay.
    imap.markAllUnseen();
    nextPeriod(app);
    expect(await run(app)).toEqual({ messages: 4, left: 0, events: { recorded: 0, replay: 3, stale: 0 } });
    // The soft bounce was counted once: a second one makes two of three, and the address still gets mail.
    imap.deliver(softBounce(app, 'dsn-3@mx.example.org'));
    nextPeriod(app);
    expect(await run(app)).toMatchObject({ messages: 1, events: { recorded: 1 } });
    expect(await suppressions(app)).toEqual([
      ['ada@example.org', 'bounce'],
      ['grace@example.org', 'complaint'],
    ]);
    const again = await app.call('GET', `/api/admin/scholarships/${requestId}/delivery`, { token });
    expect(again.body.deliveries[0].events).toHaveLength(3);
    // The third suppresses it, as three soft bounces in three days do.
    imap.deliver(softBounce(app, 'dsn-4@mx.example.org'));
    nextPeriod(app);
    await run(app);
    expect(await suppressions(app)).toContainEqual(['full@example.org', 'bounce']);
  });

  it('is read by the server from its start when BOUNCE_IMAP_URL is set, and stops with it', async () => {
    imap.deliver(
      dsnMessage({
        messageId: 'dsn-9@mx.example.org',
        date: new Date('2026-06-01T11:59:00.000Z'), // the test app's clock stands at 12:00
        recipients: [{ email: 'gone@example.org', action: 'failed', status: '5.1.1' }],
      }),
    );
    const app = await startTestApp({ listen: true, env: { BOUNCE_IMAP_URL: imap.url } });
    try {
      const deadline = Date.now() + 10_000;
      while ((await app.persistence.repositories.suppressions.find('gone@example.org')) === null) {
        if (Date.now() > deadline) throw new Error('the server did not read the bounce mailbox');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(imap.flags()).toEqual([['\\Seen']]);
    } finally {
      await app.close();
    }
  });

  it('is not read without BOUNCE_IMAP_URL', async () => {
    imap.deliver(vacationReply({ messageId: 'away@example.org', date: new Date() }));
    const app = await startTestApp({ listen: true });
    try {
      expect(app.config.mail.bounceImap).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(imap.flags()).toEqual([[]]);
    } finally {
      await app.close();
    }
  });
});
