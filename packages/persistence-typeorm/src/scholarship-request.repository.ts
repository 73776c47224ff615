import type {
  PendingAge,
  ReviewAnswer,
  ReviewReminder,
  ReviewSummary,
  ScholarshipDecision,
  ScholarshipRequest,
  ScholarshipRequestRepository,
} from '@memoir/domain';
import { In, QueryFailedError } from 'typeorm';

import { isKey } from './dialect';
import { TypeOrmReviewQueue, type ReviewQueueTable } from './review-queue';
import { ReviewReminderSchema, type ReviewReminderRow } from './review-reminder-schemas';
import { ScholarshipRequestSchema, type ScholarshipRequestRow } from './schemas';
import { SEARCH_INDEX } from './search';
import { changedAny, count, insertWithoutReselect } from './statements';

const toScholarshipRequest = (row: ScholarshipRequestRow): ScholarshipRequest => ({
  id: row.id,
  name: row.name,
  email: row.email,
  message: row.message,
  status: row.status,
  adminNotes: row.adminNotes,
  createdAt: row.createdAt,
  decidedAt: row.decidedAt,
  reviewReminder: Boolean(row.reviewReminder),
});

const toReviewReminder = ({ tokenHash: _hidden, ...row }: ReviewReminderRow): ReviewReminder => ({
  ...row,
  answer: row.answer,
});

/** A failed insert because the key is taken (another process wrote it first) or the request is gone. */
function isTakenOrOrphan(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const code = (error.driverError as { code?: string } | undefined)?.code ?? '';
  return code === 'ER_DUP_ENTRY' || code === 'ER_NO_REFERENCED_ROW_2' || code.startsWith('SQLITE_CONSTRAINT');
}

const SCHOLARSHIP_QUEUE: ReviewQueueTable<ScholarshipRequestRow, ScholarshipRequest, 'status'> = {
  schema: ScholarshipRequestSchema,
  alias: 'request',
  toRow: (request) => ({ ...request }),
  toItem: toScholarshipRequest,
  state: { filter: 'status', property: 'status', column: 'status', index: 'idx_scholarship_requests_status_created' },
  decidedAt: 'decidedAt',
  pending: (q) => ({ where: `${q('status')} = ?`, parameter: 'pending' }),
  search: SEARCH_INDEX.scholarships,
};

