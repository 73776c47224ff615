/** The admin app's pages. Its API calls are in API_ROUTES (./api-routes.ts), under ADMIN_API_PREFIX. */

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
  '/admin/mail',
  '/admin/mail/suppressions',
  '/admin/site',
  '/admin/media',
  '/admin/readers',
] as const;
