import type { AnalyticsQuery, AnalyticsResponse, EventBody } from './contract/analytics';
import type { AuditFilterQuery, AuditListQuery, AuditLogsResponse } from './contract/audit-log';
import type { BulkDecisionResponse, NoBody, SuccessResponse } from './contract/common';
import type {
  CrackmeClaimBody,
  CrackmeClaimResponse,
  CrackmeClaimsQuery,
  CrackmeClaimsResponse,
  PrizeSentResponse,
} from './contract/crackme';
import type { DashboardResponse } from './contract/dashboard';
import type {
  AdminGuestbookEntriesResponse,
  BulkModerateGuestbookEntriesBody,
  GuestbookFilterQuery,
  GuestbookListQuery,
  ModerateGuestbookEntryBody,
  ModerateGuestbookEntryResponse,
  PublicGuestbookEntriesResponse,
  PublicGuestbookQuery,
  SignGuestbookBody,
} from './contract/guestbook';
import type { ErasureBody, ErasureResponse } from './contract/personal-data';
import type {
  BulkDecideScholarshipsBody,
  DecideScholarshipBody,
  DecideScholarshipResponse,
  RevokeLinkResponse,
  ScholarshipFilterQuery,
  ScholarshipListQuery,
  ScholarshipRequestsResponse,
  SubmitScholarshipBody,
} from './contract/scholarships';
import type {
  AddAdminBody,
  AddAdminResponse,
  AdminsResponse,
  ChangePasswordBody,
  ChangePasswordResponse,
  CodeBody,
  EndOtherSessionsResponse,
  PasswordBody,
  RecoveryCodesResponse,
  SecurityResponse,
  TwoFactorSetupResponse,
} from './contract/security';
import type {
  LoginBody,
  LoginResponse,
  MeResponse,
  TwoFactorLoginBody,
  TwoFactorRequiredResponse,
} from './contract/sign-in';

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
  publicGuestbookEntries: call<NoBody, PublicGuestbookQuery, PublicGuestbookEntriesResponse>()(
    'GET',
    '/api/guestbook-entries',
    open,
  ),
  signGuestbook: call<SignGuestbookBody, NoBody, SuccessResponse>()('POST', '/api/guestbook-entry', {
    ...open,
    status: 201,
  }),
  submitScholarshipRequest: call<SubmitScholarshipBody, NoBody, SuccessResponse>()('POST', '/api/scholarship-request', {
    ...open,
    status: 201,
  }),
  claimCrackmePrize: call<CrackmeClaimBody, NoBody, CrackmeClaimResponse>()('POST', '/api/crackme-claim', {
    ...open,
    status: 201,
  }),
  recordEvent: call<EventBody, NoBody, SuccessResponse>()('POST', '/api/events', { ...open, status: 202 }),

  logIn: call<LoginBody, NoBody, LoginResponse | TwoFactorRequiredResponse>()('POST', '/api/admin/login', {
    access: 'sign-in',
  }),
  logInTwoFactor: call<TwoFactorLoginBody, NoBody, LoginResponse>()('POST', '/api/admin/login/two-factor', {
    access: 'sign-in',
  }),
  me: call<NoBody, NoBody, MeResponse>()('GET', '/api/admin/me'),
  logOut: call<NoBody, NoBody, SuccessResponse>()('POST', '/api/admin/logout'),
  dashboard: call<NoBody, NoBody, DashboardResponse>()('GET', '/api/admin/dashboard'),
  listGuestbookEntries: call<NoBody, GuestbookListQuery, AdminGuestbookEntriesResponse>()(
    'GET',
    '/api/admin/guestbook',
  ),
  exportGuestbookEntries: call<NoBody, GuestbookFilterQuery, string>()('GET', '/api/admin/guestbook.csv', {
    answer: 'csv',
  }),
  bulkModerateGuestbookEntries: call<BulkModerateGuestbookEntriesBody, NoBody, BulkDecisionResponse>()(
    'POST',
    '/api/admin/guestbook/bulk',
  ),
  moderateGuestbookEntry: call<ModerateGuestbookEntryBody, NoBody, ModerateGuestbookEntryResponse>()(
    'PATCH',
    '/api/admin/guestbook/:id',
  ),
  listScholarshipRequests: call<NoBody, ScholarshipListQuery, ScholarshipRequestsResponse>()(
    'GET',
    '/api/admin/scholarships',
  ),
  exportScholarshipRequests: call<NoBody, ScholarshipFilterQuery, string>()('GET', '/api/admin/scholarships.csv', {
    answer: 'csv',
  }),
  bulkDecideScholarshipRequests: call<BulkDecideScholarshipsBody, NoBody, BulkDecisionResponse>()(
    'POST',
    '/api/admin/scholarships/bulk',
  ),
  decideScholarshipRequest: call<DecideScholarshipBody, NoBody, DecideScholarshipResponse>()(
    'PATCH',
    '/api/admin/scholarships/:id',
  ),
  resendDelivery: call<NoBody, NoBody, SuccessResponse>()('POST', '/api/admin/scholarships/:id/resend', {
    status: 202,
  }),
  revokeDownloadLink: call<NoBody, NoBody, RevokeLinkResponse>()('POST', '/api/admin/scholarships/:id/revoke-link'),
  listAuditEvents: call<NoBody, AuditListQuery, AuditLogsResponse>()('GET', '/api/admin/audit-logs'),
  exportAuditEvents: call<NoBody, AuditFilterQuery, string>()('GET', '/api/admin/audit-logs.csv', { answer: 'csv' }),
  security: call<NoBody, NoBody, SecurityResponse>()('GET', '/api/admin/security'),
  startTwoFactor: call<NoBody, NoBody, TwoFactorSetupResponse>()('POST', '/api/admin/security/two-factor'),
  confirmTwoFactor: call<CodeBody, NoBody, RecoveryCodesResponse>()('POST', '/api/admin/security/two-factor/confirm'),
  disableTwoFactor: call<PasswordBody, NoBody, SuccessResponse>()('DELETE', '/api/admin/security/two-factor'),
  endSession: call<NoBody, NoBody, SuccessResponse>()('DELETE', '/api/admin/sessions/:id'),
  endOtherSessions: call<NoBody, NoBody, EndOtherSessionsResponse>()('POST', '/api/admin/sessions/end-others'),
  changePassword: call<ChangePasswordBody, NoBody, ChangePasswordResponse>()('POST', '/api/admin/password'),
  listAdmins: call<NoBody, NoBody, AdminsResponse>()('GET', '/api/admin/admins'),
  addAdmin: call<AddAdminBody, NoBody, AddAdminResponse>()('POST', '/api/admin/admins', { status: 201 }),
  removeAdmin: call<NoBody, NoBody, SuccessResponse>()('DELETE', '/api/admin/admins/:id'),
  analytics: call<NoBody, AnalyticsQuery, AnalyticsResponse>()('GET', '/api/admin/analytics'),
  listCrackmeClaims: call<NoBody, CrackmeClaimsQuery, CrackmeClaimsResponse>()('GET', '/api/admin/crackme-claims'),
  markPrizeSent: call<NoBody, NoBody, PrizeSentResponse>()('POST', '/api/admin/crackme-claims/:id/prize-sent'),
  previewErasure: call<ErasureBody, NoBody, ErasureResponse>()('POST', '/api/admin/erasure/preview'),
  erasePerson: call<ErasureBody, NoBody, ErasureResponse>()('POST', '/api/admin/erasure'),
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
