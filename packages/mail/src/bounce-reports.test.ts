import { afterEach, describe, expect, it } from '@jest/globals';

import {
  arfMessage,
  dsnMessage,
  startTestImapServer,
  TEST_IMAP_PASSWORD,
  vacationReply,
  type TestImapServer,
} from '../testing';
import { bounceReportEvents } from './bounce-reports';
import { ImapBounceMailbox, readBounceImapUrl, type BounceImapTarget } from './imap-bounce-mailbox';

const DATE = new Date('2026-06-01T11:00:00.000Z');
const ORIGIN = { fallbackId: 'INBOX/1/7', receivedAt: new Date('2026-06-01T11:05:00.000Z') };

describe('the reports of a bounce mailbox', () => {
  it('reads a DSN: failed with 5.x.x is a hard bounce, 4.x.x a soft one, delayed and delivered nothing', async () => {
    const raw = dsnMessage({
      messageId: 'dsn-1@mx.example.org',
      date: DATE,
      recipients: [
        {
          email: 'Ada@Example.org',
          action: 'failed',
          status: '5.1.1',
          diagnostic: '550 5.1.1 <ada@example.org>: User unknown',
        },
        { email: 'full@example.org', action: 'failed', status: '4.2.2', diagnostic: '452 4.2.2 Mailbox full' },
        { email: 'slow@example.org', action: 'delayed', status: '4.4.1' },
        { email: 'fine@example.org', action: 'delivered', status: '2.0.0' },
      ],
    });
    expect(await bounceReportEvents(raw, ORIGIN)).toEqual([
      {
        provider: 'imap',
        eventId: '<dsn-1@mx.example.org> ada@example.org',
        sentAt: DATE,
        kind: 'hard_bounce',
        emails: ['ada@example.org'],
        detail: '5.1.1 smtp; 550 5.1.1 <ada@example.org>: User unknown',
      },
      {
        provider: 'imap',
        eventId: '<dsn-1@mx.example.org> full@example.org',
        sentAt: DATE,
        kind: 'soft_bounce',
        emails: ['full@example.org'],
        detail: '4.2.2 smtp; 452 4.2.2 Mailbox full',
      },
    ]);
  });

  it('reads an ARF abuse report as a complaint, by Original-Rcpt-To or, redacted, by the attached headers', async () => {
    const named = await bounceReportEvents(
      arfMessage({ messageId: 'arf-1@yahoo.com', date: DATE, recipient: 'grace@example.org' }),
      ORIGIN,
    );
    expect(named).toEqual([
      {
        provider: 'imap',
        eventId: '<arf-1@yahoo.com> grace@example.org',
        sentAt: DATE,
        kind: 'complaint',
        emails: ['grace@example.org'],
        detail: 'Feedback-Type: abuse',
      },
    ]);
    const redacted = await bounceReportEvents(
      arfMessage({ messageId: 'arf-2@yahoo.com', date: DATE, recipient: 'Linus@example.org', redacted: true }),
      ORIGIN,
    );
    expect(redacted.map((event) => [event.kind, event.emails])).toEqual([['complaint', ['linus@example.org']]]);
  });

  it('takes no event from a not-spam report, a vacation reply or garbage', async () => {
    const notSpam = arfMessage({
      messageId: 'arf-3@yahoo.com',
      date: DATE,
      recipient: 'a@example.org',
      feedbackType: 'not-spam',
    });
    expect(await bounceReportEvents(notSpam, ORIGIN)).toEqual([]);
    expect(await bounceReportEvents(vacationReply({ messageId: 'v@example.org', date: DATE }), ORIGIN)).toEqual([]);
    expect(await bounceReportEvents('not a message at all', ORIGIN)).toEqual([]);
  });

  it("names a report without a Message-ID or a Date by the mailbox's reference and arrival", async () => {
    const raw = dsnMessage({
      messageId: 'x',
      date: DATE,
      recipients: [{ email: 'ada@example.org', action: 'failed', status: '5.0.0' }],
    })
      .replace(/^Message-ID: .*\r\n/m, '')
      .replace(/^Date: .*\r\n/m, '');
    const [event] = await bounceReportEvents(raw, ORIGIN);
    expect(event).toMatchObject({ eventId: 'INBOX/1/7 ada@example.org', sentAt: ORIGIN.receivedAt });
  });
});

