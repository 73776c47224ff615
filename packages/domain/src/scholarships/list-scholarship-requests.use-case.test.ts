import { describe, expect, it } from '@jest/globals';

import { aScholarshipRequest, AT } from '../../testing';
import { createWorld, errorOf, valueOf } from '../../test/world';
import type { ScholarshipRequest } from './scholarship-request';

const minute = (n: number) => AT(`2026-01-01T00:${String(n).padStart(2, '0')}:00.000Z`);

describe('ListScholarshipRequestsUseCase', () => {
  async function worldWith(requests: readonly ScholarshipRequest[]) {
    const world = createWorld();
    for (const request of requests) await world.repositories.scholarshipRequests.add(request);
    return world;
  }

  it("without a filter, gives the screen's sections with their delivery state, and exact counts", async () => {
    const world = await worldWith([
      ...Array.from({ length: 52 }, (_, n) => aScholarshipRequest({ createdAt: minute(n) })),
      ...Array.from({ length: 11 }, (_, n) => aScholarshipRequest({ status: 'approved', createdAt: minute(n) })),
      ...Array.from({ length: 6 }, (_, n) => aScholarshipRequest({ status: 'rejected', createdAt: minute(n) })),
    ]);
    const page = valueOf(await world.useCases.listScholarshipRequests.execute());
    expect(page.page).toHaveLength(50);
    expect(page.page.every((request) => request.status === 'pending' && request.delivery === null)).toBe(true);
    expect(page.sections.map((request) => request.status)).toEqual([
      ...Array.from({ length: 10 }, () => 'approved'),
      ...Array.from({ length: 5 }, () => 'rejected'),
    ]);
    expect(page.counts).toEqual({ pending: 52, approved: 11, rejected: 6 });
    const rest = valueOf(
      await world.useCases.listScholarshipRequests.execute({ status: 'pending', before: page.nextCursor }),
    );
    expect(rest.page).toHaveLength(2);
  });

  it('finds a request by its exact email address, a fragment of the name, the message or the notes', async () => {
    const world = await worldWith([
      aScholarshipRequest({ name: 'Ada Lovelace', email: 'ada@example.org', message: null, createdAt: minute(1) }),
      aScholarshipRequest({ name: 'Alan', email: 'alan@example.com', message: 'Between JOBS', createdAt: minute(2) }),
      aScholarshipRequest({
        name: 'Grace',
        status: 'rejected',
        message: null,
        adminNotes: 'duplicate',
        createdAt: minute(3),
      }),
    ]);
    const names = async (q: string, status?: string) =>
      valueOf(await world.useCases.listScholarshipRequests.execute({ q, status: status ?? null })).page.map(
        (request) => request.name,
      );
    expect(await names('ada@example.org')).toEqual(['Ada Lovelace']);
    expect(await names('LOVE')).toEqual(['Ada Lovelace']);
    expect(await names('jobs')).toEqual(['Alan']);
    expect(await names('duplicate', 'rejected')).toEqual(['Grace']);
    expect(await names('duplicate', 'pending')).toEqual([]);
  });

  it('refuses a status it does not know', async () => {
    const world = await worldWith([]);
    expect(errorOf(await world.useCases.listScholarshipRequests.execute({ status: 'maybe' })).code).toBe(
      'LIST.INVALID_FILTER',
    );
  });
});
