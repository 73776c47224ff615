import { ERROR_MESSAGES } from '@memoir/shared';

import { AuditAction, AuditResourceType, keptUserAgent, newAuditEvent } from '../audit-log/audit-event';
import type { AuditEventRepository } from '../audit-log/audit-event.repository';
import { newDelivery, SECURITY_ALERT_KEY_PREFIX, signInAlertKey } from '../outbox/delivery';
import type { DeliveryRepository } from '../outbox/delivery.repository';

import type { RateLimitPolicy, RateLimitVerdict, RateLimiter } from '../rate-limiting/rate-limiter';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/id-generator';
import type { RequestContext } from '../shared/request-context';
import { err, ok, type Result } from '../shared/result';
import type { AdminTransactions } from './admin-transactions';
import type { SessionPolicy } from './admin-session';
import { normalizeUsername, toAdminUserView, type AdminUser, type AdminUserView } from './admin-user';
import type { AdminUserRepository } from './admin-user.repository';
import { AdminSessionErrorCode, type AdminSessionError } from './admin-sessions.errors';
import type { PasswordHasher } from './password-hasher';
import type { SecretTokens } from '../shared/secret-tokens';
import type { TwoFactorRepository } from './two-factor.repository';

export interface LogInInput {
  readonly username: string;
  readonly password: string;
}

export interface LogInSuccess {
  readonly twoFactorRequired?: false;
  /** Given to the client once; only its hash is stored. */
  readonly sessionToken: string;
  readonly user: AdminUserView;
  readonly expiresAt: Date;
}

/** The password was right and the account has two-factor on: the code comes next, with this challenge. */
export interface TwoFactorRequired {
  readonly twoFactorRequired: true;
  /** Given to the client once; only its hash is stored. Single-use, short-lived. */
  readonly challenge: string;
  readonly expiresAt: Date;
}

/** How long the second step may take after the password. */
export const TWO_FACTOR_CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** What starting a session needs. */
export interface SessionStartDeps {
  readonly unitOfWork: AdminTransactions;
  readonly auditEvents: AuditEventRepository;
  /** Whether an owner's address is configured to alert (OWNER_EMAIL). */
  readonly alertOwner: boolean;
  readonly tokens: SecretTokens;
  readonly sessionPolicy: SessionPolicy;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/** How many of an admin's latest sign-ins a new one is compared with to call its device new. */
export const KNOWN_DEVICE_SIGN_INS = 50;

/**
 * Starts a session for `user` and audits the sign-in (`details`, e.g. the second factor used),
 * in one transaction. A sign-in whose user agent none of the admin's latest sign-ins had (and
 * not the first ever) queues the owner's "new device" alert with it. Returns what the client
 * is given.
 */
export async function startSession(
  deps: SessionStartDeps,
  user: AdminUser,
  context: RequestContext,
  details: Readonly<Record<string, unknown>> | null = null,
): Promise<LogInSuccess> {
  const sessionToken = deps.tokens.newToken();
  const now = deps.clock.now();
  const session = {
    id: deps.ids.next(),
    userId: user.id,
    tokenHash: deps.tokens.hashOf(sessionToken),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + deps.sessionPolicy.absoluteTimeoutMs),
    ipAddress: context.ipAddress,
    userAgent: context.userAgent === null ? null : keptUserAgent(context.userAgent),
  };
  const earlier = await deps.auditEvents.listNewestFirst({
    limit: KNOWN_DEVICE_SIGN_INS,
    filter: { action: AuditAction.Login, userId: user.id },
  });
  const newDevice = earlier.length > 0 && !earlier.some((event) => event.userAgent === session.userAgent);
  const event = newAuditEvent(
    deps,
    {
      action: AuditAction.Login,
      resourceType: AuditResourceType.AdminSession,
      resourceId: session.id,
      userId: user.id,
      details: newDevice ? { ...details, newDevice: true } : details,
    },
    context,
  );
  await deps.unitOfWork.transaction(async ({ adminSessions, auditEvents, deliveries }) => {
    await adminSessions.add(session);
    await auditEvents.append(event);
    if (newDevice && deps.alertOwner) await deliveries.addUnlessDuplicate(securityAlert(deps, event.id));
  });
  return { sessionToken, user: toAdminUserView(user), expiresAt: session.expiresAt };
}

