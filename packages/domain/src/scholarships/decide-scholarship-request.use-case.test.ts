import { beforeEach, describe, expect, it } from '@jest/globals';

import type { Actor } from '../shared/request-context';
import { DecideScholarshipRequestUseCase } from './decide-scholarship-request.use-case';
import { HIDDEN_CHARACTERS, hideIn, WRITING_SAMPLES } from '../../testing/text-samples';
import { createWorld, errorOf, SCHOLARSHIP_ANSWER, valueOf, type World } from '../../test/world';

describe('DecideScholarshipRequestUseCase', () => {
  let world: World;
  let owner: Actor;
  let requestId: string;
  const decide = (input: { id?: string; status: string; adminNotes?: string | null }) =>
    world.useCases.decideScholarshipRequest.execute({ id: requestId, ...input }, owner);
  const decisionEvents = async () =>
    (await world.repositories.auditEvents.listNewestFirst({ limit: 1000 })).filter(
      (event) => event.resourceType === 'scholarship_request',
    );

  beforeEach(async () => {
    world = createWorld();
    owner = await world.signedInOwner();
    const request = valueOf(
      await world.useCases.submitScholarshipRequest.execute({
        name: 'Grace',
        email: 'grace@example.org',
        riddleAnswer: SCHOLARSHIP_ANSWER,
      }),
    );
    requestId = request.id;
    world.clock.advance(3_600_000);
  });

  it('approves a pending request with notes, and audits it', async () => {
    const approved = valueOf(await decide({ status: 'approved', adminNotes: ' Enjoy the book ' }));
    expect(approved).toMatchObject({ status: 'approved', adminNotes: 'Enjoy the book', decidedAt: world.clock.now() });
    expect(await decisionEvents()).toEqual([
      expect.objectContaining({
        action: 'approve',
        resourceType: 'scholarship_request',
        resourceId: requestId,
        userId: owner.userId,
        details: { adminNotes: 'Enjoy the book' },
        ipAddress: owner.ipAddress,
      }),
    ]);
  });

  it('rejects a pending request, notes optional, and audits it', async () => {
    const rejected = valueOf(await decide({ status: 'rejected' }));
    expect(rejected).toMatchObject({ status: 'rejected', adminNotes: null });
    expect((await decisionEvents()).map((event) => event.action)).toEqual(['reject']);
  });

  it('refuses a decision on a request that is no longer pending, and changes nothing', async () => {
    const approved = valueOf(await decide({ status: 'approved' }));
    const error = errorOf(await decide({ status: 'rejected', adminNotes: 'changed my mind' }));
    expect(error).toEqual({
      code: 'SCHOLARSHIP_REQUEST.NOT_PENDING',
      message: 'This request has already been decided.',
    });
    expect(await world.repositories.scholarshipRequests.findById(requestId)).toEqual(approved);
    expect(await decisionEvents()).toHaveLength(1);
  });

  it('lets exactly one of 20 concurrent decisions win, with one audit event', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => decide({ status: i % 2 ? 'approved' : 'rejected' })),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(
      outcomes.filter((outcome) => !outcome.ok && outcome.error.code === 'SCHOLARSHIP_REQUEST.NOT_PENDING'),
    ).toHaveLength(19);
    expect(await decisionEvents()).toHaveLength(1);
  });

  it('accepts only approved or rejected as a decision', async () => {
    for (const status of ['pending', 'maybe', 'APPROVED', '']) {
      expect(errorOf(await decide({ status })).fieldErrors).toEqual({
        status: 'Decision must be approved or rejected.',
      });
    }
    expect((await world.repositories.scholarshipRequests.findById(requestId))?.status).toBe('pending');
  });

  it('answers NOT_FOUND for an unknown or malformed id', async () => {
    for (const id of ['6f1c1bd2-6c64-4a8e-9d55-2a6c1c4f0000', 'abc', '']) {
      expect(errorOf(await decide({ id, status: 'approved' })).code).toBe('SCHOLARSHIP_REQUEST.NOT_FOUND');
    }
    expect(await decisionEvents()).toEqual([]);
  });

  it('queues the PDF delivery in the same transaction as an approval', async () => {
    valueOf(await decide({ status: 'approved' }));
    expect(await world.repositories.deliveries.listForRequests([requestId])).toEqual([
      expect.objectContaining({
        requestId,
        kind: 'approval',
        status: 'queued',
        attempts: 0,
        nextAttemptAt: world.clock.now(),
      }),
    ]);
  });

  it('queues no email after a rejection unless the owner turned rejection emails on', async () => {
    // Anyone can submit a request with someone else's address: a rejection email, sent by
    // default, would let them make the site write to any address the owner rejects.
    valueOf(await decide({ status: 'rejected' }));
    expect(await world.repositories.deliveries.listForRequests([requestId])).toEqual([]);

    const submitOther = async () =>
      valueOf(
        await world.useCases.submitScholarshipRequest.execute({
          name: 'Ada',
          email: 'ada@example.org',
          riddleAnswer: SCHOLARSHIP_ANSWER,
        }),
      ).id;
    const useCase = (notifyRejections?: boolean) =>
      new DecideScholarshipRequestUseCase({
        unitOfWork: world.persistence.unitOfWork,
        clock: world.clock,
        ids: world.ids,
        ...(notifyRejections === undefined ? {} : { notifyRejections }),
      });
    const unset = await submitOther();
    valueOf(await useCase().execute({ id: unset, status: 'rejected' }, owner));
    expect(await world.repositories.deliveries.listForRequests([unset])).toEqual([]);

    const turnedOn = await submitOther();
    valueOf(await useCase(true).execute({ id: turnedOn, status: 'rejected' }, owner));
    expect((await world.repositories.deliveries.listForRequests([turnedOn])).map((d) => d.kind)).toEqual(['rejection']);
  });

  it('queues nothing when the decision is refused', async () => {
    valueOf(await decide({ status: 'approved' }));
    errorOf(await decide({ status: 'rejected' }));
    expect(await world.repositories.deliveries.listForRequests([requestId])).toHaveLength(1);
  });

  it('rolls the decision back when the audit event cannot be written', async () => {
    world.repositories.auditEvents.append = async () => {
      throw new Error('disk full');
    };
    await expect(decide({ status: 'approved' })).rejects.toThrow('disk full');
    expect((await world.repositories.scholarshipRequests.findById(requestId))?.status).toBe('pending');
    expect(await world.repositories.deliveries.listForRequests([requestId])).toEqual([]);
  });

  it.each(HIDDEN_CHARACTERS)('refuses notes with %s, and decides nothing', async (_name, char) => {
    expect(errorOf(await decide({ status: 'approved', adminNotes: hideIn(char) }))).toEqual({
      code: 'SCHOLARSHIP_REQUEST.INVALID',
      message: 'Admin notes contains invisible or direction-changing characters.',
      fieldErrors: { adminNotes: 'Admin notes contains invisible or direction-changing characters.' },
    });
    expect(await decisionEvents()).toEqual([]);
  });

  it('keeps notes in any script, with their line breaks, composed (NFC)', async () => {
    const notes = `${WRITING_SAMPLES.map(([, text]) => text).join('\n')}\nCafe\u0301`;
    expect(valueOf(await decide({ status: 'approved', adminNotes: notes })).adminNotes).toBe(
      notes.replace('Cafe\u0301', 'Caf\u00E9'),
    );
  });
});
