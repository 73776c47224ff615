import { beforeEach, describe, expect, it } from '@jest/globals';

import type { Actor } from '../shared/request-context';
import { createWorld, errorOf, SCHOLARSHIP_ANSWER, valueOf, type World } from '../../test/world';

const HOUR = 60 * 60_000;

describe('suppressions', () => {
  let world: World;
  let owner: Actor;

  const submit = async (email: string) =>
    valueOf(
      await world.useCases.submitScholarshipRequest.execute({
        name: 'Ada Lovelace',
        email,
        message: 'I cannot afford it right now.',
        riddleAnswer: SCHOLARSHIP_ANSWER,
      }),
    );
  const approve = async (id: string) =>
    valueOf(await world.useCases.decideScholarshipRequest.execute({ id, status: 'approved', adminNotes: null }, owner));
  const bounce = (email: string) =>
    world.repositories.suppressions.suppress({ email, reason: 'bounce', at: world.clock.now() });
  const run = () => world.useCases.sendDueDeliveries.execute();

  beforeEach(async () => {
    world = createWorld({ ownerNotifications: 'each' });
    owner = await world.signedInOwner();
  });

  it("fails a suppressed requester's approval at once, with why, and makes no link", async () => {
    const request = await submit('ada@example.org');
    world.clock.advance(HOUR);
    await bounce('Ada@Example.org');
    await approve(request.id);
    expect(await run()).toMatchObject({ failed: 1 });
    expect(world.mailer.sent.filter((email) => email.to === 'ada@example.org')).toEqual([]);
    const approval = (await world.repositories.deliveries.listForRequests([request.id])).find(
      (delivery) => delivery.kind === 'approval',
    );
    expect(approval).toMatchObject({ status: 'failed', attempts: 1, linkTokenHash: null });
    expect(approval?.lastError).toBe(
      'Not sent: the address bounced on 2026-01-15 and is suppressed. ' +
        'Lift the suppression (Mail, Suppressions) and send again.',
    );
  });

  it('still sends what the reader asked for after the bounce, and the owner their mail', async () => {
    await bounce('ada@example.org');
    world.clock.advance(1000);
    const request = await submit('ada@example.org');
    await approve(request.id);
    expect(await run()).toMatchObject({ sent: 2, failed: 0 });
    expect(world.mailer.sent.map((email) => email.to)).toContain('ada@example.org');
  });

  it('lists the suppressions and lets the owner lift one, audited without the address', async () => {
    await bounce('ada@example.org');
    expect(await world.useCases.listSuppressions.execute()).toEqual({
      suppressions: [{ email: 'ada@example.org', reason: 'bounce', at: world.clock.now() }],
    });
    expect(valueOf(await world.useCases.removeSuppression.execute('ADA@example.org', owner))).toBe(true);
    expect(errorOf(await world.useCases.removeSuppression.execute('ada@example.org', owner)).code).toBe(
      'SUPPRESSION.NOT_FOUND',
    );
    expect(errorOf(await world.useCases.removeSuppression.execute('not an address', owner)).code).toBe(
      'SUPPRESSION.INVALID_EMAIL',
    );
    expect(await world.useCases.listSuppressions.execute()).toEqual({ suppressions: [] });
    const [event] = await world.repositories.auditEvents.listNewestFirst({ limit: 1 });
    expect(event).toMatchObject({ action: 'suppression_removed', resourceId: null, details: { reason: 'bounce' } });
    expect(JSON.stringify(event)).not.toContain('ada@');
  });
});
