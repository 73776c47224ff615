import type { Delivery } from './delivery';

/** Port: the delivery queue, shared by every server process. */
export interface DeliveryRepository {
  add(delivery: Delivery): Promise<void>;

  /**
   * Takes up to `limit` queued deliveries whose next attempt is due (nextAttemptAt <= now)
   * and that no live lease holds, oldest due first, and leases them until `leaseUntil`.
   * Atomic: of concurrent claims (in one process or several), each delivery goes to one.
   */
  claimDue(now: Date, leaseUntil: Date, limit: number): Promise<Delivery[]>;

  /** Records a successful send: status sent, the lease released. */
  markSent(id: string, sentAt: Date): Promise<void>;

  /**
   * Records a failed attempt (attempts + 1, the error, the lease released): queued again for
   * `retryAt`, or failed for good when `retryAt` is null.
   */
  markAttemptFailed(id: string, error: string, retryAt: Date | null): Promise<void>;

  /** Every delivery of these requests, oldest first. Empty ids find nothing. */
  listForRequests(requestIds: readonly string[]): Promise<Delivery[]>;
}
