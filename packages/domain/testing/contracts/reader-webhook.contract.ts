import { describe, expect, it } from '@jest/globals';

import type { Persistence } from '../../src/persistence';
import { newReaderWebhook, type ReaderWebhook } from '../../src/readers/reader-webhook';
import { ManualClock, SequentialIdGenerator } from '../../memory/fakes';
import { AT, aReader } from '../builders';

/**
 * The readers' events waiting for the owner's webhook: claimed due-first by one worker at a
 * time (of concurrent claims each row goes to one), retried, given up, removed when delivered,
 * found and erased by address in any case, and deleted by retention once given up long enough.
 */
export function readerWebhookContract(store: () => Persistence, concurrency: number): void {
  describe('ReaderWebhookRepository', () => {
    const webhooks = () => store().repositories.readerWebhooks;
    const T0 = AT('2026-04-01T09:00:00.000Z');
    const later = (ms: number) => new Date(T0.getTime() + ms);
    const clock = new ManualClock(T0);
    const ids = new SequentialIdGenerator();

    async function queued(email = `Reader-${Math.random().toString(36).slice(2, 8)}@Example.org`, at = T0) {
      clock.set(at);
      const webhook = newReaderWebhook({ ids, clock }, 'reader.confirmed', aReader({ email, confirmedAt: at }));
      await webhooks().add(webhook);
      return webhook;
    }

    it('claims what is due, oldest first, and leases it until the lease ends', async () => {
      const first = await queued(undefined, T0);
      const second = await queued(undefined, later(1000));
      await queued(undefined, later(60_000));
      const claimed = await webhooks().claimDue(later(1000), later(120_000), 10);
      expect(claimed.map((webhook) => webhook.id)).toEqual([first.id, second.id]);
      expect(claimed[0]).toEqual({ ...first, leaseUntil: later(120_000) });
      expect(await webhooks().claimDue(later(2000), later(120_000), 10)).toEqual([]);
      // The lease ended: another worker may take them.
      expect(await webhooks().claimDue(later(120_000), later(240_000), 1)).toHaveLength(1);
    });

    it('gives each row to one of many concurrent claims', async () => {
      for (let i = 0; i < 5; i += 1) await queued();
      const claims = await Promise.all(
        Array.from({ length: concurrency }, () => webhooks().claimDue(later(1), later(60_000), 2)),
      );
      const all = claims.flat().map((webhook) => webhook.id);
      expect(all).toHaveLength(5);
      expect(new Set(all).size).toBe(5);
    });

    it('retries, gives up, removes what was delivered, and counts by status', async () => {
      const retried = await queued();
      const given = await queued();
      const delivered = await queued();
      await webhooks().claimDue(T0, later(60_000), 10);
      await webhooks().markAttemptFailed(retried.id, 'HTTP 503', later(60_000), later(1));
      await webhooks().markAttemptFailed(given.id, 'HTTP 404', null, later(2));
      await webhooks().remove(delivered.id);
      expect(await webhooks().countByStatus()).toEqual({ pending: 1, failed: 1 });
      expect(await webhooks().claimDue(later(59_999), later(120_000), 10)).toEqual([]);
      const [again] = await webhooks().claimDue(later(60_000), later(120_000), 10);
      const expected: ReaderWebhook = {
        ...retried,
        attempts: 1,
        lastError: 'HTTP 503',
        nextAttemptAt: later(60_000),
        leaseUntil: later(120_000),
      };
      expect(again).toEqual(expected);
      const [failed] = await webhooks().listByEmail(given.emailKey);
      expect(failed).toMatchObject({ status: 'failed', attempts: 1, lastError: 'HTTP 404', failedAt: later(2) });
    });

    it('hands back a stopping worker’s rows at once, unless leased again since', async () => {
      const webhook = await queued();
      await webhooks().claimDue(T0, later(60_000), 10);
      await webhooks().release([webhook.id], later(30_000));
      expect(await webhooks().claimDue(later(1), later(90_000), 10)).toEqual([]);
      await webhooks().release([webhook.id], later(60_000));
      expect(await webhooks().claimDue(later(2), later(90_000), 10)).toHaveLength(1);
    });

    it('finds and erases the rows of an address whatever its case', async () => {
      const mine = await queued('Anna@Example.org');
      const other = await queued('someone@example.org');
      expect((await webhooks().listByEmail('anna@EXAMPLE.org')).map((webhook) => webhook.id)).toEqual([mine.id]);
      expect(await webhooks().deleteByEmail('ANNA@example.org')).toBe(1);
      expect(await webhooks().listByEmail('anna@example.org')).toEqual([]);
      expect(await webhooks().listByEmail('')).toEqual([]);
      expect((await webhooks().listByEmail(other.emailKey)).map((webhook) => webhook.id)).toEqual([other.id]);
    });

    it('deletes only the rows given up before the cutoff', async () => {
      const old = await queued();
      const recent = await queued();
      const pending = await queued();
      await webhooks().markAttemptFailed(old.id, 'HTTP 410', null, later(0));
      await webhooks().markAttemptFailed(recent.id, 'HTTP 410', null, later(10_000));
      expect(await webhooks().deleteFailedBefore(later(5_000))).toBe(1);
      expect(await webhooks().countByStatus()).toEqual({ pending: 1, failed: 1 });
      expect((await webhooks().listByEmail(pending.emailKey))[0]?.status).toBe('pending');
    });

    it('keeps the body as queued, byte for byte', async () => {
      const webhook = await queued('Zoë <odd>@example.org');
      const [stored] = await webhooks().listByEmail(webhook.emailKey);
      expect(stored?.body).toBe(webhook.body);
      expect(JSON.parse(webhook.body)).toMatchObject({ id: webhook.id, type: 'reader.confirmed' });
    });
  });
}
