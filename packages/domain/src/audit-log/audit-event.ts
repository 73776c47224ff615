import { AUDIT_USER_AGENT_KEPT_LENGTH } from '@memoir/shared';

import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/id-generator';
import type { RequestContext } from '../shared/request-context';

/** The actions the audit trail records. Stored as text; the admin app badges them. */
export const AuditAction = {
  Login: 'login',
  LoginFailed: 'login_failed',
  Logout: 'logout',
  Approve: 'approve',
  Reject: 'reject',
  AdminCreated: 'admin_created',
  PasswordReset: 'password_reset',
  /** The owner sent an approved request's PDF again. */
  Resend: 'resend',
  /** An admin ended one of their sessions, or all the others (details say which). */
  SessionEnded: 'session_ended',
  /** An admin changed their own password in the app. */
  PasswordChanged: 'password_changed',
  TwoFactorEnabled: 'two_factor_enabled',
  TwoFactorDisabled: 'two_factor_disabled',
  /** A recovery code signed an admin in (details: how many are left). */
  RecoveryCodeUsed: 'recovery_code_used',
  AdminAdded: 'admin_added',
  AdminRemoved: 'admin_removed',
  /** The retention job removed personal data past its period (counts only). */
  Retention: 'retention',
  /** A person's data was erased on request (counts only, never the address). */
  Erasure: 'erasure',
  /** The owner downloaded what is held about a person (counts only, never the address). */
  PersonalDataExported: 'personal_data_exported',
  /** The owner sent a crackme winner's prize. */
  PrizeSent: 'prize_sent',
  /** The owner withdrew a reader's download links. */
  RevokeLink: 'revoke_link',
  /** The owner saved the site's draft (details: the revision and the fields changed). */
  SiteContentSaved: 'site_content_saved',
  /** The owner published the draft (details: the version and the fields changed). */
  SiteContentPublished: 'site_content_published',
  /** The owner made a published version the draft again. */
  SiteContentRestored: 'site_content_restored',
  /** The owner lifted an address's suppression (details: its reason; never the address). */
  SuppressionRemoved: 'suppression_removed',
  /** The owner uploaded a new book, cover or author photo (details: its kind, bytes, hash, pages). */
  MediaReplaced: 'media_replaced',
  /** The owner sent an announcement to the confirmed readers (details: its subject). */
  AnnouncementSent: 'announcement_sent',
} as const;

export const AuditResourceType = {
  AdminSession: 'admin_session',
  AdminUser: 'admin_user',
  GuestbookEntry: 'guestbook_entry',
  ScholarshipRequest: 'scholarship_request',
  /** Personal data in general: a retention run, an erasure or an export, which name no one. */
  PersonalData: 'personal_data',
  CrackmeClaim: 'crackme_claim',
  /** The landing page's content (the resource id is the version, where there is one). */
  SiteContent: 'site_content',
  /** An uploaded book, cover or author photo (the resource id is its record's). */
  Media: 'media',
  /** An announcement to the readers (the resource id is its id). */
  Announcement: 'announcement',
} as const;

/** One line of the append-only audit trail. Nothing edits or deletes an event. */
export interface AuditEvent {
  readonly id: string;
  readonly action: string;
  readonly resourceType: string;
  readonly resourceId: string | null;
  /** The admin who acted; null when nobody is known (a failed login with an unknown username). */
  readonly userId: string | null;
  readonly details: Readonly<Record<string, unknown>> | null;
  readonly ipAddress: string | null;
  readonly userAgent: string | null;
  readonly createdAt: Date;
}

export interface AuditEventFields {
  readonly action: string;
  readonly resourceType: string;
  readonly resourceId: string | null;
  readonly userId: string | null;
  readonly details?: Readonly<Record<string, unknown>> | null;
}

/** Builds an event stamped with a new id, the clock's time and the request's origin. */
export function newAuditEvent(
  deps: { readonly clock: Clock; readonly ids: IdGenerator },
  fields: AuditEventFields,
  context: RequestContext,
): AuditEvent {
  return {
    id: deps.ids.next(),
    action: fields.action,
    resourceType: fields.resourceType,
    resourceId: fields.resourceId,
    userId: fields.userId,
    details: fields.details ?? null,
    ipAddress: context.ipAddress,
    userAgent: context.userAgent === null ? null : keptUserAgent(context.userAgent),
    createdAt: deps.clock.now(),
  };
}

/** The first AUDIT_USER_AGENT_KEPT_LENGTH characters, never half of a surrogate pair. */
export function keptUserAgent(userAgent: string): string {
  const kept = userAgent.slice(0, AUDIT_USER_AGENT_KEPT_LENGTH);
  return /[\uD800-\uDBFF]$/.test(kept) ? kept.slice(0, -1) : kept;
}
