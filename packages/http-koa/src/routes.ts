import { Router, type RouterContext } from '@koa/router';
import type { Authenticated } from '@memoir/domain';
import {
  ADMIN_API_PREFIX,
  ADMIN_API_ROUTES,
  ERROR_MESSAGES,
  HONEYPOT_FIELD,
  RECENT_ACTIVITY_WINDOW_DAYS,
  type AdminApiRoute,
  type AdminApiRouteName,
} from '@memoir/shared';
import type { Context, Middleware } from 'koa';

import type { HttpAppOptions } from './deps';
import { domainFailure } from './error-status';
import { HttpError } from './http-error';
import { clientAddress, requestContext, type RequestState } from './middleware';
import {
  presentAdmin,
  presentAuditEvent,
  presentAuditChainState,
  presentDashboard,
  presentEntry,
  presentRequest,
  presentRequestWithDelivery,
  presentSecurity,
  presentUser,
} from './presenters';
import {
  AddAdminRequest,
  ChangePasswordRequest,
  ConfirmTwoFactorRequest,
  PasswordConfirmationRequest,
  TwoFactorLoginRequest,
  DecideScholarshipRequest,
  LoginRequest,
  ModerateGuestbookEntryRequest,
  SignGuestbookRequest,
  SubmitScholarshipRequest,
} from './requests';
import { rateLimitAddressKey } from './rate-limit-address';
import {
  AUDIT_CSV_HEADER,
  auditCsvRow,
  GUESTBOOK_CSV_HEADER,
  guestbookCsvRow,
  SCHOLARSHIP_CSV_HEADER,
  scholarshipCsvRow,
} from './exports';
import { sendCsv } from './csv';
import { fitPage } from './page-budget';
import { publicListBody } from './public-list';
import { parseBody, parseIds, queryNumber, queryValue, withoutIds } from './validation';

type AdminState = RequestState & { admin: Authenticated; token: string };

/** The bearer token of the Authorization header, or null when there is none or it is blank. */
export function bearerToken(ctx: Context): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'));
  return match?.[1] ?? null;
}

/** GET /api/guestbook-entries: `{ success, entries }` (public-list.ts answers it first, in front of Koa). */
async function sendPublicList(ctx: Context, options: HttpAppOptions): Promise<void> {
  ctx.type = 'application/json';
  ctx.body = await publicListBody(options, ctx.query.limit);
}

/** The visitor-facing calls: the public list and the two forms. */
export function publicRoutes(options: HttpAppOptions): Router {
  const { useCases } = options;
  const router = new Router({ prefix: '/api' });

  async function limitSubmissions(ctx: Context, form: string, policy = options.formRateLimit): Promise<void> {
    const address = clientAddress(ctx);
    const key = `form:${form}:${address === null ? 'unknown' : rateLimitAddressKey(address)}`;
    const verdict = await options.rateLimiter.consume(key, policy);
    if (!verdict.allowed) {
      throw new HttpError(
        429,
        { success: false, error: ERROR_MESSAGES.tooManySubmissions, code: 'FORM.TOO_MANY_SUBMISSIONS' },
        { 'Retry-After': String(verdict.retryAfterSeconds) },
      );
    }
  }

  /** A filled honeypot is a bot: answer as if accepted, keep nothing. */
  function isBot(ctx: Context, body: { website?: string }): boolean {
    if ((body.website ?? '').trim() === '') return false;
    (ctx.state as RequestState).log.info({ field: HONEYPOT_FIELD }, 'honeypot filled: submission dropped');
    ctx.status = 201;
    ctx.body = { success: true };
    return true;
  }

  router.get('/guestbook-entries', (ctx) => sendPublicList(ctx, options));

  router.post('/guestbook-entry', async (ctx) => {
    await limitSubmissions(ctx, 'guestbook');
    const body = await parseBody(SignGuestbookRequest, ctx.request.body);
    if (isBot(ctx, body)) return;
    const result = await useCases.signGuestbook.execute(body);
    if (!result.ok) throw domainFailure(result.error);
    ctx.status = 201;
    ctx.body = { success: true };
  });

  router.post('/scholarship-request', async (ctx) => {
    await limitSubmissions(ctx, 'scholarship');
    const body = await parseBody(SubmitScholarshipRequest, ctx.request.body);
    if (isBot(ctx, body)) return;
    const result = await useCases.submitScholarshipRequest.execute(body);
    if (!result.ok) throw domainFailure(result.error);
    ctx.status = 201;
    ctx.body = { success: true };
  });

  // Every attempt counts toward CRACKME_CLAIM_LIMIT: the limit is what stops guessing the key here.
  router.post('/crackme-claim', async (ctx) => {
    await limitSubmissions(ctx, 'crackme', options.crackmeClaimLimit);
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const result = await useCases.submitCrackmeClaim.execute({ key: body.key, name: body.name, email: body.email });
    if (!result.ok) throw domainFailure(result.error);
    const { position, winner } = result.value;
    ctx.status = 201;
    ctx.body = {
      success: true,
      position,
      winner,
      message: winner
        ? `You cracked it, and you are number ${position}: a signed hardcover is yours. The author will write to you for a postal address.`
        : `You cracked it (number ${position}). The prizes have all been won, but the author has your name on the wall of fame.`,
    };
  });

  // Counted events (sendBeacon): accepted (202) whether counted or, for DNT/GPC and bots, dropped.
  router.post('/events', (ctx) => {
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const result = useCases.recordEvent.execute(
      {
        name: body.name,
        referrerHost: typeof body.referrer === 'string' ? (URL.parse(body.referrer)?.hostname ?? null) : null,
        store: body.store,
        graphic: body.graphic,
      },
      {
        optedOut: ctx.get('DNT') === '1' || ctx.get('Sec-GPC') === '1',
        userAgent: ctx.get('User-Agent') || null,
        ownHost: ctx.hostname,
      },
    );
    if (!result.ok) throw domainFailure(result.error);
    ctx.status = 202;
    ctx.body = { success: true };
  });

  return router;
}

