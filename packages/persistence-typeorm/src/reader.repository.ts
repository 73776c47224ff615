import {
  readerKey,
  type Announcement,
  type AnnouncementProgress,
  type ConfirmationRecord,
  type ConfirmedOnDay,
  type ReaderListFilter,
  type ReaderStatus,
  type Reader,
  type ReaderLeavingWay,
  type ReaderRepository,
  type ReaderToken,
  type SignUpRecord,
} from '@memoir/domain';
import { IsNull, type EntityManager } from 'typeorm';

import { isKey, type Dialect } from './dialect';
import { seekingAlong, type PageRequest } from './newest-first';
import {
  AnnouncementSchema,
  ReaderSchema,
  ReaderTokenSchema,
  type AnnouncementRow,
  type ReaderRow,
} from './reader-schemas';
import { count } from './statements';
import { anyColumnLike } from './search';

const toReader = (row: ReaderRow): Reader => ({ ...row });
const toAnnouncement = (row: AnnouncementRow): Announcement => ({
  ...row,
  test: Boolean(row.test),
  queuedCount: Number(row.queuedCount),
});

export class TypeOrmReaderRepository implements ReaderRepository {
  constructor(
    private readonly manager: EntityManager,
    private readonly dialect: Dialect,
  ) {}

  async addIfNew(reader: Reader): Promise<boolean> {
    // One statement that keeps the first row of an address (the unique email_key): of concurrent sign-ups, one is stored.
    await this.manager
      .createQueryBuilder()
      .insert()
      .into(ReaderSchema)
      .values({ ...reader, emailKey: readerKey(reader.email) })
      .orIgnore()
      .updateEntity(false)
      .execute();
    const kept = await this.manager.findOne(ReaderSchema, {
      select: { id: true },
      where: { emailKey: readerKey(reader.email) },
    });
    return kept?.id === reader.id;
  }

  async findByEmail(email: string): Promise<Reader | null> {
    const key = readerKey(email);
    if (!isKey(key)) return null;
    const row = await this.manager.findOneBy(ReaderSchema, { emailKey: key });
    return row === null ? null : toReader(row);
  }

  async findById(id: string): Promise<Reader | null> {
    if (!isKey(id)) return null;
    const row = await this.manager.findOneBy(ReaderSchema, { id });
    return row === null ? null : toReader(row);
  }

  async confirm(id: string, record: ConfirmationRecord): Promise<boolean> {
    return this.change(id, `status = 'pending'`, {
      status: 'confirmed',
      confirmedAt: record.at,
      confirmIp: record.ip,
      confirmUserAgent: record.userAgent,
      confirmationsSent: 0,
    });
  }

  async unsubscribe(id: string, at: Date, by: ReaderLeavingWay): Promise<boolean> {
    return this.change(id, `status IN ('pending', 'confirmed')`, {
      status: 'unsubscribed',
      unsubscribedAt: at,
      unsubscribedBy: by,
    });
  }

  async signUpAgain(id: string, record: SignUpRecord): Promise<boolean> {
    return this.change(id, `status = 'unsubscribed'`, {
      ...record,
      status: 'pending',
      confirmedAt: null,
      confirmIp: null,
      confirmUserAgent: null,
    });
  }

  async countConfirmation(id: string, at: Date, max: number, notAfter: Date): Promise<number | null> {
    if (!isKey(id)) return null;
    // One conditional UPDATE: the database holds both caps against concurrent sign-ups.
    const result = await this.manager
      .createQueryBuilder()
      .update(ReaderSchema)
      .set({ confirmationsSent: () => 'confirmations_sent + 1', lastConfirmationAt: at })
      .where(
        'id = :id AND confirmations_sent < :max AND (last_confirmation_at IS NULL OR last_confirmation_at <= :notAfter)',
        {
          id,
          max,
          notAfter: this.dialect.time(notAfter),
        },
      )
      .execute();
    if ((result.affected ?? 0) === 0) return null;
    const row = await this.manager.findOne(ReaderSchema, { select: { confirmationsSent: true }, where: { id } });
    return row?.confirmationsSent ?? null;
  }

  async addToken(token: ReaderToken): Promise<void> {
    await this.manager.insert(ReaderTokenSchema, { ...token });
  }

  async findToken(tokenHash: string): Promise<ReaderToken | null> {
    if (!isKey(tokenHash)) return null;
    const row = await this.manager.findOneBy(ReaderTokenSchema, { tokenHash });
    return row === null ? null : { ...row };
  }

