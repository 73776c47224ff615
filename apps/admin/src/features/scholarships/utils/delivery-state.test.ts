import { describe, expect, it } from '@jest/globals';
import type { DeliveryStateDto } from '@memoir/shared';

import { deliveryLabel } from './delivery-state';

const base: DeliveryStateDto = {
  kind: 'approval',
  status: 'queued',
  attempts: 0,
  lastError: null,
  queuedAt: '2026-06-01T12:00:00.000Z',
  sentAt: null,
  linkExpiresAt: null,
  downloadCount: 0,
};

describe('deliveryLabel', () => {
  it('says where the email stands, with the reason of a failure and the downloads', () => {
    expect(deliveryLabel(base)).toBe('PDF email queued');
    expect(deliveryLabel({ ...base, attempts: 2, lastError: '451 busy' })).toBe(
      'PDF email queued, retrying: attempt 2 failed (451 busy) · downloaded 0 times',
    );
    expect(deliveryLabel({ ...base, status: 'failed', attempts: 6, lastError: '550 no such user' })).toBe(
      'PDF email failed after 6 times: 550 no such user · downloaded 0 times',
    );
    expect(deliveryLabel({ ...base, status: 'sent', sentAt: base.queuedAt, downloadCount: 1 })).toMatch(
      /^PDF email sent .+ · downloaded 1 time$/,
    );
    expect(deliveryLabel({ ...base, kind: 'rejection', status: 'sent', sentAt: base.queuedAt })).toMatch(
      /^Rejection email sent [^·]+$/,
    );
  });
});
