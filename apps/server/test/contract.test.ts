import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sha256Hex } from '@memoir/platform-node';
import { startTestDnsServer, type TestDnsServer } from '@memoir/mail/testing';
import { API_ROUTES, DEFAULT_SITE_CONTENT, type ApiRouteName } from '@memoir/shared';

import { INTENDED_KEY } from '../../public-site/crackme/intended-key';
import { ANSWERS, OWNER_PASSWORD, useTestApps, type TestApp } from './support/test-app';
import { totpCodeAt } from './support/totp';

/*
 * The API contract held to the running server, call by call from API_ROUTES: every call, made
 * as its users make it, answers its success with the table's status and a body the OpenAPI
 * document describes (app.call checks each answer against docs' schema); and every call that
 * takes a body refuses a field it does not know with a 400 naming it.
 */

const SOME_ID = '00000000-0000-4000-8000-000000000000';
const NEW_PASSWORD = 'a-new-password-for-the-contract';

type Answer = Awaited<ReturnType<TestApp['call']>>;

/** What the calls share as the owner goes along: the app, the session, the ids made so far. */
interface World {
  readonly app: TestApp;
  token: string;
  password: string;
  entryId: string;
  requestId: string;
  claimId: string;
  adminId: string;
  secret: string;
  challenge: string;
  revision: number;
}

/**
 * Each call of the table, made once with what a real client sends, in an order that lets each
 * find what it needs. `Record<ApiRouteName, …>`: a call added to the table without a step here
 * does not compile.
 */
