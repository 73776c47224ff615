import {
  ADMIN_USERNAME_MAX_LENGTH,
  AUDIT_ACTIONS,
  AUDIT_RESOURCE_TYPES,
  type AuditActionName,
  type AuditFilterQuery,
  type AuditResourceTypeName,
} from '@memoir/shared';

import { choiceParam, dayParam, definedOnly, startOfDay, textParam } from '../../../shared/list-search';

/**
 * The log's filters, kept in the URL: `/admin/logs?action=approve&from=2026-11-01&to=2026-11-21`.
 * `from` and `to` are calendar days in the owner's time zone, both included.
 */
export interface AuditLogSearch {
  readonly action?: AuditActionName;
  readonly resourceType?: AuditResourceTypeName;
  /** The acting admin's username. */
  readonly actor?: string;
  readonly from?: string;
  readonly to?: string;
  readonly q?: string;
}

/** The route's `validateSearch`: what the screen knows of the URL's parameters; the rest is dropped. */
export const parseAuditLogSearch = (search: Record<string, unknown>): AuditLogSearch =>
  definedOnly({
    action: choiceParam(AUDIT_ACTIONS, search.action),
    resourceType: choiceParam(AUDIT_RESOURCE_TYPES, search.resourceType),
    actor: textParam(search.actor, ADMIN_USERNAME_MAX_LENGTH),
    from: dayParam(search.from),
    to: dayParam(search.to),
    q: textParam(search.q),
  });

/**
 * The filters as the API takes them: the days become instants, `from` the start of its day and
 * `to` the start of the day after (the API's `to` is exclusive), so the last day is included.
 */
export function auditLogFilters(search: AuditLogSearch): AuditFilterQuery {
  return {
    action: search.action,
    resourceType: search.resourceType,
    actor: search.actor,
    from: search.from === undefined ? undefined : startOfDay(search.from),
    to: search.to === undefined ? undefined : startOfDay(search.to, 1),
    q: search.q,
  };
}
