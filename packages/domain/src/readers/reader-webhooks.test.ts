import { beforeEach, describe, expect, it } from '@jest/globals';

import { createWorld, FROM_BROWSER, type World } from '../../test/world';
import { webhookOutcome, webhookRetryAt, type WebhookAnswer } from './reader-webhook';

const MINUTE = 60_000;

/** A receiver that answers each post with the next answer of its list (then 204), and keeps what it got. */
class ScriptedReceiver {
  readonly posts: Array<{ id: string; body: string; at: Date }> = [];
  constructor(private readonly answers: WebhookAnswer[] = []) {}
  async post(webhook: { id: string; body: string; at: Date }): Promise<WebhookAnswer> {
    this.posts.push(webhook);
    return this.answers.shift() ?? { kind: 'status', status: 204 };
  }
  script(...answers: WebhookAnswer[]): void {
    this.answers.push(...answers);
  }
}

const status = (code: number): WebhookAnswer => ({ kind: 'status', status: code });
const network: WebhookAnswer = { kind: 'network', error: 'connect ECONNREFUSED' };

describe("the readers' webhook", () => {
  let world: World;
  let receiver: ScriptedReceiver;

  beforeEach(() => {
    receiver = new ScriptedReceiver();
    world = createWorld({ webhookPoster: receiver });
  });

  const webhooks = () => world.repositories.readerWebhooks;
  const send = () => world.useCases.sendReaderWebhooks.execute();
  /** A confirmed reader, through the use cases, and their unsubscribe token. */
  async function confirmed(email = 'ada@example.org') {
    await world.useCases.signUpReader.execute(
      { email, name: 'Ada', consent: true, source: 'signup-form' },
      FROM_BROWSER,
    );
    await world.useCases.sendDueDeliveries.execute();
    const text = world.mailer.sent.filter((mail) => mail.to === email).at(-1)?.text ?? '';
    const token = /\/readers\/confirm\?token=([\w-]+)/.exec(text)?.[1];
    const leave = /\/readers\/unsubscribe\?token=([\w-]+)/.exec(text)?.[1];
    expect((await world.useCases.confirmReader.confirm(token, FROM_BROWSER)).ok).toBe(true);
    return leave;
  }
  const types = async () => (await webhooks().listByEmail('ada@example.org')).map((webhook) => webhook.type);

  it('reads an answer as done, try again, or give up', () => {
    expect([200, 202, 204, 299].map((code) => webhookOutcome(status(code)))).toEqual(Array(4).fill('delivered'));
    expect([500, 502, 503, 429].map((code) => webhookOutcome(status(code)))).toEqual(Array(4).fill('retry'));
    expect(webhookOutcome(network)).toBe('retry');
    expect([301, 302, 307, 400, 401, 404, 410].map((code) => webhookOutcome(status(code)))).toEqual(
      Array(7).fill('give-up'),
    );
  });

  it('waits 1 min, 5 min, 30 min, 2 h and 12 h between attempts, then gives up', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const waits = [1, 2, 3, 4, 5, 6].map((attempts) => webhookRetryAt(attempts, now)?.getTime() ?? null);
    expect(waits.map((at) => (at === null ? null : (at - now.getTime()) / MINUTE))).toEqual([1, 5, 30, 120, 720, null]);
  });

  it('queues reader.confirmed with the confirmation, in its transaction', async () => {
    await confirmed();
    expect(await types()).toEqual(['reader.confirmed']);
    // A confirmation whose event cannot be written is not made either.
    const add = webhooks().add.bind(webhooks());
    webhooks().add = () => Promise.reject(new Error('disk full'));
    await world.useCases.signUpReader.execute(
      { email: 'grace@example.org', consent: true, source: 'signup-form' },
      FROM_BROWSER,
    );
    await world.useCases.sendDueDeliveries.execute();
    const text = world.mailer.sent.at(-1)?.text ?? '';
    const token = /\/readers\/confirm\?token=([\w-]+)/.exec(text)?.[1];
    await expect(world.useCases.confirmReader.confirm(token, FROM_BROWSER)).rejects.toThrow('disk full');
    expect((await world.repositories.readers.findByEmail('grace@example.org'))?.status).toBe('pending');
    webhooks().add = add;
  });

  it('queues reader.unsubscribed for a confirmed reader who leaves or complains, never for a pending one', async () => {
    const leave = await confirmed();
    await world.useCases.unsubscribeReader.unsubscribe(leave, 'page');
    await world.useCases.unsubscribeReader.unsubscribe(leave, 'one-click');
    expect(await types()).toEqual(['reader.confirmed', 'reader.unsubscribed']);

    await confirmed('grace@example.org');
    await world.useCases.recordMailEvent.execute({
      provider: 'postmark',
      eventId: 'complaint-1',
      sentAt: world.clock.now(),
      kind: 'complaint',
      emails: ['GRACE@example.org'],
    });
    const grace = await webhooks().listByEmail('grace@example.org');
    expect(grace.map((webhook) => webhook.type)).toEqual(['reader.confirmed', 'reader.unsubscribed']);
    expect(JSON.parse(grace[1]!.body).reader).toMatchObject({ status: 'unsubscribed', unsubscribedBy: 'complaint' });

    await world.useCases.signUpReader.execute(
      { email: 'pending@example.org', consent: true, source: 'signup-form' },
      FROM_BROWSER,
    );
    await world.useCases.sendDueDeliveries.execute();
    const pendingLeave = /\/readers\/unsubscribe\?token=([\w-]+)/.exec(world.mailer.sent.at(-1)?.text ?? '')?.[1];
    expect((await world.useCases.unsubscribeReader.unsubscribe(pendingLeave, 'page')).ok).toBe(true);
    expect(await webhooks().listByEmail('pending@example.org')).toEqual([]);
  });

  it('retries on the schedule and gives up after the sixth failure, each post the same id and body', async () => {
    await confirmed();
    receiver.script(network, status(503), status(429), status(500), status(502), network);
    const waits = [1, 5, 30, 120, 720];
    expect(await send()).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    for (const wait of waits) {
      world.clock.advance(wait * MINUTE - 1);
      expect((await send()).retrying + (await send()).failed).toBe(0);
      world.clock.advance(1);
      await send();
    }
    expect(receiver.posts).toHaveLength(6);
    expect(new Set(receiver.posts.map((post) => `${post.id}|${post.body}`)).size).toBe(1);
    const [given] = await webhooks().listByEmail('ada@example.org');
    expect(given).toMatchObject({ status: 'failed', attempts: 6, lastError: 'connect ECONNREFUSED' });
    world.clock.advance(24 * 60 * MINUTE);
    expect(await send()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
  });

  it('removes a delivered event, lists a waiting one in export-person, and the retention run deletes the given up after 30 days', async () => {
    await confirmed();
    const exported = await world.useCases.exportPerson.execute({ email: 'ADA@example.org' });
    expect(exported.ok && exported.value.readerWebhooks.map((webhook) => [webhook.type, webhook.status])).toEqual([
      ['reader.confirmed', 'pending'],
    ]);
    await send();
    expect(await webhooks().countByStatus()).toEqual({ pending: 0, failed: 0 });

    await confirmed('grace@example.org');
    receiver.script(status(404));
    await send();
    world.clock.advance(30 * 24 * 60 * MINUTE);
    expect((await world.useCases.applyRetention.execute({ dryRun: true })).counts.readerWebhooksDeleted).toBe(0);
    world.clock.advance(1);
    expect((await world.useCases.applyRetention.execute()).counts.readerWebhooksDeleted).toBe(1);
  });

  it('hands the rest of a batch back when the worker stops', async () => {
    await confirmed('one@example.org');
    await confirmed('two@example.org');
    const run = await world.useCases.sendReaderWebhooks.execute({ shouldStop: () => true });
    expect(run).toEqual({ delivered: 1, retrying: 0, failed: 0, handedBack: 1 });
    expect(await send()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
  });
});
