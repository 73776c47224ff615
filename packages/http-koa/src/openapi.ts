import { Router } from '@koa/router';
import {
  ADMIN_API_PREFIX,
  ADMIN_API_ROUTES,
  ADMIN_NOTES_MAX_LENGTH,
  ADMIN_LIST_DEFAULT_PAGE_SIZE,
  ADMIN_LIST_MAX_PAGE_SIZE,
  BULK_DECISION_MAX_ITEMS,
  GUESTBOOK_LIMITS,
  HONEYPOT_FIELD,
  PUBLIC_GUESTBOOK_LIMIT,
  SCHOLARSHIP_LIMITS,
  ANALYTICS_MAX_DAYS,
  BROWSER_EVENTS,
  EVENT_DETAIL_PATTERN,
  type AdminApiRouteName,
} from '@memoir/shared';

/*
 * The API reference: OpenAPI 3.1 (JSON Schema 2020-12). Served at /api/openapi.json and copied
 * to docs/openapi.json. Tests fail when a route is missing here or a response of the HTTP
 * suite does not match its schema.
 */

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Schema) => ({ 'application/json': { schema } });
const response = (description: string, schema: Schema, headers?: Record<string, unknown>) => ({
  description,
  content: json(schema),
  ...(headers === undefined ? {} : { headers }),
});
const error = (description: string, headers?: Record<string, unknown>) => response(description, ref('Error'), headers);
const retryAfter = {
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'string' } },
};

const string = { type: 'string' };
const nullableString = { type: ['string', 'null'] };
const dateTime = { type: 'string', format: 'date-time' };
const nullableDateTime = { type: ['string', 'null'], format: 'date-time' };
const uuid = { type: 'string', format: 'uuid' };
const count = { type: 'integer', minimum: 0 };

const tokenParameter = {
  name: 'token',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' },
};

/** What a download address answers for a link that does not work (friendly HTML pages). */
const linkPages = {
  '404': { description: 'Not a valid link (an HTML page)', content: { 'text/html': { schema: string } } },
  '410': {
    description: 'Expired, used up or withdrawn (an HTML page saying how to ask again)',
    content: { 'text/html': { schema: string } },
  },
};
const success = { type: 'boolean', const: true };

const object = (properties: Record<string, Schema>, required: string[] = Object.keys(properties)): Schema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

