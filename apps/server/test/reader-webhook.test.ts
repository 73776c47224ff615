import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { RecordingMailer } from '@memoir/domain/memory';

import { useTestApps, type TestApp } from './support/test-app';

/*
 * The readers' webhook over HTTP, to a real receiver on loopback: a confirmation through the
 * API reaches it as one signed POST, a 500 is tried again later with the same id and body, a
 * redirect is neither followed nor retried, and leaving and erasure send `reader.unsubscribed`.
 * Every signature is checked with a verifier written apart from the server's (Web Crypto, not
 * node:crypto's createHmac), as a receiver following docs/readers.md would.
 */

const BASE = 'https://memoir.example';
const SECRET = 'a-webhook-secret-of-32-characters!';

interface Received {
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** Standard Webhooks' check, by hand: HMAC-SHA256 over `${id}.${timestamp}.${body}` with the secret's UTF-8 bytes. */
async function verifies(secret: string, received: Received): Promise<boolean> {
  const id = String(received.headers['webhook-id']);
  const timestamp = String(received.headers['webhook-timestamp']);
  const signatures = String(received.headers['webhook-signature']).split(' ');
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'verify',
  ]);
  for (const signature of signatures) {
    const [version, base64] = signature.split(',');
    if (version !== 'v1' || base64 === undefined) continue;
    const mac = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    if (await crypto.subtle.verify('HMAC', key, mac, encoder.encode(`${id}.${timestamp}.${received.body}`))) {
      return true;
    }
  }
  return false;
}

