import type { Delivery, DeliveryStatus } from './delivery';
import type { DeliveryEvent } from './delivery-event';

/** Port: the delivery queue, shared by every server process. */
export interface DeliveryRepository {
  /** Queues a new delivery. A duplicate id, or a dedupeKey already used, is a bug and may throw. */
  add(delivery: Delivery): Promise<void>;

  /**
   * Queues a delivery unless one with the same `dedupeKey` exists (from this process or
   * another). Returns whether it was added.
   */
  addUnlessDuplicate(delivery: Delivery & { readonly dedupeKey: string }): Promise<boolean>;

  /**
   * Queues each delivery unless one with its `dedupeKey` exists, in one statement (atomic): a
   * batch queued again after a crash adds only what is missing. Returns how many were added.
   */
  addManyUnlessDuplicate(deliveries: ReadonlyArray<Delivery & { readonly dedupeKey: string }>): Promise<number>;

  /** The deliveries whose dedupeKey starts with `prefix`, by status (an announcement's mails). */
  countByKeyPrefix(prefix: string): Promise<Readonly<Record<DeliveryStatus, number>>>;

  /**
   * Takes up to `limit` queued deliveries whose next attempt is due (nextAttemptAt <= now)
   * and that no live lease holds, oldest due first, and leases them until `leaseUntil`.
   * Atomic: of concurrent claims (in one process or several), each delivery goes to one.
   */
  claimDue(now: Date, leaseUntil: Date, limit: number): Promise<Delivery[]>;

  /**
   * Hands back deliveries claimed with the lease `leaseUntil` that will not be sent now (their
   * worker is stopping): the lease ends, attempts and due time unchanged, so any process may
   * claim them at once. A delivery leased again since (another lease) is left alone.
   */
  release(ids: readonly string[], leaseUntil: Date): Promise<void>;

  /** Gives the delivery a (new) private link: the token's hash and when it stops working. */
  attachLink(id: string, tokenHash: string, expiresAt: Date): Promise<void>;

  /** Records a successful send: status sent, the lease released. */
  markSent(id: string, sentAt: Date): Promise<void>;

  /**
   * Records a failed attempt (attempts + 1, the error, the lease released): queued again for
   * `retryAt`, or failed for good when `retryAt` is null.
   */
  markAttemptFailed(id: string, error: string, retryAt: Date | null): Promise<void>;

  /** The delivery whose link has this token hash, or null. Empty hashes find nothing. */
  findByLinkTokenHash(tokenHash: string): Promise<Delivery | null>;

  /**
   * Counts one download through the link, only while it is below `maxDownloads` and the link
   * is not revoked, and records `at` as its last download: atomic, so of concurrent downloads
   * at the cap exactly the allowed number are counted. Returns whether it was counted.
   */
  countDownloadIfBelow(id: string, maxDownloads: number, at: Date): Promise<boolean>;

  /**
   * Revokes the download links of a request's approval deliveries (those that have a link and
   * are not revoked yet), at `at`. Returns the ids of the deliveries revoked now.
   */
  revokeLinks(requestId: string, at: Date): Promise<string[]>;

  /** The deliveries with these ids, in no particular order. Unknown and empty ids find nothing. */
  findByIds(ids: readonly string[]): Promise<Delivery[]>;

  /** Every delivery of these requests, oldest first. Empty ids find nothing. */
  listForRequests(requestIds: readonly string[]): Promise<Delivery[]>;

  /**
   * The queue's backlog: how many deliveries wait to be sent (queued) and the oldest one's
   * creation, an announcement's mails apart (paced by its rate, they wait by design).
   */
  outboxState(): Promise<OutboxState>;

  /**
   * Retention: removes the private links that stopped working before `before` (the token's
   * hash and expiry become null; the delivery and its download count stay). Returns how many.
   */
  removeLinksExpiredBefore(before: Date): Promise<number>;

  /**
   * Erasure: the deliveries of these requests lose their private links (token hash and
   * expiry) and their last error (which can quote the address), and their events' details
   * (likewise). Returns how many deliveries changed.
   */
  forgetPersonalDetails(requestIds: readonly string[]): Promise<number>;
  /**
   * Records an event of a delivery's timeline, unless the delivery has `keep` events already:
   * returns whether it was recorded. The delivery exists (its events go with it).
   */
  addEvent(event: DeliveryEvent, keep: number): Promise<boolean>;
  /** The events of these deliveries, oldest first (then by id). Unknown and empty ids find nothing. */
  listEvents(deliveryIds: readonly string[]): Promise<DeliveryEvent[]>;
}

export interface OutboxState {
  /** Queued mails but an announcement's: each should leave within minutes. */
  readonly waiting: number;
  /** When the oldest of them was queued; null when none waits. */
  readonly oldestWaitingSince: Date | null;
  /** An announcement's mails queued: each falls due at its place in ANNOUNCE_RATE's schedule. */
  readonly announcementWaiting: number;
}
