import type { AdminSession, AdminSessionRepository } from '@memoir/domain';
import { LessThanOrEqual, Not, type EntityManager } from 'typeorm';

import { isKey } from './dialect';
import { AdminSessionSchema, type AdminSessionRow } from './schemas';
import { changedAny } from './statements';

const toAdminSession = (row: AdminSessionRow): AdminSession => ({
  id: row.id,
  userId: row.userId,
  tokenHash: row.tokenHash,
  createdAt: row.createdAt,
  lastSeenAt: row.lastSeenAt,
  expiresAt: row.expiresAt,
  ipAddress: row.ipAddress,
  userAgent: row.userAgent,
});

export class TypeOrmAdminSessionRepository implements AdminSessionRepository {
  constructor(private readonly manager: EntityManager) {}

  async add(session: AdminSession): Promise<void> {
    await this.manager.insert(AdminSessionSchema, { ...session });
  }

  async findByTokenHash(tokenHash: string): Promise<AdminSession | null> {
    if (!isKey(tokenHash)) return null;
    const row = await this.manager.findOneBy(AdminSessionSchema, { tokenHash });
    return row === null || row.tokenHash !== tokenHash ? null : toAdminSession(row);
  }

  async touch(id: string, lastSeenAt: Date): Promise<void> {
    if (!isKey(id)) return;
    await this.manager.update(AdminSessionSchema, { id }, { lastSeenAt });
  }

  async revoke(id: string): Promise<void> {
    if (!isKey(id)) return;
    await this.manager.delete(AdminSessionSchema, { id });
  }

  async listForUser(userId: string): Promise<AdminSession[]> {
    if (!isKey(userId)) return [];
    const rows = await this.manager.find(AdminSessionSchema, { where: { userId }, order: { createdAt: 'ASC' } });
    return rows.map(toAdminSession);
  }

  async revokeOfUser(id: string, userId: string): Promise<boolean> {
    if (!isKey(id) || !isKey(userId)) return false;
    return changedAny(await this.manager.delete(AdminSessionSchema, { id, userId }));
  }

  async revokeAllForUserExcept(userId: string, keepId: string): Promise<number> {
    if (!isKey(userId) || !isKey(keepId)) return 0;
    const result = await this.manager.delete(AdminSessionSchema, { userId, id: Not(keepId) });
    return result.affected ?? 0;
  }

  async revokeAllForUser(userId: string): Promise<number> {
    if (!isKey(userId)) return 0;
    const result = await this.manager.delete(AdminSessionSchema, { userId });
    return result.affected ?? 0;
  }

  async deleteEnded(now: Date, idleSince: Date): Promise<number> {
    const result = await this.manager.delete(AdminSessionSchema, [
      { expiresAt: LessThanOrEqual(now) },
      { lastSeenAt: LessThanOrEqual(idleSince) },
    ]);
    return result.affected ?? 0;
  }
}
