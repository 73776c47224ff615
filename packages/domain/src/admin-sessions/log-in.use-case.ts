import { ERROR_MESSAGES } from '@memoir/shared';

import { AuditAction, AuditResourceType, newAuditEvent } from '../audit-log/audit-event';
import type { AuditEventRepository } from '../audit-log/audit-event.repository';
import type { RateLimitPolicy, RateLimiter } from '../rate-limiting/rate-limiter';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/id-generator';
import type { RequestContext } from '../shared/request-context';
import { err, ok, type Result } from '../shared/result';
import type { UnitOfWork } from '../shared/unit-of-work';
import type { SessionPolicy } from './admin-session';
import { normalizeUsername, toAdminUserView, type AdminUserView } from './admin-user';
import type { AdminUserRepository } from './admin-user.repository';
import { AdminSessionErrorCode, type AdminSessionError } from './admin-sessions.errors';
import type { PasswordHasher } from './password-hasher';
import type { SessionTokenService } from './session-token-service';

export interface LogInInput {
  readonly username: string;
  readonly password: string;
}

export interface LogInSuccess {
  /** Given to the client once; only its hash is stored. */
  readonly sessionToken: string;
  readonly user: AdminUserView;
  readonly expiresAt: Date;
}

/** The rate-limit keys of one sign-in attempt: the username and the client's address. */
export function loginThrottleKeys(username: string, ipAddress: string | null): string[] {
  const keys = [`login:user:${normalizeUsername(username)}`];
  if (ipAddress !== null && ipAddress !== '') keys.push(`login:ip:${ipAddress}`);
  return keys;
}

/**
 * The owner signs in. Unknown usernames and wrong passwords give the same error and cost
 * the same password-hash work, so neither answer nor timing tells which usernames exist.
 * After `loginPolicy.max` failures for a username or an address, attempts are refused
 * (even with the right password) until the window ends.
 */
export class LogInUseCase {
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly deps: {
      readonly adminUsers: AdminUserRepository;
      readonly auditEvents: AuditEventRepository;
      readonly unitOfWork: UnitOfWork;
      readonly passwordHasher: PasswordHasher;
      readonly tokens: SessionTokenService;
      readonly rateLimiter: RateLimiter;
      readonly loginPolicy: RateLimitPolicy;
      readonly sessionPolicy: SessionPolicy;
      readonly clock: Clock;
      readonly ids: IdGenerator;
    },
  ) {}

  async execute(input: LogInInput, context: RequestContext): Promise<Result<LogInSuccess, AdminSessionError>> {
    const username = normalizeUsername(typeof input.username === 'string' ? input.username : '');
    const password = typeof input.password === 'string' ? input.password : '';
    if (username === '' || password === '') return err(invalidCredentials());

    const keys = loginThrottleKeys(username, context.ipAddress);
    for (const key of keys) {
      const verdict = await this.deps.rateLimiter.check(key, this.deps.loginPolicy);
      if (!verdict.allowed) {
        await this.recordFailure(username, null, 'too_many_attempts', context);
        return err({
          code: AdminSessionErrorCode.TooManyAttempts,
          message: ERROR_MESSAGES.tooManyLoginAttempts,
          retryAfterSeconds: verdict.retryAfterSeconds,
        });
      }
    }

    const user = await this.deps.adminUsers.findByUsername(username);
    const matches =
      user === null
        ? await this.deps.passwordHasher.verify(password, await this.hashToCompareAgainst()).then(() => false)
        : await this.deps.passwordHasher.verify(password, user.passwordHash);

    if (user === null || !matches) {
      await Promise.all(keys.map((key) => this.deps.rateLimiter.record(key, this.deps.loginPolicy)));
      await this.recordFailure(username, user?.id ?? null, 'invalid_credentials', context);
      return err(invalidCredentials());
    }

    await this.deps.rateLimiter.reset(keys[0] ?? '');
    const sessionToken = this.deps.tokens.generate();
    const now = this.deps.clock.now();
    const session = {
      id: this.deps.ids.next(),
      userId: user.id,
      tokenHash: this.deps.tokens.hash(sessionToken),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + this.deps.sessionPolicy.absoluteTimeoutMs),
    };
    await this.deps.unitOfWork.transaction(async ({ adminSessions, auditEvents }) => {
      await adminSessions.add(session);
      await auditEvents.append(
        newAuditEvent(
          this.deps,
          {
            action: AuditAction.Login,
            resourceType: AuditResourceType.AdminSession,
            resourceId: session.id,
            userId: user.id,
          },
          context,
        ),
      );
    });
    return ok({ sessionToken, user: toAdminUserView(user), expiresAt: session.expiresAt });
  }

  /** A real hash of a random secret, made once, so an unknown user costs one verification too. */
  private hashToCompareAgainst(): Promise<string> {
    this.dummyHash ??= this.deps.passwordHasher.hash(this.deps.tokens.generate());
    return this.dummyHash;
  }

  private async recordFailure(
    username: string,
    userId: string | null,
    reason: string,
    context: RequestContext,
  ): Promise<void> {
    await this.deps.auditEvents.append(
      newAuditEvent(
        this.deps,
        {
          action: AuditAction.LoginFailed,
          resourceType: AuditResourceType.AdminSession,
          resourceId: null,
          userId,
          details: { username, reason },
        },
        context,
      ),
    );
  }
}

function invalidCredentials(): AdminSessionError {
  return { code: AdminSessionErrorCode.InvalidCredentials, message: ERROR_MESSAGES.invalidCredentials };
}
