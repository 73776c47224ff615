import type { CapabilitySummary } from '../src/guestbook/guestbook-entry.repository';
import type { ScholarshipDecision, ScholarshipRequest } from '../src/scholarships/scholarship-request';
import type { ScholarshipRequestRepository } from '../src/scholarships/scholarship-request.repository';
import { copy, newestFirst, type InMemoryDatabase } from './in-memory-database';

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
}
