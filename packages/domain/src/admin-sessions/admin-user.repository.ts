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
}
