import type { AdminUser } from '../src/admin-sessions/admin-user';
import type { AdminUserRepository } from '../src/admin-sessions/admin-user.repository';
import { copy, type InMemoryDatabase } from './in-memory-database';

export class InMemoryAdminUserRepository implements AdminUserRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  async addIfUsernameFree(user: AdminUser): Promise<boolean> {
    const taken = [...this.db.adminUsers.values()].some((existing) => existing.username === user.username);
    if (taken) return false;
    this.db.adminUsers.set(user.id, copy(user));
    return true;
  }

  async findByUsername(username: string): Promise<AdminUser | null> {
    if (username === '') return null;
    const user = [...this.db.adminUsers.values()].find((existing) => existing.username === username);
    return user === undefined ? null : copy(user);
  }

  async findById(id: string): Promise<AdminUser | null> {
    const user = this.db.adminUsers.get(id);
    return user === undefined ? null : copy(user);
  }

  async count(): Promise<number> {
    return this.db.adminUsers.size;
  }

  async updatePasswordHash(id: string, passwordHash: string, updatedAt: Date): Promise<boolean> {
    const user = this.db.adminUsers.get(id);
    if (user === undefined) return false;
    this.db.adminUsers.set(id, { ...user, passwordHash, updatedAt: copy(updatedAt) });
    return true;
  }

  async listAll(): Promise<AdminUser[]> {
    return [...this.db.adminUsers.values()]
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map(copy);
  }

  async removeUnlessLast(id: string): Promise<'removed' | 'last' | 'missing'> {
    if (!this.db.adminUsers.has(id)) return 'missing';
    if (this.db.adminUsers.size <= 1) return 'last';
    this.db.adminUsers.delete(id);
    for (const session of [...this.db.adminSessions.values()]) {
      if (session.userId === id) this.db.adminSessions.delete(session.id);
    }
    this.db.recoveryCodes.delete(id);
    for (const [key, challenge] of [...this.db.challenges]) if (challenge.userId === id) this.db.challenges.delete(key);
    return 'removed';
  }

  async setTwoFactor(
    id: string,
    state: { readonly totpSecret: string | null; readonly enabled: boolean },
    updatedAt: Date,
  ): Promise<boolean> {
    const user = this.db.adminUsers.get(id);
    if (user === undefined) return false;
    this.db.adminUsers.set(id, {
      ...user,
      totpSecret: state.totpSecret,
      twoFactorEnabled: state.enabled,
      totpLastStep: null,
      updatedAt: copy(updatedAt),
    });
    return true;
  }

  async useTotpStep(id: string, step: number): Promise<boolean> {
    const user = this.db.adminUsers.get(id);
    if (user === undefined || (user.totpLastStep !== null && user.totpLastStep >= step)) return false;
    this.db.adminUsers.set(id, { ...user, totpLastStep: step });
    return true;
  }
}
