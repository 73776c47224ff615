import type { Repositories } from '@memoir/domain';
import type { EntityManager } from 'typeorm';

import { TypeOrmAdminSessionRepository } from './admin-session.repository';
import { TypeOrmAdminUserRepository } from './admin-user.repository';
import { TypeOrmAuditEventRepository } from './audit-event.repository';
import { TypeOrmCrackmeClaimRepository } from './crackme-claim.repository';
import { TypeOrmDeliveryRepository } from './delivery.repository';
import type { Dialect } from './dialect';
import { TypeOrmGuestbookEntryRepository } from './guestbook-entry.repository';
import { TypeOrmScholarshipRequestRepository } from './scholarship-request.repository';
import { TypeOrmSiteContentRepository } from './site-content.repository';
import { TypeOrmSuppressionRepository } from './suppression.repository';
import { TypeOrmReaderRepository } from './reader.repository';
import { TypeOrmReaderWebhookRepository } from './reader-webhook.repository';
import { TypeOrmMediaRepository } from './media.repository';
import { TypeOrmTwoFactorRepository } from './two-factor.repository';

/** Every repository, each on `manager`: the pool's, or one transaction's. */
export function repositoriesFor(manager: EntityManager, dialect: Dialect): Repositories {
  return {
    guestbookEntries: new TypeOrmGuestbookEntryRepository(manager, dialect),
    scholarshipRequests: new TypeOrmScholarshipRequestRepository(manager, dialect),
    adminUsers: new TypeOrmAdminUserRepository(manager, dialect),
    adminSessions: new TypeOrmAdminSessionRepository(manager),
    auditEvents: new TypeOrmAuditEventRepository(manager, dialect),
    deliveries: new TypeOrmDeliveryRepository(manager, dialect),
    twoFactor: new TypeOrmTwoFactorRepository(manager),
    crackmeClaims: new TypeOrmCrackmeClaimRepository(manager, dialect),
    siteContent: new TypeOrmSiteContentRepository(manager),
    suppressions: new TypeOrmSuppressionRepository(manager),
    readers: new TypeOrmReaderRepository(manager, dialect),
    readerWebhooks: new TypeOrmReaderWebhookRepository(manager, dialect),
    media: new TypeOrmMediaRepository(manager),
  };
}
