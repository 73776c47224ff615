import type { AdminSession } from '../src/admin-sessions/admin-session';
import type { AdminSessionRepository } from '../src/admin-sessions/admin-session.repository';
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