const schemas: Record<string, Schema> = {
  Error: {
    type: 'object',
    properties: {
      success: { type: 'boolean', const: false },
      error: { type: 'string', description: 'A message for people, shown as is' },
      code: { type: 'string', description: 'Stable error code, e.g. SCHOLARSHIP_REQUEST.NOT_PENDING' },
      fieldErrors: {
        type: 'object',
        additionalProperties: { type: 'string' },
        description: 'Message per request field',
      },
    },
    required: ['success', 'error'],
    additionalProperties: false,
  },
  Success: object({ success }),
  PublicGuestbookEntry: object({
    id: uuid,
    name: string,
    location: nullableString,
    message: string,
    createdAt: dateTime,
  }),
  GuestbookEntry: object({
    id: uuid,
    name: string,
    location: nullableString,
    message: string,
    createdAt: dateTime,
    isApproved: { type: 'boolean' },
    reviewedAt: nullableDateTime,
    adminNotes: nullableString,
  }),
  ScholarshipRequest: object(
    {
      id: uuid,
      name: string,
      email: { type: 'string', format: 'email' },
      message: nullableString,
      status: { type: 'string', enum: ['pending', 'approved', 'rejected'] },
      adminNotes: nullableString,
      createdAt: dateTime,
      decidedAt: nullableDateTime,
      delivery: {
        oneOf: [ref('DeliveryState'), { type: 'null' }],
        description: 'In the list only: where the email owed after the decision stands (null while pending)',
      },
    },
    ['id', 'name', 'email', 'message', 'status', 'adminNotes', 'createdAt', 'decidedAt'],
  ),
  DeliveryState: object({
    kind: { type: 'string', enum: ['approval', 'rejection'] },
    status: {
      type: 'string',
      enum: ['queued', 'sent', 'failed'],
      description: 'queued (waiting or between attempts), sent, or failed after the last attempt',
    },
    attempts: count,
    lastError: { ...nullableString, description: 'Why the last attempt failed, e.g. an SMTP reply' },
    queuedAt: dateTime,
    sentAt: nullableDateTime,
    linkExpiresAt: { ...nullableDateTime, description: 'When the latest download link stops working' },
    linkRevokedAt: {
      ...nullableDateTime,
      description: 'When the latest download link was revoked; null while it works',
    },
    downloadCount: { ...count, description: 'Downloads through every link sent for this request' },
  }),
  AdminUser: object({ id: uuid, username: string }),
  AuditLog: object({
    id: uuid,
    action: string,
    resourceType: string,
    resourceId: nullableString,
    userId: { type: ['string', 'null'], format: 'uuid' },
    username: { ...nullableString, description: "The acting admin's username; null when unknown or removed" },
    details: { type: ['object', 'null'] },
    createdAt: dateTime,
    ipAddress: nullableString,
    userAgent: nullableString,
  }),
  Counts: object({ total: count, pending: count }),
  SignGuestbookBody: object(
    {
      name: { type: 'string', maxLength: GUESTBOOK_LIMITS.nameMaxLength },
      location: { type: ['string', 'null'], maxLength: GUESTBOOK_LIMITS.locationMaxLength },
      message: { type: 'string', maxLength: GUESTBOOK_LIMITS.messageMaxLength },
      riddleAnswer: {
        type: 'string',
        description: `One word of ${GUESTBOOK_LIMITS.riddleAnswerLength} letters, any case`,
      },
      [HONEYPOT_FIELD]: {
        type: 'string',
        description: 'Hidden from people; leave empty. Filled means a bot: accepted and dropped.',
      },
    },
    ['name', 'message', 'riddleAnswer'],
  ),
  SubmitScholarshipBody: object(
    {
      name: { type: 'string', maxLength: SCHOLARSHIP_LIMITS.nameMaxLength },
      email: { type: 'string', format: 'email', maxLength: SCHOLARSHIP_LIMITS.emailMaxLength },
      message: { type: ['string', 'null'], maxLength: SCHOLARSHIP_LIMITS.messageMaxLength },
      riddleAnswer: {
        type: 'string',
        description: `One word of ${SCHOLARSHIP_LIMITS.riddleAnswerLength} letters, any case`,
      },
      [HONEYPOT_FIELD]: { type: 'string', description: 'Hidden from people; leave empty.' },
    },
    ['name', 'email', 'riddleAnswer'],
  ),
  LoginBody: object({ username: string, password: string }),
  ChangePasswordBody: object({ currentPassword: string, newPassword: string }),
  TwoFactorLoginBody: object({
    challenge: string,
    code: { ...string, description: 'The 6-digit code of the authenticator app, or a recovery code' },
  }),
  CodeBody: object({ code: string }),
  AddAdminBody: object({ username: string }),
  Admin: object({ id: uuid, username: string, createdAt: dateTime, twoFactorEnabled: { type: 'boolean' } }),
  PasswordBody: object({ password: string }),
  OwnSession: object({
    id: uuid,
    current: { type: 'boolean', description: 'The session making this call' },
    userAgent: nullableString,
    ipAddress: nullableString,
    createdAt: dateTime,
    lastSeenAt: { ...dateTime, description: 'Written at most once a minute' },
  }),
  ModerateBody: object(
    { isApproved: { type: 'boolean' }, adminNotes: { type: ['string', 'null'], maxLength: ADMIN_NOTES_MAX_LENGTH } },
    ['isApproved'],
  ),
  CrackmeClaimBody: object(
    {
      key: { type: 'string', description: 'The key the crackme accepts' },
      name: { type: 'string', maxLength: SCHOLARSHIP_LIMITS.nameMaxLength },
      email: { type: 'string', format: 'email', maxLength: SCHOLARSHIP_LIMITS.emailMaxLength },
    },
    ['key', 'name', 'email'],
  ),
  CrackmeClaim: object(
    {
      id: string,
      position: { type: 'integer' },
      name: string,
      email: string,
      createdAt: string,
      winner: { type: 'boolean' },
      prizeSentAt: nullableString,
    },
    ['id', 'position', 'name', 'email', 'createdAt', 'winner', 'prizeSentAt'],
  ),
  EventBody: object(
    {
      name: { type: 'string', enum: [...BROWSER_EVENTS] },
      referrer: { type: 'string', description: 'page_view: document.referrer; only its domain is kept' },
      store: { type: 'string', pattern: EVENT_DETAIL_PATTERN.source, description: 'buy_click: which store' },
      graphic: { type: 'string', pattern: EVENT_DETAIL_PATTERN.source, description: 'graphic_download: which one' },
    },
    ['name'],
  ),
  Analytics: object(
    {
      success,
      days: {
        type: 'array',
        items: object(
          {
            date: { type: 'string', format: 'date' },
            counts: { type: 'object', additionalProperties: { type: 'integer' } },
          },
          ['date', 'counts'],
        ),
      },
      referrers: {
        type: 'array',
        items: object({ domain: string, count: { type: 'integer' } }, ['domain', 'count']),
      },
      stores: { type: 'array', items: object({ store: string, count: { type: 'integer' } }, ['store', 'count']) },
    },
    ['success', 'days', 'referrers', 'stores'],
  ),
  ErasureBody: object({ email: { type: 'string', format: 'email', maxLength: SCHOLARSHIP_LIMITS.emailMaxLength } }, [
    'email',
  ]),
  ErasureCounts: object(
    {
      requests: { type: 'integer', description: 'Requests made with the address: they lose the person' },
      pendingClosed: { type: 'integer', description: 'Of those, pending ones closed as rejected (without an email)' },
      deliveries: { type: 'integer', description: 'Emails about them that lost a download link or an error' },
      auditEvents: { type: 'integer', description: 'Audit events about them that lost their details' },
      crackmeClaims: { type: 'integer', description: 'Crackme prize claims that lost the person' },
      sentEmails: { type: 'integer', description: 'Copies of emails in the outbox folder that mention the address' },
    },
    ['requests', 'pendingClosed', 'deliveries', 'auditEvents', 'crackmeClaims', 'sentEmails'],
  ),
  DecideBody: object(
    {
      status: { type: 'string', enum: ['approved', 'rejected'] },
      adminNotes: { type: ['string', 'null'], maxLength: ADMIN_NOTES_MAX_LENGTH },
    },
    ['status'],
  ),
};

