import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  approvalEmail,
  digestEmail,
  newEntryEmail,
  newRequestEmail,
  readerConfirmationEmail,
  rejectionEmail,
  reviewReminderEmail,
  securityAlertEmail,
  signInAlertEmail,
  testEmail,
  type EmailSettings,
  type GuestbookEntry,
  type OutgoingEmail,
  type ScholarshipRequest,
} from '@memoir/domain';
import { simpleParser } from 'mailparser';

import type { DkimKey } from './dkim';
import { OutboxMailer } from './mailers';

/*
 * Every kind of email the product sends, as it leaves (signed, through the outbox mailer): two
 * parts that say the same, a whole HTML document, links only to the site, the headers receivers
 * look for, and a SpamAssassin score below 1.0 with Debian's local rules (no network tests), so
 * that a change of template cannot slip into the spam folder unnoticed.
 */

const run = promisify(execFile);
const BASE = 'https://rootaccess.example';
const SETTINGS: EmailSettings = {
  bookTitle: 'Root Access',
  publicBaseUrl: BASE,
  adminBaseUrl: BASE,
  ownerEmail: 'sam@rootaccess.example',
};
const FROM = '"Root Access" <books@rootaccess.example>';
const OWNER = 'sam@rootaccess.example';
const AT = new Date('2026-11-20T10:00:00Z');

const request = (status: 'pending' | 'approved' | 'rejected', adminNotes: string | null): ScholarshipRequest => ({
  id: 'r1',
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  message: 'I am a second-year computer science student and your book is on our reading list.',
  status: status as ScholarshipRequest['status'],
  adminNotes,
  createdAt: AT,
  decidedAt: status === 'pending' ? null : AT,
  reviewReminder: false,
});
const entry: GuestbookEntry = {
  id: 'g1',
  name: 'Grace Hopper',
  location: 'Arlington',
  message: 'A wonderful read: the chapter on the first compiler took me back.',
  createdAt: AT,
  isApproved: false,
  reviewedAt: null,
  adminNotes: null,
};

/** Each kind, as the product makes it. */
const EVERY_KIND: Readonly<Record<string, OutgoingEmail>> = {
  approval: approvalEmail(SETTINGS, request('approved', 'Enjoy, and tell me what you think!'), {
    url: `${BASE}/download/${'A'.repeat(43)}`,
    expiresAt: new Date('2026-12-04T10:00:00Z'),
    maxDownloads: 5,
  }),
  rejection: rejectionEmail(SETTINGS, request('rejected', 'The free copies are for students this year.')),
  newRequest: newRequestEmail(SETTINGS, OWNER, request('pending', null)),
  newEntry: newEntryEmail(SETTINGS, OWNER, entry),
  digest: digestEmail(SETTINGS, OWNER, '2026-11-19', { requests: [request('pending', null)], entries: [entry] }),
  signInAlert: signInAlertEmail(SETTINGS, OWNER, {
    username: 'admin',
    failures: 20,
    windowMs: 900_000,
    windowEndsAt: AT,
  }),
  securityAlert: securityAlertEmail(SETTINGS, OWNER, {
    subject: 'New device signed in to "admin"',
    paragraphs: [
      '"admin" signed in at 2026-11-20 10:00 (UTC) from a device not seen before: Firefox 140 on Linux, address 203.0.113.7.',
    ],
  }),
  test: testEmail(SETTINGS, OWNER),
  readerConfirmation: readerConfirmationEmail(
    SETTINGS,
    { email: 'ada@example.org', name: 'Ada Lovelace' },
    {
      confirmUrl: `${BASE}/readers/confirm?token=${'C'.repeat(43)}`,
      expiresAt: new Date('2026-12-04T10:00:00Z'),
      unsubscribe: {
        page: `${BASE}/readers/unsubscribe?token=${'U'.repeat(43)}`,
        oneClick: `${BASE}/api/readers/unsubscribe?token=${'U'.repeat(43)}`,
      },
    },
  ),
};

/** The stores the owner published, which the review reminder names by the site's `/go/<format>`. */
const STORES = [
  { format: 'paperback' as const, price: '$18.00', url: 'https://bookshop.example/root-access', note: '' },
  { format: 'kindle' as const, price: '$9.99', url: 'https://www.amazon.com/dp/B0EXAMPLE', note: '' },
];
const REMINDER_PAGE = `${BASE}/review-reminder?token=${'R'.repeat(43)}`;
const REVIEW_REMINDER = reviewReminderEmail(SETTINGS, request('approved', null), STORES, {
  reviewed: `${REMINDER_PAGE}&answer=reviewed`,
  declined: `${REMINDER_PAGE}&answer=declined`,
});

const decode = (html: string): string =>
  html.replace(/&#(\d+);/g, (_entity, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');

/** What the HTML part says, as plain text: each link as its address, paragraphs apart. */
function htmlAsText(html: string): string {
  const body = /<body>\n([\s\S]*)\n<\/body>/.exec(html)?.[1] ?? '';
  const paragraphs = [...body.matchAll(/<p>([\s\S]*?)<\/p>/g)].map((match) =>
    decode(
      (match[1] ?? '')
        .replace(/<a href="([^"]*)">[\s\S]*?<\/a>/g, '$1')
        .replace(/<br>/g, '\n')
        .replace(/<[^>]+>/g, ''),
    ),
  );
  return paragraphs.join('\n\n') + '\n';
}

