import type { Sha256 } from '../src/audit-log/audit-chain';
import type { Persistence, Repositories } from '../src/persistence';
import { InMemoryAdminSessionRepository } from './in-memory-admin-session.repository';
import { InMemoryAdminUserRepository } from './in-memory-admin-user.repository';
import { InMemoryAuditEventRepository } from './in-memory-audit-event.repository';
import { InMemoryDatabase } from './in-memory-database';
import { InMemoryDeliveryRepository } from './in-memory-delivery.repository';
import { InMemoryGuestbookEntryRepository } from './in-memory-guestbook-entry.repository';
import { InMemoryCrackmeClaimRepository } from './in-memory-crackme-claim.repository';
import { InMemorySuppressionRepository } from './in-memory-suppression.repository';
import { InMemoryReaderRepository } from './in-memory-reader.repository';
import { InMemoryReaderWebhookRepository } from './in-memory-reader-webhook.repository';
import { InMemoryMediaRepository, InMemoryMediaStore } from './in-memory-media';
import { InMemoryEventCountStore } from './in-memory-event-count.store';
import { InMemoryRateLimitStore } from './in-memory-rate-limit.store';
import { InMemoryScholarshipRequestRepository } from './in-memory-scholarship-request.repository';
import { InMemorySiteContentRepository } from './in-memory-site-content.repository';
import { InMemoryTwoFactorRepository } from './in-memory-two-factor.repository';
import { InMemoryUnitOfWork } from './in-memory-unit-of-work';

export * from './fakes';
export { InMemoryAdminSessionRepository } from './in-memory-admin-session.repository';
export { InMemoryAdminUserRepository } from './in-memory-admin-user.repository';
export { InMemoryAuditEventRepository } from './in-memory-audit-event.repository';
export { InMemoryDatabase } from './in-memory-database';
export { InMemoryDeliveryRepository } from './in-memory-delivery.repository';
export { InMemoryCrackmeClaimRepository } from './in-memory-crackme-claim.repository';
export { InMemoryEventCountStore } from './in-memory-event-count.store';
export { InMemoryGuestbookEntryRepository } from './in-memory-guestbook-entry.repository';
export { InMemoryRateLimitStore } from './in-memory-rate-limit.store';
export { InMemoryScholarshipRequestRepository } from './in-memory-scholarship-request.repository';
export { InMemorySiteContentRepository } from './in-memory-site-content.repository';
export { InMemorySuppressionRepository } from './in-memory-suppression.repository';
export { InMemoryReaderRepository } from './in-memory-reader.repository';
export { InMemoryReaderWebhookRepository } from './in-memory-reader-webhook.repository';
export { InMemoryMediaRepository, InMemoryMediaStore } from './in-memory-media';
export { InMemoryTwoFactorRepository } from './in-memory-two-factor.repository';
export { InMemoryUnitOfWork } from './in-memory-unit-of-work';

/** A fresh, empty in-memory store: the adapter for fast tests and for swapping in development. */
export function createInMemoryPersistence(
  options: { readonly sha256?: Sha256 } = {},
): Persistence & { readonly database: InMemoryDatabase } {
  const database = new InMemoryDatabase();
  const repositories: Repositories = {
    guestbookEntries: new InMemoryGuestbookEntryRepository(database),
    scholarshipRequests: new InMemoryScholarshipRequestRepository(database),
    adminUsers: new InMemoryAdminUserRepository(database),
    adminSessions: new InMemoryAdminSessionRepository(database),
    auditEvents: new InMemoryAuditEventRepository(database, options.sha256),
    deliveries: new InMemoryDeliveryRepository(database),
    twoFactor: new InMemoryTwoFactorRepository(database),
    crackmeClaims: new InMemoryCrackmeClaimRepository(database),
    siteContent: new InMemorySiteContentRepository(database),
    suppressions: new InMemorySuppressionRepository(database),
    readers: new InMemoryReaderRepository(database),
    readerWebhooks: new InMemoryReaderWebhookRepository(database),
    media: new InMemoryMediaRepository(database),
  };
  return {
    database,
    repositories,
    unitOfWork: new InMemoryUnitOfWork(database, repositories),
    rateLimits: new InMemoryRateLimitStore(database),
    eventCounts: new InMemoryEventCountStore(database),
    mediaStore: new InMemoryMediaStore(),
    close: async () => undefined,
  };
}
