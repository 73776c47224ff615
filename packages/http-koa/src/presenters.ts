import type {
  AdminListItem,
  AdminUserView,
  AuditEvent,
  AuditChainState,
  Dashboard,
  DeliveryState,
  GuestbookEntry,
  PublicGuestbookEntry,
  ScholarshipRequest,
  ScholarshipRequestWithDelivery,
  SecurityOverview,
} from '@memoir/domain';
import type {
  AdminDto,
  AuditLogDto,
  AuditChainStateDto,
  DashboardResponse,
  DeliveryStateDto,
  GuestbookEntryDto,
  PublicGuestbookEntryDto,
  ScholarshipRequestDto,
  SecurityResponse,
} from '@memoir/shared';

// Domain objects to the wire: times become ISO-8601 strings in UTC.
const iso = (date: Date): string => date.toISOString();
const isoOrNull = (date: Date | null): string | null => (date === null ? null : date.toISOString());

export const presentPublicEntry = (entry: PublicGuestbookEntry): PublicGuestbookEntryDto => ({
  id: entry.id,
  name: entry.name,
  location: entry.location,
  message: entry.message,
  createdAt: iso(entry.createdAt),
});

export const presentEntry = (entry: GuestbookEntry): GuestbookEntryDto => ({
  ...presentPublicEntry(entry),
  isApproved: entry.isApproved,
  reviewedAt: isoOrNull(entry.reviewedAt),
  adminNotes: entry.adminNotes,
});

export const presentRequest = (request: ScholarshipRequest): ScholarshipRequestDto => ({
  id: request.id,
  name: request.name,
  email: request.email,
  message: request.message,
  status: request.status,
  adminNotes: request.adminNotes,
  createdAt: iso(request.createdAt),
  decidedAt: isoOrNull(request.decidedAt),
});

export const presentDeliveryState = (state: DeliveryState): DeliveryStateDto => ({
  kind: state.kind === 'rejection' ? 'rejection' : 'approval',
  status: state.status,
  attempts: state.attempts,
  lastError: state.lastError,
  queuedAt: iso(state.queuedAt),
  sentAt: isoOrNull(state.sentAt),
  linkExpiresAt: isoOrNull(state.linkExpiresAt),
  linkRevokedAt: isoOrNull(state.linkRevokedAt),
  downloadCount: state.downloadCount,
});

/** A request in the owner's list: with where its email stands. */
export const presentRequestWithDelivery = (request: ScholarshipRequestWithDelivery): ScholarshipRequestDto => ({
  ...presentRequest(request),
  delivery: request.delivery === null ? null : presentDeliveryState(request.delivery),
});

export const presentAdmin = (admin: AdminListItem): AdminDto => ({
  id: admin.id,
  username: admin.username,
  createdAt: admin.createdAt.toISOString(),
  twoFactorEnabled: admin.twoFactorEnabled,
});

export const presentSecurity = (security: SecurityOverview): Omit<SecurityResponse, 'success'> => ({
  twoFactorEnabled: security.twoFactorEnabled,
  sessions: security.sessions.map((session) => ({
    id: session.id,
    current: session.current,
    userAgent: session.userAgent,
    ipAddress: session.ipAddress,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
  })),
});

export const presentAuditChainState = (state: AuditChainState): AuditChainStateDto => ({
  status: state.status,
  verifiedEvents: state.verifiedEvents,
  checkedAt: isoOrNull(state.checkedAt),
  firstBreak: state.firstBreak === null ? null : { ...state.firstBreak },
});

export const presentDashboard = (dashboard: Dashboard): DashboardResponse => ({
  guestbook: dashboard.guestbook,
  scholarships: dashboard.scholarships,
  recentActivity: dashboard.recentActivity,
  scholarshipPromise: {
    overdue: dashboard.scholarshipPromise.overdue,
    oldestPendingAt: isoOrNull(dashboard.scholarshipPromise.oldestPendingAt),
  },
});

export const presentAuditEvent = (
  event: AuditEvent,
  usernames: ReadonlyMap<string, string> = new Map(),
): AuditLogDto => ({
  id: event.id,
  action: event.action,
  resourceType: event.resourceType,
  resourceId: event.resourceId,
  userId: event.userId,
  username: event.userId === null ? null : (usernames.get(event.userId) ?? null),
  details: event.details === null ? null : { ...event.details },
  createdAt: iso(event.createdAt),
  ipAddress: event.ipAddress,
  userAgent: event.userAgent,
});

export const presentUser = (user: AdminUserView) => ({ id: user.id, username: user.username });
