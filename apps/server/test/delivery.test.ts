import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { startTestSmtpServer, type TestSmtpServer } from '@memoir/mail/testing';
import { WorkerPoolBookStamper, type FileBookStampPlace } from '@memoir/platform-node';
import { BOOK_TITLE, ERROR_MESSAGES, type ScholarshipRequest } from '@memoir/shared';
import { simpleParser } from 'mailparser';
import type request from 'supertest';

import { findRootDir } from '../src/config';
import { ANSWERS, useTestApps, type TestApp } from './support/test-app';

const PDF_TEXT = join(findRootDir(), 'tools', 'pdf-text.mjs');
/** A stamping thread whose copies take 300 ms each. */
const SLOW_STAMP_WORKER = join(findRootDir(), 'packages', 'platform-node', 'test', 'slow-stamp-worker.js');
const DAY = 24 * 60 * 60 * 1000;

/** What a reader sees in a PDF (pdfjs-dist, in a child process: it ships as ESM only). */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'memoir-pdf-'));
  try {
    writeFileSync(join(dir, 'copy.pdf'), pdf);
    return execFileSync(process.execPath, [PDF_TEXT, join(dir, 'copy.pdf')], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The path of the download link in an email's text. */
function downloadPath(text: string): string {
  const match = /http:\/\/memoir\.test(\/download\/[A-Za-z0-9_-]{43})\s/.exec(text);
  if (match?.[1] === undefined) throw new Error(`No download link in:\n${text}`);
  return match[1];
}

const SAMPLE_BOOK = join(findRootDir(), 'apps', 'server', 'assets', 'sample-book.pdf');

/** The real stamper, counting the copies it makes and failing the next `failNext` of them. */
class CountingStamper extends WorkerPoolBookStamper {
  stamps = 0;
  failNext = 0;

  constructor() {
    super({ bookPath: SAMPLE_BOOK, title: BOOK_TITLE });
  }

  override reserve(): FileBookStampPlace {
    const place = super.reserve();
    const failing = (): boolean => {
      this.stamps += 1;
      if (this.failNext === 0) return false;
      this.failNext -= 1;
      place.release();
      return true;
    };
    return {
      stamp: (owner) => (failing() ? Promise.reject(new Error('No space left on device')) : place.stamp(owner)),
      stampToFile: (owner, path) =>
        failing() ? Promise.reject(new Error('No space left on device')) : place.stampToFile(owner, path),
      release: () => place.release(),
    };
  }
}

/**
 * The free PDF, end to end through HTTP and a real SMTP server: approval, the email, the
 * private link, the stamped copy, expiry and the cap, retries, resend, the owner's emails.
 */
describe('delivering the free PDF', () => {
  let smtp: TestSmtpServer;
  let app: TestApp;
  let token: string;

  const sendDue = () => app.useCases.sendDueDeliveries.execute();
  const requests = async () =>
    (await app.call('GET', '/api/admin/scholarships', { token })).body.requests as ScholarshipRequest[];

  /** The landing page's button: POST the link, then follow the 303 to the copy. */
  async function download(path: string) {
    const posted = await app.call('POST', path, { undocumented: true });
    if (posted.status !== 303) return posted;
    expect(posted.headers.location).toBe(`${path}/file`);
    return app.call('GET', `${path}/file`, { undocumented: true, binary: true });
  }

  async function submitAndDecide(status: 'approved' | 'rejected', adminNotes: string | null = null) {
    const submitted = await app.call('POST', '/api/scholarship-request', {
      body: { name: 'Ada Lovelace', email: 'ada@example.org', message: 'Please', riddleAnswer: ANSWERS.scholarship },
    });
    expect(submitted.status).toBe(201);
    const [pending] = await requests();
    const decided = await app.call('PATCH', `/api/admin/scholarships/${pending?.id ?? ''}`, {
      token,
      body: { status, adminNotes },
    });
    expect(decided.status).toBe(200);
    return pending?.id ?? '';
  }

  const startApp = useTestApps(() => ({ env: { SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'http://memoir.test/' } }));
  async function start(env: Record<string, string> = {}, overrides: Parameters<typeof startApp>[0] = {}) {
    app = await startApp({ ...overrides, env });
    token = await app.signIn();
  }

  beforeEach(async () => {
    smtp = await startTestSmtpServer();
  });

  afterEach(async () => {
    await smtp.close();
  });

  it('emails an approved requester a private link that downloads their stamped copy', async () => {
    await start();
    const id = await submitAndDecide('approved', 'Enjoy the book, Ada!');
    expect((await requests())[0]?.delivery).toMatchObject({ kind: 'approval', status: 'queued', attempts: 0 });

    expect(await sendDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const [email] = await smtp.parsed();
    expect(smtp.received).toHaveLength(1);
    expect(email?.to).toMatchObject({ text: 'ada@example.org' });
    expect(email?.subject).toBe('Your free copy of Root Access');
    expect(email?.text).toContain('Enjoy the book, Ada!');
    expect(email?.html).toContain('Enjoy the book, Ada!');
    const path = downloadPath(email?.text ?? '');
    expect(email?.html).toContain(`http://memoir.test${path}`);

    const landing = await app.call('GET', path, { undocumented: true });
    expect(landing.status).toBe(200);
    expect(landing.text).toContain('Download your copy');
    expect((await requests())[0]?.delivery?.downloadCount).toBe(0);
    const copy = await download(path);
    expect(copy.status).toBe(200);
    expect(copy.headers['content-type']).toBe('application/pdf');
    expect(copy.headers['content-disposition']).toBe('attachment; filename="root-access-ada-lovelace.pdf"');
    expect(copy.headers['cache-control']).toBe('private, no-store');
    const text = pdfText(copy.body as Buffer);
    expect(text).toContain('Subject: Prepared for Ada Lovelace <ada@example.org>');
    for (const page of text.split('--- page ').slice(1)) {
      expect(page).toContain('Prepared for Ada Lovelace <ada@example.org>');
    }

    const [state] = await requests();
    expect(state).toMatchObject({ id, status: 'approved' });
    expect(state?.delivery).toMatchObject({ status: 'sent', attempts: 1, downloadCount: 1, lastError: null });
    expect(state?.delivery?.linkExpiresAt).toBe(new Date(app.clock.now().getTime() + 14 * DAY).toISOString());
  });

  it('stops a link after 5 downloads and after 14 days, with a friendly page', async () => {
    await start();
    await submitAndDecide('approved');
    await sendDue();
    const path = downloadPath((await smtp.parsed())[0]?.text ?? '');
    for (let i = 0; i < 5; i += 1) expect((await download(path)).status).toBe(200);
    const usedUp = await app.call('POST', path, { undocumented: true });
    expect(usedUp.status).toBe(410);
    expect(usedUp.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(usedUp.text).toContain('This download link has been used up');
    expect((await app.call('GET', path, { undocumented: true })).text).toContain('This download link has been used up');
    expect((await requests())[0]?.delivery?.downloadCount).toBe(5);

    // A resend brings a fresh link, which expires 14 days later.
    expect(
      (await app.call('POST', `/api/admin/scholarships/${(await requests())[0]?.id}/resend`, { token })).status,
    ).toBe(202);
    await sendDue();
    const fresh = downloadPath((await smtp.parsed())[1]?.text ?? '');
    expect((await download(fresh)).status).toBe(200);
    app.clock.advance(14 * DAY - 1);
    expect((await download(fresh)).status).toBe(200);
    app.clock.advance(1);
    const expired = await app.call('GET', fresh, { undocumented: true });
    expect(expired.status).toBe(410);
    expect(expired.text).toContain('This download link has expired');
    expect((await app.call('POST', fresh, { undocumented: true })).status).toBe(410);
    expect((await app.call('GET', `${fresh}/file`, { undocumented: true })).status).toBe(410);
    token = await app.signIn(); // the owner's session ended meanwhile
    expect((await requests())[0]?.delivery?.downloadCount).toBe(7);
  });

  /**
   * A reader's browser after the button: the page of a copy being made (202) is followed where
   * its `<meta http-equiv="refresh">` says, with the cookie the button set, until the copy comes
   * (a 303 to it, or the page that starts it). Returns every status met and the copy.
   */
  async function readerDownload(path: string) {
    let answer = await app.call('POST', path, { undocumented: true });
    const cookie = String(answer.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
    const statuses = [answer.status];
    const refreshOf = (page: request.Response) =>
      /<meta http-equiv="refresh" content="\d+;url=([^"]+)">/.exec(page.text)?.[1] ?? '';
    while (answer.status === 202) {
      expect(refreshOf(answer)).toBe(`${path}/wait`);
      answer = await app.call('GET', refreshOf(answer), { undocumented: true, headers: { Cookie: cookie } });
      statuses.push(answer.status);
    }
    const fileUrl = answer.status === 303 ? String(answer.headers.location) : refreshOf(answer);
    if (answer.status !== 303 && answer.status !== 200) return { statuses, file: answer };
    expect(fileUrl).toBe(`${path}/file`);
    return { statuses, file: await app.call('GET', fileUrl, { undocumented: true, binary: true }) };
  }

  /** `count` approved requests, their emails sent: the download links' paths. */
  async function approvedLinks(count: number): Promise<string[]> {
    for (let n = 0; n < count; n += 1) await submitAndDecide('approved');
    await sendDue();
    return (await smtp.parsed()).map((mail) => downloadPath(mail.text ?? ''));
  }

  const downloadsCounted = async () =>
    (await requests()).reduce((sum, one) => sum + (one.delivery?.downloadCount ?? 0), 0);

  it('gives every reader of a crowd their copy, none told the site is busy, each counted once', async () => {
    // One stamping thread, the default bounds: the crowd waits its turn rather than being refused.
    await start(
      {},
      {
        overrides: { bookStamper: new WorkerPoolBookStamper({ bookPath: SAMPLE_BOOK, title: BOOK_TITLE, threads: 1 }) },
      },
    );
    const links = await approvedLinks(8);
    expect(links).toHaveLength(8);
    const readers = await Promise.all(links.map((path) => readerDownload(path)));
    for (const { statuses, file } of readers) {
      expect(statuses).not.toContain(503);
      expect(file.status).toBe(200);
      expect(pdfText(file.body as Buffer)).toContain('Prepared for Ada Lovelace <ada@example.org>.');
    }
    expect(await downloadsCounted()).toBe(8);
    expect(readdirSync(join(app.config.dataDir, 'copies'))).toHaveLength(8); // one copy a link, no mark left
    // Eight copies of the real book on one thread: seconds on a busy machine.
  }, 60_000);

  it('shows a page while the copy is made, which asks again by itself until the download starts', async () => {
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    /** The real stamper, each copy held until the test lets it go. */
    class GatedStamper extends WorkerPoolBookStamper {
      override reserve(): FileBookStampPlace {
        const place = super.reserve();
        return { ...place, stampToFile: (owner, to) => gate.then(() => place.stampToFile(owner, to)) };
      }
    }
    const bookStamper = new GatedStamper({ bookPath: SAMPLE_BOOK, title: BOOK_TITLE });
    await start({}, { overrides: { bookStamper, copyWaitMs: 0 } });
    const [path = ''] = await approvedLinks(1);

    const pressed = await app.call('POST', path, { undocumented: true });
    expect(pressed.status).toBe(202);
    expect(pressed.text).toContain('<h1>Your copy is being made</h1>');
    expect(pressed.text).toContain(`<meta http-equiv="refresh" content="2;url=${path}/wait">`);
    const cookie = String(pressed.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
    expect(cookie).toBe('copy_asked=1');
    const again = await app.call('GET', `${path}/wait`, { undocumented: true, headers: { Cookie: cookie } });
    expect(again.status).toBe(202);
    expect(await downloadsCounted()).toBe(0);

    release();
    const { statuses, file } = await (async () => {
      const seen: number[] = [];
      for (;;) {
        const answer = await app.call('GET', `${path}/wait`, { undocumented: true, headers: { Cookie: cookie } });
        seen.push(answer.status);
        if (answer.status !== 202) {
          expect(answer.text).toContain(`<meta http-equiv="refresh" content="0;url=${path}/file">`);
          return { statuses: seen, file: await app.call('GET', `${path}/file`, { undocumented: true, binary: true }) };
        }
      }
    })();
    expect(statuses.at(-1)).toBe(200);
    expect(file.status).toBe(200);
    expect(pdfText(file.body as Buffer)).toContain('Prepared for Ada Lovelace <ada@example.org>.');
    expect(await downloadsCounted()).toBe(1);
  });

  it('answers busy when the queue is over its bytes of book, with a page that tries again, and counts nothing', async () => {
    // One thread, and bytes for one copy of the book: of two first downloads at once, one is
    // stamped, the other refused.
    const bookStamper = new WorkerPoolBookStamper({
      bookPath: SAMPLE_BOOK,
      title: BOOK_TITLE,
      workerFile: SLOW_STAMP_WORKER,
      threads: 1,
      maxQueueBytes: statSync(SAMPLE_BOOK).size,
    });
    await start({}, { overrides: { bookStamper } });
    // Two links (one link's two clicks would share one stamping).
    const [path = '', other = ''] = await approvedLinks(2);
    const answers = await Promise.all([
      app.call('POST', path, { undocumented: true, binary: true }),
      app.call('POST', other, { undocumented: true, binary: true }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 503]);
    const busy = answers.find((answer) => answer.status === 503);
    const busyPath = busy === answers[0] ? path : other;
    expect(busy?.headers['retry-after']).toBe('60');
    expect(busy?.headers['content-type']).toBe('text/html; charset=utf-8');
    const page = Buffer.from(busy?.body as Buffer).toString('utf8');
    expect(page).toContain(ERROR_MESSAGES.downloadBusy);
    expect(page).toContain(`<meta http-equiv="refresh" content="60;url=${busyPath}/wait">`);
    expect(await downloadsCounted()).toBe(1);

    // The bytes are free again once the copy is made: the refused reader's page, asking again, gets it.
    const cookie = String(busy?.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
    const retried = await app.call('GET', `${busyPath}/wait`, { undocumented: true, headers: { Cookie: cookie } });
    expect(retried.status).toBe(200);
    expect((await download(path)).status).toBe(200);
    expect(await downloadsCounted()).toBe(3);
  });

  it('counts nothing when the copy cannot be made, stamps a copy once, and serves it again and in ranges', async () => {
    const bookStamper = new CountingStamper();
    await start({}, { overrides: { bookStamper } });
    await submitAndDecide('approved');
    await sendDue();
    const path = downloadPath((await smtp.parsed())[0]?.text ?? '');

    bookStamper.failNext = 1;
    const failed = await app.call('POST', path, { undocumented: true });
    expect(failed.status).toBe(503);
    expect(failed.text).toContain(ERROR_MESSAGES.downloadCopyFailed);
    expect((await requests())[0]?.delivery?.downloadCount).toBe(0);
    const copies = join(app.config.dataDir, 'copies');
    expect(existsSync(copies) ? readdirSync(copies) : []).toEqual([]); // nothing half-written is left

    const first = await download(path);
    const second = await download(path);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(Buffer.compare(first.body as Buffer, second.body as Buffer)).toBe(0);
    expect(bookStamper.stamps).toBe(2); // the failed one, then one copy for both downloads
    expect((await requests())[0]?.delivery?.downloadCount).toBe(2);

    // Kept owner-only, and resumable: the last 100 bytes, counting nothing.
    const folder = copies;
    const [file] = readdirSync(folder);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(join(folder, file ?? '')).mode & 0o777).toBe(0o600);
    const size = (first.body as Buffer).length;
    const tail = await app.call('GET', `${path}/file`, {
      undocumented: true,
      binary: true,
      headers: { Range: 'bytes=-100' },
    });
    expect(tail.status).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${size - 100}-${size - 1}/${size}`);
    expect(Buffer.compare(tail.body as Buffer, (first.body as Buffer).subarray(size - 100))).toBe(0);
    expect((await requests())[0]?.delivery?.downloadCount).toBe(2);
  });

  it('withdraws a link through Resend and through the owner, removing its kept copy, audited', async () => {
    await start();
    const id = await submitAndDecide('approved');
    await sendDue();
    const first = downloadPath((await smtp.parsed())[0]?.text ?? '');
    expect((await download(first)).status).toBe(200);
    const copies = join(app.config.dataDir, 'copies');
    expect(readdirSync(copies)).toHaveLength(1);

    expect((await app.call('POST', `/api/admin/scholarships/${id}/resend`, { token })).status).toBe(202);
    const withdrawn = await app.call('GET', first, { undocumented: true });
    expect(withdrawn.status).toBe(410);
    expect(withdrawn.text).toContain('This download link has been withdrawn');
    expect(readdirSync(copies)).toEqual([]);

    await sendDue();
    const second = downloadPath((await smtp.parsed())[1]?.text ?? '');
    expect((await download(second)).status).toBe(200);
    const revoked = await app.call('POST', `/api/admin/scholarships/${id}/revoke-link`, { token });
    expect([revoked.status, revoked.body]).toEqual([200, { success: true, revoked: 1 }]);
    expect((await app.call('POST', second, { undocumented: true })).status).toBe(410);
    expect((await app.call('GET', `${second}/file`, { undocumented: true })).status).toBe(410);
    expect(readdirSync(copies)).toEqual([]);
    expect((await requests())[0]?.delivery?.linkRevokedAt).toBe(app.clock.now().toISOString());

    const again = await app.call('POST', `/api/admin/scholarships/${id}/revoke-link`, { token });
    expect([again.status, again.body.code]).toEqual([409, 'DELIVERY.NO_LINK']);
    const logs = (await app.call('GET', '/api/admin/audit-logs?action=revoke_link', { token })).body.logs as Array<{
      action: string;
      resourceId: string;
    }>;
    expect(logs).toMatchObject([{ action: 'revoke_link', resourceId: id }]);
  });

  it('answers an unknown or malformed link with a friendly page, and a HEAD without counting', async () => {
    await start();
    await submitAndDecide('approved');
    await sendDue();
    const path = downloadPath((await smtp.parsed())[0]?.text ?? '');
    for (const wrong of ['/download/' + 'A'.repeat(43), '/download/short', '/download/%00%ff']) {
      const response = await app.call('GET', wrong, { undocumented: true });
      expect(response.status).toBe(404);
      expect(response.text).toContain('This download link is not valid');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    }
    // A mail scanner: GET and HEAD of the landing page, and of the copy's address, count nothing.
    for (const method of ['GET', 'HEAD'] as const) {
      expect((await app.call(method as 'GET', path, { undocumented: true })).status).toBe(200);
      const file = await app.call(method as 'GET', `${path}/file`, { undocumented: true });
      expect([file.status, file.headers.location]).toEqual([303, path]);
    }
    expect((await requests())[0]?.delivery?.downloadCount).toBe(0);
  });

  it('retries when the SMTP server refuses, then shows the failure and its reason; Resend recovers', async () => {
    await start({ DELIVERY_MAX_ATTEMPTS: '3', DELIVERY_RETRY_DELAY: '1m' });
    const id = await submitAndDecide('approved');
    smtp.refuseWith = { code: 451, message: 'Mailbox busy, try later' };

    expect(await sendDue()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    app.clock.advance(60_000);
    expect(await sendDue()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    app.clock.advance(59_999);
    expect(await sendDue()).toEqual({ sent: 0, retrying: 0, failed: 0 }); // the second wait is 2 minutes
    app.clock.advance(60_001);
    expect(await sendDue()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const [failed] = await requests();
    expect(failed?.delivery).toMatchObject({ status: 'failed', attempts: 3 });
    expect(failed?.delivery?.lastError).toMatch(/451.*Mailbox busy, try later/);

    smtp.refuseWith = null;
    expect((await app.call('POST', `/api/admin/scholarships/${id}/resend`, { token })).body).toEqual({ success: true });
    expect((await app.call('POST', `/api/admin/scholarships/${id}/resend`, { token })).status).toBe(409);
    expect(await sendDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect((await requests())[0]?.delivery).toMatchObject({ status: 'sent', attempts: 1 });
    const logs = (await app.call('GET', '/api/admin/audit-logs', { token })).body.logs as Array<{ action: string }>;
    expect(logs[0]).toMatchObject({ action: 'resend', resourceType: 'scholarship_request', resourceId: id });
  });

  it('refuses a resend for a request that is pending or rejected', async () => {
    await start({ NOTIFY_REJECTIONS: 'on' });
    const rejected = await submitAndDecide('rejected', 'Students only, sorry.');
    const resend = await app.call('POST', `/api/admin/scholarships/${rejected}/resend`, { token });
    expect(resend.status).toBe(409);
    expect(resend.body).toMatchObject({ success: false, code: 'DELIVERY.NOT_APPROVED' });
    await sendDue();
    const [polite] = await smtp.parsed();
    expect(polite?.subject).toBe('About your request for Root Access');
    expect(polite?.text).toContain('Students only, sorry.');
    expect(
      (await app.call('POST', '/api/admin/scholarships/00000000-0000-4000-8000-000000000000/resend', { token })).status,
    ).toBe(404);
  });

  it('sends no rejection email unless NOTIFY_REJECTIONS is on', async () => {
    await start();
    await submitAndDecide('rejected');
    expect(await sendDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect((await requests())[0]?.delivery).toBeNull();
  });

  it('tells the owner of each new request and entry, with a link to the admin screen', async () => {
    await start({ OWNER_EMAIL: 'owner@memoir.test' });
    await app.call('POST', '/api/guestbook-entry', {
      body: { name: 'Linus', location: 'Helsinki', message: 'Great read', riddleAnswer: ANSWERS.guestbook },
    });
    await submitAndDecide('approved');
    await sendDue();
    const emails = await smtp.parsed();
    const toOwner = emails.filter((email) => (email.to as { text: string }).text === 'owner@memoir.test');
    expect(toOwner.map((email) => email.subject).sort()).toEqual([
      'New guestbook entry from Linus',
      'New scholarship request from Ada Lovelace',
    ]);
    expect(toOwner.map((email) => email.text).join('\n')).toContain('http://memoir.test/admin/scholarships');
  });

  it('shows the 24-hour promise on the dashboard', async () => {
    await start();
    await app.call('POST', '/api/scholarship-request', {
      body: { name: 'Grace', email: 'grace@example.org', riddleAnswer: ANSWERS.scholarship },
    });
    const createdAt = app.clock.now().toISOString();
    app.clock.advance(DAY + 1);
    token = await app.signIn(); // the owner's session ended meanwhile
    const dashboard = await app.call('GET', '/api/admin/dashboard', { token });
    expect(dashboard.body.scholarshipPromise).toEqual({ overdue: 1, oldestPendingAt: createdAt });
  });

  it('writes .eml files to the outbox when no SMTP server is configured', async () => {
    await start({ SMTP_URL: '' });
    await submitAndDecide('approved');
    expect(await sendDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const outbox = join(app.config.dataDir, 'outbox');
    const [file] = readdirSync(outbox);
    const email = await simpleParser(readFileSync(join(outbox, file ?? '')));
    expect(email.subject).toBe('Your free copy of Root Access');
    expect((await download(downloadPath(email.text ?? ''))).status).toBe(200);
    expect(smtp.received).toEqual([]);
  });
});