describe('BOUNCE_IMAP_URL', () => {
  it('reads imaps:// and imap:// with their ports, the user and password decoded, INBOX by default', () => {
    expect(readBounceImapUrl('imaps://bounces%40example.com:p%40ss@imap.example.com/Bounces')).toEqual({
      host: 'imap.example.com',
      port: 993,
      secure: true,
      requireStartTls: false,
      user: 'bounces@example.com',
      password: 'p@ss',
      mailbox: 'Bounces',
    });
    expect(readBounceImapUrl('imap://u:p@imap.example.com')).toMatchObject({
      port: 143,
      requireStartTls: true,
      mailbox: 'INBOX',
    });
    expect(readBounceImapUrl('imap://u:p@127.0.0.1:1143/INBOX')).toMatchObject({ port: 1143, requireStartTls: false });
  });

  it('refuses what is not one, never quoting the password', () => {
    for (const text of ['https://u:secret@host/INBOX', 'imaps://host/INBOX', 'imaps://u@host', 'not a url secret']) {
      const read = readBounceImapUrl(text);
      expect(read).toHaveProperty('problem');
      expect(JSON.stringify(read)).not.toContain('secret');
    }
  });
});

describe('the bounce mailbox over IMAP', () => {
  let imap: TestImapServer | undefined;
  afterEach(async () => {
    await imap?.close();
    imap = undefined;
  });
  const mailboxOf = (server: TestImapServer) =>
    new ImapBounceMailbox(readBounceImapUrl(server.url) as BounceImapTarget);

  it('hands each unseen message to the handler once, flagging it seen after', async () => {
    imap = await startTestImapServer([vacationReply({ messageId: 'v1@example.org', date: DATE })]);
    imap.deliver(arfMessage({ messageId: 'arf-9@yahoo.com', date: DATE, recipient: 'grace@example.org' }));
    const seen: string[] = [];
    const run = await mailboxOf(imap).readUnseen(async (message) => {
      seen.push(`${message.ref} ${message.source.toString().includes('arf-9') ? 'arf' : 'vacation'}`);
    });
    expect(run).toEqual({ read: 2, left: 0 });
    expect(seen).toEqual([
      expect.stringMatching(/^INBOX\/\d+\/1 vacation$/),
      expect.stringMatching(/^INBOX\/\d+\/2 arf$/),
    ]);
    expect(imap.flags()).toEqual([['\\Seen'], ['\\Seen']]);
    expect(await mailboxOf(imap).readUnseen(async () => void seen.push('again'))).toEqual({ read: 0, left: 0 });
    expect(seen).toHaveLength(2);
  });

  it('leaves a message unseen when its handler fails, and stops between messages when asked', async () => {
    imap = await startTestImapServer([
      vacationReply({ messageId: 'v1@example.org', date: DATE }),
      vacationReply({ messageId: 'v2@example.org', date: DATE }),
    ]);
    await expect(
      mailboxOf(imap).readUnseen(async () => {
        throw new Error('the database is down');
      }),
    ).rejects.toThrow('the database is down');
    expect(imap.flags()).toEqual([[], []]);
    let handled = 0;
    const run = await mailboxOf(imap).readUnseen(
      async () => void (handled += 1),
      () => handled >= 1,
    );
    expect(run).toEqual({ read: 1, left: 1 });
    expect(imap.flags()).toEqual([['\\Seen'], []]);
  });

  it('fails on a wrong password, reading nothing', async () => {
    imap = await startTestImapServer([vacationReply({ messageId: 'v1@example.org', date: DATE })]);
    const wrong = new ImapBounceMailbox({
      ...(readBounceImapUrl(imap.url) as BounceImapTarget),
      password: `${TEST_IMAP_PASSWORD}x`,
    });
    await expect(wrong.readUnseen(async () => undefined)).rejects.toThrow();
    expect(imap.flags()).toEqual([[]]);
  });
});
