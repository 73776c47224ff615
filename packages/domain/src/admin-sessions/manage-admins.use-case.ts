import { ERROR_MESSAGES } from '@memoir/shared';

import { AuditAction, AuditResourceType, newAuditEvent } from '../audit-log/audit-event';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/id-generator';
import type { Actor } from '../shared/request-context';
import { err, ok, type Result } from '../shared/result';
import { FieldErrors, invalidInput } from '../shared/text-fields';
import type { AdminTransactions } from './admin-transactions';
import { checkNewUsername } from './admin-credentials';
import { newAdminUser, type AdminUser } from './admin-user';
import type { AdminUserRepository } from './admin-user.repository';
import { AdminUserErrorCode, type AdminUserError } from './admin-sessions.errors';
import { securityAlert } from './log-in.use-case';
import type { PasswordHasher } from './password-hasher';
import type { SecretTokens } from '../shared/secret-tokens';

/** An admin as the Admins list shows them. */
export interface AdminListItem {
  readonly id: string;
  readonly username: string;
  readonly createdAt: Date;
  readonly twoFactorEnabled: boolean;
}

const listItem = (user: AdminUser): AdminListItem => ({
  id: user.id,
  username: user.username,
  createdAt: user.createdAt,
  twoFactorEnabled: user.twoFactorEnabled,
});

/**
 * The admins, from the Security screen: list, add (with a temporary password shown once),
 * remove (never the last). Each change is audited under the acting admin's id; a new admin
 * emails the owner.
 */
export class ManageAdminsUseCase {
  constructor(
    private readonly deps: {
      readonly adminUsers: AdminUserRepository;
      readonly unitOfWork: AdminTransactions;
      readonly passwordHasher: PasswordHasher;
      /** Makes the temporary password: 256 random bits, base64url (43 characters). */
      readonly tokens: SecretTokens;
      readonly alertOwner: boolean;
      readonly clock: Clock;
      readonly ids: IdGenerator;
    },
  ) {}

  async list(): Promise<AdminListItem[]> {
    return (await this.deps.adminUsers.listAll()).map(listItem);
  }

  async add(
    input: { readonly username: string },
    actor: Actor,
  ): Promise<Result<{ admin: AdminListItem; temporaryPassword: string }, AdminUserError>> {
    const errors = new FieldErrors();
    const username = checkNewUsername(errors, input.username);
    if (username === null) return err(invalidInput(AdminUserErrorCode.Invalid, errors));
    const temporaryPassword = this.deps.tokens.newToken();
    const user = newAdminUser(this.deps, username, await this.deps.passwordHasher.hash(temporaryPassword));
    const event = newAuditEvent(
      this.deps,
      {
        action: AuditAction.AdminAdded,
        resourceType: AuditResourceType.AdminUser,
        resourceId: user.id,
        userId: actor.userId,
        details: { username },
      },
      actor,
    );
    return this.deps.unitOfWork.transaction(async ({ adminUsers, auditEvents, deliveries }) => {
      if (!(await adminUsers.addIfUsernameFree(user))) {
        return err({ code: AdminUserErrorCode.UsernameTaken, message: ERROR_MESSAGES.usernameTaken });
      }
      await auditEvents.append(event);
      if (this.deps.alertOwner) await deliveries.addUnlessDuplicate(securityAlert(this.deps, event.id));
      return ok({ admin: listItem(user), temporaryPassword });
    });
  }

  async remove(id: string, actor: Actor): Promise<Result<void, AdminUserError>> {
    return this.deps.unitOfWork.transaction(async ({ adminUsers, auditEvents }) => {
      const user = await adminUsers.findById(id);
      const removed = user === null ? 'missing' : await adminUsers.removeUnlessLast(id);
      if (removed === 'missing' || user === null) {
        return err({ code: AdminUserErrorCode.NotFound, message: ERROR_MESSAGES.adminIdNotFound });
      }
      if (removed === 'last') return err({ code: AdminUserErrorCode.LastAdmin, message: ERROR_MESSAGES.lastAdmin });
      await auditEvents.append(
        newAuditEvent(
          this.deps,
          {
            action: AuditAction.AdminRemoved,
            resourceType: AuditResourceType.AdminUser,
            resourceId: id,
            userId: actor.userId,
            details: { username: user.username },
          },
          actor,
        ),
      );
      return ok(undefined);
    });
  }
}
