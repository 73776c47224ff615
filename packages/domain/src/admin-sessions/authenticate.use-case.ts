import { ERROR_MESSAGES } from '@memoir/shared';

import type { Clock } from '../shared/clock';
import { err, ok, type Result } from '../shared/result';
import { isSessionAlive, type AdminSession, type SessionPolicy } from './admin-session';
import type { AdminSessionRepository } from './admin-session.repository';
import { toAdminUserView, type AdminUserView } from './admin-user';
import type { AdminUserRepository } from './admin-user.repository';
import { AdminSessionErrorCode, type AdminSessionError } from './admin-sessions.errors';
import type { SecretTokens } from '../shared/secret-tokens';

export interface Authenticated {
  readonly user: AdminUserView;
  readonly session: AdminSession;
}

export function notAuthenticated(): AdminSessionError {
  return { code: AdminSessionErrorCode.NotAuthenticated, message: ERROR_MESSAGES.notAuthenticated };
}

/**
 * Who holds this token? A missing, blank, unknown, revoked or expired token is
 * NOT_AUTHENTICATED; an expired session is removed when found. Use moves the idle deadline.
 */
export class AuthenticateUseCase {
  constructor(
    private readonly deps: {
      readonly adminSessions: AdminSessionRepository;
      readonly adminUsers: AdminUserRepository;
      readonly tokens: SecretTokens;
      readonly sessionPolicy: SessionPolicy;
      readonly clock: Clock;
    },
  ) {}

  async execute(token: string | null | undefined): Promise<Result<Authenticated, AdminSessionError>> {
    // Never look up a blank token: some storage layers read "no condition" as "any row".
    if (typeof token !== 'string' || token.trim() === '') return err(notAuthenticated());

    const session = await this.deps.adminSessions.findByTokenHash(this.deps.tokens.hashOf(token));
    if (session === null) return err(notAuthenticated());

    const now = this.deps.clock.now();
    if (!isSessionAlive(session, this.deps.sessionPolicy, now)) {
      await this.deps.adminSessions.revoke(session.id);
      return err(notAuthenticated());
    }
    const user = await this.deps.adminUsers.findById(session.userId);
    if (user === null) {
      await this.deps.adminSessions.revoke(session.id);
      return err(notAuthenticated());
    }
    if (now.getTime() - session.lastSeenAt.getTime() >= this.deps.sessionPolicy.touchIntervalMs) {
      await this.deps.adminSessions.touch(session.id, now);
    }
    return ok({ user: toAdminUserView(user), session });
  }
}
