import { ERROR_MESSAGES } from '@memoir/shared';

import { AuditAction, AuditResourceType, newAuditEvent } from '../audit-log/audit-event';
import { ScholarshipErrorCode, type ScholarshipError } from '../scholarships/scholarships.errors';
import type { Clock } from '../shared/clock';
import { isUuid, type IdGenerator } from '../shared/id-generator';
import type { Actor } from '../shared/request-context';
import { err, ok, type Result } from '../shared/result';
import type { UnitOfWork } from '../shared/unit-of-work';
import { DeliveryErrorCode, type DeliveryError } from './deliveries.errors';
import type { StampedCopies } from './stamped-copies';

/** What a revocation did: how many links stopped working. */
export interface RevokedLinks {
  readonly revoked: number;
}

/**
 * The owner withdraws a reader's download links (a link shared too widely, an email sent to
 * the wrong address): every live link of the request's approval emails stops working at once,
 * with its audit event, and the kept copies are removed. The reader's landing page then says
 * the link was withdrawn and how to ask again.
 */
export class RevokeDownloadLinkUseCase {
  constructor(
    private readonly deps: {
      readonly unitOfWork: UnitOfWork;
      readonly clock: Clock;
      readonly ids: IdGenerator;
      readonly copies: StampedCopies;
    },
  ) {}

  async execute(requestId: string, actor: Actor): Promise<Result<RevokedLinks, DeliveryError | ScholarshipError>> {
    if (!isUuid(requestId)) return err(notFound());
    const outcome = await this.deps.unitOfWork.transaction(
      async ({
        scholarshipRequests,
        deliveries,
        auditEvents,
      }): Promise<Result<string[], DeliveryError | ScholarshipError>> => {
        const request = await scholarshipRequests.findById(requestId);
        if (request === null) return err(notFound());
        const revoked = await deliveries.revokeLinks(request.id, this.deps.clock.now());
        if (revoked.length === 0) {
          return err({
            code: DeliveryErrorCode.NoLink,
            message: 'This request has no working download link to revoke.',
          });
        }
        await auditEvents.append(
          newAuditEvent(
            this.deps,
            {
              action: AuditAction.RevokeLink,
              resourceType: AuditResourceType.ScholarshipRequest,
              resourceId: request.id,
              userId: actor.userId,
              details: { deliveryIds: revoked },
            },
            actor,
          ),
        );
        return ok(revoked);
      },
    );
    if (!outcome.ok) return outcome;
    // After the commit: a copy of a link still live must not go. A copy left behind by a
    // failure here is removed by the next sweep, and is never served (the link is revoked).
    await this.deps.copies.remove(outcome.value);
    return ok({ revoked: outcome.value.length });
  }
}

function notFound(): ScholarshipError {
  return { code: ScholarshipErrorCode.NotFound, message: ERROR_MESSAGES.scholarshipRequestNotFound };
}
