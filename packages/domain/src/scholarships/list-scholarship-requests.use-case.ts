import type { ScholarshipRequest } from './scholarship-request';
import type { ScholarshipRequestRepository } from './scholarship-request.repository';

/** The owner's view of every request, newest first. */
export class ListScholarshipRequestsUseCase {
  constructor(private readonly deps: { readonly scholarshipRequests: ScholarshipRequestRepository }) {}

  execute(): Promise<ScholarshipRequest[]> {
    return this.deps.scholarshipRequests.listAll();
  }
}
