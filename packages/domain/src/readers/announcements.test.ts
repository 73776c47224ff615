import { describe, expect, it } from '@jest/globals';

import { aReader, AT } from '../../testing';
import { createWorld, errorOf, valueOf, type World } from '../../test/world';
import {
  announcementKey,
  announcementKeyPrefix,
  parseAnnouncementKey,
  type AnnouncementProgress,
} from './announcement';
import { ANNOUNCEMENT_BATCH, ResumeAnnouncementsUseCase, queueAnnouncement } from './announcements.use-cases';

const NEWS = { subject: 'The paperback is out', text: 'It is in the shops from Monday.\n\nThank you for reading.' };

async function confirmedReaders(world: World, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const reader = aReader({
      email: `reader${n}@example.org`,
      status: 'confirmed',
      confirmedAt: AT('2026-01-02T00:00:00.000Z'),
    });
    await world.repositories.readers.addIfNew(reader);
    ids.push(reader.id);
  }
  return ids;
}

/** Runs the worker until nothing more is due now. */
async function sendDue(world: World): Promise<void> {
  for (;;) {
    const run = await world.useCases.sendDueDeliveries.execute();
    if (run.sent + run.failed + run.retrying === 0) return;
  }
}

describe('an announcement to the readers', () => {
  it('refuses a missing or too long subject and text, and a subject of two lines, naming each field', async () => {
    const world = createWorld();
    const owner = await world.signedInOwner();
    const missing = errorOf(await world.useCases.sendAnnouncement.execute({}, owner));
    expect(missing).toMatchObject({ code: 'READER.INVALID' });
    expect(Object.keys(missing.fieldErrors ?? {})).toEqual(['subject', 'text']);
    const twoLines = errorOf(await world.useCases.sendAnnouncement.execute({ ...NEWS, subject: 'a\nb' }, owner));
    expect(Object.keys(twoLines.fieldErrors ?? {})).toEqual(['subject']);
    const long = errorOf(await world.useCases.sendAnnouncement.execute({ ...NEWS, text: 'a'.repeat(10_001) }, owner));
    expect(Object.keys(long.fieldErrors ?? {})).toEqual(['text']);
    expect(await world.repositories.readers.listAnnouncements(10)).toEqual([]);
  });

  it('sends a test to the owner only, without list headers, and does not list it', async () => {
    const world = createWorld();
    const owner = await world.signedInOwner();
    await confirmedReaders(world, 2);
    const queued = valueOf(await world.useCases.sendAnnouncement.execute({ ...NEWS, test: true }, owner));
    expect(queued).toMatchObject({ recipients: 1, status: 'queued' });
    await sendDue(world);
    expect(world.mailer.sent.map(({ to, subject }) => [to, subject])).toEqual([['owner@memoir.example', NEWS.subject]]);
    expect(world.mailer.sent[0]?.listUnsubscribeUrl).toBeUndefined();
    expect(world.mailer.sent[0]?.text).toContain('This is a test copy');
    expect(await world.useCases.listAnnouncements.execute()).toEqual([]);
  });

  it('mails each confirmed reader whose address takes list mail once, with their own unsubscribe link', async () => {
    const world = createWorld();
    const owner = await world.signedInOwner();
    await confirmedReaders(world, 2);
    const { readers, suppressions } = world.repositories;
    await readers.addIfNew(aReader({ email: 'pending@example.org' }));
    await readers.addIfNew(aReader({ email: 'left@example.org', status: 'unsubscribed' }));
    await readers.addIfNew(aReader({ email: 'Bounced@example.org', status: 'confirmed' }));
    await suppressions.suppress({ email: 'bounced@example.org', reason: 'bounce', at: world.clock.now() });

    const queued = valueOf(await world.useCases.sendAnnouncement.execute(NEWS, owner));
    expect(queued).toMatchObject({ recipients: 2, status: 'queued' });
    await sendDue(world);
    const sent = world.mailer.sent;
    expect(sent.map(({ to }) => to).sort()).toEqual(['reader0@example.org', 'reader1@example.org']);
    for (const email of sent) {
      expect(email.listUnsubscribeUrl).toMatch(/^https:\/\/memoir\.example\/api\/readers\/unsubscribe\?token=/);
      expect(email.text).toContain('It is in the shops from Monday.\n\nThank you for reading.');
      expect(email.text).toContain('/readers/unsubscribe?token=');
      expect(email.html).toContain('<p>Thank you for reading.</p>');
    }
    expect(sent[0]?.listUnsubscribeUrl).not.toBe(sent[1]?.listUnsubscribeUrl);
    const [listed] = await world.useCases.listAnnouncements.execute();
    expect(listed).toMatchObject({ createdBy: 'owner', recipients: 2, sent: 2, failed: 0, status: 'sent' });
    const [event] = await world.repositories.auditEvents.listNewestFirst({ limit: 1 });
    expect(event).toMatchObject({
      action: 'announcement_sent',
      resourceId: queued.id,
      userId: owner.userId,
      details: { subject: NEWS.subject },
    });
  });

  it('sends at ANNOUNCE_RATE (60 a minute by default), and a reader who leaves meanwhile gets nothing', async () => {
    const world = createWorld();
    const owner = await world.signedInOwner();
    const ids = await confirmedReaders(world, 130);
    valueOf(await world.useCases.sendAnnouncement.execute(NEWS, owner));
    await sendDue(world);
    expect(world.mailer.sent).toHaveLength(60);
    let [listed] = await world.useCases.listAnnouncements.execute();
    expect(listed).toMatchObject({ recipients: 130, sent: 60, status: 'sending' });

    // The last reader in the schedule leaves before their turn.
    const last = ids.slice().sort().at(-1) ?? '';
    await world.repositories.readers.unsubscribe(last, world.clock.now(), 'page');
    world.clock.advance(60_000);
    await sendDue(world);
    expect(world.mailer.sent).toHaveLength(120);
    world.clock.advance(60_000);
    await sendDue(world);
    expect(world.mailer.sent).toHaveLength(129);
    [listed] = await world.useCases.listAnnouncements.execute();
    expect(listed).toMatchObject({ recipients: 130, sent: 129, failed: 1, status: 'sent' });
    expect(new Set(world.mailer.sent.map(({ to }) => to)).size).toBe(129);
  });

  it('queues every reader exactly once when a crash cuts the queuing short and a worker finishes it', async () => {
    const world = createWorld();
    const owner = await world.signedInOwner();
    await confirmedReaders(world, ANNOUNCEMENT_BATCH * 2 + 7);
    // The process dies after the second batch is in the outbox, before its progress is recorded.
    const readers = world.repositories.readers;
    let recorded = 0;
    const crashing = Object.assign(Object.create(readers) as typeof readers, {
      recordAnnouncementProgress: async (id: string, progress: AnnouncementProgress) => {
        recorded += 1;
        if (recorded === 2) throw new Error('killed');
        await readers.recordAnnouncementProgress(id, progress);
      },
    });
    const deps = {
      ...world.repositories,
      readers: crashing,
      ids: world.ids,
      clock: world.clock,
      rate: { max: 60, windowMs: 60_000 },
    };
    const announcement = {
      id: world.ids.next(),
      ...NEWS,
      createdAt: world.clock.now(),
      createdBy: owner.userId,
      test: false,
      queuedCount: 0,
      queuedThrough: null,
      queuedAt: null,
    };
    await readers.addAnnouncement(announcement);
    await expect(queueAnnouncement(deps, announcement)).rejects.toThrow('killed');
    expect((await readers.findAnnouncement(announcement.id))?.queuedCount).toBe(ANNOUNCEMENT_BATCH);

    const resume = new ResumeAnnouncementsUseCase({ ...deps, readers, takeoverMs: 60_000 });
    expect(await resume.execute()).toBe(0); // Too recent: the sending request may still be at it.
    world.clock.advance(60_000);
    expect(await resume.execute()).toBe(1);
    expect(await resume.execute()).toBe(0);
    const mails = await world.repositories.deliveries.countByKeyPrefix(announcementKeyPrefix(announcement.id));
    expect(mails).toEqual({ queued: ANNOUNCEMENT_BATCH * 2 + 7, sent: 0, failed: 0 });
    expect((await readers.findAnnouncement(announcement.id))?.queuedAt).not.toBeNull();
  });

  it('writes both ids into 64 characters and reads them back', () => {
    const announcementId = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const readerId = 'ffffffff-0000-4000-8000-000000000001';
    const key = announcementKey(announcementId, readerId);
    expect(key.length).toBeLessThanOrEqual(64);
    expect(key).toMatch(/^ann:[a-z2-7]{26}:[a-z2-7]{26}$/);
    expect(parseAnnouncementKey(key)).toEqual({ announcementId, readerId });
    expect(parseAnnouncementKey(announcementKey(announcementId, null))).toEqual({ announcementId, readerId: null });
    expect(parseAnnouncementKey('reader:x:1')).toBeNull();
  });
});
