import type {
  Delivery,
  DeliveryEvent,
  DeliveryEventKind,
  DeliveryRepository,
  DeliveryStatus,
  OutboxState,
} from '@memoir/domain';
import { DELIVERY_ERROR_MAX_LENGTH } from '@memoir/shared';
import { In, IsNull, LessThan, Not, type EntityManager } from 'typeorm';

import { claimDueIds } from './claim-due';
import { isKey, type Dialect } from './dialect';
import { DeliveryEventSchema, DeliverySchema, type DeliveryEventRow, type DeliveryRow } from './schemas';
import { withDeadlockRetry } from './deadlock-retry';

const toDelivery = (row: DeliveryRow): Delivery => ({
  id: row.id,
  kind: row.kind,
  requestId: row.requestId,
  entryId: row.entryId,
  dedupeKey: row.dedupeKey,
  status: row.status,
  attempts: Number(row.attempts),
  nextAttemptAt: row.nextAttemptAt,
  leaseUntil: row.leaseUntil,
  lastError: row.lastError,
  sentAt: row.sentAt,
  linkTokenHash: row.linkTokenHash,
  linkExpiresAt: row.linkExpiresAt,
  downloadCount: Number(row.downloadCount),
  lastDownloadAt: row.lastDownloadAt,
  revokedAt: row.revokedAt,
  createdAt: row.createdAt,
});

const toEvent = (row: DeliveryEventRow): DeliveryEvent => ({
  id: row.id,
  deliveryId: row.deliveryId,
  kind: row.kind as DeliveryEventKind,
  at: row.at,
  detail: row.detail,
});

export class TypeOrmDeliveryRepository implements DeliveryRepository {
  constructor(
    private readonly manager: EntityManager,
    private readonly dialect: Dialect,
  ) {}

  async add(delivery: Delivery): Promise<void> {
    await this.manager.insert(DeliverySchema, { ...delivery });
  }

  async addUnlessDuplicate(delivery: Delivery & { readonly dedupeKey: string }): Promise<boolean> {
    // INSERT ... ON CONFLICT DO NOTHING (SQLite) or INSERT IGNORE (MySQL): the unique key decides.
    // The id is new, so the row is there only if this insert went in.
    await this.manager
      .createQueryBuilder()
      .insert()
      .into(DeliverySchema)
      .values({ ...delivery })
      .orIgnore()
      .execute();
    return (await this.manager.findOneBy(DeliverySchema, { id: delivery.id })) !== null;
  }

  async addManyUnlessDuplicate(deliveries: ReadonlyArray<Delivery & { readonly dedupeKey: string }>): Promise<number> {
    if (deliveries.length === 0) return 0;
    // One INSERT ... ON CONFLICT DO NOTHING (SQLite) or INSERT IGNORE (MySQL) for the batch: atomic,
    // and a row whose dedupeKey is queued already is left out. Its ids are new: those found went in now.
    const insert = () =>
      this.manager
        .createQueryBuilder()
        .insert()
        .into(DeliverySchema)
        .values(deliveries.map((delivery) => ({ ...delivery })))
        .orIgnore()
        .updateEntity(false)
        .execute();
    // Concurrent batches sharing keys can make InnoDB pick one as a deadlock victim. Inside a
    // unit of work the whole transaction is run again (persistence.ts); alone, the statement is
    // its own transaction and is run again here.
    if (this.manager.queryRunner?.isTransactionActive === true) await insert();
    else await withDeadlockRetry(insert);
    return this.manager.countBy(DeliverySchema, { id: In(deliveries.map((delivery) => delivery.id)) });
  }

