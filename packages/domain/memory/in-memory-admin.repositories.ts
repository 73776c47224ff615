import type { AdminSession } from '../src/admin-sessions/admin-session';
import type { AdminSessionRepository } from '../src/admin-sessions/admin-session.repository';
import type { AdminUser } from '../src/admin-sessions/admin-user';
import type { AdminUserRepository } from '../src/admin-sessions/admin-user.repository';
import type { TwoFactorChallenge, TwoFactorRepository } from '../src/admin-sessions/two-factor.repository';
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

export class InMemoryTwoFactorRepository implements TwoFactorRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  async replaceRecoveryCodes(userId: string, codeHashes: readonly string[]): Promise<void> {
    this.db.recoveryCodes.set(userId, [...codeHashes]);
  }

  async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
    const codes = this.db.recoveryCodes.get(userId) ?? [];
    const index = codeHash === '' ? -1 : codes.indexOf(codeHash);
    if (index < 0) return false;
    this.db.recoveryCodes.set(
      userId,
      codes.filter((_, i) => i !== index),
    );
    return true;
  }

  async countRecoveryCodes(userId: string): Promise<number> {
    return (this.db.recoveryCodes.get(userId) ?? []).length;
  }

  async clearForUser(userId: string): Promise<void> {
    this.db.recoveryCodes.delete(userId);
    for (const [key, challenge] of [...this.db.challenges])
      if (challenge.userId === userId) this.db.challenges.delete(key);
  }

  async addChallenge(challenge: TwoFactorChallenge): Promise<void> {
    this.db.challenges.set(challenge.tokenHash, copy(challenge));
  }

  async findChallenge(tokenHash: string, now: Date): Promise<TwoFactorChallenge | null> {
    const challenge = tokenHash === '' ? undefined : this.db.challenges.get(tokenHash);
    return challenge === undefined || challenge.expiresAt.getTime() <= now.getTime() ? null : copy(challenge);
  }

  async takeChallenge(tokenHash: string, now: Date): Promise<TwoFactorChallenge | null> {
    const challenge = tokenHash === '' ? undefined : this.db.challenges.get(tokenHash);
    if (challenge === undefined) return null;
    this.db.challenges.delete(tokenHash);
    return challenge.expiresAt.getTime() > now.getTime() ? copy(challenge) : null;
  }
}

export class InMemoryAdminSessionRepository implements AdminSessionRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  async add(session: AdminSession): Promise<void> {
    if (this.db.adminSessions.has(session.id)) throw new Error(`Duplicate session id ${session.id}`);
    this.db.adminSessions.set(session.id, copy(session));
  }

  async findByTokenHash(tokenHash: string): Promise<AdminSession | null> {
    if (tokenHash === '') return null;
    const session = [...this.db.adminSessions.values()].find((existing) => existing.tokenHash === tokenHash);
    return session === undefined ? null : copy(session);
  }

  async touch(id: string, lastSeenAt: Date): Promise<void> {
    const session = this.db.adminSessions.get(id);
    if (session !== undefined) this.db.adminSessions.set(id, { ...session, lastSeenAt: copy(lastSeenAt) });
  }

  async revoke(id: string): Promise<void> {
    this.db.adminSessions.delete(id);
  }

  async listForUser(userId: string): Promise<AdminSession[]> {
    return [...this.db.adminSessions.values()]
      .filter((session) => session.userId === userId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map(copy);
  }

  async revokeOfUser(id: string, userId: string): Promise<boolean> {
    const session = this.db.adminSessions.get(id);
    if (session === undefined || session.userId !== userId) return false;
    this.db.adminSessions.delete(id);
    return true;
  }

  async revokeAllForUserExcept(userId: string, keepId: string): Promise<number> {
    let revoked = 0;
    for (const session of [...this.db.adminSessions.values()]) {
      if (session.userId === userId && session.id !== keepId) {
        this.db.adminSessions.delete(session.id);
        revoked += 1;
      }
    }
    return revoked;
  }

  async revokeAllForUser(userId: string): Promise<number> {
    let revoked = 0;
    for (const session of [...this.db.adminSessions.values()]) {
      if (session.userId === userId) {
        this.db.adminSessions.delete(session.id);
        revoked += 1;
      }
    }
    return revoked;
  }

  async deleteEnded(now: Date, idleSince: Date): Promise<number> {
    let deleted = 0;
    for (const session of [...this.db.adminSessions.values()]) {
      if (session.expiresAt.getTime() <= now.getTime() || session.lastSeenAt.getTime() <= idleSince.getTime()) {
        this.db.adminSessions.delete(session.id);
        deleted += 1;
      }
    }
    return deleted;
  }
}
