import { ERROR_MESSAGES } from '@memoir/shared';

import { AuditAction, AuditResourceType, newAuditEvent } from '../audit-log/audit-event';
import { NO_REQUEST_CONTEXT } from '../shared/request-context';
import { err, ok, type Result } from '../shared/result';
import { FieldErrors, invalidInput } from '../shared/text-fields';
import type { AdminWriteDeps } from './admin-transactions';
import { checkNewPassword, checkNewUsername } from './admin-credentials';
import { newAdminUser, toAdminUserView, type AdminUserView } from './admin-user';
import { AdminUserErrorCode, type AdminUserError } from './admin-sessions.errors';
import type { PasswordHasher } from './password-hasher';

export interface CreateAdminInput {
  readonly username: string;
  readonly password: string;
}

/** Creates an admin account (from the command line or on first start). Audited. */
export class CreateAdminUseCase {
  constructor(private readonly deps: AdminWriteDeps & { readonly passwordHasher: PasswordHasher }) {}

  async execute(input: CreateAdminInput): Promise<Result<AdminUserView, AdminUserError>> {
    const errors = new FieldErrors();
    const username = checkNewUsername(errors, input.username);
    const password = checkNewPassword(errors, input.password);
    if (username === null || password === null) return err(invalidInput(AdminUserErrorCode.Invalid, errors));

    const user = newAdminUser(this.deps, username, await this.deps.passwordHasher.hash(password));
    return this.deps.unitOfWork.transaction(async ({ adminUsers, auditEvents }) => {
      if (!(await adminUsers.addIfUsernameFree(user))) {
        return err({ code: AdminUserErrorCode.UsernameTaken, message: ERROR_MESSAGES.usernameTaken });
      }
      await auditEvents.append(
        newAuditEvent(
          this.deps,
          {
            action: AuditAction.AdminCreated,
            resourceType: AuditResourceType.AdminUser,
            resourceId: user.id,
            userId: user.id,
            details: { username },
          },
          NO_REQUEST_CONTEXT,
        ),
      );
      return ok(toAdminUserView(user));
    });
  }
}