  async countByKeyPrefix(prefix: string): Promise<Readonly<Record<DeliveryStatus, number>>> {
    // A range of the unique dedupe_key index: the keys that start with the prefix. SQLite
    // compares bytes, so the keys from the prefix up to the next character after its last one;
    // MySQL's collation does not order punctuation as ASCII does, so LIKE (its own range).
    const q = this.dialect.id;
    const [where, bound] =
      this.dialect.kind === 'mysql'
        ? [`${q('dedupe_key')} LIKE ? ESCAPE '!'`, [`${prefix.replace(/[!%_]/g, '!$&')}%`]]
        : [
            `${q('dedupe_key')} >= ? AND ${q('dedupe_key')} < ?`,
            [prefix, `${prefix.slice(0, -1)}${String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)}`],
          ];
    const rows = (await this.manager.query(
      `SELECT ${q('status')} AS status, COUNT(*) AS n FROM ${q('deliveries')} WHERE ${where} GROUP BY ${q('status')}`,
      bound,
    )) as Array<{ status: string; n: unknown }>;
    const counts = { queued: 0, sent: 0, failed: 0 };
    for (const row of rows) if (row.status in counts) counts[row.status as DeliveryStatus] = Number(row.n ?? 0);
    return counts;
  }

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<Delivery[]> {
    const ids = await claimDueIds(
      this.manager,
      this.dialect,
      { table: 'deliveries', waiting: 'queued' },
      now,
      leaseUntil,
      limit,
    );
    if (ids.length === 0) return [];
    const rows = await this.manager.find(DeliverySchema, {
      where: { id: In(ids) },
      order: { nextAttemptAt: 'ASC', id: 'ASC' },
    });
    return rows.map(toDelivery);
  }

  async attachLink(id: string, tokenHash: string, expiresAt: Date): Promise<void> {
    if (!isKey(id)) return;
    await this.manager.update(DeliverySchema, { id }, { linkTokenHash: tokenHash, linkExpiresAt: expiresAt });
  }

  async findByLinkTokenHash(tokenHash: string): Promise<Delivery | null> {
    if (!isKey(tokenHash)) return null;
    const row = await this.manager.findOneBy(DeliverySchema, { linkTokenHash: tokenHash });
    return row === null ? null : toDelivery(row);
  }

