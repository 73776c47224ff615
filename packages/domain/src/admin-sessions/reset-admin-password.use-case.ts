import { ERROR_MESSAGES } from '@memoir/shared';

import { AuditAction, AuditResourceType, newAuditEvent } from '../audit-log/audit-event';
import { NO_REQUEST_CONTEXT } from '../shared/request-context';
import { err, ok, type Result } from '../shared/result';
import { FieldErrors, invalidInput } from '../shared/text-fields';
import type { AdminWriteDeps } from './admin-transactions';
import { checkNewPassword } from './admin-credentials';
import { normalizeUsername } from './admin-user';
import { AdminUserErrorCode, type AdminUserError } from './admin-sessions.errors';
import type { PasswordHasher } from './password-hasher';

/** Sets a new password (from the command line) and ends every session of that admin. Audited. */
export class ResetAdminPasswordUseCase {
  constructor(private readonly deps: AdminWriteDeps & { readonly passwordHasher: PasswordHasher }) {}

  async execute(input: {
    readonly username: string;
    readonly password: string;
  }): Promise<Result<{ readonly revokedSessions: number }, AdminUserError>> {
    const errors = new FieldErrors();
    const password = checkNewPassword(errors, input.password);
    if (password === null) return err(invalidInput(AdminUserErrorCode.Invalid, errors));
    const username = normalizeUsername(input.username);
    const passwordHash = await this.deps.passwordHasher.hash(password);

    return this.deps.unitOfWork.transaction(async ({ adminUsers, adminSessions, auditEvents }) => {
      const user = username === '' ? null : await adminUsers.findByUsername(username);
      if (user === null) return err({ code: AdminUserErrorCode.NotFound, message: ERROR_MESSAGES.adminNotFound });
      await adminUsers.updatePasswordHash(user.id, passwordHash, this.deps.clock.now());
      const revokedSessions = await adminSessions.revokeAllForUser(user.id);
      await auditEvents.append(
        newAuditEvent(
          this.deps,
          {
            action: AuditAction.PasswordReset,
            resourceType: AuditResourceType.AdminUser,
            resourceId: user.id,
            userId: user.id,
            details: { revokedSessions },
          },
          NO_REQUEST_CONTEXT,
        ),
      );
      return ok({ revokedSessions });
    });
  }
}
