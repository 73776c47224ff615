import { describe, expect, it } from '@jest/globals';
import { RecordingMailer } from '@memoir/domain/memory';

import { nuHtmlErrors } from '../../../tools/nu-html-checker';
import { ANSWERS, useTestApps, type TestApp } from './support/test-app';

/*
 * The reader list over HTTP: the sign-up and the forms' box, the confirmation's button, the
 * one-click unsubscribe (RFC 8058), and every refusal a clear 400, never a 5xx.
 */

const BASE = 'https://memoir.example';

describe('the reader list', () => {
  const startApp = useTestApps();
  let mailer: RecordingMailer;

  const start = async () => {
    mailer = new RecordingMailer();
    return startApp({ env: { PUBLIC_BASE_URL: BASE }, overrides: { mailer } });
  };
  const signUp = (app: TestApp, body: Record<string, unknown>) =>
    app.call('POST', '/api/readers', { body, headers: { 'User-Agent': 'Reader browser' } });
  const reader = (app: TestApp, email: string) => app.persistence.repositories.readers.findByEmail(email);
  /** The token of a link of the newest email to the address, once the worker has sent it. */
  const linkOf = async (app: TestApp, to: string, page: 'confirm' | 'unsubscribe') => {
    await app.useCases.sendDueDeliveries.execute();
    const mail = mailer.sent.filter((sent) => sent.to === to).at(-1);
    const token = mail?.text.match(new RegExp(`${BASE}/readers/${page}\\?token=([\\w-]+)`))?.[1];
    if (token === undefined) throw new Error(`no ${page} link to ${to}`);
    return token;
  };

  it('answers every sign-up alike, and mails one confirmation with the list headers', async () => {
    const app = await start();
    const first = await signUp(app, { email: 'ada@example.org', name: 'Ada', consent: true });
    expect([first.status, first.body]).toEqual([202, { success: true }]);
    const again = await signUp(app, { email: 'ADA@example.org', consent: true });
    expect([again.status, again.body]).toEqual([202, { success: true }]);
    expect(await reader(app, 'ada@example.org')).toMatchObject({
      status: 'pending',
      source: 'signup-form',
      consentText: 'Email me when there is news about the book',
      signUpUserAgent: 'Reader browser',
    });
    await app.useCases.sendDueDeliveries.execute();
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]?.listUnsubscribeUrl).toMatch(
      new RegExp(`^${BASE}/api/readers/unsubscribe\\?token=[\\w-]{43}$`),
    );
  });

  it('refuses what is not a sign-up with a clear 400, and drops a bot quietly', async () => {
    const app = await start();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: 'ada@example.org', consent: false }, 'consent'],
      [{ email: 'ada@example.org', consent: 'yes' }, 'consent'],
      [{ email: 'ada@example.org' }, 'consent'],
      [{ email: 'ada@', consent: true }, 'email'],
      [{ consent: true }, 'email'],
      [{ email: 'ada@example.org', name: 'a'.repeat(101), consent: true }, 'name'],
      [{ email: 'ada@example.org', consent: true, riddleAnswer: 'wrong' }, 'riddleAnswer'],
    ];
    for (const [body, field] of cases) {
      const answer = await signUp(app, body);
      expect([answer.status, Object.keys(answer.body.fieldErrors ?? {})]).toEqual([400, [field]]);
    }
    // A name far too long is refused before the use case reads it, with the field's own limit.
    const huge = await signUp(app, { email: 'ada@example.org', name: 'a'.repeat(5000), consent: true });
    expect([huge.status, huge.body.fieldErrors]).toEqual([400, { name: 'Name must be at most 100 characters.' }]);
    const bot = await signUp(app, { email: 'bot@example.org', consent: true, website: 'http://spam.example' });
    expect(bot.status).toBe(202);
    expect(await reader(app, 'bot@example.org')).toBeNull();
    expect(await reader(app, 'ada@example.org')).toBeNull();
  });

  it("takes the forms' unticked box: the guestbook with the reader's address, the request with its own", async () => {
    const app = await start();
    const entry = { name: 'Ada', message: 'Lovely book', riddleAnswer: ANSWERS.guestbook, subscribe: true };
    const withoutEmail = await app.call('POST', '/api/guestbook-entry', { body: entry });
    expect([withoutEmail.status, withoutEmail.body.fieldErrors]).toEqual([400, { email: 'Email is required.' }]);
    expect(await app.persistence.repositories.guestbookEntries.listAll()).toEqual([]);
    const signed = await app.call('POST', '/api/guestbook-entry', { body: { ...entry, email: 'ada@example.org' } });
    expect(signed.status).toBe(201);
    expect(await reader(app, 'ada@example.org')).toMatchObject({ source: 'guestbook', name: 'Ada' });

    const request = { name: 'Grace', email: 'grace@example.org', riddleAnswer: ANSWERS.scholarship };
    expect((await app.call('POST', '/api/scholarship-request', { body: request })).status).toBe(201);
    expect(await reader(app, 'grace@example.org')).toBeNull();
    const ticked = { ...request, email: 'grace.h@example.org', subscribe: true, reviewReminder: true };
    expect((await app.call('POST', '/api/scholarship-request', { body: ticked })).status).toBe(201);
    expect(await reader(app, 'grace.h@example.org')).toMatchObject({ source: 'scholarship', status: 'pending' });
    const requests = await app.persistence.repositories.scholarshipRequests.listAll();
    expect(requests.map((kept) => [kept.email, kept.reviewReminder]).sort()).toEqual([
      ['grace.h@example.org', true],
      ['grace@example.org', false],
    ]);
  });

  it('confirms through the POST only, with where from, and refuses a link not ours', async () => {
    const app = await start();
    await signUp(app, { email: 'ada@example.org', consent: true });
    const token = await linkOf(app, 'ada@example.org', 'confirm');
    const confirmed = await app.call('POST', '/api/readers/confirm', {
      body: { token },
      headers: { 'User-Agent': 'Phone' },
    });
    expect([confirmed.status, confirmed.body]).toEqual([200, { success: true }]);
    expect(await reader(app, 'ada@example.org')).toMatchObject({ status: 'confirmed', confirmUserAgent: 'Phone' });
    for (const bad of ['', 'x', 'a'.repeat(43), '../../etc/passwd']) {
      const answer = await app.call('POST', '/api/readers/confirm', { body: { token: bad } });
      expect(answer.status).toBe(404);
    }
    expect((await app.call('POST', '/api/readers/confirm', { body: {} })).status).toBe(400);
    expect((await app.call('POST', '/api/readers/confirm', { body: { token: 7 } })).status).toBe(400);
  });

  it("confirms through the page's button only: opening the link leaves the reader pending", async () => {
    const app = await start();
    await signUp(app, { email: 'ada@example.org', consent: true });
    const token = await linkOf(app, 'ada@example.org', 'confirm');
    const page = await app.call('GET', `/readers/confirm?token=${token}`, { undocumented: true });
    expect([page.status, page.headers['referrer-policy']]).toEqual([200, 'no-referrer']);
    expect(page.text).toContain('<form method="post" action="/readers/confirm">');
    expect(page.text).toContain(`name="token" value="${token}"`);
    expect(page.text).toContain('Yes, email me the news');
    expect((await reader(app, 'ada@example.org'))?.status).toBe('pending');

    const pressed = await app.call('POST', '/readers/confirm', {
      rawBody: `token=${token}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      undocumented: true,
    });
    expect([pressed.status, pressed.text.includes('You are on the list.')]).toEqual([200, true]);
    expect((await reader(app, 'ada@example.org'))?.status).toBe('confirmed');
    const again = await app.call('GET', `/readers/confirm?token=${token}`, { undocumented: true });
    expect([again.status, again.text.includes('<form')]).toEqual([200, false]);
    const unknown = await app.call('GET', '/readers/confirm?token=nope', { undocumented: true });
    // Valid HTML, each state of the page (the Nu Html Checker).
    for (const html of [page.text, pressed.text, again.text, unknown.text]) expect(nuHtmlErrors(html)).toEqual([]);

    for (const [path, status] of [
      ['/readers/confirm', 404],
      ['/readers/confirm?token=nope', 404],
      [`/readers/confirm?token=${'z'.repeat(43)}`, 404],
      ['/readers/unsubscribe?token=%ZZ', 404],
    ] as const) {
      expect((await app.call('GET', path, { undocumented: true })).status).toBe(status);
    }
  }, 30_000); // the Nu Html Checker takes a few seconds

  it("unsubscribes through the page's own button, and says so", async () => {
    const app = await start();
    await signUp(app, { email: 'ada@example.org', consent: true });
    const token = await linkOf(app, 'ada@example.org', 'unsubscribe');
    const page = await app.call('GET', `/readers/unsubscribe?token=${token}`, { undocumented: true });
    expect(page.text).toContain('<form method="post" action="/readers/unsubscribe">');
    expect((await reader(app, 'ada@example.org'))?.status).toBe('pending');
    const pressed = await app.call('POST', '/readers/unsubscribe', {
      rawBody: `token=${token}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      undocumented: true,
    });
    expect([pressed.status, pressed.text.includes('You have left the list')]).toEqual([200, true]);
    expect(await reader(app, 'ada@example.org')).toMatchObject({ status: 'unsubscribed', unsubscribedBy: 'page' });
  });

  it('unsubscribes at once with the RFC 8058 one-click body, and with JSON too', async () => {
    const app = await start();
    await signUp(app, { email: 'ada@example.org', consent: true });
    const token = await linkOf(app, 'ada@example.org', 'unsubscribe');
    const oneClick = await app.call('POST', `/api/readers/unsubscribe?token=${token}`, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect([oneClick.status, oneClick.body]).toEqual([200, { success: true }]);
    expect(await reader(app, 'ada@example.org')).toMatchObject({ status: 'unsubscribed', unsubscribedBy: 'one-click' });
    const json = await app.call('POST', `/api/readers/unsubscribe?token=${token}`, {
      body: { 'List-Unsubscribe': 'One-Click' },
    });
    expect(json.status).toBe(200);
    const missing = await app.call('POST', '/api/readers/unsubscribe', { body: {} });
    expect(missing.status).toBe(400);
    const unknown = await app.call('POST', `/api/readers/unsubscribe?token=${'b'.repeat(43)}`, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(unknown.status).toBe(404);
    const odd = await app.call('POST', `/api/readers/unsubscribe?token=${token}`, {
      rawBody: 'List-Unsubscribe=Something',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(odd.status).toBe(400);
  });
});