describe('every kind of email', () => {
  let dir: string;
  /** Each kind's message as it leaves, raw. */
  const raw = new Map<string, Buffer>();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'memoir-every-email-'));
    const privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const dkim: DkimKey = { domain: 'rootaccess.example', selector: 'memoir2026', privateKey };
    for (const [kind, email] of Object.entries({ ...EVERY_KIND, reviewReminder: REVIEW_REMINDER })) {
      const folder = join(dir, kind);
      await new OutboxMailer({ dir: folder, from: FROM, dkim }).send(email);
      raw.set(kind, readFileSync(join(folder, readdirSync(folder)[0] ?? '')));
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  describe.each([...Object.keys(EVERY_KIND), 'reviewReminder'])('%s', (kind) => {
    const email = (kind === 'reviewReminder' ? REVIEW_REMINDER : EVERY_KIND[kind]) as OutgoingEmail;

    it('has a plain text part and an HTML part that say the same', async () => {
      const parsed = await simpleParser(raw.get(kind) ?? '');
      expect(parsed.text).toBe(email.text);
      expect(parsed.html).toBe(email.html);
      expect(htmlAsText(email.html)).toBe(email.text);
    });

    it('has a whole HTML document, and links only to the site', () => {
      expect(email.html).toMatch(
        /^<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n[\s\S]*<title>[^<]+<\/title>\n<\/head>\n<body>\n[\s\S]+\n<\/body>\n<\/html>\n$/,
      );
      const links = [...email.html.matchAll(/href="([^"]*)"/g)].map((match) => decode(match[1] ?? ''));
      const addresses = [...email.text.matchAll(/https?:\/\/[^\s]+/g)].map((match) => match[0]);
      expect(addresses.length).toBeGreaterThan(0);
      for (const url of [...links, ...addresses]) expect(url.startsWith(`${BASE}/`)).toBe(true);
    });

    it('carries a signature, a Message-ID on the sending domain and Auto-Submitted', () => {
      const headers = (raw.get(kind) ?? Buffer.alloc(0)).toString('utf8').split(/\r?\n\r?\n/)[0] ?? '';
      expect(headers).toMatch(/^DKIM-Signature: v=1; a=rsa-sha256; c=relaxed\/relaxed; d=rootaccess\.example;/m);
      expect(headers).toMatch(/^Message-ID: <[0-9a-f-]{36}@rootaccess\.example>$/m);
      expect(headers).toMatch(/^Auto-Submitted: auto-generated$/m);
      expect(headers).toMatch(/^Date: /m);
    });

    it('carries the one-click unsubscribe headers (RFC 8058) when it is list mail, under the signature', () => {
      // Unfolded: a long header goes on over lines that start with a space.
      const headers = ((raw.get(kind) ?? Buffer.alloc(0)).toString('utf8').split(/\r?\n\r?\n/)[0] ?? '').replace(
        /\r?\n[ \t]+/g,
        ' ',
      );
      const signed =
        /^DKIM-Signature:[\s\S]*?\bh=([^;]+);/m.exec(headers)?.[1]?.replace(/\s+/g, '').toLowerCase() ?? '';
      if (email.listUnsubscribeUrl === undefined) {
        expect(headers).not.toMatch(/^List-Unsubscribe/m);
        return;
      }
      expect(email.listUnsubscribeUrl.startsWith(`${BASE}/`)).toBe(true);
      expect(headers).toContain(`List-Unsubscribe: <${email.listUnsubscribeUrl}>`);
      expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      expect(signed.split(':')).toEqual(expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post']));
    });

    it("scores below 1.0 with SpamAssassin's local rules", async () => {
      const report = await spamAssassin(raw.get(kind) ?? Buffer.alloc(0));
      // Printed so that a reader of the test output sees each kind's score and the rules that fired.
      process.stdout.write(`SpamAssassin ${kind}: ${report.score} (${report.tests.join(', ') || 'no rule'})\n`);
      expect({ kind, ...report, score: report.score < 1.0 ? 'below 1.0' : report.score }).toEqual({
        kind,
        ...report,
        score: 'below 1.0',
      });
    });
  });

  it('never makes a link of an address the visitor typed', () => {
    const typed = newEntryEmail(SETTINGS, OWNER, { ...entry, message: 'Visit https://spam.example/win now' });
    expect(typed.html).not.toContain('href="https://spam.example');
  });
});

/** `spamassassin -L -t`: local tests only (no DNS, no network), the score and the rules that fired. */
async function spamAssassin(message: Buffer): Promise<{ score: number; tests: string[] }> {
  const running = run('spamassassin', ['-L', '-t'], { maxBuffer: 16 * 1024 * 1024, timeout: 60_000 });
  running.child.stdin?.end(message);
  const { stdout } = await running.catch((error: unknown) => {
    throw new Error(
      `spamassassin could not run (${String(error)}): install Debian's package (apt-get install spamassassin; ./run setup does).`,
    );
  });
  const status =
    /^X-Spam-Status: (?:Yes|No), score=(-?[\d.]+) required=[\d.]+ ?(?:tests=([\s\S]*?))?(?:autolearn|version)/m.exec(
      stdout,
    );
  if (status === null) throw new Error(`No X-Spam-Status in spamassassin's output:\n${stdout.slice(0, 2000)}`);
  const tests = (status[2] ?? '').split(/[,\s]+/).filter((test) => test !== '' && test !== 'none');
  return { score: Number(status[1]), tests };
}
