import { readerKey } from '../src/readers/reader';
import type { ReaderWebhook, ReaderWebhookRepository, ReaderWebhookStatus } from '../src/readers/reader-webhook';
import { copy, type InMemoryDatabase } from './in-memory-database';

const byDueThenId = (a: ReaderWebhook, b: ReaderWebhook): number =>
  a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export class InMemoryReaderWebhookRepository implements ReaderWebhookRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  async add(webhook: ReaderWebhook): Promise<void> {
    if (this.db.readerWebhooks.has(webhook.id)) throw new Error(`Duplicate webhook id ${webhook.id}`);
    this.db.readerWebhooks.set(webhook.id, copy(webhook));
  }

  // No await between choosing and leasing: atomic on a single-threaded event loop.
  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ReaderWebhook[]> {
    const due = [...this.db.readerWebhooks.values()]
      .filter(
        (webhook) =>
          webhook.status === 'pending' &&
          webhook.nextAttemptAt.getTime() <= now.getTime() &&
          (webhook.leaseUntil === null || webhook.leaseUntil.getTime() <= now.getTime()),
      )
      .sort(byDueThenId)
      .slice(0, Math.max(0, limit));
    return due.map((webhook) => {
      const leased = { ...webhook, leaseUntil: copy(leaseUntil) };
      this.db.readerWebhooks.set(webhook.id, leased);
      return copy(leased);
    });
  }

  async release(ids: readonly string[], leaseUntil: Date): Promise<void> {
    for (const id of ids) {
      const webhook = this.db.readerWebhooks.get(id);
      if (webhook?.status === 'pending' && webhook.leaseUntil?.getTime() === leaseUntil.getTime()) {
        this.db.readerWebhooks.set(id, { ...webhook, leaseUntil: null });
      }
    }
  }

  async remove(id: string): Promise<void> {
    this.db.readerWebhooks.delete(id);
  }

  async markAttemptFailed(id: string, error: string, retryAt: Date | null, at: Date): Promise<void> {
    const webhook = this.db.readerWebhooks.get(id);
    if (webhook === undefined) return;
    this.db.readerWebhooks.set(id, {
      ...webhook,
      attempts: webhook.attempts + 1,
      lastError: error,
      leaseUntil: null,
      ...(retryAt === null ? { status: 'failed' as const, failedAt: copy(at) } : { nextAttemptAt: copy(retryAt) }),
    });
  }

  async countByStatus(): Promise<Readonly<Record<ReaderWebhookStatus, number>>> {
    const counts = { pending: 0, failed: 0 };
    for (const webhook of this.db.readerWebhooks.values()) counts[webhook.status] += 1;
    return counts;
  }

  async deleteFailedBefore(before: Date): Promise<number> {
    return this.deleteWhere(
      (webhook) => webhook.status === 'failed' && webhook.failedAt !== null && webhook.failedAt < before,
    );
  }

  async listByEmail(email: string): Promise<ReaderWebhook[]> {
    const key = readerKey(email);
    return [...this.db.readerWebhooks.values()]
      .filter((webhook) => webhook.emailKey === key)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map(copy);
  }

  async deleteByEmail(email: string): Promise<number> {
    const key = readerKey(email);
    return this.deleteWhere((webhook) => webhook.emailKey === key);
  }

  private deleteWhere(matches: (webhook: ReaderWebhook) => boolean): number {
    let deleted = 0;
    for (const [id, webhook] of this.db.readerWebhooks) {
      if (matches(webhook)) {
        this.db.readerWebhooks.delete(id);
        deleted += 1;
      }
    }
    return deleted;
  }
}
