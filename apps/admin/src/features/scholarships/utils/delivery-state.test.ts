import { describe, expect, it } from '@jest/globals';
import type { DeliveryState } from '@memoir/shared';

import { deliveryLabel, hasWorkingLink } from './delivery-state';

const base: DeliveryState = {
  kind: 'approval',
  status: 'queued',
  attempts: 0,
  lastError: null,
  queuedAt: '2026-06-01T12:00:00.000Z',
  sentAt: null,
  linkExpiresAt: null,
  linkRevokedAt: null,
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

describe('a revoked link', () => {
  const sent = { ...base, status: 'sent' as const, sentAt: base.queuedAt, linkExpiresAt: '2026-06-15T12:00:00.000Z' };
  const now = new Date('2026-06-02T12:00:00.000Z');

  it('is said in the label, and no Revoke button is offered for it', () => {
    expect(deliveryLabel({ ...sent, downloadCount: 2, linkRevokedAt: '2026-06-02T10:00:00.000Z' })).toMatch(
      /^PDF email sent .+ · downloaded 2 times · link revoked$/,
    );
    expect(hasWorkingLink(sent, now)).toBe(true);
    expect(hasWorkingLink({ ...sent, linkRevokedAt: '2026-06-02T10:00:00.000Z' }, now)).toBe(false);
    expect(hasWorkingLink(sent, new Date('2026-06-15T12:00:00.000Z'))).toBe(false); // expired
    expect(hasWorkingLink({ ...base, linkExpiresAt: null }, now)).toBe(false); // not sent yet
    expect(hasWorkingLink({ ...sent, kind: 'rejection' }, now)).toBe(false);
    expect(hasWorkingLink(null, now)).toBe(false);
  });
});