/** A list's query parameters: its class or status filter (`filterName`), `q`, `limit`, `before`. */
function listQuery(ctx: Context, filterName: 'class' | 'status') {
  return {
    [filterName]: queryValue(ctx.query[filterName]) ?? null,
    q: queryValue(ctx.query.q) ?? null,
    limit: ctx.query.limit === undefined ? null : queryNumber(ctx.query.limit),
    before: queryValue(ctx.query.before) ?? null,
  };
}

/** The audit log's query parameters. */
function auditQuery(ctx: Context) {
  const value = (name: string) => queryValue(ctx.query[name]) ?? null;
  return {
    limit: ctx.query.limit === undefined ? null : queryNumber(ctx.query.limit),
    before: value('before'),
    action: value('action'),
    resourceType: value('resourceType'),
    actor: value('actor'),
    from: value('from'),
    to: value('to'),
    q: value('q'),
  };
}

type AdminHandler = (ctx: RouterContext) => void | Promise<void>;

/** Each event's total over the days given. */
function sumCounts(days: ReadonlyArray<{ readonly counts: Readonly<Record<string, number | undefined>> }>) {
  const totals: Record<string, number> = {};
  for (const day of days)
    for (const [name, n] of Object.entries(day.counts)) totals[name] = (totals[name] ?? 0) + (n ?? 0);
  return totals;
}

