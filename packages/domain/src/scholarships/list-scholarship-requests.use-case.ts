import { REQUESTER_KINDS, type Delivery, type DeliveryKind, type DeliveryStatus } from '../deliveries/delivery';
import type { DeliveryRepository } from '../deliveries/delivery.repository';
import {
  ADMIN_APPROVED_LIST_LIMIT,
  ADMIN_LIST_DEFAULT_PAGE_SIZE,
  ADMIN_LIST_MAX_PAGE_SIZE,
  ADMIN_REJECTED_LIST_LIMIT,
} from '@memoir/shared';

import { clampPageSize, everyItem, normalizeSearch, parseBefore, parseChoice, readPage } from '../shared/list-page';
import { invalidCursor, invalidFilter, type ListError } from '../shared/list.errors';
import { countThrough, type RecentCounts } from '../shared/recent-counts';
import { err, ok, type Result } from '../shared/result';
import type { ScholarshipRequest, ScholarshipStatus } from './scholarship-request';
import type { ScholarshipListFilter, ScholarshipRequestRepository } from './scholarship-request.repository';

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
export interface ScholarshipListQuery {
  /** pending, approved or rejected. */
  readonly status?: string | null;
  readonly q?: string | null;
  readonly limit?: number | null;
  /** A `nextCursor` from an earlier page. */
  readonly before?: string | null;
}

export interface ScholarshipListPage {
  /** The list `nextCursor` continues: the default view's pending requests, or the matching ones. */
  readonly page: readonly ScholarshipRequestWithDelivery[];
  /** The default view's other sections, the newest approved and rejected requests; otherwise empty. */
  readonly sections: readonly ScholarshipRequestWithDelivery[];
  /** Give as `before` for the next page of `page`; null on the last page. */
  readonly nextCursor: string | null;
  /** Exact counts of each status, whatever the filter. */
  readonly counts: Readonly<Record<ScholarshipStatus, number>>;
}

const EXPORT_BATCH = 500;

/**
 * The owner's view of the requests, a page at a time, each with its delivery state. Without a
 * filter, the admin screen's three sections: a first page of pending requests (with the cursor
 * for more), the ADMIN_APPROVED_LIST_LIMIT newest approved and the ADMIN_REJECTED_LIST_LIMIT
 * newest rejected. With `status`, `q`, `limit` or `before`, one list of the matching requests.
 */
export class ListScholarshipRequestsUseCase {
  constructor(
    private readonly deps: {
      readonly scholarshipRequests: ScholarshipRequestRepository;
      readonly deliveries: DeliveryRepository;
      readonly counts?: RecentCounts;
    },
  ) {}

  async execute(query: ScholarshipListQuery = {}): Promise<Result<ScholarshipListPage, ListError>> {
    const repo = this.deps.scholarshipRequests;
    const before = parseBefore(query.before);
    if (before === 'invalid') return err(invalidCursor());
    const limit = clampPageSize(query.limit, ADMIN_LIST_DEFAULT_PAGE_SIZE, ADMIN_LIST_MAX_PAGE_SIZE);
    const filter = toFilter(query);
    if (filter === 'invalid') return err(invalidStatus());
    const counts = await countThrough(this.deps.counts, 'scholarships', () => repo.countByStatus());
    const isDefault =
      filter.status === undefined && filter.search === undefined && query.limit == null && before === undefined;
    if (isDefault) {
      const [pending, approved, rejected] = await Promise.all([
        readPage(limit, (take) => repo.listPage({ status: 'pending' }, { limit: take })),
        repo.listPage({ status: 'approved' }, { limit: ADMIN_APPROVED_LIST_LIMIT }),
        repo.listPage({ status: 'rejected' }, { limit: ADMIN_REJECTED_LIST_LIMIT }),
      ]);
      const [page, sections] = await Promise.all([
        this.withDeliveries(pending.items),
        this.withDeliveries([...approved, ...rejected]),
      ]);
      return ok({ page, sections, nextCursor: pending.nextCursor, counts });
    }
    const page = await readPage(limit, (take) =>
      repo.listPage(filter, before === undefined ? { limit: take } : { limit: take, before }),
    );
    return ok({ page: await this.withDeliveries(page.items), sections: [], nextCursor: page.nextCursor, counts });
  }

  /** Every request matching the query's filter (its limit and cursor ignored), newest first. */
  exportAll(query: ScholarshipListQuery = {}): Result<AsyncGenerator<ScholarshipRequestWithDelivery>, ListError> {
    const filter = toFilter(query);
    if (filter === 'invalid') return err(invalidStatus());
    return ok(this.everyRequest(filter));
  }

  private async *everyRequest(filter: ScholarshipListFilter): AsyncGenerator<ScholarshipRequestWithDelivery> {
    const batch: ScholarshipRequest[] = [];
    const flush = async () => this.withDeliveries(batch.splice(0));
    for await (const request of everyItem(EXPORT_BATCH, (limit, before) =>
      this.deps.scholarshipRequests.listPage(filter, before === undefined ? { limit } : { limit, before }),
    )) {
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

const STATUSES: readonly ScholarshipStatus[] = ['pending', 'approved', 'rejected'];

function toFilter(query: ScholarshipListQuery): ScholarshipListFilter | 'invalid' {
  const search = normalizeSearch(query.q);
  const status = parseChoice(query.status, STATUSES);
  if (status === 'invalid') return 'invalid';
  return {
    ...(status === undefined ? {} : { status }),
    ...(search === null ? {} : { search }),
  };
}

const invalidStatus = () => invalidFilter('There is no such status: use pending, approved or rejected.');

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
