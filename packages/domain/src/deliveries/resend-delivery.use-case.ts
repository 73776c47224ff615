import { AuditAction, AuditResourceType, newAuditEvent } from '../audit-log/audit-event';
import type { ScholarshipError } from '../scholarships/scholarships.errors';
import { isUuid } from '../shared/id-generator';
import type { Actor, RequestContext } from '../shared/request-context';
import { err, ok, type Result } from '../shared/result';
import { ASKED_BY_READER_KEY_PREFIX, newDelivery, type Delivery } from '../outbox/delivery';
import { DeliveryErrorCode, type DeliveryError } from './deliveries.errors';
import { requestNotFound, type RequestLinkDeps } from './request-links';

/**
 * The owner sends an approved request's PDF again (a lost email, a full mailbox, a failed
 * delivery): a new delivery with a new private link, queued with its audit event. The earlier
 * links of the request stop working in the same transaction (revoked), and their kept copies
 * are removed: only the newest email's link works. One at a time: while a delivery of the
 * request is queued, another is refused.
 */
export class ResendDeliveryUseCase {
  constructor(private readonly deps: RequestLinkDeps) {}

  async execute(
    requestId: string,
    actor: Actor | (RequestContext & { readonly userId: null }),
    /** The reader asked for it (/request-status): it goes even to a suppressed address. */
    options: { readonly askedByReader?: boolean } = {},
  ): Promise<Result<Delivery, DeliveryError | ScholarshipError>> {
    if (!isUuid(requestId)) return err(requestNotFound());
    let revoked: string[] = [];
    const outcome = await this.deps.unitOfWork.transaction(async ({ scholarshipRequests, deliveries, auditEvents }) => {
      const request = await scholarshipRequests.findById(requestId);
      if (request === null) return err(requestNotFound());
      if (request.status !== 'approved') {
        return err({
          code: DeliveryErrorCode.NotApproved,
          message: 'Only an approved request has a PDF to send again.',
        });
      }
      const earlier = await deliveries.listForRequests([request.id]);
      if (earlier.some((delivery) => delivery.kind === 'approval' && delivery.status === 'queued')) {
        return err({
          code: DeliveryErrorCode.AlreadyQueued,
          message: 'The PDF for this request is already on its way.',
        });
      }
      const id = this.deps.ids.next();
      const delivery = newDelivery({
        id,
        kind: 'approval',
        requestId: request.id,
        now: this.deps.clock.now(),
        ...(options.askedByReader === true ? { dedupeKey: `${ASKED_BY_READER_KEY_PREFIX}${id}` } : {}),
      });
      await deliveries.add(delivery);
      revoked = await deliveries.revokeLinks(request.id, this.deps.clock.now());
      await auditEvents.append(
        newAuditEvent(
          this.deps,
          {
            action: AuditAction.Resend,
            resourceType: AuditResourceType.ScholarshipRequest,
            resourceId: request.id,
            userId: actor.userId,
            details: { deliveryId: delivery.id, revokedDeliveryIds: revoked },
          },
          actor,
        ),
      );
      return ok(delivery);
    });
    // After the commit (see RevokeDownloadLinkUseCase): the earlier links' copies go.
    if (outcome.ok) await this.deps.copies.remove(revoked);
    return outcome;
  }
}