const idList = {
  type: 'array',
  items: string,
  minItems: 1,
  maxItems: BULK_DECISION_MAX_ITEMS,
  description: `The ids of the items to decide, 1..${BULK_DECISION_MAX_ITEMS}`,
};
schemas.BulkModerateBody = object(
  {
    ids: idList,
    isApproved: { type: 'boolean' },
    adminNotes: { type: ['string', 'null'], maxLength: ADMIN_NOTES_MAX_LENGTH },
  },
  ['ids', 'isApproved'],
);
schemas.BulkDecideBody = object(
  {
    ids: idList,
    status: { type: 'string', enum: ['approved', 'rejected'] },
    adminNotes: { type: ['string', 'null'], maxLength: ADMIN_NOTES_MAX_LENGTH },
  },
  ['ids', 'status'],
);
schemas.BulkResults = object({
  success,
  results: {
    type: 'array',
    items: object(
      {
        id: string,
        success: { type: 'boolean' },
        error: { type: 'string', description: 'Why this item was not decided' },
        code: { type: 'string' },
      },
      ['id', 'success'],
    ),
  },
});
schemas.ClassCounts = object({ pending: count, approved: count, rejected: count });

const body = (name: string) => ({ required: true, content: json(ref(name)) });
const bearer = [{ bearer: [] }];
const idParameter = { name: 'id', in: 'path', required: true, schema: string, description: 'A UUID' };

const formErrors = {
  '400': error('A field breaks a rule (fieldErrors names each), the riddle answer is wrong, or the body is not JSON'),
  '413': error('The body is over 16 KB'),
  '415': error('The body is not JSON'),
  '429': error('Too many submissions from this address (FORM_RATE_LIMIT)', retryAfter),
};
const adminErrors = { '401': error('No session, or it expired or was revoked') };

const query = (name: string, description: string, schema: Schema = string) => ({
  name,
  in: 'query',
  schema,
  description,
});
const paging = [
  query('limit', `Page size, 1..${ADMIN_LIST_MAX_PAGE_SIZE}, ${ADMIN_LIST_DEFAULT_PAGE_SIZE} by default`, {
    type: 'integer',
  }),
  query('before', 'The nextCursor of the previous page'),
];
const search = query('q', 'Text to find, case-insensitively: a word, a fragment, an email address');
const classFilter = (name: 'class' | 'status') =>
  query(name, 'pending, approved or rejected', { type: 'string', enum: ['pending', 'approved', 'rejected'] });
const auditFilters = [
  query('action', 'One action (login, login_failed, logout, approve, reject, ...)'),
  query('resourceType', 'One resource type (admin_session, admin_user, guestbook_entry, scholarship_request)'),
  query('actor', "The acting admin's username"),
  query('from', 'ISO 8601, inclusive', { type: 'string', format: 'date-time' }),
  query('to', 'ISO 8601, exclusive', { type: 'string', format: 'date-time' }),
  query('q', 'Text in the details, the resource id or the address'),
];
const listErrors = { '400': error('A cursor this server did not make, or a filter value it does not know') };
const csv = (what: string) => ({
  description: `Every matching ${what}, a header row first, written as the database yields them`,
  headers: { 'Content-Disposition': { schema: string, description: 'attachment; filename="…-YYYY-MM-DD.csv"' } },
  content: { 'text/csv': { schema: string } },
});
const bulkErrors = {
  '400': error('No id, more than 100, or a decision that breaks a rule (the notes, the status)'),
  ...adminErrors,
};

