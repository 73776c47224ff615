import type { AdminSessionRepository } from './admin-sessions/admin-session.repository';
import type { AdminUserRepository } from './admin-sessions/admin-user.repository';
import type { TwoFactorRepository } from './admin-sessions/two-factor.repository';
import type { EventCountStore } from './analytics/event-counts';
import type { AuditEventRepository } from './audit-log/audit-event.repository';
import type { CrackmeClaimRepository } from './crackme/crackme-claim.repository';
import type { GuestbookEntryRepository } from './guestbook/guestbook-entry.repository';
import type { DeliveryRepository } from './outbox/delivery.repository';
import type { RateLimitStore } from './rate-limiting/rate-limit-store';
import type { ScholarshipRequestRepository } from './scholarships/scholarship-request.repository';
import type { Transactions } from './shared/transactions';
import type { SiteContentRepository } from './site-content/site-content.repository';
import type { SuppressionRepository } from './suppressions/suppression.repository';
import type { ReaderRepository } from './readers/reader.repository';
import type { ReaderWebhookRepository } from './readers/reader-webhook';
import type { MediaRepository } from './media/media.repository';
import type { MediaStore } from './media/media-store';

/** Every repository port, as one adapter provides them. */
export interface Repositories {
  readonly guestbookEntries: GuestbookEntryRepository;
  readonly scholarshipRequests: ScholarshipRequestRepository;
  readonly adminUsers: AdminUserRepository;
  readonly adminSessions: AdminSessionRepository;
  readonly auditEvents: AuditEventRepository;
  readonly deliveries: DeliveryRepository;
  readonly twoFactor: TwoFactorRepository;
  readonly crackmeClaims: CrackmeClaimRepository;
  readonly siteContent: SiteContentRepository;
  readonly suppressions: SuppressionRepository;
  readonly readers: ReaderRepository;
  /** The readers' events waiting for the owner's webhook (READERS_WEBHOOK_URL). */
  readonly readerWebhooks: ReaderWebhookRepository;
  readonly media: MediaRepository;
}

/** Port: transactions over every repository, as one storage adapter provides them. */
export type UnitOfWork = Transactions<Repositories>;

/**
 * Everything one storage adapter provides (in-memory, SQLite, MySQL): what the server binds
 * and what the shared contract suites test.
 */
export interface Persistence {
  readonly repositories: Repositories;
  readonly unitOfWork: UnitOfWork;
  readonly rateLimits: RateLimitStore;
  /** Daily totals of the counted events (page views, buy clicks, ...). */
  readonly eventCounts: EventCountStore;
  /** The uploads' bytes, in the database (chunked); the server may use an object store instead. */
  readonly mediaStore: MediaStore;
  /** Releases connections and files. The store must not be used afterwards. */
  close(): Promise<void>;
}
