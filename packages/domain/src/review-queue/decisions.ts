import { ADMIN_NOTES_MAX_LENGTH } from '@memoir/shared';

import { AuditAction, newAuditEvent, type AuditEvent } from '../audit-log/audit-event';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/id-generator';
import type { Actor } from '../shared/request-context';
import type { TextRule } from '../shared/text-fields';

/** The owner's optional note with a decision. */
export const ADMIN_NOTES_FIELD: TextRule = {
  field: 'adminNotes',
  label: 'Admin notes',
  maxLength: ADMIN_NOTES_MAX_LENGTH,
  multiline: true,
};

/** The audit event of a decision: `approve` or `reject` of one item, by the admin who decided. */
export function decisionEvent(
  deps: { readonly clock: Clock; readonly ids: IdGenerator },
  actor: Actor,
  decision: {
    readonly approved: boolean;
    readonly resourceType: string;
    readonly resourceId: string;
    readonly details: Readonly<Record<string, unknown>>;
  },
): AuditEvent {
  const { approved, resourceType, resourceId, details } = decision;
  const action = approved ? AuditAction.Approve : AuditAction.Reject;
  return newAuditEvent(deps, { action, resourceType, resourceId, userId: actor.userId, details }, actor);
}
