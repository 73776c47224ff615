/**
 * The JSON bodies of the HTTP API (product spec section 7, architecture.md "HTTP API"). The
 * server produces them and the React apps read them; field names are exact. Times are
 * ISO-8601 strings in UTC.
 */

/** Every error body. `fieldErrors` maps a request field to a message a person can act on. */
export interface ErrorBody {
  success: false;
  error: string;
  code?: string;
  fieldErrors?: Record<string, string>;
}

/** What a visitor sees of a guestbook entry: never the review fields or notes. */
export interface PublicGuestbookEntryDto {
  id: string;
  name: string;
  location: string | null;
  message: string;
  createdAt: string;
}

export interface GuestbookEntryDto extends PublicGuestbookEntryDto {
  isApproved: boolean;
  reviewedAt: string | null;
  adminNotes: string | null;
}

export interface PublicGuestbookEntriesResponse {
  success: true;
  entries: PublicGuestbookEntryDto[];
}

/** How many items each class (or status) holds, exactly. */
export interface ClassCounts {
  pending: number;
  approved: number;
  rejected: number;
}

/**
 * GET /api/admin/guestbook: a page. Without parameters, a first page of pending entries, the
 * newest approved and the newest rejected; `nextCursor` (for `before`) continues the pending.
 */
export interface AdminGuestbookEntriesResponse {
  success: true;
  entries: GuestbookEntryDto[];
  nextCursor: string | null;
  counts: ClassCounts;
}

/** One item of a bulk decision's answer. */
export interface BulkItemResultDto {
  id: string;
  success: boolean;
  error?: string;
  code?: string;
}

export interface BulkDecisionResponse {
  success: true;
  results: BulkItemResultDto[];
}

/**
 * The hidden field both public forms carry. People never see it, so never fill it; bots that
 * fill every field do. A submission with it filled is answered as a success and dropped.
 */
export const HONEYPOT_FIELD = 'website';

export interface SignGuestbookBody {
  name: string;
  location?: string | null;
  message: string;
  riddleAnswer: string;
  /** The honeypot: always empty from a person. */
  website?: string;
}

export type ScholarshipStatus = 'pending' | 'approved' | 'rejected';
export type ScholarshipDecisionStatus = Exclude<ScholarshipStatus, 'pending'>;

export interface ScholarshipRequestDto {
  id: string;
  name: string;
  email: string;
  message: string | null;
  status: ScholarshipStatus;
  adminNotes: string | null;
  createdAt: string;
  decidedAt: string | null;
  /** The email owed after the decision: null while pending, or when none was queued. */
  delivery?: DeliveryStateDto | null;
}

export type DeliveryStatus = 'queued' | 'sent' | 'failed';

/** Where the email to a decided requester stands (the latest one, after a resend). */
export interface DeliveryStateDto {
  kind: 'approval' | 'rejection';
  status: DeliveryStatus;
  attempts: number;
  /** Why the last attempt failed (an SMTP reply, a refused connection). */
  lastError: string | null;
  queuedAt: string;
  sentAt: string | null;
  /** When the latest download link stops working. */
  linkExpiresAt: string | null;
  /** When the latest download link was revoked by the owner; null while it works. */
  linkRevokedAt: string | null;
  /** Downloads through every link sent for this request. */
  downloadCount: number;
}

/** GET /api/admin/scholarships: a page, as the guestbook's. */
export interface ScholarshipRequestsResponse {
  success: true;
  requests: ScholarshipRequestDto[];
  nextCursor: string | null;
  counts: ClassCounts;
}

export interface SubmitScholarshipBody {
  name: string;
  email: string;
  message?: string | null;
  riddleAnswer: string;
  /** The honeypot: always empty from a person. */
  website?: string;
}

export interface AdminUserDto {
  id: string;
  username: string;
}

export interface LoginBody {
  username: string;
  password: string;
}

export interface LoginResponse {
  success: true;
  sessionToken: string;
  user: AdminUserDto;
  expiresAt: string;
}

/** `POST /api/admin/login` for an account with two-factor on: no session yet, the code next. */
export interface TwoFactorRequiredResponse {
  success: false;
  twoFactorRequired: true;
  /** Give it back with the code to `POST /api/admin/login/two-factor`; single-use, 5 minutes. */
  challenge: string;
  expiresAt: string;
  error: string;
}

export interface TwoFactorSetupResponse {
  success: true;
  secret: string;
  otpauthUri: string;
}

export interface RecoveryCodesResponse {
  success: true;
  recoveryCodes: string[];
}

export interface MeResponse {
  success: true;
  user: AdminUserDto;
}

/** One of the signed-in admin's own sessions (`GET /api/admin/security`). */
export interface OwnSessionDto {
  id: string;
  /** The session making this call. */
  current: boolean;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  lastSeenAt: string;
}

/** An admin account as `GET /api/admin/admins` lists it. */
export interface AdminDto {
  id: string;
  username: string;
  createdAt: string;
  twoFactorEnabled: boolean;
}

export interface AdminsResponse {
  success: true;
  admins: AdminDto[];
}

export interface AddAdminResponse {
  success: true;
  admin: AdminDto;
  /** Shown this once: the new admin signs in with it and changes it on the Security screen. */
  temporaryPassword: string;
}

export interface SecurityResponse {
  success: true;
  twoFactorEnabled: boolean;
  sessions: OwnSessionDto[];
}

export interface DashboardResponse {
  guestbook: { total: number; pending: number };
  scholarships: { total: number; pending: number };
  recentActivity: { guestbookCount: number; scholarshipCount: number };
  /** The 24-hour promise: pending requests older than a day, and when the oldest pending one came. */
  scholarshipPromise?: { overdue: number; oldestPendingAt: string | null };
  /** The counted events of the same 7 days, each summed (names without an event are left out). */
  countedEvents?: Record<string, number>;
  /** The audit trail's hash chain at the last background check (docs/admin.md). */
  auditChain?: AuditChainStateDto;
}

export interface AuditChainStateDto {
  status: 'intact' | 'broken' | 'unchecked';
  verifiedEvents: number;
  checkedAt: string | null;
  firstBreak: { eventId: string | null; position: number; problem: string } | null;
}

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
] as const;
export type AuditActionName = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_RESOURCE_TYPES = [
  'admin_session',
  'admin_user',
  'guestbook_entry',
  'scholarship_request',
  'personal_data',
  'crackme_claim',
] as const;
export type AuditResourceTypeName = (typeof AUDIT_RESOURCE_TYPES)[number];

export interface AuditLogDto {
  id: string;
  action: string;
  resourceType: string;
  resourceId: string | null;
  userId: string | null;
  /** The acting admin's username (null: nobody known, or an admin since removed). */
  username: string | null;
  details: Record<string, unknown> | null;
  createdAt: string;
  ipAddress: string | null;
  userAgent: string | null;
}

export interface AuditLogsResponse {
  success: true;
  logs: AuditLogDto[];
  /** Pass as `before` to read the next (older) page; null on the last page. */
  nextCursor: string | null;
}
