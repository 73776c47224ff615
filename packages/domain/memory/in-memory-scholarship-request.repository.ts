import type { CapabilitySummary } from '../src/review-queue/review-queue.repository';
import type {
  ScholarshipDecision,
  ScholarshipRequest,
  ScholarshipStatus,
} from '../src/scholarships/scholarship-request';
import type {
  PendingAge,
  ScholarshipListFilter,
  ScholarshipRequestRepository,
} from '../src/scholarships/scholarship-request.repository';
import type { ListCursor } from '../src/shared/list-page';
import { containsText, copy, createdBetween, newestFirst, pageOf, type InMemoryDatabase } from './in-memory-database';

export class InMemoryScholarshipRequestRepository implements ScholarshipRequestRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  async add(request: ScholarshipRequest): Promise<void> {
    if (this.db.scholarshipRequests.has(request.id)) throw new Error(`Duplicate scholarship request id ${request.id}`);
    this.db.scholarshipRequests.set(request.id, copy(request));
  }

  async findById(id: string): Promise<ScholarshipRequest | null> {
    const request = this.db.scholarshipRequests.get(id);
    return request === undefined ? null : copy(request);
  }

  async listAll(): Promise<ScholarshipRequest[]> {
    return [...this.db.scholarshipRequests.values()].sort(newestFirst).map(copy);
  }

  async listPage(
    filter: ScholarshipListFilter,
    page: { readonly limit: number; readonly before?: ListCursor },
  ): Promise<ScholarshipRequest[]> {
    const matches = (request: ScholarshipRequest) =>
      (filter.status === undefined || request.status === filter.status) &&
      containsText(filter.search, [request.name, request.email, request.message, request.adminNotes]);
    return pageOf(this.db.scholarshipRequests.values(), matches, page);
  }

  async countByStatus(): Promise<Readonly<Record<ScholarshipStatus, number>>> {
    const counts = { pending: 0, approved: 0, rejected: 0 };
    for (const request of this.db.scholarshipRequests.values()) counts[request.status] += 1;
    return counts;
  }

  // No await between the check and the write: atomic on a single-threaded event loop.
  async decideIfPending(id: string, decision: ScholarshipDecision): Promise<ScholarshipRequest | null> {
    const request = this.db.scholarshipRequests.get(id);
    if (request === undefined || request.status !== 'pending') return null;
    const decided: ScholarshipRequest = { ...request, ...decision };
    this.db.scholarshipRequests.set(id, copy(decided));
    return copy(decided);
  }

  async summarize(since: Date): Promise<CapabilitySummary> {
    const requests = [...this.db.scholarshipRequests.values()];
    return {
      total: requests.length,
      pending: requests.filter((request) => request.status === 'pending').length,
      createdSince: requests.filter((request) => request.createdAt.getTime() >= since.getTime()).length,
    };
  }

  async pendingAge(overdueBefore: Date): Promise<PendingAge> {
    const pending = [...this.db.scholarshipRequests.values()].filter((request) => request.status === 'pending');
    const times = pending.map((request) => request.createdAt.getTime());
    return {
      overdue: times.filter((time) => time < overdueBefore.getTime()).length,
      oldestPendingAt: times.length === 0 ? null : new Date(Math.min(...times)),
    };
  }

  async listCreatedBetween(from: Date, to: Date, limit: number): Promise<ScholarshipRequest[]> {
    return createdBetween(this.db.scholarshipRequests.values(), from, to, limit);
  }

  async deleteRejectedDecidedBefore(before: Date): Promise<number> {
    let deleted = 0;
    for (const request of [...this.db.scholarshipRequests.values()]) {
      if (request.status !== 'rejected' || request.decidedAt === null) continue;
      if (request.decidedAt.getTime() >= before.getTime()) continue;
      this.db.scholarshipRequests.delete(request.id);
      // As the database's foreign key does: a request's deliveries go with it.
      for (const delivery of [...this.db.deliveries.values()]) {
        if (delivery.requestId === request.id) this.db.deliveries.delete(delivery.id);
      }
      deleted += 1;
    }
    return deleted;
  }

  async listByEmail(email: string): Promise<ScholarshipRequest[]> {
    const wanted = email.toLowerCase();
    return [...this.db.scholarshipRequests.values()]
      .filter((request) => request.email.toLowerCase() === wanted)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map(copy);
  }

  async anonymise(id: string, standIn: { readonly name: string; readonly email: string }): Promise<boolean> {
    const request = this.db.scholarshipRequests.get(id);
    if (request === undefined) return false;
    this.db.scholarshipRequests.set(id, { ...request, ...standIn, message: null, adminNotes: null });
    return true;
  }
}
