import { ERROR_MESSAGES } from '@memoir/shared';

import { AuditAction, AuditResourceType, newAuditEvent } from '../audit-log/audit-event';
import type { Clock } from '../shared/clock';
import type { Actor } from '../shared/request-context';
import { err, ok, type Result } from '../shared/result';
import { FieldErrors, invalidInput } from '../shared/text-fields';
import type { AdminWriteDeps } from './admin-transactions';
import { checkCurrentPassword, checkNewPassword, type CurrentPasswordDeps } from './admin-credentials';
import { isSessionAlive, type SessionPolicy } from './admin-session';
import type { AdminSessionRepository } from './admin-session.repository';
import type { AdminUserRepository } from './admin-user.repository';
import { AdminUserErrorCode, type AdminSessionError, type AdminUserError } from './admin-sessions.errors';

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
  constructor(private readonly deps: AdminWriteDeps) {}

  async endOne(sessionId: string, actor: SessionActor): Promise<Result<void, AdminUserError>> {
    return this.deps.unitOfWork.transaction(async ({ adminSessions, auditEvents }) => {
      const ended = sessionId !== '' && (await adminSessions.revokeOfUser(sessionId, actor.userId));
      if (!ended) return err({ code: AdminUserErrorCode.SessionNotFound, message: ERROR_MESSAGES.sessionNotFound });
      await auditEvents.append(this.sessionEnded(actor, sessionId, { current: sessionId === actor.sessionId }));
      return ok(undefined);
    });
  }

  async endOthers(actor: SessionActor): Promise<{ readonly ended: number }> {
    return this.deps.unitOfWork.transaction(async ({ adminSessions, auditEvents }) => {
      const ended = await adminSessions.revokeAllForUserExcept(actor.userId, actor.sessionId);
      await auditEvents.append(this.sessionEnded(actor, null, { others: true, ended }));
      return { ended };
    });
  }

  /** `session_ended`: one session (`sessionId`), or every other one (null). */
  private sessionEnded(actor: SessionActor, sessionId: string | null, details: Readonly<Record<string, unknown>>) {
    const resource = { resourceType: AuditResourceType.AdminSession, resourceId: sessionId };
    return newAuditEvent(
      this.deps,
      { action: AuditAction.SessionEnded, ...resource, userId: actor.userId, details },
      actor,
    );
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
    private readonly deps: AdminWriteDeps & CurrentPasswordDeps & { readonly adminUsers: AdminUserRepository },
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

    const confirmed = await checkCurrentPassword(
      this.deps,
      actor.userId,
      { field: 'currentPassword', password: current },
      async () => (await this.deps.adminUsers.findById(actor.userId))?.passwordHash ?? null,
    );
    if (!confirmed.ok) return confirmed;
    const passwordHash = await this.deps.passwordHasher.hash(fresh);
    return this.deps.unitOfWork.transaction(async ({ adminUsers, adminSessions, auditEvents }) => {
      await adminUsers.updatePasswordHash(actor.userId, passwordHash, this.deps.clock.now());
      const endedSessions = await adminSessions.revokeAllForUserExcept(actor.userId, actor.sessionId);
      await auditEvents.append(
        newAuditEvent(
          this.deps,
          {
            action: AuditAction.PasswordChanged,
            resourceType: AuditResourceType.AdminUser,
            resourceId: actor.userId,
            userId: actor.userId,
            details: { endedSessions },
          },
          actor,
        ),
      );
      return ok({ endedSessions });
    });
  }
}
