import type { DeliveryStateDto } from '@memoir/shared';

const times = (n: number) => `${n} time${n === 1 ? '' : 's'}`;

/**
 * One line about the email owed to a decided requester: queued, sent (and how often the PDF
 * was downloaded), or failed with the reason.
 */
export function deliveryLabel(delivery: DeliveryStateDto): string {
  const what = delivery.kind === 'approval' ? 'PDF email' : 'Rejection email';
  const downloads = delivery.kind === 'approval' ? ` · downloaded ${times(delivery.downloadCount)}` : '';
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

/** The Resend button's texts (not in the spec: the delivery screen came later). */
export const RESEND_TOASTS = {
  queued: { title: 'Email queued', description: 'The PDF is on its way again, with a new download link.' },
  failed: { title: 'Resend failed', fallback: 'The email could not be queued. Please try again.' },
} as const;
