/**
 * The constants of the wire that both apps read at run time. The bodies themselves are the
 * classes of ./contract (as types here; the server loads them from `@memoir/shared/contract`).
 */

/**
 * The hidden field both public forms carry. People never see it, so never fill it; bots that
 * fill every field do. A submission with it filled is answered as a success and dropped.
 */
export const HONEYPOT_FIELD = 'website';

/**
 * The audit log's filter values, as `GET /api/admin/audit-logs?action=&resourceType=` takes
 * them: the actions the trail records and the kinds of thing they act on. The domain's
 * AuditAction and AuditResourceType hold the same values (a domain test checks it).
 */
export const AUDIT_ACTIONS = [
  'login',
  'login_failed',
  'logout',
  'approve',
  'reject',
  'admin_created',
  'password_reset',
  'resend',
  'session_ended',
  'password_changed',
  'two_factor_enabled',
  'two_factor_disabled',
  'recovery_code_used',
  'admin_added',
  'admin_removed',
  'retention',
  'erasure',
  'prize_sent',
  'revoke_link',
  'site_content_saved',
  'site_content_published',
  'site_content_restored',
  'personal_data_exported',
  'suppression_removed',
  'media_replaced',
  'announcement_sent',
] as const;
export type AuditActionName = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_RESOURCE_TYPES = [
  'admin_session',
  'admin_user',
  'guestbook_entry',
  'scholarship_request',
  'personal_data',
  'crackme_claim',
  'site_content',
  'media',
  'announcement',
] as const;
export type AuditResourceTypeName = (typeof AUDIT_RESOURCE_TYPES)[number];