/** The rate-limit keys of one sign-in attempt; `address` is the client's rate-limit key (an IPv6 /64). */
export function loginThrottleKeys(
  username: string,
  address: string | null,
): { readonly pair: string; readonly address: string | null; readonly account: string } {
  const account = normalizeUsername(username);
  const known = address !== null && address !== '';
  return {
    pair: `login:pair:${known ? address : 'unknown'}:${account}`,
    address: known ? `login:ip:${address}` : null,
    account: `login:user:${account}`,
  };
}

/** The owner's email reporting the audit event `eventId` (a new device, two-factor off, a new admin). */
export function securityAlert(deps: { readonly clock: Clock; readonly ids: IdGenerator }, eventId: string) {
  return {
    ...newDelivery({ id: deps.ids.next(), kind: 'security_alert', now: deps.clock.now() }),
    dedupeKey: `${SECURITY_ALERT_KEY_PREFIX}${eventId}`,
  };
}

/** A failed sign-in (`login_failed`), of a known admin or not (`userId` null); `details` say why. */
export function loginFailedEvent(
  deps: { readonly clock: Clock; readonly ids: IdGenerator },
  context: RequestContext,
  userId: string | null,
  details: Readonly<Record<string, unknown>>,
) {
  const fields = { action: AuditAction.LoginFailed, resourceType: AuditResourceType.AdminSession, resourceId: null };
  return newAuditEvent(deps, { ...fields, userId, details }, context);
}

/** The field of a refusal tally's details that counts the refusals. */
const REFUSALS = 'refusals';

/**
 * The owner signs in. Unknown usernames and wrong passwords give the same error and cost
 * the same password-hash work, so neither answer nor timing tells which usernames exist.
 *
 * Limits (docs/domain.md), each counted in the shared store:
 * - `loginPolicy.max` failures per username from one address, and per address across
 *   usernames: then refused, even with the right password, until the window ends. The attempt
 *   is reserved (counted) before the password is checked, atomically, so concurrent guesses
 *   from one or several processes cannot all be checked; a refused attempt gives its
 *   reservation back, and so does a right password.
 * - `accountPolicy.max` failures on one username from anywhere: the owner gets an email (once
 *   per window) and addresses that have failed on it are refused until the window ends. An
 *   address that has not failed is never refused for the account's sake, so nobody can lock
 *   the owner out from elsewhere.
 * A throttled address's refusals go into one audit event per window, with their count.
 */
