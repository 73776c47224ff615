import { REQUESTER_KINDS, type Delivery, type DeliveryKind, type DeliveryStatus } from '../deliveries/delivery';
import type { DeliveryRepository } from '../deliveries/delivery.repository';
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
  /** Downloads through every link this request was sent. */
  readonly downloadCount: number;
}

export type ScholarshipRequestWithDelivery = ScholarshipRequest & { readonly delivery: DeliveryState | null };

/** The owner's view of every request, newest first, each with its delivery state. */
export class ListScholarshipRequestsUseCase {
  constructor(
    private readonly deps: {
      readonly scholarshipRequests: ScholarshipRequestRepository;
      readonly deliveries: DeliveryRepository;
    },
  ) {}

  async execute(): Promise<ScholarshipRequestWithDelivery[]> {
    const requests = await this.deps.scholarshipRequests.listAll();
    const decided = requests.filter((request) => request.status !== 'pending').map((request) => request.id);
    const byRequest = new Map<string, Delivery[]>();
    for (const delivery of await this.deps.deliveries.listForRequests(decided)) {
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
    downloadCount: deliveries.reduce((sum, delivery) => sum + delivery.downloadCount, 0),
  };
}
