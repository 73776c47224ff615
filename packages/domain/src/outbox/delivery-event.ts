import { DELIVERY_EVENT_DETAIL_MAX_LENGTH } from '@memoir/shared';

/**
 * What happened to a delivery after it was queued, beside what the delivery itself holds (its
 * queuing, its send, its link's revocation): each failed attempt with the server's reply, a
 * provider's or the bounce mailbox's word that the mail bounced or was marked as spam, and the
 * reader opening the link's page and downloading. The owner reads them as the delivery's
 * timeline (GetDeliveryTimelineUseCase).
 */
export type DeliveryEventKind =
  'attempt_failed' | 'soft_bounce' | 'hard_bounce' | 'complaint' | 'opened' | 'downloaded';

export const DELIVERY_EVENT_KINDS: readonly DeliveryEventKind[] = [
  'attempt_failed',
  'soft_bounce',
  'hard_bounce',
  'complaint',
  'opened',
  'downloaded',
];

export interface DeliveryEvent {
  readonly id: string;
  readonly deliveryId: string;
  readonly kind: DeliveryEventKind;
  readonly at: Date;
  /** The server's reply, a bounce's status and diagnostic; null when there is nothing to add. Erasure clears it. */
  readonly detail: string | null;
}

/**
 * A delivery keeps at most this many events: a reader who opens their link's page again and
 * again (or a scanner) fills no table. The ones that matter come first: failures and bounces
 * follow the send, and a link allows only a few downloads.
 */
export const DELIVERY_EVENTS_KEPT = 50;

export function newDeliveryEvent(fields: {
  readonly id: string;
  readonly deliveryId: string;
  readonly kind: DeliveryEventKind;
  readonly at: Date;
  readonly detail?: string | null;
}): DeliveryEvent {
  const detail = fields.detail?.replace(/\s+/g, ' ').trim().slice(0, DELIVERY_EVENT_DETAIL_MAX_LENGTH) ?? null;
  return { ...fields, detail: detail === '' ? null : detail };
}
