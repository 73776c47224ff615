import type { DeliveryTimeline, TimelineEvent, TimelineEventKind } from '@memoir/shared';

/** Each moment of an email's life as the owner reads it; the detail follows after a colon. */
export const TIMELINE_WORDS: Readonly<Record<TimelineEventKind, string>> = {
  queued: 'Queued to be sent',
  attempt_failed: 'An attempt failed',
  not_sent: 'Given up: it will not be sent (why: above)',
  accepted: "Accepted by the mail server (it left the site; the reader's provider has it)",
  opened: 'The reader opened the download page',
  downloaded: 'The reader downloaded the book',
  soft_bounce: 'Bounced for now (a full mailbox or a server down): it may arrive later',
  hard_bounce: 'Bounced: the receiving server says the address does not exist; no more mail goes to it',
  complaint: 'The reader marked it as spam; no more mail goes to the address',
  link_revoked: 'Download link revoked',
};

/** One line of the timeline, without its time. Why a mail was not sent is said once, above its timeline. */
export function timelineLine(event: Pick<TimelineEvent, 'kind' | 'detail'>): string {
  if (event.kind === 'not_sent') return TIMELINE_WORDS.not_sent;
  const words = TIMELINE_WORDS[event.kind] ?? String(event.kind);
  return event.detail === null ? words : `${words}: ${event.detail}`;
}

/** The heading of one email: which it was, and where it stands. */
export function timelineTitle(delivery: DeliveryTimeline, index: number): string {
  const what = delivery.kind === 'rejection' ? 'Rejection email' : index === 0 ? 'PDF email' : 'PDF email, sent again';
  const where = { queued: 'on its way', sent: 'sent', failed: 'not sent' }[delivery.status] ?? delivery.status;
  return `${what}: ${where}`;
}

/** Tone of a moment: the ones that need the owner's eye are shown as such. */
export const isTrouble = (kind: TimelineEventKind): boolean =>
  kind === 'not_sent' || kind === 'hard_bounce' || kind === 'complaint' || kind === 'attempt_failed';