const STEPS: Readonly<Record<ApiRouteName, (world: World) => Promise<Answer>>> = {
  publicGuestbookEntries: ({ app }) => app.call('GET', '/api/guestbook-entries?limit=5'),
  signGuestbook: ({ app }) =>
    app.call('POST', '/api/guestbook-entry', {
      body: { name: 'Ada', location: 'London', message: 'Hello!', riddleAnswer: ANSWERS.guestbook },
    }),
  submitScholarshipRequest: ({ app }) =>
    app.call('POST', '/api/scholarship-request', {
      body: { name: 'Grace', email: 'grace@example.org', riddleAnswer: ANSWERS.scholarship },
    }),
  claimCrackmePrize: ({ app }) =>
    app.call('POST', '/api/crackme-claim', { body: { key: INTENDED_KEY, name: 'Linus', email: 'linus@example.org' } }),
  recordEvent: ({ app }) => app.call('POST', '/api/events', { body: { name: 'page_view' } }),
  signUpReader: ({ app }) =>
    app.call('POST', '/api/readers', { body: { email: 'reader@example.org', name: 'Reader', consent: true } }),
  confirmReader: async ({ app }) =>
    app.call('POST', '/api/readers/confirm', { body: { token: await readerLink(app, 'confirm') } }),
  unsubscribeReader: async ({ app }) =>
    app.call('POST', `/api/readers/unsubscribe?token=${await readerLink(app, 'unsubscribe')}`, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    }),
  requestStatus: ({ app }) => app.call('POST', '/api/request-status', { body: { email: 'grace@example.org' } }),
  logIn: async (world) => {
    const answer = await world.app.call('POST', '/api/admin/login', {
      body: { username: 'owner', password: world.password },
    });
    if (answer.body.twoFactorRequired === true) world.challenge = answer.body.challenge as string;
    else world.token = answer.body.sessionToken as string;
    return answer;
  },
  me: ({ app, token }) => app.call('GET', '/api/admin/me', { token }),
  dashboard: ({ app, token }) => app.call('GET', '/api/admin/dashboard', { token }),
  listGuestbookEntries: async (world) => {
    const answer = await world.app.call('GET', '/api/admin/guestbook?class=pending&limit=10', { token: world.token });
    world.entryId = (answer.body.entries as Array<{ id: string }>)[0]?.id ?? '';
    return answer;
  },
  exportGuestbookEntries: ({ app, token }) => app.call('GET', '/api/admin/guestbook.csv?class=pending', { token }),
  moderateGuestbookEntry: ({ app, token, entryId }) =>
    app.call('PATCH', `/api/admin/guestbook/${entryId}`, { token, body: { isApproved: true, adminNotes: 'Thanks' } }),
  bulkModerateGuestbookEntries: ({ app, token, entryId }) =>
    app.call('POST', '/api/admin/guestbook/bulk', { token, body: { ids: [entryId], isApproved: false } }),
  listScholarshipRequests: async (world) => {
    const answer = await world.app.call('GET', '/api/admin/scholarships?status=pending&q=grace', {
      token: world.token,
    });
    world.requestId = (answer.body.requests as Array<{ id: string }>)[0]?.id ?? '';
    return answer;
  },
  exportScholarshipRequests: ({ app, token }) => app.call('GET', '/api/admin/scholarships.csv', { token }),
  decideScholarshipRequest: async ({ app, token, requestId }) => {
    const answer = await app.call('PATCH', `/api/admin/scholarships/${requestId}`, {
      token,
      body: { status: 'approved', adminNotes: 'Enjoy' },
    });
    await app.useCases.sendDueDeliveries.execute();
    return answer;
  },
  revokeDownloadLink: ({ app, token, requestId }) =>
    app.call('POST', `/api/admin/scholarships/${requestId}/revoke-link`, { token }),
  resendDelivery: ({ app, token, requestId }) =>
    app.call('POST', `/api/admin/scholarships/${requestId}/resend`, { token }),
  deliveryTimeline: ({ app, token, requestId }) =>
    app.call('GET', `/api/admin/scholarships/${requestId}/delivery`, { token }),
  bulkDecideScholarshipRequests: async ({ app, token }) => {
    await STEPS.submitScholarshipRequest({ app } as World);
    const listed = await app.call('GET', '/api/admin/scholarships?status=pending', { token });
    const ids = (listed.body.requests as Array<{ id: string }>).map((request) => request.id);
    return app.call('POST', '/api/admin/scholarships/bulk', { token, body: { ids, status: 'rejected' } });
  },
  listAuditEvents: ({ app, token }) => app.call('GET', '/api/admin/audit-logs?action=approve&limit=20', { token }),
  exportAuditEvents: ({ app, token }) =>
    app.call('GET', '/api/admin/audit-logs.csv?resourceType=admin_session', { token }),
  security: ({ app, token }) => app.call('GET', '/api/admin/security', { token }),
  endSession: async ({ app, token }) => {
    await app.signIn(); // a second session, on another device
    const security = await app.call('GET', '/api/admin/security', { token });
    const other = (security.body.sessions as Array<{ id: string; current: boolean }>).find((s) => !s.current);
    return app.call('DELETE', `/api/admin/sessions/${other?.id ?? SOME_ID}`, { token });
  },
  endOtherSessions: ({ app, token }) => app.call('POST', '/api/admin/sessions/end-others', { token }),
  changePassword: async (world) => {
    const answer = await world.app.call('POST', '/api/admin/password', {
      token: world.token,
      body: { currentPassword: world.password, newPassword: NEW_PASSWORD },
    });
    world.password = NEW_PASSWORD;
    return answer;
  },
  listAdmins: ({ app, token }) => app.call('GET', '/api/admin/admins', { token }),
  addAdmin: async (world) => {
    const answer = await world.app.call('POST', '/api/admin/admins', {
      token: world.token,
      body: { username: 'editor' },
    });
    world.adminId = (answer.body.admin as { id: string }).id;
    return answer;
  },
  removeAdmin: ({ app, token, adminId }) => app.call('DELETE', `/api/admin/admins/${adminId}`, { token }),
  analytics: ({ app, token }) => app.call('GET', '/api/admin/analytics?days=7', { token }),
  listCrackmeClaims: async (world) => {
    const answer = await world.app.call('GET', '/api/admin/crackme-claims?after=0', { token: world.token });
    world.claimId = (answer.body.claims as Array<{ id: string }>)[0]?.id ?? '';
    return answer;
  },
  markPrizeSent: ({ app, token, claimId }) =>
    app.call('POST', `/api/admin/crackme-claims/${claimId}/prize-sent`, { token }),
  exportPersonalData: ({ app, token }) =>
    app.call('GET', `/api/admin/personal-data?email=${encodeURIComponent('grace@example.org')}`, { token }),
  previewErasure: ({ app, token }) =>
    app.call('POST', '/api/admin/erasure/preview', { token, body: { email: 'grace@example.org' } }),
  erasePerson: ({ app, token }) =>
    app.call('POST', '/api/admin/erasure', { token, body: { email: 'grace@example.org' } }),
  siteContent: async (world) => {
    const answer = await world.app.call('GET', '/api/admin/site-content', { token: world.token });
    world.revision = (answer.body.draft as { revision: number }).revision;
    return answer;
  },
  saveSiteDraft: async (world) => {
    const answer = await world.app.call('PUT', '/api/admin/site-content/draft', {
      token: world.token,
      body: { revision: world.revision, content: { ...DEFAULT_SITE_CONTENT, tagline: 'Every door has a key.' } },
    });
    world.revision = answer.body.revision as number;
    return answer;
  },
  previewSiteContent: ({ app, token }) => app.call('POST', '/api/admin/site-content/preview', { token }),
  publishSiteContent: ({ app, token, revision }) =>
    app.call('POST', '/api/admin/site-content/publish', { token, body: { revision } }),
  siteContentVersions: ({ app, token }) => app.call('GET', '/api/admin/site-content/versions', { token }),
  restoreSiteContentVersion: ({ app, token }) =>
    app.call('POST', '/api/admin/site-content/versions/1/restore', { token }),
  mailHealth: ({ app, token }) => app.call('GET', '/api/admin/mail-health', { token }),
  sendTestEmail: ({ app, token }) =>
    app.call('POST', '/api/admin/mail-health/test', { token, body: { to: 'owner@example.org' } }),
  listMedia: ({ app, token }) => app.call('GET', '/api/admin/media', { token }),
  listReaders: ({ app, token }) => app.call('GET', '/api/admin/readers?status=pending&q=example', { token }),
  readerSummary: ({ app, token }) => app.call('GET', '/api/admin/readers/summary', { token }),
  exportReaders: ({ app, token }) => app.call('GET', '/api/admin/readers.csv?format=plain', { token }),
  sendAnnouncement: ({ app, token }) =>
    app.call('POST', '/api/admin/announcements', {
      token,
      body: { subject: 'The paperback is out', text: 'It is in the shops from Monday.' },
    }),
  listAnnouncements: ({ app, token }) => app.call('GET', '/api/admin/announcements', { token }),
  listSuppressions: async ({ app, token }) => {
    // A hard bounce, as a provider's webhook records it, for the list to show and the next call to lift.
    const at = app.clock.now();
    await app.persistence.repositories.suppressions.suppress({ email: 'bounced@example.org', reason: 'bounce', at });
    return app.call('GET', '/api/admin/suppressions', { token });
  },
  removeSuppression: ({ app, token }) =>
    app.call('DELETE', `/api/admin/suppressions/${encodeURIComponent('Bounced@example.org')}`, { token }),
  startTwoFactor: async (world) => {
    const answer = await world.app.call('POST', '/api/admin/security/two-factor', { token: world.token });
    world.secret = answer.body.secret as string;
    return answer;
  },
  confirmTwoFactor: async (world) => {
    const answer = await world.app.call('POST', '/api/admin/security/two-factor/confirm', {
      token: world.token,
      body: { code: totpCodeAt(world.secret, world.app.clock.now()) },
    });
    world.app.clock.advance(30_000); // the confirming code is used up
    return answer;
  },
  logInTwoFactor: async (world) => {
    await STEPS.logIn(world);
    const answer = await world.app.call('POST', '/api/admin/login/two-factor', {
      body: { challenge: world.challenge, code: totpCodeAt(world.secret, world.app.clock.now()) },
    });
    world.token = answer.body.sessionToken as string;
    return answer;
  },
  disableTwoFactor: ({ app, token, password }) =>
    app.call('DELETE', '/api/admin/security/two-factor', { token, body: { password } }),
  logOut: ({ app, token }) => app.call('POST', '/api/admin/logout', { token }),
};

