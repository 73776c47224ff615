import type * as C from './contract';

/*
 * Every JSON call of the API, once: its method, path, who may make it, the status of a success,
 * and the classes of ./contract, by name, that it takes and answers. The server's router, its
 * body and query checks and the OpenAPI document are built from this table; both apps call the
 * API through a client keyed by it (`api.call('signGuestbook', …)` in @memoir/web-ui). Only
 * names and types come from ./contract here, so the apps never load class-validator.
 */

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may make a call: anyone (`public`), anyone on the admin host (`sign-in`: the two steps of
 * signing in), or a signed-in admin (`admin`: a session's bearer token, on the admin host).
 */
export type ApiAccess = 'public' | 'sign-in' | 'admin';

/** The name of a class of ./contract: a body, a query or an answer. */
export type ContractName = {
  [N in keyof typeof C]: (typeof C)[N] extends abstract new () => object ? N : never;
}[keyof typeof C];

/** What a successful call answers: classes of ./contract by name (one of several), or a CSV file. */
export type ApiAnswer = ContractName | readonly ContractName[] | 'csv';

export interface ApiRoute {
  readonly method: ApiMethod;
  /** `:name` is a path parameter. */
  readonly path: string;
  readonly access: ApiAccess;
  /** The status of a success: 200 unless said. */
  readonly status: 200 | 201 | 202;
  /** The class of the body, by name; absent: the call takes none. */
  readonly body?: ContractName;
  /** The class of the query parameters, by name; absent: the call takes none. */
  readonly query?: ContractName;
  readonly answer: ApiAnswer;
  /** A JSON answer sent as a file to save, `<attachment>-<date>.json` (Content-Disposition). */
  readonly attachment?: string;
}

interface RouteParts {
  readonly access?: ApiAccess;
  readonly status?: 200 | 201 | 202;
  readonly body?: ContractName;
  readonly query?: ContractName;
  readonly answer: ApiAnswer;
  readonly attachment?: string;
}

/**
 * A call: its method and path in one string, as the API reference writes them, then its parts,
 * the classes by name (`body: 'SignGuestbookBody'`). Names, not classes: the apps load this table,
 * and the classes carry class-validator; the server finds each class by its name in
 * `@memoir/shared/contract`.
 */
const call = <M extends ApiMethod, P extends string, const R extends RouteParts>(route: `${M} ${P}`, parts: R) => {
  const [method, path] = route.split(' ') as [M, P];
  const made: ApiRoute = { method, path, access: 'admin', status: 200, ...parts };
  return made as unknown as {
    readonly method: M;
    readonly path: P;
    readonly access: R['access'] extends ApiAccess ? R['access'] : 'admin';
    readonly status: R['status'] extends number ? R['status'] : 200;
  } & Omit<R, 'access' | 'status'>;
};

/** Every admin call is under this prefix: on ADMIN_HOST only, answered `no-store`. */
export const ADMIN_API_PREFIX = '/api/admin';

const form = { access: 'public', status: 201, answer: 'SuccessResponse' } as const;
const signIn = { access: 'sign-in' } as const;
const done = { answer: 'SuccessResponse' } as const;

/** Every JSON call of the API, in the order the API reference lists them. */
export const API_ROUTES = {
  publicGuestbookEntries: call('GET /api/guestbook-entries', {
    access: 'public',
    query: 'PublicGuestbookQuery',
    answer: 'PublicGuestbookEntriesResponse',
  }),
  signGuestbook: call('POST /api/guestbook-entry', { ...form, body: 'SignGuestbookBody' }),
  submitScholarshipRequest: call('POST /api/scholarship-request', { ...form, body: 'SubmitScholarshipBody' }),
  claimCrackmePrize: call('POST /api/crackme-claim', {
    ...form,
    body: 'CrackmeClaimBody',
    answer: 'CrackmeClaimResponse',
  }),
  recordEvent: call('POST /api/events', { ...form, status: 202, body: 'EventBody' }),
  signUpReader: call('POST /api/readers', { ...form, status: 202, body: 'SignUpReaderBody' }),
  confirmReader: call('POST /api/readers/confirm', { ...form, status: 200, body: 'ConfirmReaderBody' }),
  unsubscribeReader: call('POST /api/readers/unsubscribe', {
    ...form,
    status: 200,
    query: 'ReaderTokenQuery',
    body: 'UnsubscribeReaderBody',
  }),
  requestStatus: call('POST /api/request-status', {
    ...form,
    status: 202,
    body: 'RequestStatusBody',
    answer: 'RequestStatusResponse',
  }),

  logIn: call('POST /api/admin/login', {
    ...signIn,
    body: 'LoginBody',
    answer: ['LoginResponse', 'TwoFactorRequiredResponse'],
  }),
  logInTwoFactor: call('POST /api/admin/login/two-factor', {
    ...signIn,
    body: 'TwoFactorLoginBody',
    answer: 'LoginResponse',
  }),
  me: call('GET /api/admin/me', { answer: 'MeResponse' }),
  logOut: call('POST /api/admin/logout', done),
  dashboard: call('GET /api/admin/dashboard', { answer: 'DashboardResponse' }),
  listGuestbookEntries: call('GET /api/admin/guestbook', {
    query: 'GuestbookListQuery',
    answer: 'GuestbookEntriesPage',
  }),
  exportGuestbookEntries: call('GET /api/admin/guestbook.csv', { query: 'GuestbookFilterQuery', answer: 'csv' }),
  bulkModerateGuestbookEntries: call('POST /api/admin/guestbook/bulk', {
    body: 'BulkModerateBody',
    answer: 'BulkResults',
  }),
  moderateGuestbookEntry: call('PATCH /api/admin/guestbook/:id', {
    body: 'ModerateBody',
    answer: 'ModerateGuestbookEntryResponse',
  }),
  listScholarshipRequests: call('GET /api/admin/scholarships', {
    query: 'ScholarshipListQuery',
    answer: 'ScholarshipRequestsPage',
  }),
  exportScholarshipRequests: call('GET /api/admin/scholarships.csv', {
    query: 'ScholarshipFilterQuery',
    answer: 'csv',
  }),
  bulkDecideScholarshipRequests: call('POST /api/admin/scholarships/bulk', {
    body: 'BulkDecideBody',
    answer: 'BulkResults',
  }),
  decideScholarshipRequest: call('PATCH /api/admin/scholarships/:id', {
    body: 'DecideBody',
    answer: 'DecideScholarshipResponse',
  }),
  resendDelivery: call('POST /api/admin/scholarships/:id/resend', { ...done, status: 202 }),
  revokeDownloadLink: call('POST /api/admin/scholarships/:id/revoke-link', { answer: 'RevokeLinkResponse' }),
  deliveryTimeline: call('GET /api/admin/scholarships/:id/delivery', { answer: 'DeliveryTimelineResponse' }),
  listAuditEvents: call('GET /api/admin/audit-logs', { query: 'AuditListQuery', answer: 'AuditLogsResponse' }),
  exportAuditEvents: call('GET /api/admin/audit-logs.csv', { query: 'AuditFilterQuery', answer: 'csv' }),
  security: call('GET /api/admin/security', { answer: 'SecurityResponse' }),
  startTwoFactor: call('POST /api/admin/security/two-factor', { answer: 'TwoFactorSetupResponse' }),
  confirmTwoFactor: call('POST /api/admin/security/two-factor/confirm', {
    body: 'CodeBody',
    answer: 'RecoveryCodesResponse',
  }),
  disableTwoFactor: call('DELETE /api/admin/security/two-factor', { ...done, body: 'PasswordBody' }),
  endSession: call('DELETE /api/admin/sessions/:id', done),
  endOtherSessions: call('POST /api/admin/sessions/end-others', { answer: 'EndOtherSessionsResponse' }),
  changePassword: call('POST /api/admin/password', { body: 'ChangePasswordBody', answer: 'ChangePasswordResponse' }),
  listAdmins: call('GET /api/admin/admins', { answer: 'AdminsResponse' }),
  addAdmin: call('POST /api/admin/admins', { status: 201, body: 'AddAdminBody', answer: 'AddAdminResponse' }),
  removeAdmin: call('DELETE /api/admin/admins/:id', done),
  analytics: call('GET /api/admin/analytics', { query: 'AnalyticsQuery', answer: 'AnalyticsResponse' }),
  listCrackmeClaims: call('GET /api/admin/crackme-claims', {
    query: 'CrackmeClaimsQuery',
    answer: 'CrackmeClaimsResponse',
  }),
  markPrizeSent: call('POST /api/admin/crackme-claims/:id/prize-sent', { answer: 'PrizeSentResponse' }),
  previewErasure: call('POST /api/admin/erasure/preview', { body: 'ErasureBody', answer: 'ErasureResponse' }),
  erasePerson: call('POST /api/admin/erasure', { body: 'ErasureBody', answer: 'ErasureResponse' }),
  exportPersonalData: call('GET /api/admin/personal-data', {
    query: 'PersonalDataQuery',
    answer: 'PersonalDataExport',
    attachment: 'personal-data',
  }),
  siteContent: call('GET /api/admin/site-content', { answer: 'SiteContentResponse' }),
  saveSiteDraft: call('PUT /api/admin/site-content/draft', { body: 'SaveSiteDraftBody', answer: 'SiteDraftSaved' }),
  publishSiteContent: call('POST /api/admin/site-content/publish', {
    body: 'PublishSiteContentBody',
    answer: 'SiteContentPublishedAnswer',
  }),
  siteContentVersions: call('GET /api/admin/site-content/versions', { answer: 'SiteContentVersions' }),
  restoreSiteContentVersion: call('POST /api/admin/site-content/versions/:version/restore', {
    answer: 'SiteDraftSaved',
  }),
  mailHealth: call('GET /api/admin/mail-health', { answer: 'MailHealthResponse' }),
  sendTestEmail: call('POST /api/admin/mail-health/test', { body: 'TestEmailBody', answer: 'TestEmailResponse' }),
  previewSiteContent: call('POST /api/admin/site-content/preview', { answer: 'SiteContentPreview' }),
  listReaders: call('GET /api/admin/readers', { query: 'ReaderListQuery', answer: 'ReadersPage' }),
  readerSummary: call('GET /api/admin/readers/summary', { answer: 'ReaderSummaryResponse' }),
  exportReaders: call('GET /api/admin/readers.csv', { query: 'ReaderExportQuery', answer: 'csv' }),
  sendAnnouncement: call('POST /api/admin/announcements', {
    status: 202,
    body: 'SendAnnouncementBody',
    answer: 'SendAnnouncementResponse',
  }),
  listAnnouncements: call('GET /api/admin/announcements', { answer: 'AnnouncementsResponse' }),
  listSuppressions: call('GET /api/admin/suppressions', { answer: 'SuppressionsResponse' }),
  /** The uploads in use; uploading (a file, not JSON) is POST /api/admin/media/{kind}, outside this table. */
  listMedia: call('GET /api/admin/media', { answer: 'MediaListResponse' }),
  removeSuppression: call('DELETE /api/admin/suppressions/:email', done),
} as const satisfies Record<string, ApiRoute>;

export type ApiRouteName = keyof typeof API_ROUTES;

type Route<K extends ApiRouteName> = (typeof API_ROUTES)[K];
/** An instance of the named class of ./contract; `Else` when there is no name. */
type Named<N, Else> = [N] extends [never] ? Else : N extends ContractName ? InstanceType<(typeof C)[N]> : Else;

/** The body a call takes (NoBody: none). */
export type ApiBody<K extends ApiRouteName> = Named<Route<K> extends { body: infer N } ? N : never, C.NoBody>;
/** The query parameters a call takes (NoBody: none). */
export type ApiQuery<K extends ApiRouteName> = Named<Route<K> extends { query: infer N } ? N : never, C.NoBody>;
/** What a call answers on success: an instance of its answer's class (of one of them), or a CSV file's text. */
export type ApiResponse<K extends ApiRouteName> = Route<K>['answer'] extends 'csv'
  ? string
  : Route<K>['answer'] extends readonly (infer N)[]
    ? Named<N, never>
    : Named<Route<K>['answer'], never>;

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
