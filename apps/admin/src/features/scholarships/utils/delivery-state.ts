import type { DeliveryState } from '@memoir/shared';

const times = (n: number) => `${n} time${n === 1 ? '' : 's'}`;

/**
 * One line about the email owed to a decided requester: queued, sent (and how often the PDF
 * was downloaded), or failed with the reason.
 */
export function deliveryLabel(delivery: DeliveryState): string {
  const what = delivery.kind === 'approval' ? 'PDF email' : 'Rejection email';
  const revoked = delivery.linkRevokedAt === null ? '' : ' · link revoked';
  const downloads = delivery.kind === 'approval' ? ` · downloaded ${times(delivery.downloadCount)}${revoked}` : '';
  switch (delivery.status) {
    case 'queued':
      return delivery.attempts === 0
        ? `${what} queued`
        : `${what} queued, retrying: attempt ${delivery.attempts} failed (${delivery.lastError ?? 'no reason given'})${downloads}`;
    case 'sent':
      return `${what} sent ${new Date(delivery.sentAt ?? delivery.queuedAt).toLocaleString()}${downloads}`;
    case 'failed':
      return `${what} failed after ${times(delivery.attempts)}: ${delivery.lastError ?? 'no reason given'}${downloads}`;
    default:
      return `${what}: ${String(delivery.status)}`;
  }
}

/** Whether the latest email's download link still works: the Revoke button is offered then. */
export function hasWorkingLink(delivery: DeliveryState | null | undefined, now: Date = new Date()): boolean {
  return (
    delivery?.kind === 'approval' &&
    delivery.linkRevokedAt === null &&
    delivery.linkExpiresAt !== null &&
    new Date(delivery.linkExpiresAt).getTime() > now.getTime()
  );
}

/** The Revoke button's texts: its question, and what the owner is told after. */
export const REVOKE_TEXTS = {
  question: 'Revoke the download link? It stops working at once; the reader can ask again, or you can Resend.',
  revoked: { title: 'Download link revoked', description: 'The link no longer works and the kept copy is removed.' },
  failed: { title: 'Revoke failed', fallback: 'The link could not be revoked. Please try again.' },
} as const;

/** The Resend button's texts (not in the spec: the delivery screen came later). */
export const RESEND_TOASTS = {
  queued: { title: 'Email queued', description: 'The PDF is on its way again, with a new download link.' },
  failed: { title: 'Resend failed', fallback: 'The email could not be queued. Please try again.' },
} as const;