  async useToken(tokenHash: string, at: Date): Promise<boolean> {
    if (!isKey(tokenHash)) return false;
    // One conditional UPDATE: of concurrent uses of one link, exactly one changes the row.
    const result = await this.manager
      .createQueryBuilder()
      .update(ReaderTokenSchema)
      .set({ usedAt: at })
      .where('token_hash = :tokenHash AND used_at IS NULL AND (expires_at IS NULL OR expires_at > :at)', {
        tokenHash,
        at: this.dialect.time(at),
      })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async deletePendingSignedUpBefore(before: Date): Promise<number> {
    // Their links go with them (ON DELETE CASCADE).
    const result = await this.manager
      .createQueryBuilder()
      .delete()
      .from(ReaderSchema)
      .where(`status = 'pending' AND signed_up_at < :before`, { before: this.dialect.time(before) })
      .execute();
    return result.affected ?? 0;
  }

  async listPage(filter: ReaderListFilter, page: PageRequest): Promise<Reader[]> {
    const q = this.dialect.id;
    let query = this.manager.createQueryBuilder(ReaderSchema, 'reader');
    if (filter.status !== undefined) query = query.andWhere('reader.status = :status', { status: filter.status });
    if (filter.search !== undefined) {
      // Read row by row along the newest-first index: a page of a common text comes within a few
      // rows, a rare one reads the list once (docs/readers.md, "The owner's list").
      const { condition, parameters } = anyColumnLike(this.dialect, ['reader.email', 'reader.name'], filter.search);
      query = query.andWhere(condition, parameters);
    }
    if (page.before !== undefined) {
      const time = `reader.${q('signed_up_at')}`;
      query = query.andWhere(`${time} <= :beforeTime AND (${time} < :beforeTime OR reader.id < :beforeId)`, {
        beforeTime: this.dialect.time(page.before.createdAt),
        beforeId: page.before.id,
      });
      const index = filter.status === undefined ? 'idx_readers_signed_up' : 'idx_readers_status_signed_up';
      query = seekingAlong(query, this.dialect, index, { ...page, textIndex: false });
    }
    const rows = await query
      .orderBy('reader.signedUpAt', 'DESC')
      .addOrderBy('reader.id', 'DESC')
      .limit(Math.max(0, page.limit))
      .getMany();
    return rows.map(toReader);
  }

  async countByStatus(): Promise<Readonly<Record<ReaderStatus, number>>> {
    // One count per status, from the status index.
    const rows = (await this.manager.query(
      `SELECT status AS status, COUNT(*) AS n FROM ${this.dialect.id('readers')} GROUP BY status`,
    )) as Array<{ status: string; n: unknown }>;
    const counts = { pending: 0, confirmed: 0, unsubscribed: 0 };
    for (const row of rows) if (row.status in counts) counts[row.status as ReaderStatus] = count(row.n);
    return counts;
  }

  async confirmedPerDay(since: Date): Promise<ConfirmedOnDay[]> {
    // The times are UTC on both (SQLite's text, MySQL's session): a day is the time's first ten characters.
    const day = this.dialect.kind === 'mysql' ? `DATE_FORMAT(confirmed_at, '%Y-%m-%d')` : `substr(confirmed_at, 1, 10)`;
    const rows = (await this.manager.query(
      `SELECT ${day} AS day, COUNT(*) AS n FROM ${this.dialect.id('readers')} WHERE confirmed_at >= ? GROUP BY ${day} ORDER BY ${day}`,
      [this.dialect.time(since)],
    )) as Array<{ day: unknown; n: unknown }>;
    return rows.map((row) => ({ day: String(row.day), confirmed: count(row.n) }));
  }

  async addAnnouncement(announcement: Announcement): Promise<void> {
    await this.manager.insert(AnnouncementSchema, { ...announcement });
  }

  async findAnnouncement(id: string): Promise<Announcement | null> {
    if (!isKey(id)) return null;
    const row = await this.manager.findOneBy(AnnouncementSchema, { id });
    return row === null ? null : toAnnouncement(row);
  }

  async listAnnouncements(limit: number): Promise<Announcement[]> {
    const rows = await this.manager.find(AnnouncementSchema, {
      where: { test: false },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: Math.max(0, limit),
    });
    return rows.map(toAnnouncement);
  }

  async listAnnouncementsQueuing(): Promise<Announcement[]> {
    const rows = await this.manager.find(AnnouncementSchema, { where: { test: false, queuedAt: IsNull() } });
    return rows.map(toAnnouncement);
  }

  async recordAnnouncementProgress(id: string, progress: AnnouncementProgress): Promise<void> {
    // Only forward: a slower process that queued an earlier batch never moves the cursor back.
    await this.manager
      .createQueryBuilder()
      .update(AnnouncementSchema)
      .set({ ...progress })
      .where('id = :id AND queued_count <= :count', { id, count: progress.queuedCount })
      .execute();
  }

  async listListMailRecipients(afterId: string | null, limit: number): Promise<Array<{ id: string }>> {
    // Along the primary key from the cursor; a suppressed address (suppressions are kept in lower
    // case, as email_key) is left out by its primary key.
    const q = this.dialect.id;
    const rows = (await this.manager.query(
      `SELECT r.${q('id')} AS id FROM ${q('readers')} r WHERE r.${q('status')} = 'confirmed'` +
        (afterId === null ? '' : ` AND r.${q('id')} > ?`) +
        ` AND NOT EXISTS (SELECT 1 FROM ${q('suppressions')} s WHERE s.${q('email')} = r.${q('email_key')})` +
        ` ORDER BY r.${q('id')} LIMIT ?`,
      afterId === null ? [Math.max(0, limit)] : [afterId, Math.max(0, limit)],
    )) as Array<{ id: string }>;
    return rows.map((row) => ({ id: String(row.id) }));
  }

  async deleteByEmail(email: string): Promise<boolean> {
    const key = readerKey(email);
    if (!isKey(key)) return false;
    const result = await this.manager.delete(ReaderSchema, { emailKey: key });
    return (result.affected ?? 0) > 0;
  }

  /** One conditional UPDATE from the states `when` allows. */
  private async change(id: string, when: string, fields: Partial<ReaderRow>): Promise<boolean> {
    if (!isKey(id)) return false;
    const result = await this.manager
      .createQueryBuilder()
      .update(ReaderSchema)
      .set(fields)
      .where(`id = :id AND ${when}`, { id })
      .execute();
    return (result.affected ?? 0) > 0;
  }
}
