import { describe, expect, it } from '@jest/globals';
import type { DeliveryStateDto } from '@memoir/shared';

import { deliveryLabel, humanAge } from './delivery-state';

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

describe('humanAge', () => {
  it('speaks in minutes, hours, then days and hours', () => {
    expect(humanAge(59_999)).toBe('0 min');
    expect(humanAge(59 * 60_000)).toBe('59 min');
    expect(humanAge(5 * 3_600_000)).toBe('5 h');
    expect(humanAge(48 * 3_600_000)).toBe('2 d');
    expect(humanAge(52 * 3_600_000 + 59 * 60_000)).toBe('2 d 4 h');
  });
});
