import { ERROR_MESSAGES } from '@memoir/shared';

import type { AuditEventRepository } from '../audit-log/audit-event.repository';
import type { DeliveryRepository } from '../outbox/delivery.repository';
import type { ScholarshipRequestRepository } from '../scholarships/scholarship-request.repository';
import { ScholarshipErrorCode, type ScholarshipError } from '../scholarships/scholarships.errors';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/id-generator';
import type { Transactions } from '../shared/transactions';
import type { StampedCopies } from './stamped-copies';

/**
 * What the owner's actions on a request's download links need (Resend, Revoke): the request,
 * its deliveries and the audit event in one transaction, and the kept copies to remove after it.
 */
export interface RequestLinkDeps {
  readonly unitOfWork: Transactions<{
    readonly scholarshipRequests: ScholarshipRequestRepository;
    readonly deliveries: DeliveryRepository;
    readonly auditEvents: AuditEventRepository;
  }>;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly copies: StampedCopies;
}

export function requestNotFound(): ScholarshipError {
  return { code: ScholarshipErrorCode.NotFound, message: ERROR_MESSAGES.scholarshipRequestNotFound };
}
