import { execFileSync } from 'node:child_process';
import { createHmac, createSign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { snsStringToSign, type SnsEndpoint } from '@memoir/http-koa';
import { aDelivery, aScholarshipRequest } from '@memoir/domain/testing';

import { useTestApps, type TestApp } from './support/test-app';

/*
 * POST /api/mail-events/{provider}: each provider's own proof checked (SNS's signature by a
 * certificate, here a local one standing in for Amazon's; Postmark's basic auth; Mailgun's
 * HMAC), replays and stale events refused, nothing changed by what is refused, never a 5xx.
 */

const SECRET = 'a-long-random-webhook-secret';
const CERT_URL = 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-test.pem';
const basic = (password: string) => `Basic ${Buffer.from(`webhook:${password}`).toString('base64')}`;

let dir: string;
let key: string;
let certificate: string;
/** The SNS endpoint a test stands up: the local certificate at CERT_URL, confirmations recorded. */
const confirmed: string[] = [];
const sns: SnsEndpoint = {
  certificate: async (url) => {
    if (url !== CERT_URL) throw new Error(`no certificate at ${url}`);
    return certificate;
  },
  confirm: async (url) => void confirmed.push(url),
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sns-cert-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=sns.amazonaws.com',
    '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
  ], { stdio: 'pipe' }); // prettier-ignore
  key = readFileSync(join(dir, 'key.pem'), 'utf8');
  certificate = readFileSync(join(dir, 'cert.pem'), 'utf8');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('mail events', () => {
  const startApp = useTestApps();
  let app: TestApp;
  const start = async (secret: string | null = SECRET) => {
    app = await startApp({
      env: secret === null ? {} : { MAIL_EVENTS_SECRET: secret },
      overrides: { snsEndpoint: sns },
    });
  };
  const post = (provider: string, body: unknown, headers: Record<string, string> = {}) =>
    app.call('POST', `/api/mail-events/${provider}`, {
      rawBody: typeof body === 'string' ? body : JSON.stringify(body),
      headers,
    });
  const suppressions = async () => app.persistence.repositories.suppressions.listNewestFirst(10);
  const nowSeconds = () => Math.floor(app.clock.now().getTime() / 1000);

  const mailgun = (
    event: Record<string, unknown>,
    options: { token?: string; timestamp?: number; key?: string } = {},
  ) => {
    const timestamp = String(options.timestamp ?? nowSeconds());
    const token = options.token ?? `token-${Math.random().toString(36).slice(2)}`;
    const signature = createHmac('sha256', options.key ?? SECRET)
      .update(timestamp + token)
      .digest('hex');
    return {
      signature: { timestamp, token, signature },
      'event-data': { id: 'ev1', timestamp: Number(timestamp), ...event },
    };
  };

  const snsMessage = (notification: unknown, fields: Record<string, string> = {}) => {
    const message: Record<string, string> = {
      Type: 'Notification',
      MessageId: `msg-${Math.random().toString(36).slice(2)}`,
      TopicArn: 'arn:aws:sns:eu-west-1:123456789012:ses-bounces',
      Message: JSON.stringify(notification),
      Timestamp: app.clock.now().toISOString(),
      SignatureVersion: '2',
      SigningCertURL: CERT_URL,
      UnsubscribeURL: 'https://sns.eu-west-1.amazonaws.com/?Action=Unsubscribe',
      ...fields,
    };
    const text = snsStringToSign(message);
    if (text === null) throw new Error('not signable');
    return { ...message, Signature: createSign('RSA-SHA256').update(text).sign(key, 'base64'), ...fields };
  };
  const sesBounce = (bounceType: string, email: string) => ({
    notificationType: 'Bounce',
    bounce: { bounceType, bouncedRecipients: [{ emailAddress: email }], timestamp: '2026-06-01T12:00:00.000Z' },
    mail: { messageId: 'm1' },
  });
  const sesPost = (body: unknown, password = SECRET) =>
    post('ses', body, { 'Content-Type': 'text/plain; charset=UTF-8', Authorization: basic(password) });

  it('suppresses on a signed Mailgun hard bounce and complaint, and refuses a replay, a forgery and a stale one', async () => {
    await start();
    const bounce = mailgun({ event: 'failed', severity: 'permanent', recipient: 'Gone@example.org' });
    expect((await post('mailgun', bounce)).status).toBe(200);
    expect(await suppressions()).toMatchObject([{ email: 'gone@example.org', reason: 'bounce' }]);

    const replay = await post('mailgun', bounce);
    expect([replay.status, replay.body.success]).toEqual([409, false]);

    const forged = mailgun({ event: 'complained', recipient: 'victim@example.org' }, { key: 'not-the-signing-key' });
    expect((await post('mailgun', forged)).status).toBe(401);
    const stale = mailgun({ event: 'complained', recipient: 'victim@example.org' }, { timestamp: nowSeconds() - 7200 });
    expect((await post('mailgun', stale)).status).toBe(409);
    expect(await suppressions()).toHaveLength(1);

    app.clock.advance(1000);
    expect((await post('mailgun', mailgun({ event: 'complained', recipient: 'spam@example.org' }))).status).toBe(200);
    expect(await suppressions()).toMatchObject([
      { email: 'spam@example.org', reason: 'complaint' },
      { reason: 'bounce' },
    ]);
  });

  it('counts soft bounces, and the third of an address within 3 days suppresses it', async () => {
    await start();
    const soft = () => mailgun({ event: 'failed', severity: 'temporary', recipient: 'full@example.org' });
    for (let n = 0; n < 2; n += 1) expect((await post('mailgun', soft())).status).toBe(200);
    expect(await suppressions()).toEqual([]);
    expect((await post('mailgun', soft())).status).toBe(200);
    expect(await suppressions()).toMatchObject([{ email: 'full@example.org', reason: 'bounce' }]);
  });

  it("suppresses on Postmark's bounce and complaint behind basic auth, and refuses a wrong password", async () => {
    await start();
    const hard = {
      RecordType: 'Bounce',
      ID: 4323372036854775,
      Type: 'HardBounce',
      TypeCode: 1,
      Email: 'nobody@example.org',
      BouncedAt: app.clock.now().toISOString(),
      MessageStream: 'outbound',
    };
    expect((await post('postmark', hard, { Authorization: basic('wrong-password-here') })).status).toBe(401);
    expect((await post('postmark', hard)).status).toBe(401);
    expect(await suppressions()).toEqual([]);
    expect((await post('postmark', hard, { Authorization: basic(SECRET) })).status).toBe(200);
    expect((await post('postmark', hard, { Authorization: basic(SECRET) })).status).toBe(409);
    const complaint = { ...hard, RecordType: 'SpamComplaint', ID: 42, Type: 'SpamComplaint', Email: 'x@example.org' };
    expect((await post('postmark', complaint, { Authorization: basic(SECRET) })).status).toBe(200);
    expect((await suppressions()).map((s) => [s.email, s.reason]).sort()).toEqual([
      ['nobody@example.org', 'bounce'],
      ['x@example.org', 'complaint'],
    ]);
  });

  it("suppresses on SES's SNS-signed bounce, and refuses a tampered message, a foreign certificate and no secret", async () => {
    await start();
    expect((await sesPost(snsMessage(sesBounce('Transient', 'later@example.org')))).status).toBe(200);
    expect(await suppressions()).toEqual([]);

    const good = snsMessage(sesBounce('Permanent', 'typo@example.org'));
    const tampered = { ...good, Message: JSON.stringify(sesBounce('Permanent', 'victim@example.org')) };
    expect((await sesPost(tampered)).status).toBe(401);
    const foreign = snsMessage(sesBounce('Permanent', 'victim@example.org'), {
      SigningCertURL: 'https://attacker.example/cert.pem',
    });
    expect((await sesPost(foreign)).status).toBe(401);
    expect((await sesPost(good, 'not-the-secret-at-all')).status).toBe(401);
    expect(await suppressions()).toEqual([]);

    expect((await sesPost(good)).status).toBe(200);
    expect((await sesPost(good)).status).toBe(409);
    expect(await suppressions()).toMatchObject([{ email: 'typo@example.org', reason: 'bounce' }]);

    const complaint = snsMessage({
      notificationType: 'Complaint',
      complaint: { complainedRecipients: [{ emailAddress: 'annoyed@example.org' }], timestamp: 'x' },
    });
    expect((await sesPost(complaint)).status).toBe(200);
    expect(await app.persistence.repositories.suppressions.find('annoyed@example.org')).toMatchObject({
      reason: 'complaint',
    });
  });

  it("puts what the receiving server said on the timeline of the email, from each provider's report", async () => {
    await start();
    const { repositories } = app.persistence;
    /** A requester's approval, sent: the email a report is about. */
    const sentTo = async (email: string) => {
      const request = aScholarshipRequest({ email, status: 'approved' });
      await repositories.scholarshipRequests.add(request);
      const delivery = aDelivery({ requestId: request.id, status: 'sent', sentAt: app.clock.now() });
      await repositories.deliveries.add(delivery);
      return async () => (await repositories.deliveries.listEvents([delivery.id])).map((e) => [e.kind, e.detail]);
    };
    const gone = await sentTo('gone@example.org');
    const failed = mailgun({
      event: 'failed',
      severity: 'permanent',
      recipient: 'gone@example.org',
      reason: 'bounce',
      'delivery-status': { code: 550, message: '5.1.1 The email account that you tried to reach does not exist' },
    });
    expect((await post('mailgun', failed)).status).toBe(200);
    expect(await gone()).toEqual([
      ['hard_bounce', '550 5.1.1 The email account that you tried to reach does not exist'],
    ]);

    const full = await sentTo('full@example.org');
    const soft = {
      RecordType: 'Bounce',
      ID: 77,
      Type: 'SoftBounce',
      Email: 'full@example.org',
      BouncedAt: app.clock.now().toISOString(),
      Details: 'smtp;452 4.2.2 The email account that you tried to reach is over quota',
    };
    expect((await post('postmark', soft, { Authorization: basic(SECRET) })).status).toBe(200);
    expect(await full()).toEqual([
      ['soft_bounce', 'SoftBounce smtp;452 4.2.2 The email account that you tried to reach is over quota'],
    ]);

    const typo = await sentTo('typo@example.org');
    const bounce = sesBounce('Permanent', 'typo@example.org');
    const recipient = {
      emailAddress: 'typo@example.org',
      status: '5.1.1',
      diagnosticCode: 'smtp; 550 5.1.1 user unknown',
    };
    const report = {
      ...bounce,
      bounce: { ...bounce.bounce, bounceSubType: 'General', bouncedRecipients: [recipient] },
    };
    expect((await sesPost(snsMessage(report))).status).toBe(200);
    expect(await typo()).toEqual([['hard_bounce', '5.1.1 smtp; 550 5.1.1 user unknown']]);

    const annoyed = await sentTo('annoyed@example.org');
    const complaint = snsMessage({
      notificationType: 'Complaint',
      complaint: { complainedRecipients: [{ emailAddress: 'annoyed@example.org' }], complaintFeedbackType: 'abuse' },
    });
    expect((await sesPost(complaint)).status).toBe(200);
    expect(await annoyed()).toEqual([['complaint', 'abuse']]);
  });

  it("confirms SES's SNS subscription once its signature holds", async () => {
    await start();
    const subscribe = 'https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&Token=abc';
    const confirmation = snsMessage('', {
      Type: 'SubscriptionConfirmation',
      Message: 'You have chosen to subscribe',
      SubscribeURL: subscribe,
      Token: 'abc',
    });
    expect((await sesPost(confirmation)).status).toBe(200);
    expect(confirmed).toContain(subscribe);
  });

  it('refuses huge, malformed and unknown posts without a 5xx, and is off without MAIL_EVENTS_SECRET', async () => {
    await start();
    expect((await post('mailgun', `{"x":"${'a'.repeat(400 * 1024)}"}`)).status).toBe(413);
    for (const body of ['not json', '[]', '{}', '{"signature":{}}', JSON.stringify({ 'event-data': {} })]) {
      expect((await post('mailgun', body)).status).toBe(400);
    }
    expect((await post('postmark', '{"RecordType":"Bounce"}', { Authorization: basic(SECRET) })).status).toBe(400);
    expect((await sesPost('{"Type":"Notification"}')).status).toBe(400);
    expect(
      (await post('sendgrid', mailgun({ event: 'failed', severity: 'permanent', recipient: 'a@b.co' }))).status,
    ).toBe(404);
    expect(await suppressions()).toEqual([]);
    await app.close();

    await start(null);
    const bounce = mailgun({ event: 'failed', severity: 'permanent', recipient: 'gone@example.org' });
    expect((await post('mailgun', bounce)).status).toBe(404);
  });
});
