/**
 * The admin side's addresses, once: the API calls of the back-office and the pages of the
 * admin app. The server's router, its OpenAPI document, its admin-host and no-store checks
 * and its static-file fallback read them here; tests hold the admin app and the docs to them.
 */

/** Every admin API call is under this prefix: on ADMIN_HOST only, answered `no-store`. */
export const ADMIN_API_PREFIX = '/api/admin';

export interface AdminApiRoute {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Below ADMIN_API_PREFIX; `:id` is a path parameter. */
  readonly path: string;
  /** Needs a signed-in admin's session: every call but signing in. */
  readonly session: boolean;
}

/** Every call of the admin API, in the order the API reference lists them. */
export const ADMIN_API_ROUTES = {
  logIn: { method: 'POST', path: '/login', session: false },
  logInTwoFactor: { method: 'POST', path: '/login/two-factor', session: false },
  me: { method: 'GET', path: '/me', session: true },
  logOut: { method: 'POST', path: '/logout', session: true },
  dashboard: { method: 'GET', path: '/dashboard', session: true },
  listGuestbookEntries: { method: 'GET', path: '/guestbook', session: true },
  exportGuestbookEntries: { method: 'GET', path: '/guestbook.csv', session: true },
  bulkModerateGuestbookEntries: { method: 'POST', path: '/guestbook/bulk', session: true },
  moderateGuestbookEntry: { method: 'PATCH', path: '/guestbook/:id', session: true },
  listScholarshipRequests: { method: 'GET', path: '/scholarships', session: true },
  exportScholarshipRequests: { method: 'GET', path: '/scholarships.csv', session: true },
  bulkDecideScholarshipRequests: { method: 'POST', path: '/scholarships/bulk', session: true },
  decideScholarshipRequest: { method: 'PATCH', path: '/scholarships/:id', session: true },
  resendDelivery: { method: 'POST', path: '/scholarships/:id/resend', session: true },
  revokeDownloadLink: { method: 'POST', path: '/scholarships/:id/revoke-link', session: true },
  listAuditEvents: { method: 'GET', path: '/audit-logs', session: true },
  exportAuditEvents: { method: 'GET', path: '/audit-logs.csv', session: true },
  security: { method: 'GET', path: '/security', session: true },
  startTwoFactor: { method: 'POST', path: '/security/two-factor', session: true },
  confirmTwoFactor: { method: 'POST', path: '/security/two-factor/confirm', session: true },
  disableTwoFactor: { method: 'DELETE', path: '/security/two-factor', session: true },
  endSession: { method: 'DELETE', path: '/sessions/:id', session: true },
  endOtherSessions: { method: 'POST', path: '/sessions/end-others', session: true },
  changePassword: { method: 'POST', path: '/password', session: true },
  listAdmins: { method: 'GET', path: '/admins', session: true },
  addAdmin: { method: 'POST', path: '/admins', session: true },
  removeAdmin: { method: 'DELETE', path: '/admins/:id', session: true },
  analytics: { method: 'GET', path: '/analytics', session: true },
  listCrackmeClaims: { method: 'GET', path: '/crackme-claims', session: true },
  markPrizeSent: { method: 'POST', path: '/crackme-claims/:id/prize-sent', session: true },
  previewErasure: { method: 'POST', path: '/erasure/preview', session: true },
  erasePerson: { method: 'POST', path: '/erasure', session: true },
} as const satisfies Readonly<Record<string, AdminApiRoute>>;

export type AdminApiRouteName = keyof typeof ADMIN_API_ROUTES;

/** The admin app lives under this path (the React router's basepath). */
export const ADMIN_APP_BASE = '/admin';

/** The admin app's screens (product spec, "Routes"): the server answers each with the app's page and 200. */
export const ADMIN_APP_PAGES = [
  '/admin',
  '/admin/login',
  '/admin/guestbook',
  '/admin/scholarships',
  '/admin/logs',
  '/admin/security',
  '/admin/analytics',
  '/admin/prizes',
  '/admin/privacy',
] as const;
