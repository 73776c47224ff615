import { ERROR_MESSAGES } from '@memoir/shared';

import { AuditAction, AuditResourceType, newAuditEvent } from '../audit-log/audit-event';
import type { RateLimitPolicy, RateLimiter } from '../rate-limiting/rate-limiter';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/id-generator';
import type { Actor } from '../shared/request-context';
import { err, ok, type Result } from '../shared/result';
import { FieldErrors, invalidInput } from '../shared/text-fields';
import type { AdminTransactions } from './admin-transactions';
import { checkNewPassword } from './admin-credentials';
import { isSessionAlive, type SessionPolicy } from './admin-session';
import type { AdminSessionRepository } from './admin-session.repository';
import type { AdminUserRepository } from './admin-user.repository';
import {
  AdminSessionErrorCode,
  AdminUserErrorCode,
  type AdminSessionError,
  type AdminUserError,
} from './admin-sessions.errors';
import type { PasswordHasher } from './password-hasher';

/** An admin acting through one of their sessions: "this session" is `sessionId`. */
export interface SessionActor extends Actor {
  readonly sessionId: string;
}

/** One of the admin's own sessions, as the Security screen lists it. */
export interface OwnSessionView {
  readonly id: string;
  readonly current: boolean;
  readonly userAgent: string | null;
  readonly ipAddress: string | null;
  readonly createdAt: Date;
  readonly lastSeenAt: Date;
}

export interface SecurityOverview {
  readonly twoFactorEnabled: boolean;
  /** Live sessions, this one first, then the most recently active first. */
  readonly sessions: readonly OwnSessionView[];
}

/** The Security screen: whether two-factor sign-in is on, and the admin's live sessions. */
export class GetSecurityUseCase {
  constructor(
    private readonly deps: {
      readonly adminSessions: AdminSessionRepository;
      readonly adminUsers: AdminUserRepository;
      readonly sessionPolicy: SessionPolicy;
      readonly clock: Clock;
    },
  ) {}

  async execute(actor: SessionActor): Promise<SecurityOverview> {
    const now = this.deps.clock.now();
    const [user, sessions] = await Promise.all([
      this.deps.adminUsers.findById(actor.userId),
      this.deps.adminSessions.listForUser(actor.userId),
    ]);
    const live = sessions
      .filter((session) => isSessionAlive(session, this.deps.sessionPolicy, now))
      .map((session) => ({
        id: session.id,
        current: session.id === actor.sessionId,
        userAgent: session.userAgent,
        ipAddress: session.ipAddress,
        createdAt: session.createdAt,
        lastSeenAt: session.lastSeenAt,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.getTime() - a.lastSeenAt.getTime());
    return { twoFactorEnabled: user?.twoFactorEnabled ?? false, sessions: live };
  }
}

/**
 * Ends one of the admin's own sessions (its token fails at once), or every other one. Ending
 * this session is signing out. Audited as `session_ended`.
 */
export class EndSessionsUseCase {
  constructor(
    private readonly deps: {
      readonly unitOfWork: AdminTransactions;
      readonly clock: Clock;
      readonly ids: IdGenerator;
    },
  ) {}

  async endOne(sessionId: string, actor: SessionActor): Promise<Result<void, AdminUserError>> {
    return this.deps.unitOfWork.transaction(async ({ adminSessions, auditEvents }) => {
      const ended = sessionId !== '' && (await adminSessions.revokeOfUser(sessionId, actor.userId));
      if (!ended) return err({ code: AdminUserErrorCode.SessionNotFound, message: ERROR_MESSAGES.sessionNotFound });
      await auditEvents.append(
        newAuditEvent(
          this.deps,
          {
            action: AuditAction.SessionEnded,
            resourceType: AuditResourceType.AdminSession,
            resourceId: sessionId,
            userId: actor.userId,
            details: { current: sessionId === actor.sessionId },
          },
          actor,
        ),
      );
      return ok(undefined);
    });
  }

  async endOthers(actor: SessionActor): Promise<{ readonly ended: number }> {
    return this.deps.unitOfWork.transaction(async ({ adminSessions, auditEvents }) => {
      const ended = await adminSessions.revokeAllForUserExcept(actor.userId, actor.sessionId);
      await auditEvents.append(
        newAuditEvent(
          this.deps,
          {
            action: AuditAction.SessionEnded,
            resourceType: AuditResourceType.AdminSession,
            resourceId: null,
            userId: actor.userId,
            details: { others: true, ended },
          },
          actor,
        ),
      );
      return { ended };
    });
  }
}

export interface ChangePasswordInput {
  readonly currentPassword: string;
  readonly newPassword: string;
}

/**
 * The admin changes their own password: the current one is required (wrong ones are limited
 * like sign-ins, per account), the new one follows the command line's rules, and every other
 * session ends. Audited as `password_changed`.
 */
export class ChangePasswordUseCase {
  constructor(
    private readonly deps: {
      readonly adminUsers: AdminUserRepository;
      readonly unitOfWork: AdminTransactions;
      readonly passwordHasher: PasswordHasher;
      readonly rateLimiter: RateLimiter;
      readonly loginPolicy: RateLimitPolicy;
      readonly clock: Clock;
      readonly ids: IdGenerator;
    },
  ) {}

  async execute(
    input: ChangePasswordInput,
    actor: SessionActor,
  ): Promise<Result<{ readonly endedSessions: number }, AdminUserError | AdminSessionError>> {
    const errors = new FieldErrors();
    const current = typeof input.currentPassword === 'string' ? input.currentPassword : '';
    if (current === '') errors.add('currentPassword', 'The current password is required.');
    const freshErrors = new FieldErrors();
    const fresh = checkNewPassword(freshErrors, input.newPassword);
    for (const message of Object.values(freshErrors.toRecord())) errors.add('newPassword', message);
    if (fresh === null || current === '') return err(invalidInput(AdminUserErrorCode.Invalid, errors));

    const key = `password:user:${actor.userId}`;
    const attempt = await this.deps.rateLimiter.reserve(key, this.deps.loginPolicy);
    if (!attempt.verdict.allowed) {
      await this.deps.rateLimiter.giveBack(key);
      return err({
        code: AdminSessionErrorCode.TooManyAttempts,
        message: ERROR_MESSAGES.tooManyPasswordAttempts,
        retryAfterSeconds: attempt.verdict.retryAfterSeconds,
      });
    }
    const user = await this.deps.adminUsers.findById(actor.userId);
    if (user === null || !(await this.deps.passwordHasher.verify(current, user.passwordHash))) {
      return err({
        code: AdminUserErrorCode.WrongPassword,
        message: ERROR_MESSAGES.wrongCurrentPassword,
        fieldErrors: { currentPassword: ERROR_MESSAGES.wrongCurrentPassword },
      });
    }
    await this.deps.rateLimiter.reset(key);
    const passwordHash = await this.deps.passwordHasher.hash(fresh);
    return this.deps.unitOfWork.transaction(async ({ adminUsers, adminSessions, auditEvents }) => {
      await adminUsers.updatePasswordHash(user.id, passwordHash, this.deps.clock.now());
      const endedSessions = await adminSessions.revokeAllForUserExcept(user.id, actor.sessionId);
      await auditEvents.append(
        newAuditEvent(
          this.deps,
          {
            action: AuditAction.PasswordChanged,
            resourceType: AuditResourceType.AdminUser,
            resourceId: user.id,
            userId: user.id,
            details: { endedSessions },
          },
          actor,
        ),
      );
      return ok({ endedSessions });
    });
  }
}
