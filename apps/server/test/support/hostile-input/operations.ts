import { DEFAULT_SITE_CONTENT } from '@memoir/shared';
import fc from 'fast-check';

import { INTENDED_KEY } from '../../../../public-site/crackme/intended-key';
import { OWNER_PASSWORD } from '../test-app';
import type { BodyFields } from './bodies';

/** What a case sends in Authorization: nothing, the session, or a session it may end (logout). */
export type Auth = 'none' | 'session' | 'fresh-session';
/** Where a path's {id} comes from when a case uses a real one. */
export type IdKind = 'guestbook entry' | 'scholarship request' | 'download token' | 'crackme claim';

export interface Operation {
  readonly method: string;
  readonly template: string;
  readonly auth: Auth;
  readonly fields?: BodyFields;
  readonly query?: readonly string[];
  readonly id?: IdKind;
}

const text = (...good: string[]) => fc.constantFrom(...good);
/** A bulk decision's ids: none, a few unknown ones, or far too many. */
const someIds = fc.oneof(
  fc.array(fc.uuid(), { maxLength: 3 }),
  fc.constant(Array.from({ length: 101 }, (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`)),
);
const AUDIT_FILTERS = ['action', 'resourceType', 'actor', 'from', 'to', 'q'];
/** Every operation of the OpenAPI document, and the fields and parameters it reads. */
export const OPERATIONS: readonly Operation[] = [
  { method: 'GET', template: '/healthz', auth: 'none' },
  { method: 'GET', template: '/metrics', auth: 'none' },
  { method: 'GET', template: '/readyz', auth: 'none' },
  { method: 'GET', template: '/api/openapi.json', auth: 'none' },
  { method: 'GET', template: '/api/guestbook-entries', auth: 'none', query: ['limit'] },
  {
    method: 'POST',
    template: '/api/guestbook-entry',
    auth: 'none',
    fields: {
      name: text('Ada', '  Grace  ', 'Zoë', '李小龍', 'a'.repeat(50)),
      location: text('London', '', 'Zürich'),
      message: text('Hello!', 'Two\nlines', 'a'.repeat(500)),
      riddleAnswer: text('network', ' NETWORK ', 'kernel', ''),
      website: fc.constantFrom('', ' ', 'http://spam.example'),
      subscribe: fc.boolean(),
      email: text('ada@example.org', 'ada@', ''),
    },
  },
  {
    method: 'POST',
    template: '/api/scholarship-request',
    auth: 'none',
    fields: {
      name: text('Grace', 'Åsa', 'a'.repeat(100)),
      email: text('grace@example.org', 'a@b.co', `${'a'.repeat(64)}@example.org`, 'grace@'),
      message: text('', 'Please', 'a'.repeat(2000)),
      riddleAnswer: text('kernel', ' KERNEL ', 'network'),
      website: fc.constantFrom('', ' ', 'x'),
      subscribe: fc.boolean(),
      reviewReminder: fc.boolean(),
    },
  },
  {
    method: 'POST',
    template: '/api/admin/login',
    auth: 'none',
    fields: {
      username: text('owner', 'OWNER', ' owner ', 'nobody'),
      password: text(OWNER_PASSWORD, 'wrong-password', ''),
    },
  },
  { method: 'GET', template: '/api/admin/me', auth: 'session' },
  { method: 'POST', template: '/api/admin/logout', auth: 'fresh-session' },
  { method: 'GET', template: '/api/admin/dashboard', auth: 'session' },
  { method: 'GET', template: '/api/admin/guestbook', auth: 'session', query: ['class', 'q', 'limit', 'before'] },
  { method: 'GET', template: '/api/admin/guestbook.csv', auth: 'session', query: ['class', 'q'] },
  {
    method: 'POST',
    template: '/api/admin/guestbook/bulk',
    auth: 'session',
    fields: { ids: someIds, isApproved: fc.boolean(), adminNotes: text('Lovely', '', 'a'.repeat(1000)) },
  },
  {
    method: 'PATCH',
    template: '/api/admin/guestbook/{id}',
    auth: 'session',
    id: 'guestbook entry',
    fields: { isApproved: fc.boolean(), adminNotes: text('Lovely', '', 'a'.repeat(1000)) },
  },
  { method: 'GET', template: '/api/admin/scholarships', auth: 'session', query: ['status', 'q', 'limit', 'before'] },
  { method: 'GET', template: '/api/admin/scholarships.csv', auth: 'session', query: ['status', 'q'] },
  {
    method: 'POST',
    template: '/api/admin/scholarships/bulk',
    auth: 'session',
    fields: { ids: someIds, status: text('approved', 'rejected', 'pending'), adminNotes: text('Enjoy', '') },
  },
  {
    method: 'PATCH',
    template: '/api/admin/scholarships/{id}',
    auth: 'session',
    id: 'scholarship request',
    fields: { status: text('approved', 'rejected', 'pending', 'APPROVED'), adminNotes: text('Enjoy', '') },
  },
  { method: 'GET', template: '/api/admin/audit-logs', auth: 'session', query: [...AUDIT_FILTERS, 'limit', 'before'] },
  { method: 'GET', template: '/api/admin/audit-logs.csv', auth: 'session', query: AUDIT_FILTERS },
  {
    method: 'POST',
    template: '/api/admin/scholarships/{id}/resend',
    auth: 'session',
    id: 'scholarship request',
  },
  { method: 'GET', template: '/api/admin/security', auth: 'session' },
  { method: 'POST', template: '/api/admin/security/two-factor', auth: 'session' },
  {
    method: 'POST',
    template: '/api/admin/security/two-factor/confirm',
    auth: 'session',
    fields: { code: text('123456', '', 'abcdef', ' 123 456 ') },
  },
  {
    method: 'DELETE',
    template: '/api/admin/security/two-factor',
    auth: 'session',
    fields: { password: text(OWNER_PASSWORD, 'wrong-password', '') },
  },
  {
    method: 'POST',
    template: '/api/admin/login/two-factor',
    auth: 'none',
    fields: { challenge: text('unknown-challenge', ''), code: text('123456', 'aaaa-bbbb-cccc-dddd', '') },
  },
  { method: 'DELETE', template: '/api/admin/sessions/{id}', auth: 'session' },
  { method: 'POST', template: '/api/admin/sessions/end-others', auth: 'session' },
  {
    method: 'POST',
    template: '/api/admin/password',
    auth: 'session',
    fields: {
      currentPassword: text('wrong-password', ''),
      newPassword: text('short', 'a long enough passphrase', 'a'.repeat(129)),
    },
  },
  { method: 'GET', template: '/api/admin/admins', auth: 'session' },
  { method: 'POST', template: '/api/admin/admins', auth: 'session', fields: { username: text('editor', '', ' Ed ') } },
  { method: 'DELETE', template: '/api/admin/admins/{id}', auth: 'session' },
  { method: 'GET', template: '/privacy', auth: 'none' },
  { method: 'GET', template: '/request-status', auth: 'none' },
  { method: 'POST', template: '/request-status', auth: 'none' },
  // The reader list's pages: HTML, a form posting the token back (or RFC 8058's body).
  { method: 'GET', template: '/readers/confirm', auth: 'none', query: ['token'] },
  { method: 'POST', template: '/readers/confirm', auth: 'none', query: ['token'] },
  { method: 'GET', template: '/readers/unsubscribe', auth: 'none', query: ['token'] },
  { method: 'POST', template: '/readers/unsubscribe', auth: 'none', query: ['token'] },
  // The review reminder's answer page: HTML, a form posting the token and the answer back.
  { method: 'GET', template: '/review-reminder', auth: 'none', query: ['token', 'answer'] },
  { method: 'POST', template: '/review-reminder', auth: 'none', query: ['token', 'answer'] },
  // The emails' store links: a redirect, or a page saying there is no such store.
  { method: 'GET', template: '/go/{format}', auth: 'none' },
  {
    method: 'POST',
    template: '/api/events',
    auth: 'none',
    fields: {
      name: text('page_view', 'buy_click', 'graphic_download', 'pdf_download', 'purchase', ''),
      referrer: text('https://news.ycombinator.com/', 'not a url', 'javascript:alert(1)', ''),
      store: text('kindle', 'Kindle <b>', ''),
      graphic: text('share-card', 'a'.repeat(40)),
    },
  },
  {
    method: 'POST',
    template: '/api/crackme-claim',
    auth: 'none',
    fields: {
      key: text(INTENDED_KEY, 'HEAP-OF-MEMORIES-2000', '', ' '),
      name: text('Ada', 'Zoë', 'a'.repeat(100)),
      email: text('ada@example.org', 'ADA@example.org', 'ada@'),
    },
  },
  { method: 'GET', template: '/api/admin/analytics', auth: 'session', query: ['days'] },
  { method: 'GET', template: '/api/admin/crackme-claims', auth: 'session', query: ['after'] },
  { method: 'POST', template: '/api/admin/crackme-claims/{id}/prize-sent', auth: 'session', id: 'crackme claim' },
  { method: 'GET', template: '/api/admin/site-content', auth: 'session' },
  {
    method: 'PUT',
    template: '/api/admin/site-content/draft',
    auth: 'session',
    fields: {
      revision: fc.constantFrom(1, 2, 0),
      content: fc.constantFrom(DEFAULT_SITE_CONTENT, { ...DEFAULT_SITE_CONTENT, tagline: 'Every door has a key.' }),
    },
  },
  {
    method: 'POST',
    template: '/api/admin/site-content/publish',
    auth: 'session',
    fields: { revision: fc.constantFrom(1, 2) },
  },
  { method: 'GET', template: '/api/admin/site-content/versions', auth: 'session' },
  { method: 'POST', template: '/api/admin/site-content/versions/{version}/restore', auth: 'session' },
  { method: 'POST', template: '/api/admin/site-content/preview', auth: 'session' },
  { method: 'GET', template: '/api/admin/personal-data', auth: 'session', query: ['email'] },
  {
    method: 'POST',
    template: '/api/admin/erasure/preview',
    auth: 'session',
    fields: { email: text('grace@example.org', 'GRACE@example.org', 'grace@') },
  },
  {
    method: 'POST',
    template: '/api/admin/erasure',
    auth: 'session',
    fields: { email: text('nobody@example.org', 'ada@example.org', 'not-an-address') },
  },
  {
    method: 'POST',
    template: '/api/admin/scholarships/{id}/revoke-link',
    auth: 'session',
    id: 'scholarship request',
  },
  {
    method: 'GET',
    template: '/api/admin/scholarships/{id}/delivery',
    auth: 'session',
    id: 'scholarship request',
  },
  { method: 'GET', template: '/api/admin/readers', auth: 'session', query: ['status', 'q', 'limit', 'before'] },
  { method: 'GET', template: '/api/admin/readers/summary', auth: 'session' },
  { method: 'GET', template: '/api/admin/readers.csv', auth: 'session', query: ['format'] },
  {
    method: 'POST',
    template: '/api/admin/announcements',
    auth: 'session',
    fields: {
      subject: text('The paperback is out', 'Ünïcödé — 📚', ''),
      text: text('It is in the shops.\n\nSee you there.', 'Zeile\u2028zwei', ''),
      test: fc.boolean(),
    },
  },
  { method: 'GET', template: '/api/admin/announcements', auth: 'session' },
  { method: 'GET', template: '/api/admin/mail-health', auth: 'session' },
  {
    method: 'POST',
    template: '/api/admin/mail-health/test',
    auth: 'session',
    fields: { to: text('sam@example.org', 'SAM@example.org', 'sam@', '') },
  },
  { method: 'GET', template: '/api/admin/suppressions', auth: 'session' },
  { method: 'DELETE', template: '/api/admin/suppressions/{email}', auth: 'session' },
  { method: 'GET', template: '/api/admin/media', auth: 'session' },
  // An upload: the body is the file itself (or a multipart form), whatever it holds.
  { method: 'POST', template: '/api/admin/media/{kind}', auth: 'session', query: ['alt'] },
  { method: 'POST', template: '/api/admin/media/book/test-copy', auth: 'session' },
  // An uploaded image by its content's name.
  { method: 'GET', template: '/media/{file}', auth: 'none' },
  {
    method: 'POST',
    template: '/api/request-status',
    auth: 'none',
    fields: {
      email: text('grace@example.org', 'GRACE@example.org', 'grace@', ''),
      riddleAnswer: text('kernel', ''),
    },
  },
  {
    method: 'POST',
    template: '/api/readers',
    auth: 'none',
    fields: {
      email: text('ada@example.org', 'ADA@example.org', 'ada@', ''),
      name: text('Ada', '', 'a'.repeat(100)),
      consent: fc.boolean(),
      riddleAnswer: text('network', 'kernel', ''),
      website: fc.constantFrom('', 'x'),
    },
  },
  { method: 'POST', template: '/api/readers/confirm', auth: 'none', fields: { token: text('', 'x', 'a'.repeat(43)) } },
  {
    method: 'POST',
    template: '/api/readers/unsubscribe',
    auth: 'none',
    query: ['token'],
    fields: { 'List-Unsubscribe': text('One-Click', 'one-click', '') },
  },
  // A mail provider's delivery event: any body, refused unless its provider's signature holds.
  { method: 'POST', template: '/api/mail-events/{provider}', auth: 'none' },
  // The approval email's private link: HTML pages, a redirect or the PDF, not JSON.
  { method: 'GET', template: '/download/{token}', auth: 'none', id: 'download token' },
  { method: 'POST', template: '/download/{token}', auth: 'none', id: 'download token' },
  { method: 'GET', template: '/download/{token}/file', auth: 'none', id: 'download token' },
  { method: 'GET', template: '/download/{token}/wait', auth: 'none', id: 'download token' },
];

/** How a test names the operation it attacks. */
export const named = (operation: Operation): string => `${operation.method} ${operation.template}`;