/** What each admin call answers; its method and path come from ADMIN_API_ROUTES. */
const ADMIN_OPERATIONS: Readonly<Record<AdminApiRouteName, Schema>> = {
  logIn: {
    summary: 'Sign in (for an account with two-factor on: the first step, answered with a challenge)',
    requestBody: body('LoginBody'),
    responses: {
      '200': response('Signed in, or the password was right and the code comes next', {
        oneOf: [
          object({
            success,
            sessionToken: { type: 'string', minLength: 43 },
            user: ref('AdminUser'),
            expiresAt: dateTime,
          }),
          object({
            success: { type: 'boolean', const: false },
            twoFactorRequired: { type: 'boolean', const: true },
            challenge: { type: 'string', minLength: 43, description: 'For POST /api/admin/login/two-factor' },
            expiresAt: dateTime,
            error: string,
          }),
        ],
      }),
      '400': error('A field is missing or not text'),
      '401': error('Unknown user or wrong password (the same answer for both)'),
      '429': error('Too many failed sign-ins for this username or address (LOGIN_RATE_LIMIT)', retryAfter),
    },
  },
  me: {
    summary: 'Who is signed in',
    security: bearer,
    responses: { '200': response('The admin', object({ success, user: ref('AdminUser') })), ...adminErrors },
  },
  logOut: {
    summary: 'Sign out (revokes the session)',
    security: bearer,
    responses: { '200': response('Signed out', ref('Success')), ...adminErrors },
  },
  logInTwoFactor: {
    summary: 'Sign in, second step: the challenge and a code (TOTP, each once; or a recovery code, each once)',
    requestBody: body('TwoFactorLoginBody'),
    responses: {
      '200': response(
        'Signed in',
        object({
          success,
          sessionToken: { type: 'string', minLength: 43 },
          user: ref('AdminUser'),
          expiresAt: dateTime,
        }),
      ),
      '400': error('A field is missing or not text'),
      '401': error('A wrong or used code (counted toward the sign-in limits), or an expired or used challenge'),
      '429': error('Too many failed sign-ins for this username or address (LOGIN_RATE_LIMIT)', retryAfter),
    },
  },
  dashboard: {
    summary: 'Counts for the dashboard (recent activity: the last 7 days)',
    security: bearer,
    responses: {
      '200': response(
        'The counts',
        object({
          success,
          guestbook: ref('Counts'),
          scholarships: ref('Counts'),
          recentActivity: object({ guestbookCount: count, scholarshipCount: count }),
          scholarshipPromise: object({
            overdue: { ...count, description: 'Pending requests older than 24 hours' },
            oldestPendingAt: { ...nullableDateTime, description: 'When the oldest pending request came' },
          }),
          countedEvents: {
            type: 'object',
            additionalProperties: count,
            description: 'The counted events of the same 7 days, each summed',
          },
          auditChain: object({
            status: {
              type: 'string',
              enum: ['intact', 'broken', 'unchecked'],
              description:
                "The audit trail's hash chain at the last background check (at most 10 minutes old; unchecked until the first has finished)",
            },
            verifiedEvents: { ...count, description: 'Events that held, in order, before any break' },
            checkedAt: nullableDateTime,
            firstBreak: {
              oneOf: [
                { type: 'null' },
                object({
                  eventId: { ...nullableString, description: 'The event found there; null when the chain ends early' },
                  position: count,
                  problem: string,
                }),
              ],
            },
          }),
        }),
      ),
      ...adminErrors,
    },
  },
  listGuestbookEntries: {
    summary:
      'Guestbook entries, newest first, a page at a time. Without parameters: a first page of pending entries, the 10 newest approved and the 5 newest rejected; nextCursor continues the pending ones',
    security: bearer,
    parameters: [classFilter('class'), search, ...paging],
    responses: {
      '200': response(
        'A page (at most 64 KB of JSON)',
        object({
          success,
          entries: { type: 'array', items: ref('GuestbookEntry') },
          nextCursor: nullableString,
          counts: ref('ClassCounts'),
        }),
      ),
      ...listErrors,
      ...adminErrors,
    },
  },
  exportGuestbookEntries: {
    summary: 'The guestbook as CSV, with the list filters, every matching entry (no paging)',
    security: bearer,
    parameters: [classFilter('class'), search],
    responses: { '200': csv('entry'), ...listErrors, ...adminErrors },
  },
  bulkModerateGuestbookEntries: {
    summary: 'Approve or reject many entries with one note; each decided and audited on its own',
    security: bearer,
    requestBody: body('BulkModerateBody'),
    responses: { '200': response('How each item went', ref('BulkResults')), ...bulkErrors },
  },
  moderateGuestbookEntry: {
    summary: 'Approve or reject an entry (re-deciding is allowed)',
    security: bearer,
    parameters: [idParameter],
    requestBody: body('ModerateBody'),
    responses: {
      '200': response('Updated', object({ success, entry: ref('GuestbookEntry') })),
      '400': error('A field breaks a rule'),
      ...adminErrors,
      '404': error('No such entry'),
    },
  },
  listScholarshipRequests: {
    summary:
      'Scholarship requests, newest first, a page at a time. Without parameters: a first page of pending requests, the 10 newest approved and the 5 newest rejected; nextCursor continues the pending ones',
    security: bearer,
    parameters: [classFilter('status'), search, ...paging],
    responses: {
      '200': response(
        'A page (at most 64 KB of JSON)',
        object({
          success,
          requests: { type: 'array', items: ref('ScholarshipRequest') },
          nextCursor: nullableString,
          counts: ref('ClassCounts'),
        }),
      ),
      ...listErrors,
      ...adminErrors,
    },
  },
  exportScholarshipRequests: {
    summary: 'The requests as CSV, with the list filters, every matching request (no paging)',
    security: bearer,
    parameters: [classFilter('status'), search],
    responses: { '200': csv('request'), ...listErrors, ...adminErrors },
  },
  bulkDecideScholarshipRequests: {
    summary: 'Approve or reject many pending requests with one note; each decided and audited on its own',
    security: bearer,
    requestBody: body('BulkDecideBody'),
    responses: {
      '200': response('How each item went (a request no longer pending fails alone)', ref('BulkResults')),
      ...bulkErrors,
    },
  },
  decideScholarshipRequest: {
    summary: 'Decide a pending request',
    security: bearer,
    parameters: [idParameter],
    requestBody: body('DecideBody'),
    responses: {
      '200': response('Decided', object({ success, request: ref('ScholarshipRequest') })),
      '400': error('A field breaks a rule'),
      ...adminErrors,
      '404': error('No such request'),
      '409': error('The request is no longer pending'),
    },
  },
  resendDelivery: {
    summary: "Send an approved request's PDF again: a new email with a new private link (audited)",
    security: bearer,
    parameters: [idParameter],
    responses: {
      '202': response('Queued: the worker sends it within seconds', ref('Success')),
      ...adminErrors,
      '404': error('No such request'),
      '409': error('The request is not approved, or its PDF is already queued'),
    },
  },
  revokeDownloadLink: {
    summary:
      "Withdraw a request's download links: they stop working at once and their kept copies are removed (audited)",
    security: bearer,
    parameters: [idParameter],
    responses: {
      '200': response('Revoked', object({ success, revoked: { ...count, description: 'Links withdrawn now' } })),
      ...adminErrors,
      '404': error('No such request'),
      '409': error('The request has no working download link'),
    },
  },
  listAuditEvents: {
    summary: 'The audit trail, newest first, a page at a time, filtered',
    security: bearer,
    parameters: [...auditFilters, ...paging],
    responses: {
      '200': response(
        'A page (at most 64 KB of JSON)',
        object({ success, logs: { type: 'array', items: ref('AuditLog') }, nextCursor: nullableString }),
      ),
      ...listErrors,
      ...adminErrors,
    },
  },
  exportAuditEvents: {
    summary: 'The audit trail as CSV, with the same filters, every matching event (no paging)',
    security: bearer,
    parameters: auditFilters,
    responses: { '200': csv('event'), ...listErrors, ...adminErrors },
  },
  security: {
    summary: "The signed-in admin's security: whether two-factor sign-in is on, and their live sessions",
    security: bearer,
    responses: {
      '200': response(
        'This session first, then the most recently active',
        object({
          success,
          twoFactorEnabled: { type: 'boolean' },
          sessions: { type: 'array', items: ref('OwnSession') },
        }),
      ),
      ...adminErrors,
    },
  },
  startTwoFactor: {
    summary: 'Set up two-factor sign-in: a new secret, off until a first code confirms it',
    security: bearer,
    responses: {
      '200': response(
        'The secret, as text and as the URI of the QR code',
        object({ success, secret: string, otpauthUri: string }),
      ),
      ...adminErrors,
      '409': error('Two-factor is already on'),
    },
  },
  confirmTwoFactor: {
    summary: 'Turn two-factor sign-in on with a first code; ten recovery codes, shown this once (audited)',
    security: bearer,
    requestBody: body('CodeBody'),
    responses: {
      '200': response(
        'On',
        object({ success, recoveryCodes: { type: 'array', items: string, minItems: 10, maxItems: 10 } }),
      ),
      '400': error('The code is not right'),
      ...adminErrors,
      '409': error('Two-factor is already on, or was not set up first'),
    },
  },
  disableTwoFactor: {
    summary: 'Turn two-factor sign-in off; the password is required (audited, the owner is emailed)',
    security: bearer,
    requestBody: body('PasswordBody'),
    responses: {
      '200': response('Off', ref('Success')),
      '400': error('The password is wrong'),
      ...adminErrors,
      '409': error('Two-factor is not on'),
      '429': error('Too many wrong passwords (LOGIN_RATE_LIMIT)', retryAfter),
    },
  },
  endSession: {
    summary: 'End one of your own sessions: its token fails at once (audited as session_ended)',
    security: bearer,
    parameters: [idParameter],
    responses: {
      '200': response('Ended', ref('Success')),
      ...adminErrors,
      '404': error('No such session of yours (it may have ended already)'),
    },
  },
  endOtherSessions: {
    summary: 'End every session of yours but this one (audited as session_ended)',
    security: bearer,
    responses: { '200': response('Ended', object({ success, ended: count })), ...adminErrors },
  },
  listAdmins: {
    summary: 'Every admin, oldest first',
    security: bearer,
    responses: {
      '200': response('The admins', object({ success, admins: { type: 'array', items: ref('Admin') } })),
      ...adminErrors,
    },
  },
  addAdmin: {
    summary: 'Add an admin with a temporary password, shown this once (audited as admin_added; the owner is emailed)',
    security: bearer,
    requestBody: body('AddAdminBody'),
    responses: {
      '201': response(
        'Added',
        object({ success, admin: ref('Admin'), temporaryPassword: { type: 'string', minLength: 43 } }),
      ),
      '400': error('The username is empty or longer than 50 characters'),
      ...adminErrors,
      '409': error('An admin with that username exists'),
    },
  },
  removeAdmin: {
    summary: 'Remove an admin, never the last (audited as admin_removed); their sessions end',
    security: bearer,
    parameters: [idParameter],
    responses: {
      '200': response('Removed', ref('Success')),
      ...adminErrors,
      '404': error('No such admin'),
      '409': error('The last admin: nobody could sign in'),
    },
  },
  changePassword: {
    summary:
      'Change your password: the current one is required; every other session ends (audited as password_changed)',
    security: bearer,
    requestBody: body('ChangePasswordBody'),
    responses: {
      '200': response('Changed', object({ success, endedSessions: count })),
      '400': error('The current password is wrong, or the new one breaks the rules (12 to 128 characters)'),
      ...adminErrors,
      '429': error('Too many wrong current passwords (LOGIN_RATE_LIMIT)', retryAfter),
    },
  },
  listCrackmeClaims: {
    summary: 'The crackme prize claims in the order they came (100 a page), with who won',
    security: bearer,
    parameters: [
      {
        name: 'after',
        in: 'query',
        required: false,
        schema: { type: 'integer', minimum: 0 },
        description: 'Claims after this position',
      },
    ],
    responses: {
      '200': response(
        'A page of claims, oldest first',
        object({ success, winners: { type: 'integer' }, claims: { type: 'array', items: ref('CrackmeClaim') } }),
      ),
      '400': error('after is not a whole number'),
      ...adminErrors,
    },
  },
  markPrizeSent: {
    summary: "Mark a winner's prize as sent (once; audited as prize_sent)",
    security: bearer,
    parameters: [idParameter],
    responses: {
      '200': response('Marked', object({ success, prizeSentAt: nullableString })),
      ...adminErrors,
      '404': error('No such claim'),
    },
  },
  analytics: {
    summary: 'The counted events of the last `days` days (1 to 365, 30 by default): daily totals, referrers, stores',
    security: bearer,
    parameters: [
      {
        name: 'days',
        in: 'query',
        required: false,
        schema: { type: 'integer', minimum: 1, maximum: ANALYTICS_MAX_DAYS },
      },
    ],
    responses: {
      '200': response('Oldest day first, today included', ref('Analytics')),
      '400': error('days is not a whole number from 1 to 365'),
      ...adminErrors,
    },
  },
  previewErasure: {
    summary: "What erasing a person's data would remove, counted (nothing is changed)",
    security: bearer,
    requestBody: body('ErasureBody'),
    responses: {
      '200': response('What an erasure would remove', object({ success, counts: ref('ErasureCounts') })),
      '400': error('Not an email address'),
      ...adminErrors,
    },
  },
  erasePerson: {
    summary:
      "Erase a person's data (their requests keep status and dates and lose the person; links, notes and outbox copies go); audited as counts",
    security: bearer,
    requestBody: body('ErasureBody'),
    responses: {
      '200': response('What was removed', object({ success, counts: ref('ErasureCounts') })),
      '400': error('Not an email address'),
      ...adminErrors,
    },
  },
};

