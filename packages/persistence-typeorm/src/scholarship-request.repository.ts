import type { PendingAge, ScholarshipDecision, ScholarshipRequest, ScholarshipRequestRepository } from '@memoir/domain';

import { isKey } from './dialect';
import { TypeOrmReviewQueue, type ReviewQueueTable } from './review-queue';
import { ScholarshipRequestSchema, type ScholarshipRequestRow } from './schemas';
import { SEARCH_INDEX } from './search';
import { changedAny, count } from './statements';

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
}
