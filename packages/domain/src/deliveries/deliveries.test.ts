import { beforeEach, describe, expect, it } from '@jest/globals';
import { SCHOLARSHIP_LIMITS } from '@memoir/shared';

import type { Actor } from '../shared/request-context';
import { createWorld, errorOf, GUESTBOOK_ANSWER, SCHOLARSHIP_ANSWER, valueOf, type World } from '../../test/world';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The token at the end of the first download link in a text. */
function linkToken(text: string): string {
  const match = /https:\/\/memoir\.example\/download\/([A-Za-z0-9_-]+)/.exec(text);
  if (match?.[1] === undefined) throw new Error(`No download link in:\n${text}`);
  return match[1];
}

describe('deliveries', () => {
  let world: World;
  let owner: Actor;

  const submit = async (name = 'Ada Lovelace', email = 'ada@example.org') =>
    valueOf(
      await world.useCases.submitScholarshipRequest.execute({
        name,
        email,
        message: 'I cannot afford it right now.',
        riddleAnswer: SCHOLARSHIP_ANSWER,
      }),
    );
  const decide = async (id: string, status: 'approved' | 'rejected', adminNotes: string | null = null) =>
    valueOf(await world.useCases.decideScholarshipRequest.execute({ id, status, adminNotes }, owner));
  const run = () => world.useCases.sendDueDeliveries.execute();
  const sentTo = (to: string) => world.mailer.sent.filter((email) => email.to === to);
  const stateOf = async (id: string) =>
    valueOf(await world.useCases.listScholarshipRequests.execute({ limit: 100 })).page.find(
      (request) => request.id === id,
    )?.delivery;

  describe('to requesters', () => {
    beforeEach(async () => {
      world = createWorld({ ownerNotifications: 'off' });
      owner = await world.signedInOwner();
    });

    it('sends an approved requester the book with a private link and the note, once', async () => {
      const request = await submit();
      await decide(request.id, 'approved', 'Enjoy, and tell me what you think!');
      expect(await run()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect(await run()).toEqual({ sent: 0, retrying: 0, failed: 0 });

      const [email] = sentTo('ada@example.org');
      expect(world.mailer.sent).toHaveLength(1);
      expect(email?.subject).toBe('Your free copy of Root Access');
      for (const part of [email?.text ?? '', email?.html ?? '']) {
        expect(part).toContain('Ada Lovelace');
        expect(part).toContain('Enjoy, and tell me what you think!');
        expect(part).toContain('https://memoir.example/download/');
      }
      expect(email?.text).toContain('works until January 29, 2026 (UTC) and for 5 downloads');
      // The link opens a page: a scanner that opens it uses nothing up, and the email says so.
      expect(email?.text).toContain('where its "Download your copy" button downloads it');
      expect(email?.text).toContain('Opening the page uses nothing up; only the button counts a download.');
      expect(email?.html).toMatch(
        /<a href="https:\/\/memoir\.example\/download\/[A-Za-z0-9_-]{43}">Your copy of Root Access<\/a>/,
      );
      // Only the token's hash is stored.
      const token = linkToken(email?.text ?? '');
      const [delivery] = await world.repositories.deliveries.listForRequests([request.id]);
      expect(delivery?.linkTokenHash).toBe(world.tokens.hashOf(token));
      expect(JSON.stringify(delivery)).not.toContain(token);
      expect(await stateOf(request.id)).toMatchObject({ kind: 'approval', status: 'sent', attempts: 1 });
    });

    it('escapes what the requester and the owner wrote in the HTML part', async () => {
      const request = await submit('<img src=x onerror=alert(1)>', 'x@example.org');
      await decide(request.id, 'approved', '<script>alert(2)</script>');
      await run();
      const [email] = sentTo('x@example.org');
      expect(email?.html).not.toContain('<img');
      expect(email?.html).not.toContain('<script>');
      expect(email?.html).toContain('&#60;script&#62;');
    });

    it('sends a polite note after a rejection when the owner turned those on, with the owner’s note', async () => {
      world = createWorld({ ownerNotifications: 'off', notifyRejections: true });
      owner = await world.signedInOwner();
      const request = await submit();
      await decide(request.id, 'rejected', 'The PDF is for students only.');
      await run();
      const [email] = sentTo('ada@example.org');
      expect(email?.subject).toBe('About your request for Root Access');
      expect(email?.text).toContain('The PDF is for students only.');
      expect(email?.text).not.toContain('/download/');
    });

    it('retries a refused send with growing waits, then fails it for good with the reason', async () => {
      const request = await submit();
      await decide(request.id, 'approved');
      world.mailer.failWith = new Error('451 4.3.0  Mailbox\n temporarily unavailable');
      const waits = [1, 2, 4, 8, 16];
      for (const wait of waits) {
        expect(await run()).toEqual({ sent: 0, retrying: 1, failed: 0 });
        world.clock.advance(wait * MINUTE - 1);
        expect(await run()).toEqual({ sent: 0, retrying: 0, failed: 0 }); // not yet due
        world.clock.advance(1);
      }
      expect(await run()).toEqual({ sent: 0, retrying: 0, failed: 1 });
      expect(await stateOf(request.id)).toMatchObject({
        status: 'failed',
        attempts: 6,
        lastError: '451 4.3.0 Mailbox temporarily unavailable',
      });
      world.clock.advance(DAY);
      world.mailer.failWith = null;
      expect(await run()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      expect(world.mailer.sent).toEqual([]);
    });

    it('recovers when the mail server comes back before the attempts run out', async () => {
      const request = await submit();
      await decide(request.id, 'approved');
      world.mailer.failWith = new Error('connect ECONNREFUSED 127.0.0.1:25');
      await run();
      world.mailer.failWith = null;
      world.clock.advance(MINUTE);
      expect(await run()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect(await stateOf(request.id)).toMatchObject({ status: 'sent', attempts: 2 });
    });

    it('hands back the rest of its batch when told to stop, for another worker to send at once', async () => {
      for (const name of ['Ada Lovelace', 'Grace Hopper', 'Alan Turing']) {
        await decide((await submit(name, `${name.split(' ')[0]?.toLowerCase()}@example.org`)).id, 'approved');
      }
      const stopping = () => world.mailer.sent.length >= 1;
      expect(await world.useCases.sendDueDeliveries.execute({ shouldStop: stopping })).toEqual({
        sent: 1,
        retrying: 0,
        failed: 0,
        handedBack: 2,
      });
      // Another process, at the same moment: it does not wait for the two-minute lease to end.
      expect(await run()).toEqual({ sent: 2, retrying: 0, failed: 0 });
      expect(new Set(world.mailer.sent.map((email) => email.to))).toEqual(
        new Set(['ada@example.org', 'grace@example.org', 'alan@example.org']),
      );
      expect(world.mailer.sent).toHaveLength(3);
    });

    it('fails at once a delivery whose request has gone', async () => {
      const request = await submit();
      await decide(request.id, 'approved');
      world.persistence.database.scholarshipRequests.delete(request.id);
      expect(await run()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    });
  });

  describe('what reaches a requester’s mailbox', () => {
    // Anyone can submit a request with someone else's address, so every email to a requester
    // must be useless to a spammer: no text of the submitter's but a short name, no link of theirs.
    const SPAM = 'Cheap watches at https://spam.example/buy, call +1 555 0100';
    const submitWith = async (name: string, email = 'victim@example.org', message: string | null = SPAM) =>
      valueOf(
        await world.useCases.submitScholarshipRequest.execute({
          name,
          email,
          message,
          riddleAnswer: SCHOLARSHIP_ANSWER,
        }),
      );
    /** Approval, resend and rejection emails for a request submitted with `name`, in that order. */
    const everyEmailFor = async (name: string) => {
      const approved = await submitWith(name, 'approved@example.org');
      await decide(approved.id, 'approved', 'Enjoy the book.');
      await run();
      valueOf(await world.useCases.resendDelivery.execute(approved.id, owner));
      await run();
      const rejected = await submitWith(name, 'rejected@example.org');
      await decide(rejected.id, 'rejected', 'Students only, sorry.');
      await run();
      const emails = [...sentTo('approved@example.org'), ...sentTo('rejected@example.org')];
      expect(emails).toHaveLength(3);
      return emails;
    };

    beforeEach(async () => {
      world = createWorld({ ownerNotifications: 'each', notifyRejections: true });
      owner = await world.signedInOwner();
    });

    it('carries no text of the submitter’s but the name, in the greeting only: not the message, not the subject', async () => {
      for (const email of await everyEmailFor('Ada Lovelace')) {
        expect(['approved@example.org', 'rejected@example.org']).toContain(email.to); // the address alone
        expect(email.subject).not.toContain('Ada');
        for (const part of [email.text, email.html]) {
          expect(part).not.toContain('spam.example');
          expect(part).not.toContain('555');
          expect(part).not.toContain('Cheap watches');
          expect(part.match(/Ada Lovelace/g)).toHaveLength(1);
        }
        expect(email.text.startsWith('Hello Ada Lovelace,\n')).toBe(true);
      }
      // The owner's own note is the owner's text, and stays.
      expect(sentTo('approved@example.org')[0]?.text).toContain('Enjoy the book.');
      expect(sentTo('rejected@example.org')[0]?.text).toContain('Students only, sorry.');
      // The message goes to the owner only.
      expect(
        sentTo('owner@memoir.example')
          .map((email) => email.text)
          .join(''),
      ).toContain('spam.example');
    });

    it('greets without the name when a mail client would turn it into a link or a number to call', async () => {
      const names = [
        'Visit evil.example',
        'www.evil.example',
        'https://evil.example',
        'evil.example/win',
        'Mail me at win@evil.example',
        'Visit evil。example',
        'Visit ｅｖｉｌ．ｅｘａｍｐｌｅ',
        'Call 0800 555 0100',
        'Ada <a href=x>',
      ];
      for (const name of names) {
        world = createWorld({ ownerNotifications: 'off', notifyRejections: true });
        owner = await world.signedInOwner();
        for (const email of await everyEmailFor(name)) {
          expect(email.text.startsWith('Hello,\n')).toBe(true);
          for (const part of [email.subject, email.text, email.html]) {
            expect(part).not.toMatch(/evil|ｅｖｉｌ|555|href=x/);
          }
        }
      }
    });

    it('keeps an ordinary name of up to 50 characters as written: plain in the text part, escaped in the HTML part', async () => {
      const longest = 'Anne-Marie O’Neil d’Arc Zoë Ærø Jean-Luc J. R. Rey';
      expect(longest).toHaveLength(50);
      for (const email of await everyEmailFor(longest)) {
        expect(email.text.startsWith(`Hello ${longest},\n`)).toBe(true);
        expect(email.html).toContain(`<p>Hello ${longest},</p>`);
      }
      world = createWorld({ ownerNotifications: 'off', notifyRejections: true });
      owner = await world.signedInOwner();
      for (const email of await everyEmailFor("Renée O'Hara")) {
        expect(email.text.startsWith("Hello Renée O'Hara,\n")).toBe(true);
        expect(email.html).toContain('<p>Hello Renée O&#39;Hara,</p>');
      }
    });

    it('greets without the name when it is longer than 50 characters (the form takes up to 100)', async () => {
      const long = 'Maria de los Ángeles Fernández-Castillo y Rodríguez';
      expect(long.length).toBeGreaterThan(50);
      expect(long.length).toBeLessThanOrEqual(SCHOLARSHIP_LIMITS.nameMaxLength);
      for (const email of await everyEmailFor(long)) {
        expect(email.text.startsWith('Hello,\n')).toBe(true);
        expect(email.html).not.toContain('Rodríguez');
      }
    });
  });

  describe('the private link', () => {
    let token: string;
    let requestId: string;
    const download = (value = token) => world.useCases.downloadBook.download(value);
    const view = (value = token) => world.useCases.downloadBook.view(value);
    const resume = (value = token) => world.useCases.downloadBook.resume(value);

    beforeEach(async () => {
      world = createWorld({ ownerNotifications: 'off' });
      owner = await world.signedInOwner();
      requestId = (await submit()).id;
      await decide(requestId, 'approved');
      await run();
      token = linkToken(world.mailer.sent[0]?.text ?? '');
    });

    it('shows whose copy it is and what the link allows, counting nothing however often it is opened', async () => {
      for (let i = 0; i < 10; i += 1) {
        expect(valueOf(await view())).toEqual({
          name: 'Ada Lovelace',
          downloadsLeft: 5,
          expiresAt: new Date(world.clock.now().getTime() + 14 * DAY),
        });
      }
      expect((await stateOf(requestId))?.downloadCount).toBe(0);
      expect(world.copies.stamped).toEqual([]);
    });

    it('makes the copy once, for the requester, and counts each download', async () => {
      const first = valueOf(await download());
      expect(first).toMatchObject({ name: 'Ada Lovelace', downloadsLeft: 4 });
      expect(valueOf(await download())).toMatchObject({ copy: first.copy, downloadsLeft: 3 });
      expect((await stateOf(requestId))?.downloadCount).toBe(2);
      expect(valueOf(await view()).downloadsLeft).toBe(3);
      // The second download costs no stamping.
      expect(world.copies.stamped).toEqual([
        { deliveryId: first.copy.deliveryId, owner: { name: 'Ada Lovelace', email: 'ada@example.org' } },
      ]);
    });

    it('stamps once for two first downloads at the same moment, and counts both', async () => {
      const [one, two] = await Promise.all([download(), download()]);
      expect(valueOf(one).copy).toEqual(valueOf(two).copy);
      expect(world.copies.stamped).toHaveLength(1);
      expect((await stateOf(requestId))?.downloadCount).toBe(2);
    });

    it('counts nothing when the copy cannot be made, and the next try works', async () => {
      world.copies.failWith = new Error('the book file is unreadable');
      expect(errorOf(await download())).toEqual({
        code: 'DOWNLOAD.COPY_FAILED',
        message: 'We could not prepare your copy just now; nothing was counted. Please try again in a few minutes.',
      });
      expect((await stateOf(requestId))?.downloadCount).toBe(0);
      expect(world.copies.kept.size).toBe(0);
      world.copies.failWith = null;
      expect(valueOf(await download()).downloadsLeft).toBe(4);
      expect((await stateOf(requestId))?.downloadCount).toBe(1);
    });

    it('says the copy is being made when it takes longer than the button waits, counting nothing until it is', async () => {
      world.patience.out = true;
      expect(errorOf(await download())).toEqual({
        code: 'DOWNLOAD.COPY_IN_PROGRESS',
        message: 'Your copy is being made.',
      });
      expect(errorOf(await download()).code).toBe('DOWNLOAD.COPY_IN_PROGRESS');
      expect((await stateOf(requestId))?.downloadCount).toBe(0);
      // Asked again once the copy is made: counted once, and the copy was stamped once.
      world.patience.out = false;
      expect(valueOf(await download()).downloadsLeft).toBe(4);
      expect(world.copies.stamped).toHaveLength(1);
      expect((await stateOf(requestId))?.downloadCount).toBe(1);
    });

    it('counts nothing when the stamper is busy, and asks to come back in a minute', async () => {
      world.copies.busy = true;
      expect(errorOf(await download())).toMatchObject({ code: 'DOWNLOAD.BUSY', retryAfterSeconds: 60 });
      expect((await stateOf(requestId))?.downloadCount).toBe(0);
      world.copies.busy = false;
      valueOf(await download());
      // A kept copy needs no stamping: a busy stamper does not stand in its way.
      world.copies.busy = true;
      expect(valueOf(await download()).downloadsLeft).toBe(3);
    });

    it('serves the kept copy again without counting for 24 hours after the last download, and not before one', async () => {
      expect(errorOf(await resume()).code).toBe('DOWNLOAD.NOT_DOWNLOADED');
      const counted = valueOf(await download());
      world.clock.advance(DAY - 1);
      expect(valueOf(await resume())).toEqual({ ...counted, downloadsLeft: 4 });
      world.clock.advance(1);
      expect(errorOf(await resume()).code).toBe('DOWNLOAD.NOT_DOWNLOADED');
      expect((await stateOf(requestId))?.downloadCount).toBe(1);
      expect(world.copies.stamped).toHaveLength(1);
    });

    it('stops after the cap of downloads, on the page too', async () => {
      for (let i = 0; i < world.deliveryPolicy.maxDownloads; i += 1) valueOf(await download());
      expect(errorOf(await download())).toEqual({
        code: 'DOWNLOAD.LINK_EXHAUSTED',
        message: 'This download link has been used as many times as it allows.',
      });
      expect(errorOf(await view()).code).toBe('DOWNLOAD.LINK_EXHAUSTED');
      expect((await stateOf(requestId))?.downloadCount).toBe(world.deliveryPolicy.maxDownloads);
      valueOf(await resume()); // the last download may still be resumed
    });

    it('lets only one of two clicks at the same moment past the cap', async () => {
      for (let i = 1; i < world.deliveryPolicy.maxDownloads; i += 1) valueOf(await download());
      const results = await Promise.all([download(), download()]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.map((result) => (result.ok ? 'ok' : result.error.code)).sort()).toEqual([
        'DOWNLOAD.LINK_EXHAUSTED',
        'ok',
      ]);
      expect((await stateOf(requestId))?.downloadCount).toBe(world.deliveryPolicy.maxDownloads);
    });

    it('works until it expires, 14 days after it was sent', async () => {
      world.clock.advance(14 * DAY - 1);
      valueOf(await download());
      world.clock.advance(1);
      expect(errorOf(await download()).code).toBe('DOWNLOAD.LINK_EXPIRED');
      expect(errorOf(await view()).code).toBe('DOWNLOAD.LINK_EXPIRED');
      expect(errorOf(await resume()).code).toBe('DOWNLOAD.LINK_EXPIRED');
    });

    it('knows no other token', async () => {
      const other = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      for (const value of [other, '', 'short', `${token}x`, '../../etc/passwd']) {
        expect(errorOf(await download(value)).code).toBe('DOWNLOAD.LINK_NOT_FOUND');
        expect(errorOf(await view(value)).code).toBe('DOWNLOAD.LINK_NOT_FOUND');
        expect(errorOf(await resume(value)).code).toBe('DOWNLOAD.LINK_NOT_FOUND');
      }
    });

    it('can be sent again by the owner: a new link, audited, and the earlier link withdrawn with its copy', async () => {
      const first = valueOf(await download());
      const resent = valueOf(await world.useCases.resendDelivery.execute(requestId, owner));
      expect(resent).toMatchObject({ kind: 'approval', status: 'queued', requestId });
      expect(errorOf(await world.useCases.resendDelivery.execute(requestId, owner))).toEqual({
        code: 'DELIVERY.ALREADY_QUEUED',
        message: 'The PDF for this request is already on its way.',
      });
      for (const error of [errorOf(await download()), errorOf(await view()), errorOf(await resume())]) {
        expect(error).toEqual({
          code: 'DOWNLOAD.LINK_REVOKED',
          message: 'This download link has been withdrawn.',
        });
      }
      expect(world.copies.kept.has(first.copy.deliveryId)).toBe(false);
      await run();
      const second = linkToken(world.mailer.sent[1]?.text ?? '');
      expect(second).not.toBe(token);
      valueOf(await download(second));
      expect(await stateOf(requestId)).toMatchObject({ status: 'sent', downloadCount: 2 });
      const [event] = await world.repositories.auditEvents.listNewestFirst({ limit: 1 });
      expect(event).toMatchObject({
        action: 'resend',
        resourceType: 'scholarship_request',
        resourceId: requestId,
        userId: owner.userId,
        details: { deliveryId: resent.id, revokedDeliveryIds: [first.copy.deliveryId] },
      });
    });

    it('can be revoked by the owner: the link stops working at once, its copy goes, and it is audited', async () => {
      const first = valueOf(await download());
      expect(valueOf(await world.useCases.revokeDownloadLink.execute(requestId, owner))).toEqual({ revoked: 1 });
      expect(errorOf(await view()).code).toBe('DOWNLOAD.LINK_REVOKED');
      expect(errorOf(await download()).code).toBe('DOWNLOAD.LINK_REVOKED');
      expect(world.copies.kept.size).toBe(0);
      expect((await stateOf(requestId))?.downloadCount).toBe(1);
      const [event] = await world.repositories.auditEvents.listNewestFirst({ limit: 1 });
      expect(event).toMatchObject({
        action: 'revoke_link',
        resourceType: 'scholarship_request',
        resourceId: requestId,
        userId: owner.userId,
        details: { deliveryIds: [first.copy.deliveryId] },
      });
      expect(errorOf(await world.useCases.revokeDownloadLink.execute(requestId, owner))).toEqual({
        code: 'DELIVERY.NO_LINK',
        message: 'This request has no working download link to revoke.',
      });
      expect(errorOf(await world.useCases.revokeDownloadLink.execute('not-a-uuid', owner)).code).toBe(
        'SCHOLARSHIP_REQUEST.NOT_FOUND',
      );
    });

    it('sweeps the kept copies of links that expired, were cleared or belong to nothing, and keeps the rest', async () => {
      const ada = valueOf(await download());
      const grace = (await submit('Grace Hopper', 'grace@example.org')).id;
      await decide(grace, 'approved');
      await run();
      const graceToken = linkToken(world.mailer.sent.at(-1)?.text ?? '');
      const graces = valueOf(await download(graceToken));
      expect(await world.useCases.sweepStampedCopies.execute()).toBe(0);
      await world.copies.getOrMake('00000000-0000-4000-8000-0000000fffff', { name: 'Nobody', email: 'x@example.org' });
      expect(await world.useCases.sweepStampedCopies.execute()).toBe(1); // no such delivery
      // An erasure clears Grace's link: her copy goes at the next sweep, Ada's stays.
      await world.repositories.deliveries.forgetPersonalDetails([grace]);
      expect(await world.useCases.sweepStampedCopies.execute()).toBe(1);
      expect([...world.copies.kept.keys()]).toEqual([ada.copy.deliveryId]);
      world.clock.advance(14 * DAY);
      expect(await world.useCases.sweepStampedCopies.execute()).toBe(1);
      expect([...world.copies.kept.keys()]).toEqual([]);
      expect(ada.copy.deliveryId).not.toBe(graces.copy.deliveryId);
    });

    it('is not resent for a request that is not approved, nor for an unknown one', async () => {
      const pending = await submit('Grace', 'grace@example.org');
      expect(errorOf(await world.useCases.resendDelivery.execute(pending.id, owner)).code).toBe(
        'DELIVERY.NOT_APPROVED',
      );
      expect(errorOf(await world.useCases.resendDelivery.execute('not-a-uuid', owner)).code).toBe(
        'SCHOLARSHIP_REQUEST.NOT_FOUND',
      );
    });
  });

  describe('to the owner', () => {
    const signGuestbook = async () =>
      valueOf(
        await world.useCases.signGuestbook.execute({
          name: 'Linus',
          location: 'Helsinki',
          message: 'Great book!',
          riddleAnswer: GUESTBOOK_ANSWER,
        }),
      );

    it('tells the owner of each new request and entry, with a link to the admin screen', async () => {
      world = createWorld({ ownerNotifications: 'each' });
      await submit();
      await signGuestbook();
      await run();
      const emails = sentTo('owner@memoir.example');
      expect(emails.map((email) => email.subject)).toEqual([
        'New scholarship request from Ada Lovelace',
        'New guestbook entry from Linus',
      ]);
      expect(emails[0]?.text).toContain('https://admin.memoir.example/admin/scholarships');
      expect(emails[1]?.text).toContain('https://admin.memoir.example/admin/guestbook');
      expect(emails[1]?.text).toContain('Great book!');
    });

    it('sends nothing to the owner when told not to', async () => {
      world = createWorld({ ownerNotifications: 'off' });
      await submit();
      await signGuestbook();
      expect(await world.useCases.queueOwnerDigest.execute()).toBe(false);
      await run();
      expect(world.mailer.sent).toEqual([]);
    });

    it('sends one digest a day instead, once the day is over, and none for a quiet day', async () => {
      world = createWorld({ ownerNotifications: 'daily' });
      world.clock.set('2026-01-15T09:00:00.000Z');
      await submit();
      await signGuestbook();
      await run();
      expect(world.mailer.sent).toEqual([]);
      expect(await world.useCases.queueOwnerDigest.execute()).toBe(false); // the 14th was quiet

      world.clock.set('2026-01-16T00:00:05.000Z');
      expect(await world.useCases.queueOwnerDigest.execute()).toBe(true);
      expect(await world.useCases.queueOwnerDigest.execute()).toBe(false);
      await run();
      const [digest] = sentTo('owner@memoir.example');
      expect(world.mailer.sent).toHaveLength(1);
      expect(digest?.subject).toBe('2026-01-15: 1 new scholarship request(s), 1 new guestbook entry');
      expect(digest?.text).toContain('- Ada Lovelace <ada@example.org>');
      expect(digest?.text).toContain('- Linus: Great book!');
    });
  });
});
