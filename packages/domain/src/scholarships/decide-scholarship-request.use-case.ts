import { ADMIN_NOTES_MAX_LENGTH, ERROR_MESSAGES, FIELD_MESSAGES } from '@memoir/shared';

import { AuditAction, AuditResourceType, newAuditEvent } from '../audit-log/audit-event';
import { newDelivery } from '../deliveries/delivery';
import { decideEach, type BulkItemResult } from '../shared/bulk-decisions';
import type { Clock } from '../shared/clock';
import { isUuid, type IdGenerator } from '../shared/id-generator';
import type { ListError } from '../shared/list.errors';
import type { Actor } from '../shared/request-context';
import { err, ok, type Result } from '../shared/result';
import { FieldErrors, invalidInput, optionalText } from '../shared/text-fields';
import type { UnitOfWork } from '../shared/unit-of-work';
import type { ScholarshipDecisionStatus, ScholarshipRequest } from './scholarship-request';
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
      readonly unitOfWork: UnitOfWork;
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
    const adminNotes = optionalText(
      errors,
      { field: 'adminNotes', label: 'Admin notes', maxLength: ADMIN_NOTES_MAX_LENGTH, multiline: true },
      input.adminNotes,
    );
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
      await auditEvents.append(
        newAuditEvent(
          this.deps,
          {
            action: status === 'approved' ? AuditAction.Approve : AuditAction.Reject,
            resourceType: AuditResourceType.ScholarshipRequest,
            resourceId: decided.id,
            userId: actor.userId,
            details: { adminNotes },
          },
          actor,
        ),
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

/** Approves or rejects many pending requests with one optional note; each decided and audited on its own. */
export class BulkDecideScholarshipRequestsUseCase {
  constructor(private readonly deps: { readonly decide: Pick<DecideScholarshipRequestUseCase, 'execute'> }) {}

  execute(
    input: { readonly ids: readonly string[]; readonly status: string; readonly adminNotes?: string | null },
    actor: Actor,
  ): Promise<Result<readonly BulkItemResult[], ListError | ScholarshipError>> {
    return decideEach(
      input.ids,
      (id) => this.deps.decide.execute({ id, status: input.status, adminNotes: input.adminNotes ?? null }, actor),
      ScholarshipErrorCode.Invalid,
    );
  }
}
