import { createHash, randomBytes } from 'node:crypto';

import type { AuditChainHead, AuditEvent, AuditEventRepository, SealedAuditEvent } from '@memoir/domain';
import { AUDIT_TALLY_FIELDS, sealAuditEvent } from '@memoir/domain';
import { sha256Hex } from '@memoir/platform-node';
import { In, IsNull, MoreThan, Not, type EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';

import { withDeadlockRetry } from './deadlock-retry';
import { isKey, type Dialect } from './dialect';
import { newestFirstPage, olderThan, seekingAlong } from './newest-first';
import { AuditChainHeadSchema, AuditEventSchema, type AuditEventRow } from './schemas';
import { containing, SEARCH_INDEX } from './search';
import { insertWithoutReselect } from './statements';

/** What the audit log's list is asked for: a page, and the filters it must match. */
type AuditListOptions = Parameters<AuditEventRepository['listNewestFirst']>[0];

/** A tally's event id: the key's SHA-256 written as a UUID, so every process finds the same row. */
export function tallyEventId(tallyKey: string): string {
  const hex = createHash('sha256').update(tallyKey).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const toAuditEvent = (row: AuditEventRow): AuditEvent => ({
  id: row.id,
  action: row.action,
  resourceType: row.resourceType,
  resourceId: row.resourceId,
  userId: row.userId,
  details: row.details,
  ipAddress: row.ipAddress,
  userAgent: row.userAgent,
  createdAt: row.createdAt,
});

const toSealedAuditEvent = (row: AuditEventRow): SealedAuditEvent => ({
  ...toAuditEvent(row),
  seq: Number(row.seq),
  prevHash: row.prevHash,
  hash: row.hash,
  originSalt: row.originSalt,
  ipAddressDigest: row.ipAddressDigest,
  userAgentDigest: row.userAgentDigest,
  detailsSalt: row.detailsSalt,
  detailsDigest: row.detailsDigest,
});

/** The filters that have an index of their own, (column, created_at, id): a page seeks along it. */
const FILTER_INDEXES = [
  ['action', 'idx_audit_events_action'],
  ['resourceType', 'idx_audit_events_resource_type'],
  ['userId', 'idx_audit_events_user'],
] as const;

/**
 * How an append holds the chain's head while it attaches an event:
 * - `'within'`: the caller's transaction (a unit of work: SQLite's is BEGIN IMMEDIATE, which
 *   holds the write lock; MySQL's locks the head row below);
 * - `'own'`: outside any transaction, the append opens its own (SQLite: BEGIN IMMEDIATE;
 *   MySQL: a transaction on a pooled connection).
 */
export type AuditAppendTransaction = 'within' | 'own';

export class TypeOrmAuditEventRepository implements AuditEventRepository {
  constructor(
    private readonly manager: EntityManager,
    private readonly dialect: Dialect,
    private readonly transaction: AuditAppendTransaction = 'within',
  ) {}

  async append(event: AuditEvent): Promise<void> {
    await this.chained(async (manager) => {
      await this.attach(manager, event, await this.lockHead(manager));
    });
  }

  async findById(id: string): Promise<AuditEvent | null> {
    if (!isKey(id)) return null;
    const row = await this.manager.findOneBy(AuditEventSchema, { id });
    return row === null ? null : toAuditEvent(row);
  }

  async chainHead(): Promise<AuditChainHead | null> {
    const row = await this.manager.findOneBy(AuditChainHeadSchema, { id: 1 });
    return row === null || Number(row.seq) === 0 ? null : { seq: Number(row.seq), hash: row.hash };
  }

  async readChain(afterSeq: number, limit: number): Promise<SealedAuditEvent[]> {
    const rows = await this.manager.find(AuditEventSchema, {
      where: { seq: MoreThan(afterSeq) },
      order: { seq: 'ASC' },
      take: Math.max(0, limit),
    });
    return rows.map(toSealedAuditEvent);
  }

  async appendOrCount(event: AuditEvent, tallyKey: string, countField: string): Promise<void> {
    if (!/^[A-Za-z]+$/.test(countField) || !AUDIT_TALLY_FIELDS.includes(countField)) {
      throw new Error(`Not a tally field: "${countField}"`);
    }
    const q = this.dialect.id;
    const path = `'$.${countField}'`;
    const id = tallyEventId(tallyKey);
    const counted =
      this.dialect.kind === 'sqlite'
        ? `json_set(${q('details')}, ${path}, coalesce(json_extract(${q('details')}, ${path}), 0) + 1)`
        : `JSON_SET(${q('details')}, ${path}, COALESCE(JSON_EXTRACT(${q('details')}, ${path}), 0) + 1)`;
    // Under the chain's lock, so that of concurrent first calls one appends and the rest count.
    await this.chained(async (manager) => {
      const head = await this.lockHead(manager);
      // A locking read on MySQL: the latest committed row, not the transaction's snapshot.
      const lock = this.dialect.kind === 'mysql' ? ' FOR UPDATE' : '';
      const [found] = (await manager.query(`SELECT 1 AS one FROM ${q('audit_events')} WHERE ${q('id')} = ?${lock}`, [
        id,
      ])) as unknown[];
      if (found === undefined) await this.attach(manager, { ...event, id }, head);
      else
        await manager.query(`UPDATE ${q('audit_events')} SET ${q('details')} = ${counted} WHERE ${q('id')} = ?`, [id]);
    });
  }

  /**
   * Runs `work` holding the chain: inside the caller's transaction, or in one of its own. A
   * deadlock victim is run again only when the transaction is the append's own.
   */
  private async chained(work: (manager: EntityManager) => Promise<void>): Promise<void> {
    if (this.dialect.kind === 'sqlite') {
      if (this.transaction === 'within') return work(this.manager);
      await this.manager.query('BEGIN IMMEDIATE');
      try {
        await work(this.manager);
        await this.manager.query('COMMIT');
      } catch (error) {
        await this.manager.query('ROLLBACK');
        throw error;
      }
      return;
    }
    if (this.manager.queryRunner?.isTransactionActive === true) return work(this.manager);
    await withDeadlockRetry(() => this.manager.transaction(work));
  }

  /**
   * Reads the chain's head, locking its row on MySQL (SELECT ... FOR UPDATE: concurrent appends
   * wait here until this transaction ends). SQLite's transaction holds the write lock already.
   */
  private async lockHead(manager: EntityManager): Promise<AuditChainHead | null> {
    const q = this.dialect.id;
    const lock = this.dialect.kind === 'mysql' ? ' FOR UPDATE' : '';
    const [head] = (await manager.query(
      `SELECT ${q('seq')} AS seq, ${q('hash')} AS hash FROM ${q('audit_chain_head')} WHERE ${q('id')} = 1${lock}`,
    )) as Array<{ seq: number | string; hash: string }>;
    if (head === undefined) throw new Error('The audit chain head row is missing: run the migrations.');
    return Number(head.seq) === 0 ? null : { seq: Number(head.seq), hash: head.hash };
  }

  /** Seals `event` after the head (locked by the caller), inserts it and moves the head. */
  private async attach(manager: EntityManager, event: AuditEvent, previous: AuditChainHead | null): Promise<void> {
    const q = this.dialect.id;
    const sealed = sealAuditEvent(sha256Hex, event, previous, {
      origin: randomBytes(16).toString('hex'),
      details: randomBytes(16).toString('hex'),
    });
    const row: AuditEventRow = { ...sealed, details: sealed.details === null ? null : { ...sealed.details } };
    // TypeORM's deep-partial type cannot follow a free-form JSON column; the row type is exact.
    await insertWithoutReselect(manager, AuditEventSchema, row as QueryDeepPartialEntity<AuditEventRow>);
    await manager.query(`UPDATE ${q('audit_chain_head')} SET ${q('seq')} = ?, ${q('hash')} = ? WHERE ${q('id')} = 1`, [
      sealed.seq,
      sealed.hash,
    ]);
  }

  async listNewestFirst(options: AuditListOptions): Promise<AuditEvent[]> {
    const filter = options.filter ?? {};
    const time = (date: Date) => this.dialect.time(date);
    let query = this.manager.createQueryBuilder(AuditEventSchema, 'event');
    for (const key of ['action', 'resourceType', 'userId', 'resourceId'] as const) {
      if (filter[key] !== undefined) query = query.andWhere(`event.${key} = :${key}`, { [key]: filter[key] });
    }
    if (filter.from !== undefined) query = query.andWhere('event.createdAt >= :from', { from: time(filter.from) });
    if (filter.to !== undefined) query = query.andWhere('event.createdAt < :to', { to: time(filter.to) });
    const place = { manager: this.manager, dialect: this.dialect, alias: 'event', searchIndex: SEARCH_INDEX.audit };
    const searched = await containing(query, place, filter.search);
    query = olderThan(searched.query, this.dialect, 'event', options.before);
    // One equality filter: its own index leads to the cursor. With several, the planner chooses.
    const only = FILTER_INDEXES.filter(([key]) => filter[key] !== undefined);
    if (only.length === 1 && only[0] !== undefined) {
      query = seekingAlong(query, this.dialect, only[0][1], { before: options.before, textIndex: searched.textIndex });
    }
    return (await newestFirstPage(query, 'event', options.limit).getMany()).map(toAuditEvent);
  }

  async forgetOrigins(before: Date): Promise<number> {
    const q = this.dialect.id;
    const result = await this.manager
      .createQueryBuilder()
      .update(AuditEventSchema)
      // The salt goes with the values: the digests in the chain can no longer be tested against guesses.
      .set({ ipAddress: null, userAgent: null, originSalt: null })
      .where(`${q('created_at')} < :before AND (${q('ip_address')} IS NOT NULL OR ${q('user_agent')} IS NOT NULL)`, {
        before: this.dialect.time(before),
      })
      .execute();
    return result.affected ?? 0;
  }

  async forgetDetailsOf(resourceIds: readonly string[]): Promise<number> {
    const ids = resourceIds.filter(isKey);
    if (ids.length === 0) return 0;
    const result = await this.manager.update(AuditEventSchema, { resourceId: In(ids), details: Not(IsNull()) }, {
      details: null,
      detailsSalt: null,
    } as QueryDeepPartialEntity<AuditEventRow>);
    return result.affected ?? 0;
  }
}
