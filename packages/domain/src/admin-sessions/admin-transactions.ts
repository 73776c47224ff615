import type { AuditEventRepository } from '../audit-log/audit-event.repository';
import type { DeliveryRepository } from '../outbox/delivery.repository';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/id-generator';
import type { Transactions } from '../shared/transactions';
import type { AdminSessionRepository } from './admin-session.repository';
import type { AdminUserRepository } from './admin-user.repository';
import type { TwoFactorRepository } from './two-factor.repository';

/**
 * The repositories the admin use cases write through: an account change, its audit event
 * and the owner's security alert are written together or not at all.
 */
export type AdminTransactions = Transactions<{
  readonly adminUsers: AdminUserRepository;
  readonly adminSessions: AdminSessionRepository;
  readonly twoFactor: TwoFactorRepository;
  readonly auditEvents: AuditEventRepository;
  readonly deliveries: DeliveryRepository;
}>;

/** What an admin use case that writes needs: its transactions, and the clock and ids of its audit events. */
export interface AdminWriteDeps {
  readonly unitOfWork: AdminTransactions;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}
