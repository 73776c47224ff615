import { beforeEach, describe, expect, it } from '@jest/globals';

import { READER_CONSENT_TEXTS } from '@memoir/shared';

import { createWorld, errorOf, FROM_BROWSER, GUESTBOOK_ANSWER, valueOf, type World } from '../../test/world';
import { mayReceiveListMail } from './list-mail';
import type { SignUpReaderInput } from './sign-up-reader.use-case';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const FROM_PHONE = { ipAddress: '198.51.100.23', userAgent: 'Phone browser' };

describe('readers', () => {
  let world: World;

  const signUp = (fields: Partial<SignUpReaderInput> = {}, context = FROM_BROWSER) =>
    world.useCases.signUpReader.execute(
      { email: 'ada@example.org', name: 'Ada', consent: true, source: 'signup-form', ...fields },
      context,
    );
  const reader = async (email = 'ada@example.org') => {
    const found = await world.repositories.readers.findByEmail(email);
    if (found === null) throw new Error(`no reader ${email}`);
    return found;
  };
  const send = () => world.useCases.sendDueDeliveries.execute();
  const mailsTo = (email: string) => world.mailer.sent.filter((mail) => mail.to === email);
  /** The token of the newest link of this kind that went to the address. */
  const linkOf = (email: string, page: 'confirm' | 'unsubscribe') => {
    const mail = mailsTo(email).at(-1);
    const match = mail?.text.match(new RegExp(`/readers/${page}\\?token=([A-Za-z0-9_-]+)`));
    if (match?.[1] === undefined) throw new Error(`no ${page} link to ${email}`);
    return match[1];
  };

  beforeEach(() => {
    world = createWorld();
  });

  it('keeps a new sign-up pending with its consent record, and mails the confirmation with the list headers', async () => {
    expect(valueOf(await signUp({ email: ' Ada@Example.org ' }))).toBe('new');
    expect(await reader('ada@example.org')).toEqual({
      id: expect.any(String),
      email: 'Ada@Example.org',
      emailKey: 'ada@example.org',
      name: 'Ada',
      status: 'pending',
      source: 'signup-form',
      consentVersion: 1,
      consentText: READER_CONSENT_TEXTS[1],
      signedUpAt: world.clock.now(),
      signUpIp: FROM_BROWSER.ipAddress,
      signUpUserAgent: FROM_BROWSER.userAgent,
      confirmedAt: null,
      confirmIp: null,
      confirmUserAgent: null,
      unsubscribedAt: null,
      unsubscribedBy: null,
      confirmationsSent: 1,
      lastConfirmationAt: world.clock.now(),
    });
    expect(await send()).toMatchObject({ sent: 1 });
    const [mail] = mailsTo('Ada@Example.org');
    expect(mail?.subject).toBe('Please confirm: news about Root Access');
    expect(mail?.text).toContain('https://memoir.example/readers/confirm?token=');
    expect(mail?.html).toContain('https://memoir.example/readers/confirm?token=');
    expect(mail?.listUnsubscribeUrl).toMatch(/^https:\/\/memoir\.example\/api\/readers\/unsubscribe\?token=[\w-]{43}$/);
    // The header's token and the page's are one: either way leads off the list.
    expect(mail?.listUnsubscribeUrl?.split('token=')[1]).toBe(
      mail?.text.match(/\/readers\/unsubscribe\?token=([\w-]+)/)?.[1],
    );
    // Every link of the email goes to the public site.
    for (const url of `${mail?.text} ${mail?.html}`.match(/https?:\/\/[^\s"<]+/g) ?? []) {
      expect(url.startsWith('https://memoir.example/')).toBe(true);
    }
  });

  it('confirms only through the button: the page changes nothing, the button once, with where from', async () => {
    await signUp();
    await send();
    const token = linkOf('ada@example.org', 'confirm');
    expect(valueOf(await world.useCases.confirmReader.view(token))).toBe('ready');
    expect((await reader()).status).toBe('pending');

    world.clock.advance(HOUR);
    expect(valueOf(await world.useCases.confirmReader.confirm(token, FROM_PHONE))).toBe('confirmed');
    expect(await reader()).toMatchObject({
      status: 'confirmed',
      confirmedAt: world.clock.now(),
      confirmIp: FROM_PHONE.ipAddress,
      confirmUserAgent: FROM_PHONE.userAgent,
      confirmationsSent: 0,
    });
    // The link is used: pressing again says the same and changes nothing.
    world.clock.advance(HOUR);
    expect(valueOf(await world.useCases.confirmReader.confirm(token, FROM_BROWSER))).toBe('confirmed');
    expect((await reader()).confirmIp).toBe(FROM_PHONE.ipAddress);
    expect(valueOf(await world.useCases.confirmReader.view(token))).toBe('done');
  });

  it('refuses a link that is not ours, mistyped, or past its 14 days', async () => {
    for (const token of [undefined, '', 'short', 'x'.repeat(200), '../../etc/passwd', 'tok' + '0'.repeat(40)]) {
      expect(errorOf(await world.useCases.confirmReader.confirm(token, FROM_BROWSER)).code).toBe(
        'READER.LINK_NOT_FOUND',
      );
      expect(errorOf(await world.useCases.unsubscribeReader.unsubscribe(token, 'page')).code).toBe(
        'READER.LINK_NOT_FOUND',
      );
    }
    await signUp();
    await send();
    const token = linkOf('ada@example.org', 'confirm');
    // A confirmation link is no unsubscribe link, nor the other way round.
    expect(errorOf(await world.useCases.unsubscribeReader.unsubscribe(token, 'page')).code).toBe(
      'READER.LINK_NOT_FOUND',
    );
    world.clock.advance(14 * DAY);
    expect(errorOf(await world.useCases.confirmReader.view(token)).code).toBe('READER.LINK_EXPIRED');
    expect(errorOf(await world.useCases.confirmReader.confirm(token, FROM_BROWSER)).code).toBe('READER.LINK_EXPIRED');
    expect((await reader()).status).toBe('pending');
  });

  it('refuses a sign-up without the ticked box, with a bad address, a long name or a wrong riddle answer', async () => {
    expect(errorOf(await signUp({ consent: false })).fieldErrors).toEqual({
      consent: 'Tick the box to ask for the news.',
    });
    expect(errorOf(await signUp({ consent: 'true' })).code).toBe('READER.INVALID');
    expect(errorOf(await signUp({ email: 'not-an-address' })).fieldErrors).toEqual({
      email: 'Please enter a valid email address.',
    });
    expect(errorOf(await signUp({ email: null })).fieldErrors).toEqual({ email: 'Email is required.' });
    expect(errorOf(await signUp({ name: 'a'.repeat(101) })).fieldErrors).toEqual({
      name: 'Name must be at most 100 characters.',
    });
    expect(errorOf(await signUp({ name: 'Ada\u202e' })).code).toBe('READER.INVALID');
    expect(errorOf(await signUp({ riddleAnswer: 'wrong' })).code).toBe('READER.WRONG_RIDDLE_ANSWER');
    expect(await world.repositories.readers.findByEmail('ada@example.org')).toBeNull();
    expect(valueOf(await signUp({ riddleAnswer: ` ${GUESTBOOK_ANSWER.toUpperCase()} `, name: '  ' }))).toBe('new');
    expect((await reader()).name).toBeNull();
  });

  it('answers a confirmed address the same and sends it nothing', async () => {
    await signUp();
    await send();
    await world.useCases.confirmReader.confirm(linkOf('ada@example.org', 'confirm'), FROM_BROWSER);
    world.clock.advance(2 * HOUR);
    const before = world.mailer.sent.length;
    expect(valueOf(await signUp({ name: 'Someone else' }))).toBe('already-confirmed');
    await send();
    expect(world.mailer.sent).toHaveLength(before);
    expect(await reader()).toMatchObject({ status: 'confirmed', name: 'Ada' });
  });

  it('resends a pending confirmation at most 3 times, at least an hour apart', async () => {
    await signUp();
    expect(valueOf(await signUp())).toBe('capped');
    for (let resend = 1; resend <= 3; resend += 1) {
      world.clock.advance(HOUR - 1);
      expect(valueOf(await signUp())).toBe('capped');
      world.clock.advance(1);
      expect(valueOf(await signUp())).toBe('resent');
    }
    world.clock.advance(DAY);
    expect(valueOf(await signUp())).toBe('capped');
    expect(await send()).toMatchObject({ sent: 4 });
    expect(mailsTo('ada@example.org')).toHaveLength(4);
  });

  it('unsubscribes at once by one click, keeps how, and asks an address that signs up again to confirm afresh', async () => {
    await signUp();
    await send();
    await world.useCases.confirmReader.confirm(linkOf('ada@example.org', 'confirm'), FROM_BROWSER);
    const unsubscribe = linkOf('ada@example.org', 'unsubscribe');
    expect(valueOf(await world.useCases.unsubscribeReader.view(unsubscribe))).toBe('ready');
    expect((await reader()).status).toBe('confirmed');

    world.clock.advance(DAY);
    const left = world.clock.now();
    expect(valueOf(await world.useCases.unsubscribeReader.unsubscribe(unsubscribe, 'one-click'))).toBe('unsubscribed');
    expect(await reader()).toMatchObject({ status: 'unsubscribed', unsubscribedAt: left, unsubscribedBy: 'one-click' });
    expect(await mayReceiveListMail(await reader(), world.repositories.suppressions)).toBe(false);
    world.clock.advance(HOUR);
    expect(valueOf(await world.useCases.unsubscribeReader.unsubscribe(unsubscribe, 'page'))).toBe('unsubscribed');
    expect(await reader()).toMatchObject({ unsubscribedAt: left, unsubscribedBy: 'one-click' });
    expect(valueOf(await world.useCases.unsubscribeReader.view(unsubscribe))).toBe('done');

    world.clock.advance(DAY);
    expect(valueOf(await signUp({ source: 'guestbook' }, FROM_PHONE))).toBe('again');
    expect(await reader()).toMatchObject({
      status: 'pending',
      source: 'guestbook',
      signedUpAt: world.clock.now(),
      signUpIp: FROM_PHONE.ipAddress,
      confirmedAt: null,
      unsubscribedAt: left,
      unsubscribedBy: 'one-click',
    });
    expect(await send()).toMatchObject({ sent: 1 });
    expect(valueOf(await world.useCases.confirmReader.confirm(linkOf('ada@example.org', 'confirm'), FROM_PHONE))).toBe(
      'confirmed',
    );
    expect(await mayReceiveListMail(await reader(), world.repositories.suppressions)).toBe(true);
  });

  it('does not bring back a reader who left through an older confirmation link', async () => {
    await signUp();
    await send();
    const confirm = linkOf('ada@example.org', 'confirm');
    await world.useCases.unsubscribeReader.unsubscribe(linkOf('ada@example.org', 'unsubscribe'), 'page');
    expect(errorOf(await world.useCases.confirmReader.confirm(confirm, FROM_BROWSER)).code).toBe('READER.LINK_USED');
    expect((await reader()).status).toBe('unsubscribed');
  });

  it('stops list mail to a suppressed address, and records a complaint as leaving', async () => {
    await signUp();
    await send();
    await world.useCases.confirmReader.confirm(linkOf('ada@example.org', 'confirm'), FROM_BROWSER);
    await world.repositories.suppressions.suppress({
      email: 'ada@example.org',
      reason: 'bounce',
      at: world.clock.now(),
    });
    expect(await mayReceiveListMail(await reader(), world.repositories.suppressions)).toBe(false);

    const outcome = await world.useCases.recordMailEvent.execute({
      provider: 'postmark',
      eventId: 'complaint-1',
      sentAt: world.clock.now(),
      kind: 'complaint',
      emails: ['ADA@example.org'],
    });
    expect(outcome).toBe('recorded');
    expect(await reader()).toMatchObject({
      status: 'unsubscribed',
      unsubscribedAt: world.clock.now(),
      unsubscribedBy: 'complaint',
    });
  });

  it('sends no confirmation to an address that bounced after the sign-up, nor for a reader gone', async () => {
    await signUp();
    world.clock.advance(1000);
    await world.repositories.suppressions.suppress({
      email: 'ada@example.org',
      reason: 'bounce',
      at: world.clock.now(),
    });
    expect(await send()).toMatchObject({ failed: 1 });
    // A sign-up after the bounce is the reader asking again: it goes.
    await signUp({ email: 'grace@example.org' });
    await world.repositories.readers.deleteByEmail('grace@example.org');
    expect(await send()).toMatchObject({ failed: 1 });
    expect(world.mailer.sent).toEqual([]);
  });

  it('keeps the consent record in the export, and erases it', async () => {
    await signUp();
    const exported = valueOf(await world.useCases.exportPerson.execute({ email: 'ADA@example.org' }));
    expect(exported.reader).toMatchObject({
      email: 'ada@example.org',
      status: 'pending',
      consent: { version: 1, text: READER_CONSENT_TEXTS[1], ip: FROM_BROWSER.ipAddress },
    });
    const erased = valueOf(await world.useCases.erasePerson.execute({ email: 'ada@example.org' }));
    expect(erased.counts.readers).toBe(1);
    expect(await world.repositories.readers.findByEmail('ada@example.org')).toBeNull();
  });

  it('deletes an unconfirmed sign-up after 30 days in the retention run', async () => {
    await signUp();
    const run = (days: number) =>
      world.useCases.applyRetention.execute({ asOf: new Date(world.clock.now().getTime() + days * DAY), dryRun: true });
    expect((await run(30)).counts.unconfirmedReadersDeleted).toBe(0);
    expect((await run(31)).counts.unconfirmedReadersDeleted).toBe(1);
  });
});
