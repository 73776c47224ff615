import { beforeEach, describe, expect, it } from '@jest/globals';

import { aGuestbookEntry, aScholarshipRequest } from '../../testing';
import { createWorld, errorOf, valueOf, type World } from '../../test/world';
import type { Actor } from '../shared/request-context';

describe('bulk decisions', () => {
  let world: World;
  let owner: Actor;
  const events = async (resourceType: string) =>
    (await world.repositories.auditEvents.listNewestFirst({ limit: 1000, filter: { resourceType } })).map(
      (event) => `${event.action} ${event.resourceId}`,
    );

  beforeEach(async () => {
    world = createWorld();
    owner = await world.signedInOwner();
  });

  it('approves many guestbook entries with one note, each decided and audited on its own', async () => {
    const entries = [aGuestbookEntry(), aGuestbookEntry(), aGuestbookEntry()];
    for (const entry of entries) await world.repositories.guestbookEntries.add(entry);
    const ids = entries.map((entry) => entry.id);
    const results = valueOf(
      await world.useCases.bulkModerateGuestbookEntries.execute(
        { ids, isApproved: true, adminNotes: 'Welcome' },
        owner,
      ),
    );
    expect(results).toEqual(ids.map((id) => ({ id, success: true })));
    for (const id of ids) {
      expect(await world.repositories.guestbookEntries.findById(id)).toMatchObject({
        isApproved: true,
        adminNotes: 'Welcome',
      });
    }
    expect((await events('guestbook_entry')).sort()).toEqual(ids.map((id) => `approve ${id}`).sort());
  });

  it('decides the pending requests and says which were not, and why, leaving them as they were', async () => {
    const fresh = aScholarshipRequest();
    const decided = aScholarshipRequest({ status: 'approved' });
    for (const request of [fresh, decided]) await world.repositories.scholarshipRequests.add(request);
    const missing = '6f1c1bd2-6c64-4a8e-9d55-2a6c1c4f0000';
    const results = valueOf(
      await world.useCases.bulkDecideScholarshipRequests.execute(
        { ids: [fresh.id, decided.id, missing, fresh.id], status: 'rejected' },
        owner,
      ),
    );
    expect(results).toEqual([
      { id: fresh.id, success: true },
      { id: decided.id, success: false, code: 'SCHOLARSHIP_REQUEST.NOT_PENDING', error: expect.any(String) },
      { id: missing, success: false, code: 'SCHOLARSHIP_REQUEST.NOT_FOUND', error: expect.any(String) },
    ]);
    expect((await world.repositories.scholarshipRequests.findById(decided.id))?.status).toBe('approved');
    expect(await events('scholarship_request')).toEqual([`reject ${fresh.id}`]);
  });

  it('refuses a decision that breaks a rule for the whole call, deciding nothing', async () => {
    const entry = aGuestbookEntry();
    await world.repositories.guestbookEntries.add(entry);
    const error = errorOf(
      await world.useCases.bulkModerateGuestbookEntries.execute(
        { ids: [entry.id], isApproved: true, adminNotes: 'x'.repeat(1001) },
        owner,
      ),
    );
    expect(error.code).toBe('GUESTBOOK_ENTRY.INVALID');
    expect(
      errorOf(await world.useCases.bulkDecideScholarshipRequests.execute({ ids: [entry.id], status: 'maybe' }, owner))
        .code,
    ).toBe('SCHOLARSHIP_REQUEST.INVALID');
    expect(await events('guestbook_entry')).toEqual([]);
  });

  it('takes 1 to 100 ids', async () => {
    const ids = Array.from({ length: 101 }, (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`);
    for (const selection of [[], ids]) {
      expect(
        errorOf(await world.useCases.bulkModerateGuestbookEntries.execute({ ids: selection, isApproved: true }, owner)),
      ).toMatchObject({ code: 'LIST.INVALID_SELECTION', message: 'Choose from 1 to 100 items to decide at once.' });
    }
  });
});
