/**
 * An email the system owes a requester: the PDF after an approval, a polite note after a
 * rejection. Queued in the same transaction as the decision; a worker sends it, retrying
 * with back-off. The queue is in the database, so a restart or a second server process
 * loses nothing, and a lease keeps two processes from sending one delivery at once.
 */
export type DeliveryKind = 'approval' | 'rejection';
export type DeliveryStatus = 'queued' | 'sent' | 'failed';

export interface Delivery {
  readonly id: string;
  readonly requestId: string;
  readonly kind: DeliveryKind;
  /** queued (waiting or between attempts), sent, or failed (attempts exhausted). */
  readonly status: DeliveryStatus;
  readonly attempts: number;
  /** When the next attempt may start; meaningful while queued. */
  readonly nextAttemptAt: Date;
  /** Until when a worker holds it; another worker may claim it after that. */
  readonly leaseUntil: Date | null;
  readonly lastError: string | null;
  readonly sentAt: Date | null;
  readonly createdAt: Date;
}

export function newDelivery(fields: { id: string; requestId: string; kind: DeliveryKind; now: Date }): Delivery {
  return {
    id: fields.id,
    requestId: fields.requestId,
    kind: fields.kind,
    status: 'queued',
    attempts: 0,
    nextAttemptAt: fields.now,
    leaseUntil: null,
    lastError: null,
    sentAt: null,
    createdAt: fields.now,
  };
}
