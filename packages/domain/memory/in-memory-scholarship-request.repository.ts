import type { ScholarshipDecision, ScholarshipRequest } from '../src/scholarships/scholarship-request';
import type { PendingAge, ScholarshipRequestRepository } from '../src/scholarships/scholarship-request.repository';
import { copy } from './in-memory-database';
import { InMemoryReviewQueue, type InMemoryReviewQueueTable } from './in-memory-review-queue';

const SCHOLARSHIP_QUEUE: InMemoryReviewQueueTable<ScholarshipRequest, 'status'> = {
  filter: 'status',
  noun: 'scholarship request',
  rows: (db) => db.scholarshipRequests,
  stateOf: (request) => request.status,
  searched: (request) => [request.name, request.email, request.message, request.adminNotes],
  decidedAt: (request) => request.decidedAt,
  deliveryKey: 'requestId',
};

export class InMemoryScholarshipRequestRepository
  extends InMemoryReviewQueue<ScholarshipRequest, 'status'>
  implements ScholarshipRequestRepository
{
  protected readonly table = SCHOLARSHIP_QUEUE;

  countByStatus() {
    return this.countPerState();
  }

  // No await between the check and the write: atomic on a single-threaded event loop.
  async decideIfPending(id: string, decision: ScholarshipDecision): Promise<ScholarshipRequest | null> {
    const request = this.rows.get(id);
    if (request === undefined || request.status !== 'pending') return null;
    const decided: ScholarshipRequest = { ...request, ...decision };
    this.rows.set(id, copy(decided));
    return copy(decided);
  }

  async pendingAge(overdueBefore: Date): Promise<PendingAge> {
    const pending = [...this.rows.values()].filter((request) => request.status === 'pending');
    const times = pending.map((request) => request.createdAt.getTime());
    return {
      overdue: times.filter((time) => time < overdueBefore.getTime()).length,
      oldestPendingAt: times.length === 0 ? null : new Date(Math.min(...times)),
    };
  }

  deleteRejectedDecidedBefore(before: Date): Promise<number> {
    return this.deleteRejectedBefore(before);
  }

  async listByEmail(email: string): Promise<ScholarshipRequest[]> {
    const wanted = email.toLowerCase();
    return [...this.rows.values()]
      .filter((request) => request.email.toLowerCase() === wanted)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map(copy);
  }

  async anonymise(id: string, standIn: { readonly name: string; readonly email: string }): Promise<boolean> {
    const request = this.rows.get(id);
    if (request === undefined) return false;
    this.rows.set(id, { ...request, ...standIn, message: null, adminNotes: null });
    return true;
  }
}