export class LogInUseCase {
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly deps: {
      readonly adminUsers: AdminUserRepository;
      readonly auditEvents: AuditEventRepository;
      readonly twoFactor: TwoFactorRepository;
      readonly deliveries: DeliveryRepository;
      readonly unitOfWork: AdminTransactions;
      readonly passwordHasher: PasswordHasher;
      readonly tokens: SecretTokens;
      readonly rateLimiter: RateLimiter;
      readonly loginPolicy: RateLimitPolicy;
      readonly accountPolicy: RateLimitPolicy;
      /** The client as the limits count it (an IPv6 address's /64); the audit keeps the full address. */
      readonly addressKey: (ipAddress: string) => string;
      /** Whether an owner's address is configured to alert (OWNER_EMAIL). */
      readonly alertOwner: boolean;
      readonly sessionPolicy: SessionPolicy;
      readonly clock: Clock;
      readonly ids: IdGenerator;
    },
  ) {}

  async execute(
    input: LogInInput,
    context: RequestContext,
  ): Promise<Result<LogInSuccess | TwoFactorRequired, AdminSessionError>> {
    const username = normalizeUsername(typeof input.username === 'string' ? input.username : '');
    const password = typeof input.password === 'string' ? input.password : '';
    if (username === '' || password === '') return err(invalidCredentials());

    const { rateLimiter, loginPolicy, accountPolicy } = this.deps;
    const address =
      context.ipAddress === null || context.ipAddress === '' ? null : this.deps.addressKey(context.ipAddress);
    const keys = loginThrottleKeys(username, address);
    const reserved: string[] = [];
    const refuse = async (verdict: RateLimitVerdict) => {
      await Promise.all(reserved.map((key) => rateLimiter.giveBack(key)));
      await this.countRefusal(username, address, context);
      return err<AdminSessionError>({
        code: AdminSessionErrorCode.TooManyAttempts,
        message: ERROR_MESSAGES.tooManyLoginAttempts,
        retryAfterSeconds: verdict.allowed ? 1 : verdict.retryAfterSeconds,
      });
    };

    const pair = await rateLimiter.reserve(keys.pair, loginPolicy);
    reserved.push(keys.pair);
    if (!pair.verdict.allowed) return refuse(pair.verdict);
    if (keys.address !== null) {
      const fromAddress = await rateLimiter.reserve(keys.address, loginPolicy);
      reserved.push(keys.address);
      if (!fromAddress.verdict.allowed) return refuse(fromAddress.verdict);
    }
    // Past the account's ceiling, an address that has already failed on it gets no more tries.
    if (pair.count > 1) {
      const account = await rateLimiter.check(keys.account, accountPolicy);
      if (!account.allowed) return refuse(account);
    }

    const user = await this.deps.adminUsers.findByUsername(username);
    const matches =
      user === null
        ? await this.deps.passwordHasher.verify(password, await this.hashToCompareAgainst()).then(() => false)
        : await this.deps.passwordHasher.verify(password, user.passwordHash);

    if (user === null || !matches) {
      // The reservations stay: they are this failure's count.
      const account = await rateLimiter.record(keys.account, accountPolicy);
      if (user !== null && this.deps.alertOwner && account.count === accountPolicy.max) {
        await this.deps.deliveries.addUnlessDuplicate({
          ...newDelivery({ id: this.deps.ids.next(), kind: 'signin_alert', now: this.deps.clock.now() }),
          dedupeKey: signInAlertKey(user.id, account.resetAt),
        });
      }
      await this.recordFailure(username, user?.id ?? null, context);
      return err(invalidCredentials());
    }

    // A right password is no failure: the pair starts afresh and the address gets its attempt back.
    await rateLimiter.reset(keys.pair);
    if (keys.address !== null) await rateLimiter.giveBack(keys.address);
    if (user.twoFactorEnabled && user.totpSecret !== null) {
      const challenge = this.deps.tokens.newToken();
      const now = this.deps.clock.now();
      const expiresAt = new Date(now.getTime() + TWO_FACTOR_CHALLENGE_TTL_MS);
      await this.deps.twoFactor.addChallenge({
        id: this.deps.ids.next(),
        userId: user.id,
        tokenHash: this.deps.tokens.hashOf(challenge),
        createdAt: now,
        expiresAt,
      });
      return ok({ twoFactorRequired: true, challenge, expiresAt });
    }
    return ok(await startSession(this.deps, user, context));
  }

  /** A real hash of a random secret, made once, so an unknown user costs one verification too. */
  private hashToCompareAgainst(): Promise<string> {
    this.dummyHash ??= this.deps.passwordHasher.hash(this.deps.tokens.newToken());
    return this.dummyHash;
  }

  private async recordFailure(username: string, userId: string | null, context: RequestContext): Promise<void> {
    await this.deps.auditEvents.append(
      loginFailedEvent(this.deps, context, userId, { username, reason: 'invalid_credentials' }),
    );
  }

  /**
   * A refused attempt: counted into the one event of this address (or, without one, this
   * username) for the current window of the sign-in limit, so a guesser cannot grow the trail.
   * The event keeps the first refusal's username, full address and user agent.
   */
  private async countRefusal(username: string, address: string | null, context: RequestContext): Promise<void> {
    const window = Math.floor(this.deps.clock.now().getTime() / this.deps.loginPolicy.windowMs);
    const who = address === null ? `user:${username}` : `ip:${address}`;
    await this.deps.auditEvents.appendOrCount(
      loginFailedEvent(this.deps, context, null, { username, reason: 'too_many_attempts', [REFUSALS]: 1 }),
      `login-refusals:${who}:${window}`,
      REFUSALS,
    );
  }
}

function invalidCredentials(): AdminSessionError {
  return { code: AdminSessionErrorCode.InvalidCredentials, message: ERROR_MESSAGES.invalidCredentials };
}