/** What each admin call does; its method and path come from ADMIN_API_ROUTES. */
function adminHandlers(options: HttpAppOptions): Readonly<Record<AdminApiRouteName, AdminHandler>> {
  const { useCases } = options;
  const state = (ctx: RouterContext) => ctx.state as AdminState;
  const actor = (ctx: RouterContext) => ({ userId: state(ctx).admin.user.id, ...requestContext(ctx) });
  const sessionActor = (ctx: RouterContext) => ({ ...actor(ctx), sessionId: state(ctx).admin.session.id });

  return {
    logIn: async (ctx) => {
      const body = await parseBody(LoginRequest, ctx.request.body);
      const result = await useCases.logIn.execute(body, requestContext(ctx));
      if (!result.ok) throw domainFailure(result.error);
      if (result.value.twoFactorRequired === true) {
        // No session yet: the code comes next (POST /api/admin/login/two-factor).
        ctx.body = {
          success: false,
          twoFactorRequired: true,
          challenge: result.value.challenge,
          expiresAt: result.value.expiresAt.toISOString(),
          error: ERROR_MESSAGES.twoFactorRequired,
        };
        return;
      }
      const { sessionToken, user, expiresAt } = result.value;
      ctx.body = { success: true, sessionToken, user: presentUser(user), expiresAt: expiresAt.toISOString() };
    },
    logInTwoFactor: async (ctx) => {
      const body = await parseBody(TwoFactorLoginRequest, ctx.request.body);
      const result = await useCases.completeTwoFactorLogIn.execute(body, requestContext(ctx));
      if (!result.ok) throw domainFailure(result.error);
      const { sessionToken, user, expiresAt } = result.value;
      ctx.body = { success: true, sessionToken, user: presentUser(user), expiresAt: expiresAt.toISOString() };
    },
    me: (ctx) => {
      ctx.body = { success: true, user: presentUser(state(ctx).admin.user) };
    },
    logOut: async (ctx) => {
      const result = await useCases.logOut.execute(state(ctx).token, requestContext(ctx));
      if (!result.ok) throw domainFailure(result.error);
      ctx.body = { success: true };
    },
    dashboard: async (ctx) => {
      const week = await useCases.getAnalytics.execute({ days: RECENT_ACTIVITY_WINDOW_DAYS });
      ctx.body = {
        success: true,
        ...presentDashboard(await useCases.getDashboard.execute()),
        // The counted events of the same 7 days, summed: the Analytics screen has them by day.
        countedEvents: week.ok ? sumCounts(week.value.days) : {},
        auditChain: presentAuditChainState(useCases.auditChainState.current()),
      };
    },
    listGuestbookEntries: async (ctx) => {
      const result = await useCases.listGuestbookEntries.execute(listQuery(ctx, 'class'));
      if (!result.ok) throw domainFailure(result.error);
      const { page, sections, counts } = result.value;
      const fitted = fitPage(page, sections, result.value.nextCursor, presentEntry);
      ctx.body = { success: true, entries: fitted.items, nextCursor: fitted.nextCursor, counts };
    },
    exportGuestbookEntries: (ctx) => {
      const result = useCases.listGuestbookEntries.exportAll(listQuery(ctx, 'class'));
      if (!result.ok) throw domainFailure(result.error);
      sendCsv(ctx, 'guestbook', GUESTBOOK_CSV_HEADER, result.value, guestbookCsvRow);
    },
    bulkModerateGuestbookEntries: async (ctx) => {
      const ids = parseIds(ctx.request.body);
      const body = await parseBody(ModerateGuestbookEntryRequest, withoutIds(ctx.request.body));
      const result = await useCases.bulkModerateGuestbookEntries.execute({ ids, ...body }, actor(ctx));
      if (!result.ok) throw domainFailure(result.error);
      ctx.body = { success: true, results: result.value };
    },
    moderateGuestbookEntry: async (ctx) => {
      const body = await parseBody(ModerateGuestbookEntryRequest, ctx.request.body);
      const result = await useCases.moderateGuestbookEntry.execute({ id: ctx.params.id ?? '', ...body }, actor(ctx));
      if (!result.ok) throw domainFailure(result.error);
      ctx.body = { success: true, entry: presentEntry(result.value) };
    },
    listScholarshipRequests: async (ctx) => {
      const result = await useCases.listScholarshipRequests.execute(listQuery(ctx, 'status'));
      if (!result.ok) throw domainFailure(result.error);
      const { page, sections, counts } = result.value;
      const fitted = fitPage(page, sections, result.value.nextCursor, presentRequestWithDelivery);
      ctx.body = { success: true, requests: fitted.items, nextCursor: fitted.nextCursor, counts };
    },
    exportScholarshipRequests: (ctx) => {
      const result = useCases.listScholarshipRequests.exportAll(listQuery(ctx, 'status'));
      if (!result.ok) throw domainFailure(result.error);
      sendCsv(ctx, 'scholarship-requests', SCHOLARSHIP_CSV_HEADER, result.value, scholarshipCsvRow);
    },
    bulkDecideScholarshipRequests: async (ctx) => {
      const ids = parseIds(ctx.request.body);
      const body = await parseBody(DecideScholarshipRequest, withoutIds(ctx.request.body));
      const result = await useCases.bulkDecideScholarshipRequests.execute({ ids, ...body }, actor(ctx));
      if (!result.ok) throw domainFailure(result.error);
      ctx.body = { success: true, results: result.value };
    },
    decideScholarshipRequest: async (ctx) => {
      const body = await parseBody(DecideScholarshipRequest, ctx.request.body);
      const result = await useCases.decideScholarshipRequest.execute({ id: ctx.params.id ?? '', ...body }, actor(ctx));
      if (!result.ok) throw domainFailure(result.error);
      ctx.body = { success: true, request: presentRequest(result.value) };
    },
    resendDelivery: async (ctx) => {
      const result = await useCases.resendDelivery.execute(ctx.params.id ?? '', actor(ctx));
      if (!result.ok) throw domainFailure(result.error);
      // Queued: the worker sends it within a few seconds. The list shows it as it goes.
      ctx.status = 202;
      ctx.body = { success: true };
    },
    revokeDownloadLink: async (ctx) => {
      const result = await useCases.revokeDownloadLink.execute(ctx.params.id ?? '', actor(ctx));
      if (!result.ok) throw domainFailure(result.error);
      ctx.body = { success: true, revoked: result.value.revoked };
    },
    listAuditEvents: async (ctx) => {
      const result = await useCases.listAuditEvents.execute(auditQuery(ctx));
      if (!result.ok) throw domainFailure(result.error);
      // Each admin's own name: the admins are few, read whole.
      const usernames = new Map((await useCases.manageAdmins.list()).map((admin) => [admin.id, admin.username]));
      const fitted = fitPage(result.value.events, [], result.value.nextCursor, (event) =>
        presentAuditEvent(event, usernames),
      );
      ctx.body = { success: true, logs: fitted.items, nextCursor: fitted.nextCursor };
    },
    exportAuditEvents: async (ctx) => {
      const result = await useCases.listAuditEvents.exportAll(auditQuery(ctx));
      if (!result.ok) throw domainFailure(result.error);
      sendCsv(ctx, 'audit-log', AUDIT_CSV_HEADER, result.value, auditCsvRow);
    },
    security: async (ctx) => {
      ctx.body = { success: true, ...presentSecurity(await useCases.getSecurity.execute(sessionActor(ctx))) };
    },
    endSession: async (ctx) => {
      const result = await useCases.endSessions.endOne(ctx.params.id ?? '', sessionActor(ctx));
      if (!result.ok) throw domainFailure(result.error);
      ctx.body = { success: true };
    },
    endOtherSessions: async (ctx) => {
      const { ended } = await useCases.endSessions.endOthers(sessionActor(ctx));
      ctx.body = { success: true, ended };
    },
    startTwoFactor: async (ctx) => {
      const result = await useCases.twoFactorSetup.start(sessionActor(ctx));
      if (!result.ok) throw domainFailure(result.error);
      ctx.body = { success: true, ...result.value };
    },
    confirmTwoFactor: async (ctx) => {
      const body = await parseBody(ConfirmTwoFactorRequest, ctx.request.body);
      const result = await useCases.twoFactorSetup.confirm(body, sessionActor(ctx));
      if (!result.ok) throw domainFailure(result.error);
      ctx.body = { success: true, recoveryCodes: result.value.recoveryCodes };
    },
    disableTwoFactor: async (ctx) => {
      const body = await parseBody(PasswordConfirmationRequest, ctx.request.body);
      const result = await useCases.twoFactorSetup.disable(body, sessionActor(ctx));
      if (!result.ok) throw domainFailure(result.error);
      ctx.body = { success: true };
    },
    listAdmins: async (ctx) => {
      ctx.body = { success: true, admins: (await useCases.manageAdmins.list()).map(presentAdmin) };
    },
    addAdmin: async (ctx) => {
      const body = await parseBody(AddAdminRequest, ctx.request.body);
      const result = await useCases.manageAdmins.add(body, actor(ctx));
      if (!result.ok) throw domainFailure(result.error);
      ctx.status = 201;
      ctx.body = {
        success: true,
        admin: presentAdmin(result.value.admin),
        temporaryPassword: result.value.temporaryPassword,
      };
    },
    removeAdmin: async (ctx) => {
      const result = await useCases.manageAdmins.remove(ctx.params.id ?? '', actor(ctx));
      if (!result.ok) throw domainFailure(result.error);
      ctx.body = { success: true };
    },
    changePassword: async (ctx) => {
      const body = await parseBody(ChangePasswordRequest, ctx.request.body);
      const result = await useCases.changePassword.execute(body, sessionActor(ctx));
      if (!result.ok) throw domainFailure(result.error);
      ctx.body = { success: true, endedSessions: result.value.endedSessions };
    },
    listCrackmeClaims: async (ctx) => {
      const after = ctx.query.after === undefined ? 0 : queryNumber(ctx.query.after);
      if (!Number.isInteger(after) || after < 0) {
        throw new HttpError(400, { success: false, error: 'The position to continue after must be a whole number.' });
      }
      const { claims, winners } = await useCases.listCrackmeClaims.execute({ after });
      ctx.body = {
        success: true,
        winners,
        claims: claims.map((claim) => ({
          id: claim.id,
          position: claim.position,
          name: claim.name,
          email: claim.email,
          createdAt: claim.createdAt.toISOString(),
          winner: claim.winner,
          prizeSentAt: claim.prizeSentAt?.toISOString() ?? null,
        })),
      };
    },
    markPrizeSent: async (ctx) => {
      const result = await useCases.markPrizeSent.execute(ctx.params.id ?? '', actor(ctx));
      if (!result.ok) throw domainFailure(result.error);
      ctx.body = { success: true, prizeSentAt: result.value.prizeSentAt?.toISOString() ?? null };
    },
    analytics: async (ctx) => {
      const result = await useCases.getAnalytics.execute({ days: queryValue(ctx.query.days) });
      if (!result.ok) throw domainFailure(result.error);
      ctx.body = { success: true, ...result.value };
    },
    // The address travels in the body, never in a URL: URLs end up in logs and histories.
    previewErasure: async (ctx) => {
      const body = (ctx.request.body ?? {}) as { email?: unknown };
      const result = await useCases.erasePerson.execute({ email: body.email, preview: true });
      if (!result.ok) throw domainFailure(result.error);
      ctx.body = { success: true, counts: result.value.counts };
    },
    erasePerson: async (ctx) => {
      const body = (ctx.request.body ?? {}) as { email?: unknown };
      const result = await useCases.erasePerson.execute({ email: body.email, actor: actor(ctx) });
      if (!result.ok) throw domainFailure(result.error);
      ctx.body = { success: true, counts: result.value.counts };
    },
  };
}

