import { REQUESTER_KINDS, type Delivery, type DeliveryKind, type DeliveryStatus } from '../outbox/delivery';
import type { DeliveryRepository } from '../outbox/delivery.repository';
import { EXPORT_BATCH, ReviewList, type ReviewListPage } from '../review-queue/review-list';
import type { ListQuery } from '../shared/list-page';
import type { ListError } from '../shared/list.errors';
import type { RecentCounts } from '../shared/recent-counts';
import { ok, type Result } from '../shared/result';
import type { ScholarshipRequest } from './scholarship-request';
import type { ScholarshipRequestRepository } from './scholarship-request.repository';

/** Where the email owed to a decided requester stands: what the admin app shows. */
export interface DeliveryState {
  /** The latest requester email (a resend replaces the one before). */
  readonly kind: DeliveryKind;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  /** Why the last attempt failed; kept after a later success for the record. */
  readonly lastError: string | null;
  readonly queuedAt: Date;
  readonly sentAt: Date | null;
  /** When the latest link stops working (approvals, once sent). */
  readonly linkExpiresAt: Date | null;
  /** When the latest link was revoked (by the owner); null while it works or when there is none. */
  readonly linkRevokedAt: Date | null;
  /** Downloads through every link this request was sent. */
  readonly downloadCount: number;
}

export type ScholarshipRequestWithDelivery = ScholarshipRequest & { readonly delivery: DeliveryState | null };

/** What the owner asks of the scholarship list; everything optional. */
export interface ScholarshipListQuery extends ListQuery {
  /** pending, approved or rejected. */
  readonly status?: string | null;
}

export type ScholarshipListPage = ReviewListPage<ScholarshipRequestWithDelivery>;

/**
 * The owner's view of the requests, a page at a time: the review queue's list, by `status`,
 * each request with its delivery state.
 */
export class ListScholarshipRequestsUseCase {
  private readonly list: ReviewList<ScholarshipRequest, 'status'>;

  constructor(
    private readonly deps: {
      readonly scholarshipRequests: ScholarshipRequestRepository;
      readonly deliveries: DeliveryRepository;
      readonly counts?: RecentCounts;
    },
  ) {
    const requests = deps.scholarshipRequests;
    this.list = new ReviewList(requests, 'status', () => requests.countByStatus(), deps.counts);
  }

  async execute(query: ScholarshipListQuery = {}): Promise<Result<ScholarshipListPage, ListError>> {
    const read = await this.list.read(query, query.status);
    if (!read.ok) return read;
    const { page, sections, nextCursor, counts } = read.value;
    const [withPage, withSections] = await Promise.all([this.withDeliveries(page), this.withDeliveries(sections)]);
    return ok({ page: withPage, sections: withSections, nextCursor, counts });
  }

  /** Every request matching the query's filter (its limit and cursor ignored), newest first. */
  exportAll(query: ScholarshipListQuery = {}): Result<AsyncGenerator<ScholarshipRequestWithDelivery>, ListError> {
    const requests = this.list.exportAll(query, query.status);
    return requests.ok ? ok(this.inBatchesWithDeliveries(requests.value)) : requests;
  }

  private async *inBatchesWithDeliveries(
    requests: AsyncGenerator<ScholarshipRequest>,
  ): AsyncGenerator<ScholarshipRequestWithDelivery> {
    const batch: ScholarshipRequest[] = [];
    const flush = async () => this.withDeliveries(batch.splice(0));
    for await (const request of requests) {
      batch.push(request);
      if (batch.length === EXPORT_BATCH) yield* await flush();
    }
    yield* await flush();
  }

  /** Each request with the state of the email it is owed (one query for the whole page). */
  private async withDeliveries(requests: readonly ScholarshipRequest[]): Promise<ScholarshipRequestWithDelivery[]> {
    const decided = requests.filter((request) => request.status !== 'pending').map((request) => request.id);
    const byRequest = new Map<string, Delivery[]>();
    for (const delivery of decided.length === 0 ? [] : await this.deps.deliveries.listForRequests(decided)) {
      if (delivery.requestId === null || !REQUESTER_KINDS.includes(delivery.kind)) continue;
      byRequest.set(delivery.requestId, [...(byRequest.get(delivery.requestId) ?? []), delivery]);
    }
    return requests.map((request) => ({ ...request, delivery: deliveryState(byRequest.get(request.id) ?? []) }));
  }
}

/** The state of a request's deliveries, given oldest first. */
function deliveryState(deliveries: readonly Delivery[]): DeliveryState | null {
  const latest = deliveries.at(-1);
  if (latest === undefined) return null;
  return {
    kind: latest.kind,
    status: latest.status,
    attempts: latest.attempts,
    lastError: latest.lastError,
    queuedAt: latest.createdAt,
    sentAt: latest.sentAt,
    linkExpiresAt: latest.linkExpiresAt,
    linkRevokedAt: latest.revokedAt,
    downloadCount: deliveries.reduce((sum, delivery) => sum + delivery.downloadCount, 0),
  };
}
