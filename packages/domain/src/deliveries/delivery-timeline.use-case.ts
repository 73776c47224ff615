import { TIMELINE_EVENT_KINDS, type TimelineEventKind } from '@memoir/shared';

import type { Delivery, DeliveryStatus } from '../outbox/delivery';
import { REQUESTER_KINDS } from '../outbox/delivery';
import type { DeliveryRepository } from '../outbox/delivery.repository';
import type { ScholarshipRequestRepository } from '../scholarships/scholarship-request.repository';
import type { ScholarshipError } from '../scholarships/scholarships.errors';
import { isUuid } from '../shared/id-generator';
import { err, ok, type Result } from '../shared/result';
import { requestNotFound } from './request-links';

/**
 * One moment of an email's life, its kind among TIMELINE_EVENT_KINDS (@memoir/shared): queued,
 * each failed attempt, accepted by the mail server, bounced or marked as spam, the reader's
 * page opened and the book downloaded, the link revoked, and (for an email that will not go)
 * given up. The recorded events' kinds (DeliveryEventKind) are among them.
 */
export interface TimelineEvent {
  readonly kind: TimelineEventKind;
  readonly at: Date;
  /** The server's reply, the bounce's status, why it was not sent; null when there is nothing to add. */
  readonly detail: string | null;
}

/** One email to the requester (the approval, each Resend, or the rejection) and what became of it. */
export interface DeliveryTimeline {
  readonly deliveryId: string;
  readonly kind: 'approval' | 'rejection';
  readonly status: DeliveryStatus;
  readonly attempts: number;
  /** Why the email was not sent, in words the owner can act on; null unless it failed for good. */
  readonly notSent: string | null;
  readonly events: readonly TimelineEvent[];
}

/** Oldest first; of moments at one instant, in the order TIMELINE_EVENT_KINDS gives. */
const inOrder = (a: TimelineEvent, b: TimelineEvent): number =>
  a.at.getTime() - b.at.getTime() || TIMELINE_EVENT_KINDS.indexOf(a.kind) - TIMELINE_EVENT_KINDS.indexOf(b.kind);

/** A suppressed address's reason already reads as a sentence ("Not sent: the address bounced ..."). */
const SENTENCE_PREFIX = 'Not sent:';

/** Why a failed email was not sent: the suppression's own words, or the attempts used up. */
export function whyNotSent(delivery: Pick<Delivery, 'status' | 'attempts' | 'lastError'>): string | null {
  if (delivery.status !== 'failed') return null;
  const reason = delivery.lastError ?? 'no reason was given';
  if (reason.startsWith(SENTENCE_PREFIX)) return reason;
  const tries = delivery.attempts === 1 ? 'The one attempt' : `All ${delivery.attempts} attempts`;
  return `Not sent: ${tries} failed; the last one's reason: ${reason}`;
}

/**
 * The owner reads what became of the emails to a request's requester, each with its timeline:
 * what the delivery holds (queued, accepted by the server, the link revoked, given up) and the
 * events recorded beside it (delivery-event.ts). Owner notifications are not the requester's
 * mail and are left out.
 */
export class GetDeliveryTimelineUseCase {
  constructor(
    private readonly deps: {
      readonly scholarshipRequests: ScholarshipRequestRepository;
      readonly deliveries: DeliveryRepository;
    },
  ) {}

  async execute(requestId: string): Promise<Result<readonly DeliveryTimeline[], ScholarshipError>> {
    if (!isUuid(requestId)) return err(requestNotFound());
    const request = await this.deps.scholarshipRequests.findById(requestId);
    if (request === null) return err(requestNotFound());
    const deliveries = (await this.deps.deliveries.listForRequests([request.id])).filter((delivery) =>
      REQUESTER_KINDS.includes(delivery.kind),
    );
    const events = await this.deps.deliveries.listEvents(deliveries.map((delivery) => delivery.id));
    return ok(
      deliveries.map((delivery) => {
        const notSent = whyNotSent(delivery);
        const moments: TimelineEvent[] = [
          { kind: 'queued', at: delivery.createdAt, detail: null },
          ...events
            // A mail refused before any try (a suppressed address) is told once, as not sent.
            .filter((event) => event.deliveryId === delivery.id && !event.detail?.startsWith(SENTENCE_PREFIX))
            .map(({ kind, at, detail }) => ({ kind, at, detail })),
        ];
        if (delivery.sentAt !== null) moments.push({ kind: 'accepted', at: delivery.sentAt, detail: null });
        if (delivery.revokedAt !== null) moments.push({ kind: 'link_revoked', at: delivery.revokedAt, detail: null });
        if (notSent !== null) {
          // Given up with the last failed attempt: its time, or the queuing's when none is shown.
          const last = events.filter((event) => event.deliveryId === delivery.id && event.kind === 'attempt_failed');
          moments.push({ kind: 'not_sent', at: last.at(-1)?.at ?? delivery.createdAt, detail: notSent });
        }
        return {
          deliveryId: delivery.id,
          kind: delivery.kind === 'rejection' ? 'rejection' : 'approval',
          status: delivery.status,
          attempts: delivery.attempts,
          notSent,
          // Stable: recorded events of one kind and instant keep the order they were recorded in.
          events: moments.sort(inOrder),
        };
      }),
    );
  }
}
