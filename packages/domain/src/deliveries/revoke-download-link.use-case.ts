import { AuditAction, AuditResourceType, newAuditEvent } from '../audit-log/audit-event';
import type { ScholarshipError } from '../scholarships/scholarships.errors';
import { isUuid } from '../shared/id-generator';
import type { Actor } from '../shared/request-context';
import { err, ok, type Result } from '../shared/result';
import { DeliveryErrorCode, type DeliveryError } from './deliveries.errors';
import { requestNotFound, type RequestLinkDeps } from './request-links';

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
  constructor(private readonly deps: RequestLinkDeps) {}

  async execute(requestId: string, actor: Actor): Promise<Result<RevokedLinks, DeliveryError | ScholarshipError>> {
    if (!isUuid(requestId)) return err(requestNotFound());
    const outcome = await this.deps.unitOfWork.transaction(
      async ({
        scholarshipRequests,
        deliveries,
        auditEvents,
      }): Promise<Result<string[], DeliveryError | ScholarshipError>> => {
        const request = await scholarshipRequests.findById(requestId);
        if (request === null) return err(requestNotFound());
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