/** The admin calls as OpenAPI paths: `/api/admin/guestbook/{id}`, each with its methods. */
function adminPaths(): Record<string, Record<string, Schema>> {
  const paths: Record<string, Record<string, Schema>> = {};
  for (const name of Object.keys(ADMIN_API_ROUTES) as AdminApiRouteName[]) {
    const { method, path } = ADMIN_API_ROUTES[name];
    const template = `${ADMIN_API_PREFIX}${path.replace(/:(\w+)/g, '{$1}')}`;
    paths[template] = { ...paths[template], [method.toLowerCase()]: ADMIN_OPERATIONS[name] };
  }
  return paths;
}

export const OPENAPI_DOCUMENT = {
  openapi: '3.1.0',
  info: {
    title: 'The memoir site API',
    version: '1.0.0',
    description:
      'Public calls for the landing page and the admin calls of the back-office. Errors are `{ success: false, error }` with an honest status. Times are ISO-8601 in UTC. Paths match case-insensitively. Every /api/admin/* call but login needs `Authorization: Bearer <sessionToken>` and is answered with `Cache-Control: no-store`.',
  },
  components: {
    schemas,
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', description: 'The sessionToken from POST /api/admin/login' },
    },
  },
  paths: {
    '/healthz': {
      get: {
        summary: 'The process is up',
        responses: { '200': response('Up', object({ status: { type: 'string', const: 'ok' } })) },
      },
    },
    '/readyz': {
      get: {
        summary: 'The database answers and the process is not shutting down',
        responses: {
          '200': response('Ready', object({ status: { type: 'string', const: 'ready' } })),
          '503': response('Not ready', object({ status: { type: 'string', const: 'not ready' } })),
        },
      },
    },
    '/metrics': {
      get: {
        summary: 'Prometheus metrics (never on the public host)',
        description:
          'With ADMIN_HOST set, served on that host only; with METRICS_TOKEN set, only with ' +
          '`Authorization: Bearer <token>`; without ADMIN_HOST, only with the token (no token configured: 404).',
        security: [{ bearer: [] }],
        responses: {
          '200': {
            description: "Prometheus's text format",
            content: { 'text/plain': { schema: string } },
          },
          '401': error('A missing or wrong token', { 'WWW-Authenticate': { schema: string } }),
          '404': error('Not served here'),
        },
      },
    },
    '/download/{token}': {
      get: {
        summary: "The approval email's private link: a landing page that counts nothing",
        description:
          'Names the book and the reader, says how many downloads (DOWNLOAD_LINK_MAX_DOWNLOADS) and how long ' +
          '(DOWNLOAD_LINK_TTL) are left, and has a "Download your copy" button (a form that POSTs to the same address). ' +
          'A GET or HEAD counts nothing, so a mail scanner that opens the link uses nothing up. An unknown, expired, ' +
          'used-up or withdrawn link gets a friendly HTML page saying what to do.',
        parameters: [tokenParameter],
        responses: {
          '200': { description: 'The landing page', content: { 'text/html': { schema: string } } },
          ...linkPages,
        },
      },
      post: {
        summary: "The landing page's button: make (once) the reader's stamped copy, then count one download",
        description:
          'The copy is made once per link and kept; a download is counted only once it exists. The answer sends the ' +
          'browser on to the copy itself. A copy that cannot be made now counts nothing.',
        parameters: [tokenParameter],
        responses: {
          '303': {
            description: 'Counted: `Location` is `/download/{token}/file`',
            headers: { Location: { schema: string } },
          },
          ...linkPages,
          '503': {
            description:
              'Too many copies being made at once (with Retry-After), or the copy could not be made: an HTML page; not counted',
            headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait (busy only)' } },
            content: { 'text/html': { schema: string } },
          },
        },
      },
    },
    '/download/{token}/file': {
      get: {
        summary: "The reader's kept copy, after a counted download: resumable, counting nothing",
        description:
          'Works while the link works and for 24 hours after its last counted download; before a counted download ' +
          '(or after those 24 hours) it sends the browser back to the landing page. One byte range per request ' +
          '(`Range`, honouring `If-Range`); `ETag`, `Last-Modified`, `Cache-Control: private, no-store`.',
        parameters: [
          tokenParameter,
          { name: 'Range', in: 'header', schema: string, description: 'One range: bytes=a-b, bytes=a- or bytes=-n' },
          { name: 'If-Range', in: 'header', schema: string, description: "The copy's ETag or Last-Modified" },
        ],
        responses: {
          '200': {
            description: 'The whole PDF, stamped with the name and email of the request',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          '206': {
            description: 'The range asked for (`Content-Range`)',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          '303': {
            description: 'No download to resume: back to the landing page',
            headers: { Location: { schema: string } },
          },
          ...linkPages,
          '416': { description: 'The range starts past the end (`Content-Range: bytes */size`)' },
          '503': {
            description: 'The copy had to be made again and could not be now: an HTML page',
            content: { 'text/html': { schema: string } },
          },
        },
      },
    },
    '/privacy': {
      get: {
        summary:
          'The privacy notice: what the site stores, why, for how long, who sees it, how to ask for access or erasure',
        description:
          'An HTML page built from the running configuration (the RETENTION_* periods, DOWNLOAD_LINK_TTL, ' +
          'DOWNLOAD_LINK_MAX_DOWNLOADS, FORM_RATE_LIMIT, OWNER_EMAIL), so that it states the periods the server applies.',
        responses: { '200': { description: 'The notice', content: { 'text/html': { schema: string } } } },
      },
    },
    '/api/openapi.json': {
      get: { summary: 'This document', responses: { '200': response('OpenAPI 3.1', { type: 'object' }) } },
    },
    '/api/guestbook-entries': {
      get: {
        summary: 'Recent approved guestbook entries, newest first',
        parameters: [
          {
            name: 'limit',
            in: 'query',
            schema: { type: 'integer' },
            description: `Clamped to 1..${PUBLIC_GUESTBOOK_LIMIT}; ${PUBLIC_GUESTBOOK_LIMIT} when absent or not a number`,
          },
        ],
        responses: {
          '200': response(
            'The entries, without review fields',
            object({ success, entries: { type: 'array', items: ref('PublicGuestbookEntry') } }),
          ),
        },
      },
    },
    '/api/guestbook-entry': {
      post: {
        summary: 'Sign the guestbook (the entry waits for moderation)',
        requestBody: body('SignGuestbookBody'),
        responses: { '201': response('Signed', ref('Success')), ...formErrors },
      },
    },
    '/api/scholarship-request': {
      post: {
        summary: 'Ask for the free PDF',
        requestBody: body('SubmitScholarshipBody'),
        responses: { '201': response('Received', ref('Success')), ...formErrors },
      },
    },
    '/api/crackme-claim': {
      post: {
        summary: 'Claim the crackme prize with the key the crackme accepts',
        requestBody: body('CrackmeClaimBody'),
        responses: {
          '201': response(
            'The key is right: the claim is kept (once per address); the first CRACKME_WINNERS win',
            object({ success, position: { type: 'integer' }, winner: { type: 'boolean' }, message: string }),
          ),
          '400': error('Not the key the crackme accepts (fieldErrors.key), or a field breaks a rule'),
          '413': error('The body is over 16 KB'),
          '415': error('The body is not JSON'),
          '429': error('Too many claims from this address (CRACKME_CLAIM_LIMIT), right or wrong', retryAfter),
        },
      },
    },
    '/api/events': {
      post: {
        summary: 'Count one event of the page (sendBeacon): daily totals only, no cookie, no address kept',
        description:
          'Accepted (202) and counted, or accepted and dropped for a visitor sending DNT: 1 or Sec-GPC: 1 and for bots. ' +
          `The names: ${BROWSER_EVENTS.join(', ')}.`,
        requestBody: body('EventBody'),
        responses: {
          '202': response('Accepted', ref('Success')),
          '400': error('Not one of the counted events, or a detail that is not a short word'),
          '413': error('The body is over 16 KB'),
          '415': error('Not JSON'),
        },
      },
    },
    ...adminPaths(),
  },
} as const;

export function openApiRoutes(): Router {
  const router = new Router();
  router.get('/api/openapi.json', (ctx) => {
    ctx.body = OPENAPI_DOCUMENT;
  });
  return router;
}