/** A router of the admin calls that do (`session`) or do not need a session, as ADMIN_API_ROUTES says. */
function adminRouter(options: HttpAppOptions, session: boolean): Router {
  const router = new Router({ prefix: ADMIN_API_PREFIX });
  if (session) {
    // With an explicit path: @koa/router matches a path-less `use` by a case-sensitive regular
    // expression while routes match case-insensitively, so /API/ADMIN/... reached the routes
    // without this check. '{/*rest}' goes through path-to-regexp like the routes themselves.
    router.use('{/*rest}', requireAdmin(options));
  }
  const handlers = adminHandlers(options);
  for (const name of Object.keys(ADMIN_API_ROUTES) as AdminApiRouteName[]) {
    const route: AdminApiRoute = ADMIN_API_ROUTES[name];
    if (route.session !== session) continue;
    if (route.method === 'GET') router.get(route.path, handlers[name]);
    else if (route.method === 'POST') router.post(route.path, handlers[name]);
    else if (route.method === 'DELETE') router.delete(route.path, handlers[name]);
    else router.patch(route.path, handlers[name]);
  }
  return router;
}

/** Sign-in: the one admin call without a session. */
export function adminLoginRoutes(options: HttpAppOptions): Router {
  return adminRouter(options, false);
}

/**
 * Requires a valid session. Installed with `router.use` on the admin router, so every route
 * added to that router is behind it: a new admin route cannot forget it.
 */
export function requireAdmin(options: HttpAppOptions): Middleware {
  return async (ctx, next) => {
    const token = bearerToken(ctx);
    const result = await options.useCases.authenticate.execute(token);
    if (!result.ok) throw domainFailure(result.error);
    const state = ctx.state as AdminState;
    state.admin = result.value;
    state.token = token ?? '';
    await next();
  };
}

/** Everything the owner does after signing in. */
export function adminRoutes(options: HttpAppOptions): Router {
  return adminRouter(options, true);
}

/** Liveness and readiness, for load balancers and orchestrators. */
export function healthRoutes(options: HttpAppOptions): Router {
  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    const ready = await options.checkReadiness().catch(() => false);
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'not ready' };
  });
  return router;
}
