import {
  readerKey,
  READER_WEBHOOK_ERROR_MAX_LENGTH,
  type ReaderWebhook,
  type ReaderWebhookRepository,
  type ReaderWebhookStatus,
} from '@memoir/domain';
import { In, LessThan, type EntityManager } from 'typeorm';

import { claimDueIds } from './claim-due';
import { isKey, type Dialect } from './dialect';
import { ReaderWebhookSchema, type ReaderWebhookRow } from './reader-webhook-schemas';
import { count } from './statements';

const toWebhook = (row: ReaderWebhookRow): ReaderWebhook => ({ ...row, attempts: Number(row.attempts) });

/** The readers' events for the owner's webhook, leased to one worker at a time as the email outbox is. */
export class TypeOrmReaderWebhookRepository implements ReaderWebhookRepository {
  constructor(
    private readonly manager: EntityManager,
    private readonly dialect: Dialect,
  ) {}

  async add(webhook: ReaderWebhook): Promise<void> {
    await this.manager.insert(ReaderWebhookSchema, { ...webhook });
  }

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ReaderWebhook[]> {
    const ids = await claimDueIds(
      this.manager,
      this.dialect,
      { table: 'reader_webhooks', waiting: 'pending' },
      now,
      leaseUntil,
      limit,
    );
    if (ids.length === 0) return [];
    const rows = await this.manager.find(ReaderWebhookSchema, {
      where: { id: In(ids) },
      order: { nextAttemptAt: 'ASC', id: 'ASC' },
    });
    return rows.map(toWebhook);
  }

  async release(ids: readonly string[], leaseUntil: Date): Promise<void> {
    const keys = ids.filter(isKey);
    if (keys.length === 0) return;
    await this.manager.update(
      ReaderWebhookSchema,
      { id: In(keys), status: 'pending', leaseUntil },
      { leaseUntil: null },
    );
  }

  async remove(id: string): Promise<void> {
    if (!isKey(id)) return;
    await this.manager.delete(ReaderWebhookSchema, { id });
  }

  async markAttemptFailed(id: string, error: string, retryAt: Date | null, at: Date): Promise<void> {
    if (!isKey(id)) return;
    await this.manager.update(
      ReaderWebhookSchema,
      { id },
      {
        attempts: () => 'attempts + 1',
        lastError: error.slice(0, READER_WEBHOOK_ERROR_MAX_LENGTH),
        leaseUntil: null,
        ...(retryAt === null ? { status: 'failed', failedAt: at } : { nextAttemptAt: retryAt }),
      },
    );
  }

  async countByStatus(): Promise<Readonly<Record<ReaderWebhookStatus, number>>> {
    const q = this.dialect.id;
    const rows = (await this.manager.query(
      `SELECT ${q('status')} AS status, COUNT(*) AS n FROM ${q('reader_webhooks')} GROUP BY ${q('status')}`,
    )) as Array<{ status: string; n: unknown }>;
    const counts = { pending: 0, failed: 0 };
    for (const row of rows) if (row.status in counts) counts[row.status as ReaderWebhookStatus] = count(row.n);
    return counts;
  }

  async deleteFailedBefore(before: Date): Promise<number> {
    const result = await this.manager.delete(ReaderWebhookSchema, { status: 'failed', failedAt: LessThan(before) });
    return result.affected ?? 0;
  }

  async listByEmail(email: string): Promise<ReaderWebhook[]> {
    const key = readerKey(email);
    if (!isKey(key)) return [];
    const rows = await this.manager.find(ReaderWebhookSchema, {
      where: { emailKey: key },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map(toWebhook);
  }

  async deleteByEmail(email: string): Promise<number> {
    const key = readerKey(email);
    if (!isKey(key)) return 0;
    const result = await this.manager.delete(ReaderWebhookSchema, { emailKey: key });
    return result.affected ?? 0;
  }
}
