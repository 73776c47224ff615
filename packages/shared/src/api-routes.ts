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

/**
 * A call: `call<Answer, Body, Query>()('POST /api/…', { access })`, the types first (NoBody where
 * there is none), then the method and path in one string, as the API reference writes them.
 */
const call =
  <Response, Body = C.NoBody, Query = C.NoBody>() =>
  <M extends ApiMethod, P extends string>(route: `${M} ${P}`, options: RouteOptions = {}) => {
    const [method, path] = route.split(' ') as [M, P];
    return {
      method,
      path,
      access: options.access ?? 'admin',
      status: options.status ?? 200,
      answer: options.answer ?? 'json',
    } as const satisfies ApiRoute as ApiRoute<Body, Query, Response> & { readonly method: M; readonly path: P };
  };

/** Every admin call is under this prefix: on ADMIN_HOST only, answered `no-store`. */
export const ADMIN_API_PREFIX = '/api/admin';

const open = { access: 'public' } as const;
const form = { access: 'public', status: 201 } as const;
const signIn = { access: 'sign-in' } as const;
const csv = { answer: 'csv' } as const;

/** Every JSON call of the API, in the order the API reference lists them. */
export const API_ROUTES = {
  publicGuestbookEntries: call<C.PublicGuestbookEntriesResponse, C.NoBody, C.PublicGuestbookQuery>()(
    'GET /api/guestbook-entries',
    open,
  ),
  signGuestbook: call<C.SuccessResponse, C.SignGuestbookBody>()('POST /api/guestbook-entry', form),
  submitScholarshipRequest: call<C.SuccessResponse, C.SubmitScholarshipBody>()('POST /api/scholarship-request', form),
  claimCrackmePrize: call<C.CrackmeClaimResponse, C.CrackmeClaimBody>()('POST /api/crackme-claim', form),
  recordEvent: call<C.SuccessResponse, C.EventBody>()('POST /api/events', { ...open, status: 202 }),

  logIn: call<C.LoginResponse | C.TwoFactorRequiredResponse, C.LoginBody>()('POST /api/admin/login', signIn),
  logInTwoFactor: call<C.LoginResponse, C.TwoFactorLoginBody>()('POST /api/admin/login/two-factor', signIn),
  me: call<C.MeResponse>()('GET /api/admin/me'),
  logOut: call<C.SuccessResponse>()('POST /api/admin/logout'),
  dashboard: call<C.DashboardResponse>()('GET /api/admin/dashboard'),
  listGuestbookEntries: call<C.GuestbookEntriesPage, C.NoBody, C.GuestbookListQuery>()('GET /api/admin/guestbook'),
  exportGuestbookEntries: call<string, C.NoBody, C.GuestbookFilterQuery>()('GET /api/admin/guestbook.csv', csv),
  bulkModerateGuestbookEntries: call<C.BulkResults, C.BulkModerateBody>()('POST /api/admin/guestbook/bulk'),
  moderateGuestbookEntry: call<C.ModerateGuestbookEntryResponse, C.ModerateBody>()('PATCH /api/admin/guestbook/:id'),
  listScholarshipRequests: call<C.ScholarshipRequestsPage, C.NoBody, C.ScholarshipListQuery>()(
    'GET /api/admin/scholarships',
  ),
  exportScholarshipRequests: call<string, C.NoBody, C.ScholarshipFilterQuery>()('GET /api/admin/scholarships.csv', csv),
  bulkDecideScholarshipRequests: call<C.BulkResults, C.BulkDecideBody>()('POST /api/admin/scholarships/bulk'),
  decideScholarshipRequest: call<C.DecideScholarshipResponse, C.DecideBody>()('PATCH /api/admin/scholarships/:id'),
  resendDelivery: call<C.SuccessResponse>()('POST /api/admin/scholarships/:id/resend', { status: 202 }),
  revokeDownloadLink: call<C.RevokeLinkResponse>()('POST /api/admin/scholarships/:id/revoke-link'),
  listAuditEvents: call<C.AuditLogsResponse, C.NoBody, C.AuditListQuery>()('GET /api/admin/audit-logs'),
  exportAuditEvents: call<string, C.NoBody, C.AuditFilterQuery>()('GET /api/admin/audit-logs.csv', csv),
  security: call<C.SecurityResponse>()('GET /api/admin/security'),
  startTwoFactor: call<C.TwoFactorSetupResponse>()('POST /api/admin/security/two-factor'),
  confirmTwoFactor: call<C.RecoveryCodesResponse, C.CodeBody>()('POST /api/admin/security/two-factor/confirm'),
  disableTwoFactor: call<C.SuccessResponse, C.PasswordBody>()('DELETE /api/admin/security/two-factor'),
  endSession: call<C.SuccessResponse>()('DELETE /api/admin/sessions/:id'),
  endOtherSessions: call<C.EndOtherSessionsResponse>()('POST /api/admin/sessions/end-others'),
  changePassword: call<C.ChangePasswordResponse, C.ChangePasswordBody>()('POST /api/admin/password'),
  listAdmins: call<C.AdminsResponse>()('GET /api/admin/admins'),
  addAdmin: call<C.AddAdminResponse, C.AddAdminBody>()('POST /api/admin/admins', { status: 201 }),
  removeAdmin: call<C.SuccessResponse>()('DELETE /api/admin/admins/:id'),
  analytics: call<C.AnalyticsResponse, C.NoBody, C.AnalyticsQuery>()('GET /api/admin/analytics'),
  listCrackmeClaims: call<C.CrackmeClaimsResponse, C.NoBody, C.CrackmeClaimsQuery>()('GET /api/admin/crackme-claims'),
  markPrizeSent: call<C.PrizeSentResponse>()('POST /api/admin/crackme-claims/:id/prize-sent'),
  previewErasure: call<C.ErasureResponse, C.ErasureBody>()('POST /api/admin/erasure/preview'),
  erasePerson: call<C.ErasureResponse, C.ErasureBody>()('POST /api/admin/erasure'),
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