describe("the readers' webhook", () => {
  const startApp = useTestApps();
  let receiver: Server;
  let received: Received[];
  /** The statuses the receiver answers with, in turn; then 204. */
  let answers: number[];
  let mailer: RecordingMailer;

  beforeEach(async () => {
    received = [];
    answers = [];
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          url: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        const status = answers.shift() ?? 204;
        response.writeHead(status, status === 302 ? { location: '/elsewhere' } : {}).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });
  afterEach(async () => {
    await new Promise((resolve) => receiver.close(resolve));
  });

  const start = async (webhook = true) => {
    mailer = new RecordingMailer();
    const { port } = receiver.address() as AddressInfo;
    const env: Record<string, string> = { PUBLIC_BASE_URL: BASE };
    if (webhook)
      Object.assign(env, { READERS_WEBHOOK_URL: `http://127.0.0.1:${port}/hook`, READERS_WEBHOOK_SECRET: SECRET });
    return startApp({ env, overrides: { mailer } });
  };
  /** A confirmed reader, through the API, and the unsubscribe token of their confirmation email. */
  const confirmed = async (app: TestApp, email: string) => {
    await app.call('POST', '/api/readers', { body: { email, name: 'Zoë Ada', consent: true } });
    await app.useCases.sendDueDeliveries.execute();
    const mail = mailer.sent.filter((sent) => sent.to === email).at(-1);
    const token = mail?.text.match(new RegExp(`${BASE}/readers/confirm\\?token=([\\w-]+)`))?.[1];
    const leave = mail?.listUnsubscribeUrl?.match(/token=([\w-]+)/)?.[1];
    if (token === undefined || leave === undefined) throw new Error(`no links to ${email}`);
    const answer = await app.call('POST', '/api/readers/confirm', { body: { token } });
    expect(answer.status).toBe(200);
    return leave;
  };
  const send = (app: TestApp) => app.useCases.sendReaderWebhooks.execute();
  const bodyOf = (message: Received | undefined) => JSON.parse(message?.body ?? '{}') as Record<string, unknown>;

  it('posts one signed reader.confirmed for a confirmation, and tries a 500 again later with the same id', async () => {
    const app = await start();
    await confirmed(app, 'Zoe@Example.org');
    answers = [500];
    expect(await send(app)).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    expect(received).toHaveLength(1);
    // Not due again before a minute has passed.
    app.clock.advance(59_000);
    expect(await send(app)).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    app.clock.advance(1_000);
    expect(await send(app)).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(received).toHaveLength(2);
    const [first, second] = received;
    for (const message of received) {
      expect(await verifies(SECRET, message)).toBe(true);
      expect(await verifies('another-secret-of-enough-length', message)).toBe(false);
      expect([message.url, message.headers['content-type']]).toEqual(['/hook', 'application/json']);
    }
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(second?.body).toBe(first?.body);
    // The timestamp is the attempt's, in unix seconds.
    expect(Number(second?.headers['webhook-timestamp'])).toBe(Math.floor(app.clock.now().getTime() / 1000));
    expect(bodyOf(first)).toEqual({
      id: first?.headers['webhook-id'],
      type: 'reader.confirmed',
      occurredAt: '2026-06-01T12:00:00.000Z',
      reader: {
        id: expect.any(String),
        email: 'Zoe@Example.org',
        name: 'Zoë Ada',
        status: 'confirmed',
        source: 'signup-form',
        consent: {
          text: 'Email me when there is news about the book',
          version: 1,
          at: '2026-06-01T12:00:00.000Z',
          ip: expect.any(String),
        },
        signedUpAt: '2026-06-01T12:00:00.000Z',
        confirmedAt: '2026-06-01T12:00:00.000Z',
        confirmIp: expect.any(String),
        unsubscribedAt: null,
        unsubscribedBy: null,
      },
    });
    // Delivered: nothing waits any more.
    expect(await app.persistence.repositories.readerWebhooks.countByStatus()).toEqual({ pending: 0, failed: 0 });
  });

  it('sends reader.unsubscribed when a confirmed reader leaves by one click, and nothing for a pending one', async () => {
    const app = await start();
    const leave = await confirmed(app, 'ada@example.org');
    await send(app);
    const left = await app.call('POST', `/api/readers/unsubscribe?token=${leave}`, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(left.status).toBe(200);
    // A pending reader who refuses the list was never sent: nothing to take back.
    await app.call('POST', '/api/readers', { body: { email: 'pending@example.org', consent: true } });
    await app.useCases.sendDueDeliveries.execute();
    const pendingLeave = mailer.sent.at(-1)?.listUnsubscribeUrl?.match(/token=([\w-]+)/)?.[1];
    await app.call('POST', `/api/readers/unsubscribe?token=${pendingLeave}`, {
      body: { 'List-Unsubscribe': 'One-Click' },
    });
    expect(await send(app)).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(received.map((message) => bodyOf(message).type)).toEqual(['reader.confirmed', 'reader.unsubscribed']);
    const last = received.at(-1);
    expect(await verifies(SECRET, last!)).toBe(true);
    expect(bodyOf(last).reader).toMatchObject({
      email: 'ada@example.org',
      status: 'unsubscribed',
      unsubscribedBy: 'one-click',
      unsubscribedAt: '2026-06-01T12:00:00.000Z',
    });
  });

  it('tells the receiver of an erasure with the address alone, after dropping what waited', async () => {
    const app = await start();
    await confirmed(app, 'grace@example.org');
    const erased = await app.useCases.erasePerson.execute({ email: 'GRACE@example.org' });
    expect(erased.ok).toBe(true);
    const waiting = await app.persistence.repositories.readerWebhooks.listByEmail('grace@example.org');
    expect(waiting.map((webhook) => webhook.type)).toEqual(['reader.unsubscribed']);
    await send(app);
    expect(received).toHaveLength(1);
    const message = received[0]!;
    expect(await verifies(SECRET, message)).toBe(true);
    expect(bodyOf(message)).toEqual({
      id: message.headers['webhook-id'],
      type: 'reader.unsubscribed',
      occurredAt: '2026-06-01T12:00:00.000Z',
      reader: { email: 'grace@example.org' },
    });
  });

  it('gives up on a redirect without following it, and on a 4xx', async () => {
    const app = await start();
    await confirmed(app, 'one@example.org');
    await confirmed(app, 'two@example.org');
    answers = [302, 410];
    expect(await send(app)).toEqual({ delivered: 0, retrying: 0, failed: 2 });
    expect(received.map((message) => message.url)).toEqual(['/hook', '/hook']);
    app.clock.advance(24 * 60 * 60_000);
    expect(await send(app)).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(await app.persistence.repositories.readerWebhooks.countByStatus()).toEqual({ pending: 0, failed: 2 });
  });

  it('queues nothing without READERS_WEBHOOK_URL', async () => {
    const app = await start(false);
    await confirmed(app, 'ada@example.org');
    expect(await app.persistence.repositories.readerWebhooks.countByStatus()).toEqual({ pending: 0, failed: 0 });
  });
});
