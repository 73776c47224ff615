import type { AdminSessionRepository } from '../admin-sessions/admin-session.repository';
import type { AdminUserRepository } from '../admin-sessions/admin-user.repository';
import type { TwoFactorRepository } from '../admin-sessions/two-factor.repository';
import type { AuditEventRepository } from '../audit-log/audit-event.repository';
import type { CrackmeClaimRepository } from '../crackme/crackme-claim.repository';
import type { DeliveryRepository } from '../deliveries/delivery.repository';
import type { GuestbookEntryRepository } from '../guestbook/guestbook-entry.repository';
import type { ScholarshipRequestRepository } from '../scholarships/scholarship-request.repository';

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
}

/**
 * Port: all-or-nothing writes. A decision and its audit event are written together or not
 * at all, so the database is never left half-written.
 */
export interface UnitOfWork {
  /**
   * Runs `work` in one transaction; the repositories it is given all take part in it.
   * Commits when `work` resolves, rolls back every write when it rejects (and rejects with
   * the same reason).
   */
  transaction<T>(work: (repositories: Repositories) => Promise<T>): Promise<T>;
}
