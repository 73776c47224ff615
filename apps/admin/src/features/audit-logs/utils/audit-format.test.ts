import { describe, expect, it } from '@jest/globals';

import { actionBadge, actionFailed, actionIcon, detailsParts, resourceLabel, shortId, truncate } from './audit-format';

describe('audit log display rules (spec section 2)', () => {
  it('badges by action', () => {
    expect(actionBadge('login')).toBe('LOGIN');
    expect(actionBadge('login_failed')).toBe('LOGIN');
    expect(actionBadge('logout')).toBe('LOGOUT');
    expect(actionBadge('approve')).toBe('APPROVE');
    expect(actionBadge('reject')).toBe('REJECT');
    expect(actionBadge('password_reset')).toBe('PASSWORD_RESET');
  });

  it('marks a refused sign-in apart from a successful one, keeping both under LOGIN', () => {
    expect(actionFailed('login_failed')).toBe(true);
    expect(actionFailed('LOGIN_FAILED')).toBe(true);
    expect(actionFailed('login')).toBe(false);
    expect(actionFailed('logout')).toBe(false);
    expect(actionFailed('approve')).toBe(false);
    expect(actionIcon('login_failed')).toBe('session');
  });

  it('has one icon for login and logout, one for approve and reject, one for the rest', () => {
    expect([actionIcon('login'), actionIcon('logout')]).toEqual(['session', 'session']);
    expect([actionIcon('approve'), actionIcon('reject')]).toEqual(['decision', 'decision']);
    expect(actionIcon('admin_created')).toBe('other');
  });

  it('upper-cases resource types with spaces for underscores, and cuts ids to 8 characters and an ellipsis', () => {
    expect(resourceLabel('scholarship_request')).toBe('SCHOLARSHIP REQUEST');
    expect(shortId('6f1c1bd2-6c64-4a8e-9d55-2a6c1c4f0000')).toBe('6f1c1bd2...');
    expect(truncate('x'.repeat(61))).toBe(`${'x'.repeat(60)}...`);
    expect(truncate('short')).toBe('short');
  });
});

describe('detailsParts', () => {
  it('cuts the pretty-printed details into strings and what lies between, losing no character', () => {
    const details = { adminNotes: 'שלום "friend"\nbye', previousClass: 'pending', refusals: 3, nested: { a: [''] } };
    const parts = detailsParts(details);
    expect(parts.map((part) => part.text).join('')).toBe(JSON.stringify(details, null, 2));
    expect(parts.filter((part) => part.isString).map((part) => part.text)).toEqual([
      'adminNotes',
      'שלום \\"friend\\"\\nbye',
      'previousClass',
      'pending',
      'refusals',
      'nested',
      'a',
      '',
    ]);
  });
});
