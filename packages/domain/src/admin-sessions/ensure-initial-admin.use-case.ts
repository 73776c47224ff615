import type { Result } from '../shared/result';
import { err, ok } from '../shared/result';
import type { AdminUserView } from './admin-user';
import type { AdminUserRepository } from './admin-user.repository';
import { AdminUserErrorCode, type AdminUserError } from './admin-sessions.errors';
import type { CreateAdminUseCase } from './create-admin.use-case';
import type { SecretTokens } from '../shared/secret-tokens';

export type EnsureInitialAdminOutcome =
  | { readonly created: false }
  /** `generatedPassword` is set when no password was configured: show it to the owner once. */
  | { readonly created: true; readonly user: AdminUserView; readonly generatedPassword: string | null };

/**
 * On start: when no admin exists, create one with the configured username and password, or
 * with a generated password (256 random bits). When two processes start at once, one creates
 * the account and the other finds it.
 */
export class EnsureInitialAdminUseCase {
  constructor(
    private readonly deps: {
      readonly adminUsers: AdminUserRepository;
      readonly createAdmin: CreateAdminUseCase;
      readonly tokens: SecretTokens;
    },
  ) {}

  async execute(input: {
    readonly username: string;
    readonly password?: string | null;
  }): Promise<Result<EnsureInitialAdminOutcome, AdminUserError>> {
    if ((await this.deps.adminUsers.count()) > 0) return ok({ created: false });
    const configured = input.password ?? null;
    const password = configured ?? this.deps.tokens.newToken();
    const created = await this.deps.createAdmin.execute({ username: input.username, password });
    if (created.ok) {
      return ok({ created: true, user: created.value, generatedPassword: configured === null ? password : null });
    }
    if (created.error.code === AdminUserErrorCode.UsernameTaken) return ok({ created: false });
    return err(created.error);
  }
}
