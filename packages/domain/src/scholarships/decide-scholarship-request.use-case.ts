import { ERROR_MESSAGES, FIELD_MESSAGES } from '@memoir/shared';

import { AuditResourceType } from '../audit-log/audit-event';
import type { AuditEventRepository } from '../audit-log/audit-event.repository';
import { newDelivery } from '../outbox/delivery';
import type { DeliveryRepository } from '../outbox/delivery.repository';
import { ADMIN_NOTES_FIELD, decisionEvent } from '../review-queue/decisions';
import type { Clock } from '../shared/clock';
import { isUuid, type IdGenerator } from '../shared/id-generator';
import type { Actor } from '../shared/request-context';
import { err, ok, type Result } from '../shared/result';
import { FieldErrors, invalidInput, optionalText } from '../shared/text-fields';
import type { Transactions } from '../shared/transactions';
import type { ScholarshipDecisionStatus, ScholarshipRequest } from './scholarship-request';
import type { ScholarshipRequestRepository } from './scholarship-request.repository';
import { ScholarshipErrorCode, type ScholarshipError } from './scholarships.errors';

export interface DecideScholarshipRequestInput {
  readonly id: string;
  /** Only 'approved' or 'rejected'; typed loosely because it comes from the wire. */
  readonly status: string;
  readonly adminNotes?: string | null;
}

const DECISIONS: readonly string[] = ['approved', 'rejected'] satisfies ScholarshipDecisionStatus[];

/**
 * The owner decides a pending request, once. A request that is no longer pending is a
 * NOT_PENDING error (HTTP 409): of two concurrent decisions exactly one wins, and only the
 * winner writes an audit event.
 */
export class DecideScholarshipRequestUseCase {
  constructor(
    private readonly deps: {
      readonly unitOfWork: Transactions<{
        readonly scholarshipRequests: ScholarshipRequestRepository;
        readonly auditEvents: AuditEventRepository;
        readonly deliveries: DeliveryRepository;
      }>;
      readonly clock: Clock;
      readonly ids: IdGenerator;
      /**
       * Send a polite email after a rejection too (the PDF always follows an approval). Off
       * unless set: anyone can submit a request with someone else's address, so a rejection
       * email by default would let them make the site write to strangers.
       */
      readonly notifyRejections?: boolean;
    },
  ) {}

  async execute(
    input: DecideScholarshipRequestInput,
    actor: Actor,
  ): Promise<Result<ScholarshipRequest, ScholarshipError>> {
    const errors = new FieldErrors();
    if (!DECISIONS.includes(input.status)) errors.add('status', FIELD_MESSAGES.invalidDecision);
    const adminNotes = optionalText(errors, ADMIN_NOTES_FIELD, input.adminNotes);
    if (!errors.isEmpty) return err(invalidInput(ScholarshipErrorCode.Invalid, errors));
    if (!isUuid(input.id)) return err(notFound());
    const status = input.status as ScholarshipDecisionStatus;

    return this.deps.unitOfWork.transaction(async ({ scholarshipRequests, auditEvents, deliveries }) => {
      const decided = await scholarshipRequests.decideIfPending(input.id, {
        status,
        adminNotes,
        decidedAt: this.deps.clock.now(),
      });
      if (decided === null) {
        const existing = await scholarshipRequests.findById(input.id);
        return err(
          existing === null
            ? notFound()
            : { code: ScholarshipErrorCode.NotPending, message: ERROR_MESSAGES.scholarshipRequestNotPending },
        );
      }
      const resource = { resourceType: AuditResourceType.ScholarshipRequest, resourceId: decided.id };
      await auditEvents.append(
        decisionEvent(this.deps, actor, { approved: status === 'approved', ...resource, details: { adminNotes } }),
      );
      // The promise of the landing page: the email is owed from this very transaction on.
      if (status === 'approved' || (this.deps.notifyRejections ?? false)) {
        await deliveries.add(
          newDelivery({
            id: this.deps.ids.next(),
            requestId: decided.id,
            kind: status === 'approved' ? 'approval' : 'rejection',
            now: this.deps.clock.now(),
          }),
        );
      }
      return ok(decided);
    });
  }
}

function notFound(): ScholarshipError {
  return { code: ScholarshipErrorCode.NotFound, message: ERROR_MESSAGES.scholarshipRequestNotFound };
}
