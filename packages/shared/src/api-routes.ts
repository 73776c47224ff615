import type * as C from './contract';

/*
 * Every JSON call of the API, once: its method, path, who may make it, the status of a success,
 * and (as types only) its body, query and answer, which are the classes of ./contract. The
 * server's router, its body and query checks and the OpenAPI document are built from this table;
 * both apps call the API through a client keyed by it (`api.call('signGuestbook', …)` in
 * @memoir/web-ui). Only types come from ./contract here, so the apps never load class-validator.
 */

export type ApiMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Who may make a call: anyone (`public`), anyone on the admin host (`sign-in`: the two steps of
 * signing in), or a signed-in admin (`admin`: a session's bearer token, on the admin host).
 */
export type ApiAccess = 'public' | 'sign-in' | 'admin';

/** What a successful call answers: a JSON body, or a CSV file (the exports). */
export type ApiAnswer = 'json' | 'csv';

export interface ApiRoute<Body = unknown, Query = unknown, Response = unknown> {
  readonly method: ApiMethod;
  /** `:name` is a path parameter. */
  readonly path: string;
  readonly access: ApiAccess;
  /** The status of a success: 200 unless said. */
  readonly status: 200 | 201 | 202;
  readonly answer: ApiAnswer;
  /** Types only (never set): what the call takes and answers. */
  readonly types?: { readonly body: Body; readonly query: Query; readonly response: Response };
}

interface RouteOptions {
  readonly access?: ApiAccess;
  readonly status?: 200 | 201 | 202;
  readonly answer?: ApiAnswer;
}

/** A call with its types: `call<Body, Query, Response>()('POST', '/api/…', { access })`. */
const call =
  <Body, Query, Response>() =>
  <M extends ApiMethod, P extends string>(method: M, path: P, options: RouteOptions = {}) =>
    ({
      method,
      path,
      access: options.access ?? 'admin',
      status: options.status ?? 200,
      answer: options.answer ?? 'json',
    }) as const satisfies ApiRoute as ApiRoute<Body, Query, Response> & { readonly method: M; readonly path: P };

/** Every admin call is under this prefix: on ADMIN_HOST only, answered `no-store`. */
export const ADMIN_API_PREFIX = '/api/admin';

const open = { access: 'public' } as const;

/** Every JSON call of the API, in the order the API reference lists them. */
export const API_ROUTES = {
  publicGuestbookEntries: call<C.NoBody, C.PublicGuestbookQuery, C.PublicGuestbookEntriesResponse>()(
    'GET',
    '/api/guestbook-entries',
    open,
  ),
  signGuestbook: call<C.SignGuestbookBody, C.NoBody, C.SuccessResponse>()('POST', '/api/guestbook-entry', {
    ...open,
    status: 201,
  }),
  submitScholarshipRequest: call<C.SubmitScholarshipBody, C.NoBody, C.SuccessResponse>()(
    'POST',
    '/api/scholarship-request',
    {
      ...open,
      status: 201,
    },
  ),
  claimCrackmePrize: call<C.CrackmeClaimBody, C.NoBody, C.CrackmeClaimResponse>()('POST', '/api/crackme-claim', {
    ...open,
    status: 201,
  }),
  recordEvent: call<C.EventBody, C.NoBody, C.SuccessResponse>()('POST', '/api/events', { ...open, status: 202 }),

  logIn: call<C.LoginBody, C.NoBody, C.LoginResponse | C.TwoFactorRequiredResponse>()('POST', '/api/admin/login', {
    access: 'sign-in',
  }),
  logInTwoFactor: call<C.TwoFactorLoginBody, C.NoBody, C.LoginResponse>()('POST', '/api/admin/login/two-factor', {
    access: 'sign-in',
  }),
  me: call<C.NoBody, C.NoBody, C.MeResponse>()('GET', '/api/admin/me'),
  logOut: call<C.NoBody, C.NoBody, C.SuccessResponse>()('POST', '/api/admin/logout'),
  dashboard: call<C.NoBody, C.NoBody, C.DashboardResponse>()('GET', '/api/admin/dashboard'),
  listGuestbookEntries: call<C.NoBody, C.GuestbookListQuery, C.AdminGuestbookEntriesResponse>()(
    'GET',
    '/api/admin/guestbook',
  ),
  exportGuestbookEntries: call<C.NoBody, C.GuestbookFilterQuery, string>()('GET', '/api/admin/guestbook.csv', {
    answer: 'csv',
  }),
  bulkModerateGuestbookEntries: call<C.BulkModerateGuestbookEntriesBody, C.NoBody, C.BulkDecisionResponse>()(
    'POST',
    '/api/admin/guestbook/bulk',
  ),
  moderateGuestbookEntry: call<C.ModerateGuestbookEntryBody, C.NoBody, C.ModerateGuestbookEntryResponse>()(
    'PATCH',
    '/api/admin/guestbook/:id',
  ),
  listScholarshipRequests: call<C.NoBody, C.ScholarshipListQuery, C.ScholarshipRequestsResponse>()(
    'GET',
    '/api/admin/scholarships',
  ),
  exportScholarshipRequests: call<C.NoBody, C.ScholarshipFilterQuery, string>()('GET', '/api/admin/scholarships.csv', {
    answer: 'csv',
  }),
  bulkDecideScholarshipRequests: call<C.BulkDecideScholarshipsBody, C.NoBody, C.BulkDecisionResponse>()(
    'POST',
    '/api/admin/scholarships/bulk',
  ),
  decideScholarshipRequest: call<C.DecideScholarshipBody, C.NoBody, C.DecideScholarshipResponse>()(
    'PATCH',
    '/api/admin/scholarships/:id',
  ),
  resendDelivery: call<C.NoBody, C.NoBody, C.SuccessResponse>()('POST', '/api/admin/scholarships/:id/resend', {
    status: 202,
  }),
  revokeDownloadLink: call<C.NoBody, C.NoBody, C.RevokeLinkResponse>()(
    'POST',
    '/api/admin/scholarships/:id/revoke-link',
  ),
  listAuditEvents: call<C.NoBody, C.AuditListQuery, C.AuditLogsResponse>()('GET', '/api/admin/audit-logs'),
  exportAuditEvents: call<C.NoBody, C.AuditFilterQuery, string>()('GET', '/api/admin/audit-logs.csv', {
    answer: 'csv',
  }),
  security: call<C.NoBody, C.NoBody, C.SecurityResponse>()('GET', '/api/admin/security'),
  startTwoFactor: call<C.NoBody, C.NoBody, C.TwoFactorSetupResponse>()('POST', '/api/admin/security/two-factor'),
  confirmTwoFactor: call<C.CodeBody, C.NoBody, C.RecoveryCodesResponse>()(
    'POST',
    '/api/admin/security/two-factor/confirm',
  ),
  disableTwoFactor: call<C.PasswordBody, C.NoBody, C.SuccessResponse>()('DELETE', '/api/admin/security/two-factor'),
  endSession: call<C.NoBody, C.NoBody, C.SuccessResponse>()('DELETE', '/api/admin/sessions/:id'),
  endOtherSessions: call<C.NoBody, C.NoBody, C.EndOtherSessionsResponse>()('POST', '/api/admin/sessions/end-others'),
  changePassword: call<C.ChangePasswordBody, C.NoBody, C.ChangePasswordResponse>()('POST', '/api/admin/password'),
  listAdmins: call<C.NoBody, C.NoBody, C.AdminsResponse>()('GET', '/api/admin/admins'),
  addAdmin: call<C.AddAdminBody, C.NoBody, C.AddAdminResponse>()('POST', '/api/admin/admins', { status: 201 }),
  removeAdmin: call<C.NoBody, C.NoBody, C.SuccessResponse>()('DELETE', '/api/admin/admins/:id'),
  analytics: call<C.NoBody, C.AnalyticsQuery, C.AnalyticsResponse>()('GET', '/api/admin/analytics'),
  listCrackmeClaims: call<C.NoBody, C.CrackmeClaimsQuery, C.CrackmeClaimsResponse>()(
    'GET',
    '/api/admin/crackme-claims',
  ),
  markPrizeSent: call<C.NoBody, C.NoBody, C.PrizeSentResponse>()('POST', '/api/admin/crackme-claims/:id/prize-sent'),
  previewErasure: call<C.ErasureBody, C.NoBody, C.ErasureResponse>()('POST', '/api/admin/erasure/preview'),
  erasePerson: call<C.ErasureBody, C.NoBody, C.ErasureResponse>()('POST', '/api/admin/erasure'),
} as const;

export type ApiRouteName = keyof typeof API_ROUTES;

type TypesOf<K extends ApiRouteName> = NonNullable<(typeof API_ROUTES)[K]['types']>;
/** The body a call takes (NoBody: none). */
export type ApiBody<K extends ApiRouteName> = TypesOf<K>['body'];
/** The query parameters a call takes (NoBody: none). */
export type ApiQuery<K extends ApiRouteName> = TypesOf<K>['query'];
/** What a call answers on success. */
export type ApiResponse<K extends ApiRouteName> = TypesOf<K>['response'];

/** `{ id: string }` for a path with `:id`; `{}` for one without parameters. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { readonly [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { readonly [K in Name]: string }
    : unknown;

export type ApiParams<K extends ApiRouteName> = PathParams<(typeof API_ROUTES)[K]['path']>;

/** The path of a call with its parameters filled in (each URI-encoded). */
export function apiPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs its ${name}`);
    return encodeURIComponent(value);
  });
}