/** A working link of the reader signed up by the steps, made as the worker makes one (its SHA-256 kept). */
async function readerLink(app: TestApp, purpose: 'confirm' | 'unsubscribe'): Promise<string> {
  const { readers } = app.persistence.repositories;
  const reader = await readers.findByEmail('reader@example.org');
  const token = randomBytes(32).toString('base64url');
  await readers.addToken({
    tokenHash: sha256Hex(token),
    readerId: reader?.id ?? '',
    purpose,
    createdAt: app.clock.now(),
    expiresAt: purpose === 'confirm' ? new Date(app.clock.now().getTime() + 60_000) : null,
    usedAt: null,
  });
  return token;
}

describe('the API contract, on the running server', () => {
  const startApp = useTestApps();
  // The mail-health checks ask this server, never the machine's resolver.
  let dns: TestDnsServer;
  beforeAll(async () => {
    dns = await startTestDnsServer();
  });
  afterAll(() => dns.close());

  it('answers every call of API_ROUTES with its success status and a documented body', async () => {
    const app = await startApp({ env: { DNS_SERVER: dns.address } });
    const world: World = {
      app,
      token: '',
      password: OWNER_PASSWORD,
      entryId: '',
      requestId: '',
      claimId: '',
      adminId: '',
      secret: '',
      challenge: '',
      revision: 0,
    };
    const answered: string[] = [];
    for (const [name, step] of Object.entries(STEPS) as Array<[ApiRouteName, (world: World) => Promise<Answer>]>) {
      app.clock.advance(1000);
      const answer = await step(world);
      answered.push(`${name} ${answer.status}`);
      expect(`${name} ${answer.status} ${answer.status >= 300 ? JSON.stringify(answer.body) : ''}`.trim()).toBe(
        `${name} ${API_ROUTES[name].status}`,
      );
    }
    expect(answered).toHaveLength(Object.keys(API_ROUTES).length);
  });

  it.each(
    (Object.entries(API_ROUTES) as Array<[ApiRouteName, (typeof API_ROUTES)[ApiRouteName]]>).filter(
      ([, route]) => route.method !== 'GET',
    ),
  )('refuses a field %s does not take, naming it (400)', async (_, route) => {
    const app = await startApp();
    const token = route.access === 'admin' ? await app.signIn() : undefined;
    const answer = await app.call(route.method, route.path.replace(/:\w+/g, SOME_ID), {
      ...(token === undefined ? {} : { token }),
      body: { surplusField: 'x' },
    });
    expect([answer.status, answer.body.code, answer.body.fieldErrors?.surplusField]).toEqual([
      400,
      'REQUEST.INVALID',
      'Unknown field "surplusField".',
    ]);
  });
});
