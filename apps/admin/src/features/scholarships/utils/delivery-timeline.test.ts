import { describe, expect, it } from '@jest/globals';
import { TIMELINE_EVENT_KINDS, type DeliveryTimeline } from '@memoir/shared';

import { TIMELINE_WORDS, timelineLine, timelineTitle } from './delivery-timeline';

const delivery = (overrides: Partial<DeliveryTimeline> = {}): DeliveryTimeline => ({
  deliveryId: '00000000-0000-4000-8000-000000000001',
  kind: 'approval',
  status: 'sent',
  attempts: 1,
  notSent: null,
  events: [],
  ...overrides,
});

describe('the delivery timeline in words', () => {
  it('has words for every moment the server names', () => {
    expect(Object.keys(TIMELINE_WORDS).sort()).toEqual([...TIMELINE_EVENT_KINDS].sort());
  });

  it('adds what the server said, and points a mail not sent to its reason above', () => {
    expect(timelineLine({ kind: 'accepted', detail: null })).toBe(
      "Accepted by the mail server (it left the site; the reader's provider has it)",
    );
    expect(timelineLine({ kind: 'attempt_failed', detail: '421 Try again later' })).toBe(
      'An attempt failed: 421 Try again later',
    );
    expect(timelineLine({ kind: 'not_sent', detail: 'Not sent: the address bounced on 2026-01-15.' })).toBe(
      'Given up: it will not be sent (why: above)',
    );
  });

  it('names each email and where it stands', () => {
    expect(timelineTitle(delivery(), 0)).toBe('PDF email: sent');
    expect(timelineTitle(delivery({ status: 'failed' }), 1)).toBe('PDF email, sent again: not sent');
    expect(timelineTitle(delivery({ kind: 'rejection', status: 'queued' }), 0)).toBe('Rejection email: on its way');
  });
});
