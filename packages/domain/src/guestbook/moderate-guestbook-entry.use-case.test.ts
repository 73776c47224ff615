import { beforeEach, describe, expect, it } from '@jest/globals';

import { classifyGuestbookEntry } from '@memoir/shared';

import type { Actor } from '../shared/request-context';
import { HIDDEN_CHARACTERS, hideIn, WRITING_SAMPLES } from '../../testing/text-samples';
import { chars, createWorld, errorOf, GUESTBOOK_ANSWER, valueOf, type World } from '../../test/world';

describe('ModerateGuestbookEntryUseCase', () => {
  let world: World;
  let owner: Actor;
  let entryId: string;
  const moderate = (input: { id?: string; isApproved: boolean; adminNotes?: string | null }) =>
    world.useCases.moderateGuestbookEntry.execute({ id: entryId, ...input }, owner);
  const moderationEvents = async () =>
    (await world.repositories.auditEvents.listNewestFirst({ limit: 100 })).filter(
      (event) => event.resourceType === 'guestbook_entry',
    );

  beforeEach(async () => {
    world = createWorld();
    owner = await world.signedInOwner();
    const entry = valueOf(
      await world.useCases.signGuestbook.execute({ name: 'Ada', message: 'Hi', riddleAnswer: GUESTBOOK_ANSWER }),
    );
    entryId = entry.id;
    world.clock.advance(60_000);
  });

  it('approves an entry: it becomes approved, reviewed now, with trimmed notes', async () => {
    const approved = valueOf(await moderate({ isApproved: true, adminNotes: '  Lovely  ' }));
    expect(approved).toMatchObject({ isApproved: true, reviewedAt: world.clock.now(), adminNotes: 'Lovely' });
    expect(classifyGuestbookEntry(approved)).toBe('approved');
    expect((await world.useCases.listPublicGuestbookEntries.execute()).map((e) => e.id)).toEqual([entryId]);
  });

  it('rejects an entry: not approved but reviewed, so it classes as rejected', async () => {
    const rejected = valueOf(await moderate({ isApproved: false }));
    expect(rejected).toMatchObject({ isApproved: false, reviewedAt: world.clock.now(), adminNotes: null });
    expect(classifyGuestbookEntry(rejected)).toBe('rejected');
  });

  it('stores empty notes as absent', async () => {
    expect(valueOf(await moderate({ isApproved: true, adminNotes: '   ' })).adminNotes).toBeNull();
  });

  it('lets the owner re-decide, so an approved entry can be unpublished', async () => {
    valueOf(await moderate({ isApproved: true }));
    world.clock.advance(1000);
    const unpublished = valueOf(await moderate({ isApproved: false, adminNotes: 'Spam after all' }));
    expect(classifyGuestbookEntry(unpublished)).toBe('rejected');
    expect(unpublished.reviewedAt).toEqual(world.clock.now());
    expect(await world.useCases.listPublicGuestbookEntries.execute()).toEqual([]);
  });

  it('records every decision in the audit trail with who, what and from where', async () => {
    valueOf(await moderate({ isApproved: true, adminNotes: 'ok' }));
    valueOf(await moderate({ isApproved: false }));
    const [reject, approve] = await moderationEvents();
    expect(approve).toMatchObject({
      action: 'approve',
      resourceType: 'guestbook_entry',
      resourceId: entryId,
      userId: owner.userId,
      details: { adminNotes: 'ok', previousClass: 'pending' },
      ipAddress: owner.ipAddress,
      userAgent: owner.userAgent,
    });
    expect(reject).toMatchObject({ action: 'reject', details: { adminNotes: null, previousClass: 'approved' } });
  });

  it('answers NOT_FOUND for an unknown or malformed id, and audits nothing', async () => {
    for (const id of ['6f1c1bd2-6c64-4a8e-9d55-2a6c1c4f0000', 'not-a-uuid', '']) {
      expect(errorOf(await moderate({ id, isApproved: true })).code).toBe('GUESTBOOK_ENTRY.NOT_FOUND');
    }
    expect(await moderationEvents()).toEqual([]);
  });

  it('refuses notes over 1000 characters and a decision that is not a boolean', async () => {
    expect(errorOf(await moderate({ isApproved: true, adminNotes: chars(1001) })).fieldErrors).toEqual({
      adminNotes: 'Admin notes must be at most 1000 characters.',
    });
    expect(valueOf(await moderate({ isApproved: true, adminNotes: chars(1000) })).adminNotes).toHaveLength(1000);
    const notBoolean = { isApproved: 'yes' } as unknown as { isApproved: boolean };
    expect(errorOf(await moderate(notBoolean)).code).toBe('GUESTBOOK_ENTRY.INVALID');
  });

  it.each(HIDDEN_CHARACTERS)('refuses notes with %s, and decides nothing', async (_name, char) => {
    expect(errorOf(await moderate({ isApproved: true, adminNotes: hideIn(char) }))).toEqual({
      code: 'GUESTBOOK_ENTRY.INVALID',
      message: 'Admin notes contains invisible or direction-changing characters.',
      fieldErrors: { adminNotes: 'Admin notes contains invisible or direction-changing characters.' },
    });
    expect(await moderationEvents()).toEqual([]);
  });

  it('keeps notes in any script, with their line breaks, composed (NFC)', async () => {
    const notes = WRITING_SAMPLES.map(([, text]) => text).join('\n');
    expect(valueOf(await moderate({ isApproved: true, adminNotes: notes })).adminNotes).toBe(notes);
    expect(valueOf(await moderate({ isApproved: true, adminNotes: 'Cafe\u0301\u2029ok' })).adminNotes).toBe(
      'Caf\u00E9\nok',
    );
  });
});
