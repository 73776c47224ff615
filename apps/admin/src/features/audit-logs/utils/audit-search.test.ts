import { describe, expect, it } from '@jest/globals';

import { auditLogFilters, parseAuditLogSearch } from './audit-search';

describe('the audit log screen and its URL', () => {
  it('reads the filters from the URL, dropping values the log does not know', () => {
    expect(
      parseAuditLogSearch({
        action: 'approve',
        resourceType: 'guestbook_entry',
        actor: ' admin ',
        from: '2026-11-01',
        to: '2026-11-21',
        q: '10.0.0.1',
      }),
    ).toEqual({
      action: 'approve',
      resourceType: 'guestbook_entry',
      actor: 'admin',
      from: '2026-11-01',
      to: '2026-11-21',
      q: '10.0.0.1',
    });
    expect(parseAuditLogSearch({ action: 'delete', resourceType: 'x', from: 'yesterday', to: '2026-13-01' })).toEqual(
      {},
    );
  });

  it('asks the API from the start of the first day to the start of the day after the last', () => {
    const filters = auditLogFilters({ from: '2026-11-01', to: '2026-11-21' });
    expect(filters.from).toBe(new Date(2026, 10, 1).toISOString());
    expect(filters.to).toBe(new Date(2026, 10, 22).toISOString());
  });
});
