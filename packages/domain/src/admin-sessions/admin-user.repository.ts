import type { AdminUser } from './admin-user';

/** Port: where admin accounts are kept. */
export interface AdminUserRepository {
  /**
   * Stores the user unless one with the same username exists (atomically: two processes
   * creating the first admin at once create one). Returns false when the username was taken.
   */
  addIfUsernameFree(user: AdminUser): Promise<boolean>;

  /** The user with exactly this (normalized) username, or null. An empty username finds nothing. */
  findByUsername(username: string): Promise<AdminUser | null>;

  /** The user with this id, or null. An empty id finds nothing. */
  findById(id: string): Promise<AdminUser | null>;

  /** How many admin accounts exist. */
  count(): Promise<number>;

  /** Replaces the password hash. Returns false when there is no user with this id. */
  updatePasswordHash(id: string, passwordHash: string, updatedAt: Date): Promise<boolean>;

  /** Every admin, oldest first. */
  listAll(): Promise<AdminUser[]>;

  /**
   * Removes the admin (their sessions, recovery codes and challenges go with them) unless it
   * is the last one, atomically: of two removals that would leave none, one fails. Returns
   * 'removed', 'last' or 'missing'.
   */
  removeUnlessLast(id: string): Promise<'removed' | 'last' | 'missing'>;

  /** Sets the two-factor state: the secret (null to clear it), whether it is on, the last step reset. */
  setTwoFactor(
    id: string,
    state: { readonly totpSecret: string | null; readonly enabled: boolean },
    updatedAt: Date,
  ): Promise<boolean>;

  /**
   * Records that the TOTP code of `step` was used, only if no code of this step or a later one
   * was (atomically): false means the code was used already.
   */
  useTotpStep(id: string, step: number): Promise<boolean>;
}
