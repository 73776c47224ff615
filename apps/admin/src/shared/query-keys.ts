/**
 * Every query key of the app, in one place: a feature's mutation refreshes another feature's
 * data (a decision changes the dashboard's counts) without importing that feature.
 * Everything the owner's session may read sits under `adminData`, so signing in starts clean.
 */
const adminData = ['admin'] as const;

export const queryKeys = {
  session: ['session'],
  adminData,
  dashboard: [...adminData, 'dashboard'],
  guestbookEntries: [...adminData, 'guestbook-entries'],
  scholarshipRequests: [...adminData, 'scholarship-requests'],
  /** A request's emails and their timelines: under it, by request id. */
  deliveryTimelines: [...adminData, 'delivery-timelines'],
  auditLogs: [...adminData, 'audit-logs'],
  security: [...adminData, 'security'],
  admins: [...adminData, 'admins'],
  analytics: [...adminData, 'analytics'],
  prizeClaims: [...adminData, 'prize-claims'],
  siteContent: [...adminData, 'site-content'],
  siteVersions: [...adminData, 'site-content-versions'],
  mailHealth: [...adminData, 'mail-health'],
  suppressions: [...adminData, 'suppressions'],
  media: [...adminData, 'media'],
  readers: [...adminData, 'readers'],
  readerSummary: [...adminData, 'reader-summary'],
  announcements: [...adminData, 'announcements'],
} as const;
