import { describe, expect, it } from '@jest/globals';
import { AUDIT_ACTIONS, AUDIT_RESOURCE_TYPES } from '@memoir/shared';

import { AuditAction, AuditResourceType } from './audit-event';

// The admin app offers the audit log's filters from @memoir/shared: the same values the domain records.
describe('the audit filter values the admin app offers', () => {
  it('are exactly the actions the audit trail records', () => {
    expect([...AUDIT_ACTIONS].sort()).toEqual(Object.values(AuditAction).sort());
  });

  it('are exactly the resource types the audit trail records', () => {
    expect([...AUDIT_RESOURCE_TYPES].sort()).toEqual(Object.values(AuditResourceType).sort());
  });
});