export class TypeOrmScholarshipRequestRepository
  extends TypeOrmReviewQueue<ScholarshipRequestRow, ScholarshipRequest, 'status'>
  implements ScholarshipRequestRepository
{
  protected readonly table = SCHOLARSHIP_QUEUE;

  countByStatus() {
    return this.countPerState();
  }

  async decideIfPending(id: string, decision: ScholarshipDecision): Promise<ScholarshipRequest | null> {
    if (!isKey(id)) return null;
    // One conditional UPDATE: the database decides which of concurrent decisions wins.
    const result = await this.manager
      .createQueryBuilder()
      .update(ScholarshipRequestSchema)
      .set({ ...decision })
      .where('id = :id AND status = :pending', { id, pending: 'pending' })
      .execute();
    return changedAny(result) ? this.findById(id) : null;
  }

  async pendingAge(overdueBefore: Date): Promise<PendingAge> {
    const q = this.dialect.id;
    const table = q('scholarship_requests');
    // Both from the (status, created_at) index.
    const [row] = (await this.manager.query(
      `SELECT (SELECT COUNT(*) FROM ${table} WHERE ${q('status')} = ? AND ${q('created_at')} < ?) AS overdue,
              (SELECT MIN(${q('created_at')}) FROM ${table} WHERE ${q('status')} = ?) AS oldest`,
      ['pending', this.dialect.time(overdueBefore), 'pending'],
    )) as Array<{ overdue: unknown; oldest: unknown }>;
    const oldest = row?.oldest ?? null;
    return { overdue: count(row?.overdue), oldestPendingAt: oldest === null ? null : this.dialect.readTime(oldest) };
  }

  /** The deliveries go with them: fk_deliveries_request cascades. */
  deleteRejectedDecidedBefore(before: Date): Promise<number> {
    return this.deleteRejectedBefore(before);
  }

  async listByEmail(email: string): Promise<ScholarshipRequest[]> {
    const q = this.dialect.id;
    // Addresses are compared without regard to case; MySQL's collation already does, SQLite's LOWER for ASCII.
    const rows = await this.manager
      .createQueryBuilder(ScholarshipRequestSchema, 'request')
      .where(`LOWER(request.${q('email')}) = LOWER(:email)`, { email })
      .orderBy('request.createdAt', 'ASC')
      .addOrderBy('request.id', 'ASC')
      .getMany();
    return rows.map(toScholarshipRequest);
  }

  async anonymise(id: string, standIn: { readonly name: string; readonly email: string }): Promise<boolean> {
    if (!isKey(id)) return false;
    const erased = { name: standIn.name, email: standIn.email, message: null, adminNotes: null };
    return changedAny(await this.manager.update(ScholarshipRequestSchema, { id }, erased));
  }

  async listDueReviewReminders(downloadedBy: Date, limit: number): Promise<string[]> {
    const q = this.dialect.id;
    // The requests that ticked the box are few; each is checked along the deliveries' request
    // key and the events' (delivery_id, at) index.
    const rows = (await this.manager.query(
      `SELECT r.${q('id')} AS id FROM ${q('scholarship_requests')} r
        WHERE r.${q('review_reminder')} = 1
          AND NOT EXISTS (SELECT 1 FROM ${q('review_reminders')} m WHERE m.${q('request_id')} = r.${q('id')})
          AND EXISTS (SELECT 1 FROM ${q('deliveries')} d JOIN ${q('delivery_events')} e ON e.${q('delivery_id')} = d.${q('id')}
                       WHERE d.${q('request_id')} = r.${q('id')} AND e.${q('kind')} = ? AND e.${q('at')} <= ?)
        ORDER BY r.${q('created_at')}, r.${q('id')}
        LIMIT ${Math.max(0, Math.floor(limit))}`,
      ['downloaded', this.dialect.time(downloadedBy)],
    )) as Array<{ id: string }>;
    return rows.map((row) => row.id);
  }

  async startReviewReminder(requestId: string, at: Date): Promise<boolean> {
    if (!isKey(requestId)) return false;
    try {
      await insertWithoutReselect(this.manager, ReviewReminderSchema, {
        requestId,
        queuedAt: at,
        sentAt: null,
        tokenHash: null,
        answer: null,
        answeredAt: null,
      });
      return true;
    } catch (error) {
      // Started already (here or by another process), or the request is gone.
      if (isTakenOrOrphan(error)) return false;
      throw error;
    }
  }

  async attachReviewToken(requestId: string, tokenHash: string): Promise<void> {
    if (!isKey(requestId)) return;
    await this.manager.update(ReviewReminderSchema, { requestId }, { tokenHash });
  }

  async markReviewReminderSent(requestId: string, at: Date): Promise<void> {
    if (!isKey(requestId)) return;
    await this.manager.update(ReviewReminderSchema, { requestId }, { sentAt: at });
  }

  async findReviewReminderByTokenHash(tokenHash: string) {
    if (tokenHash === '') return null;
    const row = await this.manager.findOneBy(ReviewReminderSchema, { tokenHash });
    return row === null || row.tokenHash === null ? null : { ...toReviewReminder(row), tokenHash: row.tokenHash };
  }

  async answerReviewReminder(requestId: string, answer: ReviewAnswer, at: Date): Promise<boolean> {
    if (!isKey(requestId)) return false;
    // One conditional UPDATE: of two presses at once, the database keeps the first answer.
    const result = await this.manager
      .createQueryBuilder()
      .update(ReviewReminderSchema)
      .set({ answer, answeredAt: at })
      .where('request_id = :requestId AND answer IS NULL', { requestId })
      .execute();
    return changedAny(result);
  }

  async listReviewReminders(requestIds: readonly string[]): Promise<ReviewReminder[]> {
    const keys = requestIds.filter(isKey);
    if (keys.length === 0) return [];
    const rows = await this.manager.findBy(ReviewReminderSchema, { requestId: In(keys) });
    return rows.map(toReviewReminder);
  }

  async forgetReviewReminders(requestIds: readonly string[]): Promise<number> {
    const keys = requestIds.filter(isKey);
    if (keys.length === 0) return 0;
    await this.manager.update(ScholarshipRequestSchema, { id: In(keys) }, { reviewReminder: false });
    const result = await this.manager.delete(ReviewReminderSchema, { requestId: In(keys) });
    return result.affected ?? 0;
  }

  async reviewSummary(): Promise<ReviewSummary> {
    const q = this.dialect.id;
    // One pass over the approvals (idx_deliveries_kind) and one over the reminders.
    const [row] = (await this.manager.query(
      `SELECT d.downloads, d.downloadedBy, r.sent, r.reviewed, r.declined
         FROM (SELECT SUM(${q('download_count')}) AS downloads,
                      COUNT(DISTINCT CASE WHEN ${q('download_count')} > 0 THEN ${q('request_id')} END) AS downloadedBy
                 FROM ${q('deliveries')} WHERE ${q('kind')} = ?) d,
              (SELECT SUM(CASE WHEN ${q('sent_at')} IS NOT NULL THEN 1 ELSE 0 END) AS sent,
                      SUM(CASE WHEN ${q('answer')} = ? THEN 1 ELSE 0 END) AS reviewed,
                      SUM(CASE WHEN ${q('answer')} = ? THEN 1 ELSE 0 END) AS declined
                 FROM ${q('review_reminders')}) r`,
      ['approval', 'reviewed', 'declined'],
    )) as Array<Record<string, unknown>>;
    return {
      downloads: count(row?.downloads),
      downloadedBy: count(row?.downloadedBy),
      remindersSent: count(row?.sent),
      reviewed: count(row?.reviewed),
      declined: count(row?.declined),
    };
  }
}
