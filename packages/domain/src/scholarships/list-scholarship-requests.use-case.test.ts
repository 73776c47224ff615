import { describe, expect, it } from '@jest/globals';

import { aScholarshipRequest, AT } from '../../testing';
import { createWorld } from '../../test/world';

describe('ListScholarshipRequestsUseCase', () => {
  it('lists every request, newest first', async () => {
    const world = createWorld();
    const older = aScholarshipRequest({ status: 'approved', createdAt: AT('2026-01-01T00:00:00.000Z') });
    const newer = aScholarshipRequest({ createdAt: AT('2026-01-02T00:00:00.000Z') });
    await world.repositories.scholarshipRequests.add(older);
    await world.repositories.scholarshipRequests.add(newer);
    expect(await world.useCases.listScholarshipRequests.execute()).toEqual([
      { ...newer, delivery: null },
      { ...older, delivery: null },
    ]);
  });
});
