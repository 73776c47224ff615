import { beforeEach, describe, expect, it } from '@jest/globals';

import { createWorld, errorOf, SCHOLARSHIP_ANSWER, valueOf, type World } from '../../test/world';
import type { Actor } from '../shared/request-context';

const DAY = 24 * 60 * 60_000;

describe('the review reminder', () => {
  let world: World;
  let owner: Actor;

  const request = async (reviewReminder: boolean, email = 'ada@example.org') => {
    const made = valueOf(
      await world.useCases.submitScholarshipRequest.execute({
        name: 'Ada Lovelace',
        email,
        message: null,
        riddleAnswer: SCHOLARSHIP_ANSWER,
        reviewReminder,
      }),
    );
    valueOf(
      await world.useCases.decideScholarshipRequest.execute(
        { id: made.id, status: 'approved', adminNotes: null },
        owner,
      ),
    );
    await world.useCases.sendDueDeliveries.execute();
    return made;
  };
  /** Downloads the copy through the newest link that went to the address. */
  const download = async (email = 'ada@example.org') => {
    const mail = world.mailer.sent.filter((sent) => sent.to === email).at(-1);
    const token = /\/download\/([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    valueOf(await world.useCases.downloadBook.download(token));
  };
  /** One tick of the background job and of the delivery worker. */
  const tick = async () => {
    const queued = await world.useCases.queueReviewReminders.execute();
    await world.useCases.sendDueDeliveries.execute();
    return queued;
  };
  const reminders = (email = 'ada@example.org') =>
    world.mailer.sent.filter((mail) => mail.to === email && mail.subject.startsWith('Your reminder about a review'));
  const answerLink = (answer: 'reviewed' | 'declined') => {
    const match = new RegExp(`/review-reminder\\?token=([\\w-]+)&answer=${answer}`).exec(
      reminders().at(-1)?.text ?? '',
    );
    if (match?.[1] === undefined) throw new Error('no answer link');
    return match[1];
  };

  beforeEach(async () => {
    world = createWorld();
    owner = await world.signedInOwner();
  });

  it('sends one email REVIEW_REMINDER_DAYS after the first download, and never again', async () => {
    const made = await request(true);
    await download();
    world.clock.advance(13 * DAY);
    await download();
    expect(await tick()).toBe(0);
    world.clock.advance(DAY - 1);
    expect(await tick()).toBe(0);
    expect(reminders()).toHaveLength(0);
    world.clock.advance(1);
    expect(await tick()).toBe(1);
    expect(reminders()).toHaveLength(1);
    world.clock.advance(30 * DAY);
    expect(await tick()).toBe(0);
    expect(reminders()).toHaveLength(1);
    const [reminder] = await world.repositories.scholarshipRequests.listReviewReminders([made.id]);
    expect(reminder).toMatchObject({ requestId: made.id, answer: null });
    expect(reminder?.sentAt).not.toBeNull();
  });

  it('says plainly that no review is required or steered, and links only to the site', async () => {
    await request(true);
    await download();
    world.clock.advance(14 * DAY);
    await tick();
    const [mail] = reminders();
    for (const part of [mail?.text ?? '', mail?.html ?? '']) {
      expect(part).toContain('no conditions');
      expect(part).toContain('honestly');
      expect(part).toContain('I left a review');
      expect(part).toContain('No thanks');
      expect(part).not.toMatch(/5 stars|five stars|positive review|in exchange|gift|reward/i);
    }
    const links = `${mail?.text} ${mail?.html}`.match(/https?:\/\/[^\s"<]+/g) ?? [];
    for (const url of links) expect(url.startsWith('https://memoir.example/')).toBe(true);
    // Each published store by the site's own address, which leads to the store's address of the day.
    const formats = (await world.repositories.siteContent.latestVersion())?.content.buyLinks
      .filter((link) => link.url !== '')
      .map((link) => link.format);
    expect(formats?.length).toBeGreaterThan(0);
    for (const format of formats ?? []) expect(links).toContain(`https://memoir.example/go/${format}`);
  });

  it('sends nothing without the box, to a suppressed address, or after an erasure', async () => {
    await request(false, 'no-box@example.org');
    await download('no-box@example.org');
    await request(true, 'bounced@example.org');
    await download('bounced@example.org');
    await request(true, 'erased@example.org');
    await download('erased@example.org');
    await world.repositories.suppressions.suppress({
      email: 'bounced@example.org',
      reason: 'bounce',
      at: world.clock.now(),
    });
    world.clock.advance(14 * DAY);
    valueOf(await world.useCases.erasePerson.execute({ email: 'erased@example.org' }));
    const before = world.mailer.sent.length;
    await tick();
    expect(world.mailer.sent.slice(before).map((mail) => mail.subject)).toEqual([]);
    expect((await world.useCases.getDashboard.execute()).reviews).toEqual({
      downloads: 3,
      downloadedBy: 3,
      remindersSent: 0,
      reviewed: 0,
      declined: 0,
    });
  });

  it('does not send a reminder erased after it was queued', async () => {
    await request(true);
    await download();
    world.clock.advance(14 * DAY);
    expect(await world.useCases.queueReviewReminders.execute()).toBe(1);
    valueOf(await world.useCases.erasePerson.execute({ email: 'ada@example.org' }));
    expect(await world.useCases.sendDueDeliveries.execute()).toMatchObject({ sent: 0, failed: 1 });
  });

  it('records an answer only by the button, once; the page changes nothing', async () => {
    const made = await request(true);
    await download();
    world.clock.advance(14 * DAY);
    await tick();
    const token = answerLink('reviewed');
    expect(answerLink('declined')).toBe(token);
    const { answerReviewReminder } = world.useCases;
    expect(valueOf(await answerReviewReminder.view(token, 'reviewed'))).toEqual({ state: 'ready', answer: 'reviewed' });
    expect((await world.repositories.scholarshipRequests.listReviewReminders([made.id]))[0]?.answer).toBeNull();
    expect(valueOf(await answerReviewReminder.answer(token, 'declined'))).toBe('declined');
    // The first answer stands.
    expect(valueOf(await answerReviewReminder.answer(token, 'reviewed'))).toBe('declined');
    expect(valueOf(await answerReviewReminder.view(token, 'reviewed'))).toEqual({
      state: 'answered',
      answer: 'declined',
    });
    const [reminder] = await world.repositories.scholarshipRequests.listReviewReminders([made.id]);
    expect(reminder).toMatchObject({ answer: 'declined', answeredAt: world.clock.now() });
    expect((await world.useCases.getDashboard.execute()).reviews).toMatchObject({ remindersSent: 1, declined: 1 });
    const exported = valueOf(await world.useCases.exportPerson.execute({ email: 'ada@example.org' }));
    expect(exported.reviewReminders).toMatchObject([{ requestId: made.id, answer: 'declined' }]);
    for (const [bad, answer] of [
      ['nope', 'reviewed'],
      [token, 'maybe'],
      [`${token.slice(0, -1)}A`, 'reviewed'],
    ]) {
      expect(errorOf(await answerReviewReminder.answer(bad, answer)).code).toBe('READER.LINK_NOT_FOUND');
    }
    valueOf(await world.useCases.erasePerson.execute({ email: 'ada@example.org' }));
    expect(await world.repositories.scholarshipRequests.listReviewReminders([made.id])).toEqual([]);
    expect(errorOf(await answerReviewReminder.view(token, 'reviewed')).code).toBe('READER.LINK_NOT_FOUND');
  });
});