  async countDownloadIfBelow(id: string, maxDownloads: number, at: Date): Promise<boolean> {
    if (!isKey(id)) return false;
    // One conditional UPDATE: the database holds the cap (and a revocation) against concurrent downloads.
    const result = await this.manager
      .createQueryBuilder()
      .update(DeliverySchema)
      .set({ downloadCount: () => 'download_count + 1', lastDownloadAt: at })
      .where('id = :id AND download_count < :max AND revoked_at IS NULL', { id, max: maxDownloads })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async revokeLinks(requestId: string, at: Date): Promise<string[]> {
    if (!isKey(requestId)) return [];
    const live = { requestId, kind: 'approval' as const, linkTokenHash: Not(IsNull()), revokedAt: IsNull() };
    const ids = (await this.manager.find(DeliverySchema, { select: { id: true }, where: live })).map((row) => row.id);
    if (ids.length === 0) return [];
    // Revoked once: a concurrent revocation of the same link leaves the first time standing.
    await this.manager.update(DeliverySchema, { id: In(ids), revokedAt: IsNull() }, { revokedAt: at });
    return ids;
  }

  async findByIds(ids: readonly string[]): Promise<Delivery[]> {
    const keys = [...new Set(ids.filter(isKey))];
    if (keys.length === 0) return [];
    return (await this.manager.find(DeliverySchema, { where: { id: In(keys) } })).map(toDelivery);
  }

  async release(ids: readonly string[], leaseUntil: Date): Promise<void> {
    const keys = ids.filter(isKey);
    if (keys.length === 0) return;
    await this.manager.update(DeliverySchema, { id: In(keys), status: 'queued', leaseUntil }, { leaseUntil: null });
  }

  async markSent(id: string, sentAt: Date): Promise<void> {
    if (!isKey(id)) return;
    await this.manager.update(
      DeliverySchema,
      { id },
      { status: 'sent', attempts: () => 'attempts + 1', sentAt, leaseUntil: null },
    );
  }

  async markAttemptFailed(id: string, error: string, retryAt: Date | null): Promise<void> {
    if (!isKey(id)) return;
    await this.manager.update(
      DeliverySchema,
      { id },
      {
        status: retryAt === null ? 'failed' : 'queued',
        attempts: () => 'attempts + 1',
        lastError: error.slice(0, DELIVERY_ERROR_MAX_LENGTH),
        leaseUntil: null,
        ...(retryAt === null ? {} : { nextAttemptAt: retryAt }),
      },
    );
  }

  async outboxState(): Promise<OutboxState> {
    const id = (name: string) => this.dialect.id(name);
    const paced = `${id('kind')} = 'announcement'`;
    const [row] = (await this.manager.query(
      `SELECT SUM(CASE WHEN ${paced} THEN 0 ELSE 1 END) AS waiting,
        MIN(CASE WHEN ${paced} THEN NULL ELSE ${id('created_at')} END) AS oldest,
        SUM(CASE WHEN ${paced} THEN 1 ELSE 0 END) AS announcement
      FROM ${id('deliveries')} WHERE ${id('status')} = 'queued'`,
    )) as Array<{ waiting: unknown; oldest: unknown; announcement: unknown }>;
    return {
      waiting: Number(row?.waiting ?? 0),
      oldestWaitingSince: row?.oldest === null || row?.oldest === undefined ? null : this.dialect.readTime(row.oldest),
      announcementWaiting: Number(row?.announcement ?? 0),
    };
  }

  async listForRequests(requestIds: readonly string[]): Promise<Delivery[]> {
    const ids = requestIds.filter(isKey);
    if (ids.length === 0) return [];
    const rows = await this.manager.find(DeliverySchema, {
      where: { requestId: In(ids) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map(toDelivery);
  }

  async removeLinksExpiredBefore(before: Date): Promise<number> {
    const result = await this.manager.update(
      DeliverySchema,
      { linkExpiresAt: LessThan(before) },
      { linkTokenHash: null, linkExpiresAt: null },
    );
    return result.affected ?? 0;
  }

  async forgetPersonalDetails(requestIds: readonly string[]): Promise<number> {
    const ids = requestIds.filter(isKey);
    if (ids.length === 0) return 0;
    const result = await this.manager.update(
      DeliverySchema,
      [
        { requestId: In(ids), linkTokenHash: Not(IsNull()) },
        { requestId: In(ids), lastError: Not(IsNull()) },
      ],
      { linkTokenHash: null, linkExpiresAt: null, lastError: null },
    );
    const q = this.dialect.id;
    // Their events' details too (a server's reply can quote the address); the events themselves stay.
    await this.manager.query(
      `UPDATE ${q('delivery_events')} SET ${q('detail')} = NULL WHERE ${q('detail')} IS NOT NULL AND ${q('delivery_id')} IN ` +
        `(SELECT ${q('id')} FROM ${q('deliveries')} WHERE ${q('request_id')} IN (${ids.map(() => '?').join(', ')}))`,
      ids,
    );
    return result.affected ?? 0;
  }

  async addEvent(event: DeliveryEvent, keep: number): Promise<boolean> {
    if (!isKey(event.deliveryId)) return false;
    // Not atomic with the insert: two events at once may both pass the cap by one, which only bounds a table.
    if ((await this.manager.countBy(DeliveryEventSchema, { deliveryId: event.deliveryId })) >= keep) return false;
    await this.manager.insert(DeliveryEventSchema, { ...event });
    return true;
  }

  async listEvents(deliveryIds: readonly string[]): Promise<DeliveryEvent[]> {
    const ids = deliveryIds.filter(isKey);
    if (ids.length === 0) return [];
    const rows = await this.manager.find(DeliveryEventSchema, {
      where: { deliveryId: In(ids) },
      order: { at: 'ASC', id: 'ASC' },
    });
    return rows.map(toEvent);
  }
}
