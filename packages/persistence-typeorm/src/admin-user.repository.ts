import type { AdminUser, AdminUserRepository } from '@memoir/domain';
import { QueryFailedError, type EntityManager } from 'typeorm';

import { isKey, type Dialect } from './dialect';
import { AdminUserSchema, type AdminUserRow } from './schemas';
import { changedAny } from './statements';

/** What `setTwoFactor` is given: the secret, and whether the second step is on. */
type TwoFactorState = Parameters<AdminUserRepository['setTwoFactor']>[1];

const toAdminUser = (row: AdminUserRow): AdminUser => ({
  id: row.id,
  username: row.username,
  passwordHash: row.passwordHash,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  twoFactorEnabled: Boolean(row.twoFactorEnabled),
  totpSecret: row.totpSecret,
  totpLastStep: row.totpLastStep === null ? null : Number(row.totpLastStep),
});

/** True when the error is the unique index on the username (SQLite or MySQL wording). */
function isDuplicateUsername(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: string; message?: string } | undefined;
  const code = driverError?.code ?? '';
  const duplicate = code === 'ER_DUP_ENTRY' || code.startsWith('SQLITE_CONSTRAINT');
  return duplicate && /username/.test(driverError?.message ?? error.message);
}

export class TypeOrmAdminUserRepository implements AdminUserRepository {
  constructor(
    private readonly manager: EntityManager,
    private readonly dialect: Dialect,
  ) {}

  async addIfUsernameFree(user: AdminUser): Promise<boolean> {
    try {
      await this.manager.insert(AdminUserSchema, { ...user });
      return true;
    } catch (error) {
      if (isDuplicateUsername(error)) return false;
      throw error;
    }
  }

  async findByUsername(username: string): Promise<AdminUser | null> {
    if (!isKey(username)) return null;
    const row = await this.manager.findOneBy(AdminUserSchema, { username });
    // MySQL's collation compares case-insensitively; the port promises an exact match.
    return row === null || row.username !== username ? null : toAdminUser(row);
  }

  async findById(id: string): Promise<AdminUser | null> {
    if (!isKey(id)) return null;
    const row = await this.manager.findOneBy(AdminUserSchema, { id });
    return row === null ? null : toAdminUser(row);
  }

  count(): Promise<number> {
    return this.manager.count(AdminUserSchema);
  }

  async updatePasswordHash(id: string, passwordHash: string, updatedAt: Date): Promise<boolean> {
    if (!isKey(id)) return false;
    return changedAny(await this.manager.update(AdminUserSchema, { id }, { passwordHash, updatedAt }));
  }

  async listAll(): Promise<AdminUser[]> {
    const rows = await this.manager.find(AdminUserSchema, { order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(toAdminUser);
  }

  /**
   * Run inside a unit of work: on MySQL every admin row is locked (`FOR UPDATE`) before the
   * count, so two removals cannot both see two admins; SQLite's transaction holds the write lock.
   */
  async removeUnlessLast(id: string): Promise<'removed' | 'last' | 'missing'> {
    if (!isKey(id)) return 'missing';
    const q = this.dialect.id;
    const lock = this.dialect.kind === 'mysql' ? ' FOR UPDATE' : '';
    const rows = (await this.manager.query(`SELECT ${q('id')} AS id FROM ${q('admin_users')}${lock}`)) as Array<{
      id: string;
    }>;
    if (!rows.some((row) => row.id === id)) return 'missing';
    if (rows.length <= 1) return 'last';
    await this.manager.delete(AdminUserSchema, { id });
    return 'removed';
  }

  async setTwoFactor(id: string, state: TwoFactorState, updatedAt: Date): Promise<boolean> {
    if (!isKey(id)) return false;
    const { totpSecret, enabled } = state;
    const twoFactor = { totpSecret, twoFactorEnabled: enabled, totpLastStep: null, updatedAt };
    return changedAny(await this.manager.update(AdminUserSchema, { id }, twoFactor));
  }

  async useTotpStep(id: string, step: number): Promise<boolean> {
    if (!isKey(id)) return false;
    // One conditional statement: of concurrent uses of one code, one wins.
    const result = await this.manager
      .createQueryBuilder()
      .update(AdminUserSchema)
      .set({ totpLastStep: step })
      .where('id = :id AND (totp_last_step IS NULL OR totp_last_step < :step)', { id, step })
      .execute();
    return changedAny(result);
  }
}
