import { beforeEach, describe, expect, it } from '@jest/globals';

import { DELIVERY_EVENTS_KEPT } from '../outbox/delivery-event';
import type { Actor } from '../shared/request-context';
import { createWorld, errorOf, SCHOLARSHIP_ANSWER, valueOf, type World } from '../../test/world';

const MINUTE = 60_000;

/** The owner's timeline of the emails to a requester: every moment, and why one was not sent. */
describe('a delivery timeline', () => {
  let world: World;
  let owner: Actor;
  const submit = async (email = 'ada@example.org') =>
    valueOf(
      await world.useCases.submitScholarshipRequest.execute({
        name: 'Ada Lovelace',
        email,
        message: null,
        riddleAnswer: SCHOLARSHIP_ANSWER,
      }),
    );
  const approve = async (id: string) =>
    valueOf(await world.useCases.decideScholarshipRequest.execute({ id, status: 'approved', adminNotes: null }, owner));
  const run = () => world.useCases.sendDueDeliveries.execute();
  const timeline = async (id: string) => valueOf(await world.useCases.deliveryTimeline.execute(id));
  const moments = async (id: string) =>
    (await timeline(id)).flatMap((delivery) => delivery.events.map(({ kind, detail }) => [kind, detail]));
  const tokenOf = (text: string) => /\/download\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';
  const mailEvent = (kind: 'hard_bounce' | 'soft_bounce' | 'complaint', eventId: string, detail?: string) =>
    world.useCases.recordMailEvent.execute({
      provider: 'imap',
      eventId,
      sentAt: world.clock.now(),
      kind,
      emails: ['ADA@example.org'],
      ...(detail === undefined ? {} : { detail }),
    });

  beforeEach(async () => {
    world = createWorld();
    owner = await world.signedInOwner();
  });

  it('holds each moment in order: queued, a failed attempt, accepted, opened, downloaded, bounced', async () => {
    const request = await submit();
    await approve(request.id);
    world.mailer.failWith = new Error('421 4.7.0 Try again later');
    expect(await run()).toMatchObject({ retrying: 1 });
    world.mailer.failWith = null;
    world.clock.advance(2 * MINUTE);
    expect(await run()).toMatchObject({ sent: 1 });
    const token = tokenOf(world.mailer.sent[0]?.text ?? '');
    world.clock.advance(MINUTE);
    valueOf(await world.useCases.downloadBook.view(token));
    world.clock.advance(MINUTE);
    valueOf(await world.useCases.downloadBook.download(token));
    world.clock.advance(MINUTE);
    expect(await mailEvent('hard_bounce', 'dsn-1', '5.1.1 smtp; 550 No such user')).toBe('recorded');

    const [delivery, ...others] = await timeline(request.id);
    expect(others).toEqual([]);
    expect(delivery).toMatchObject({ kind: 'approval', status: 'sent', attempts: 2, notSent: null });
    expect(await moments(request.id)).toEqual([
      ['queued', null],
      ['attempt_failed', '421 4.7.0 Try again later'],
      ['accepted', null],
      ['opened', null],
      ['downloaded', null],
      ['hard_bounce', '5.1.1 smtp; 550 No such user'],
    ]);
    expect(delivery?.events.map((event) => event.at.toISOString())).toEqual([
      '2026-01-15T12:00:00.000Z',
      '2026-01-15T12:00:00.000Z',
      '2026-01-15T12:02:00.000Z',
      '2026-01-15T12:03:00.000Z',
      '2026-01-15T12:04:00.000Z',
      '2026-01-15T12:05:00.000Z',
    ]);
  });

  it('counts a report seen before once, and puts a complaint on the newest email sent', async () => {
    const request = await submit();
    await approve(request.id);
    await run();
    world.clock.advance(MINUTE);
    valueOf(await world.useCases.resendDelivery.execute(request.id, owner));
    await run();
    // Reported with a time before the send (a provider's whole seconds): shown after the send all the same.
    world.clock.advance(-1);
    expect(await mailEvent('complaint', 'arf-1')).toBe('recorded');
    world.clock.advance(1);
    expect(await mailEvent('complaint', 'arf-1')).toBe('replay');
    const [first, second] = await timeline(request.id);
    expect(first?.events.map((event) => event.kind)).toEqual(['queued', 'accepted', 'link_revoked']);
    expect(second?.events.map((event) => event.kind)).toEqual(['queued', 'accepted', 'complaint']);
  });

  it('puts a bounce on the email sent, never on one still queued', async () => {
    const request = await submit();
    await approve(request.id);
    // A report about the address before anything was sent to it: on no email of the request.
    expect(await mailEvent('soft_bounce', 'dsn-0')).toBe('recorded');
    expect(await moments(request.id)).toEqual([['queued', null]]);
    await run();
    valueOf(await world.useCases.resendDelivery.execute(request.id, owner));
    world.clock.advance(MINUTE);
    expect(await mailEvent('hard_bounce', 'dsn-2')).toBe('recorded');
    const [sent, queued] = await timeline(request.id);
    expect(sent?.events.map((event) => event.kind)).toEqual(['queued', 'accepted', 'link_revoked', 'hard_bounce']);
    expect(queued?.events.map((event) => event.kind)).toEqual(['queued']);
  });

  it('says why a mail to a suppressed address was not sent', async () => {
    const request = await submit();
    world.clock.advance(MINUTE);
    await world.repositories.suppressions.suppress({
      email: 'ada@example.org',
      reason: 'complaint',
      at: world.clock.now(),
    });
    await approve(request.id);
    expect(await run()).toMatchObject({ failed: 1 });
    const why =
      'Not sent: the address complained of spam on 2026-01-15 and is suppressed. Lift the suppression (Mail, Suppressions) and send again.';
    expect(await timeline(request.id)).toMatchObject([{ status: 'failed', notSent: why }]);
    // Refused before any try: told once, as not sent, at the time it was given up.
    expect(await moments(request.id)).toEqual([
      ['queued', null],
      ['not_sent', why],
    ]);
  });

  it('says when the retries ran out, with the last reason', async () => {
    const request = await submit();
    await approve(request.id);
    world.mailer.failWith = new Error('451 Mailbox busy');
    for (let attempt = 0; attempt < world.deliveryPolicy.maxAttempts; attempt += 1) {
      await run();
      world.clock.advance(2 * 60 * MINUTE);
    }
    const [delivery] = await timeline(request.id);
    expect(delivery?.notSent).toBe("Not sent: All 6 attempts failed; the last one's reason: 451 Mailbox busy");
    expect(delivery?.events.filter((event) => event.kind === 'attempt_failed')).toHaveLength(6);
    expect(delivery?.events.at(-1)).toMatchObject({ kind: 'not_sent' });
  });

  it("keeps at most a delivery's share of events however often the page is opened", async () => {
    const request = await submit();
    await approve(request.id);
    await run();
    const token = tokenOf(world.mailer.sent[0]?.text ?? '');
    for (let view = 0; view < DELIVERY_EVENTS_KEPT + 5; view += 1)
      valueOf(await world.useCases.downloadBook.view(token));
    const [delivery] = await timeline(request.id);
    expect(delivery?.events.filter((event) => event.kind === 'opened')).toHaveLength(DELIVERY_EVENTS_KEPT);
  });

  it("leaves out the owner's own mail, and answers not found for an unknown request", async () => {
    world = createWorld({ ownerNotifications: 'each' });
    owner = await world.signedInOwner();
    const request = await submit();
    expect(await timeline(request.id)).toEqual([]);
    expect(errorOf(await world.useCases.deliveryTimeline.execute('not-an-id')).code).toBe(
      'SCHOLARSHIP_REQUEST.NOT_FOUND',
    );
    expect(errorOf(await world.useCases.deliveryTimeline.execute('00000000-0000-4000-8000-000000000000')).code).toBe(
      'SCHOLARSHIP_REQUEST.NOT_FOUND',
    );
  });

  it('forgets what the events said when the person is erased', async () => {
    const request = await submit();
    await approve(request.id);
    world.mailer.failWith = new Error('550 ada@example.org: no such user');
    await run();
    valueOf(await world.useCases.erasePerson.execute({ email: 'ada@example.org', actor: owner }));
    const [delivery] = await timeline(request.id);
    expect(delivery?.events.map((event) => event.detail)).toEqual([null, null]);
    expect(JSON.stringify(await timeline(request.id))).not.toContain('ada@');
  });
});
