/**
 * The moments of an email's timeline (GET /api/admin/scholarships/{id}/delivery), in the order
 * they come when several share one instant: a mail is queued, tried, given up or sent, read,
 * reported, withdrawn.
 */
export const TIMELINE_EVENT_KINDS = [
  'queued',
  'attempt_failed',
  'not_sent',
  'accepted',
  'opened',
  'downloaded',
  'soft_bounce',
  'hard_bounce',
  'complaint',
  'link_revoked',
] as const;

export type TimelineEventKind = (typeof TIMELINE_EVENT_KINDS)[number];
