import type { AdminSession } from '../src/admin-sessions/admin-session';
import type { AdminSessionRepository } from '../src/admin-sessions/admin-session.repository';
import { copy, type InMemoryDatabase } from './in-memory-database';

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
