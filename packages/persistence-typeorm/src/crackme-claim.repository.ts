import type { CrackmeClaim, CrackmeClaimRepository, RankedCrackmeClaim } from '@memoir/domain';
import type { EntityManager } from 'typeorm';

import { isKey, type Dialect } from './dialect';
import { CrackmeClaimSchema, type CrackmeClaimRow } from './schemas';

const toClaim = (row: CrackmeClaimRow, position: number): RankedCrackmeClaim => ({
  id: row.id,
  name: row.name,
  email: row.email,
  createdAt: row.createdAt,
  prizeSentAt: row.prizeSentAt,
  position,
});

export class TypeOrmCrackmeClaimRepository implements CrackmeClaimRepository {
  constructor(
    private readonly manager: EntityManager,
    private readonly dialect: Dialect,
  ) {}

  /** The claim's place: how many claims came before it (by time, then id), plus one. */
  private async positionOf(row: CrackmeClaimRow): Promise<number> {
    const q = this.dialect.id;
    const [result] = (await this.manager.query(
      `SELECT COUNT(*) AS n FROM ${q('crackme_claims')} WHERE ${q('created_at')} < ? OR (${q('created_at')} = ? AND ${q('id')} <= ?)`,
      [this.dialect.time(row.createdAt), this.dialect.time(row.createdAt), row.id],
    )) as Array<{ n: unknown }>;
    return Number(result?.n ?? 0);
  }

  async addOnce(claim: CrackmeClaim): Promise<RankedCrackmeClaim> {
    const emailKey = claim.email.toLowerCase();
    // One statement that keeps the first claim of an address: of concurrent ones, one is stored.
    await this.manager
      .createQueryBuilder()
      .insert()
      .into(CrackmeClaimSchema)
      .values({ ...claim, emailKey })
      .orIgnore()
      .updateEntity(false)
      .execute();
    const row = await this.manager.findOneByOrFail(CrackmeClaimSchema, { emailKey });
    return toClaim(row, await this.positionOf(row));
  }

  async listInOrder(limit: number, afterPosition = 0): Promise<RankedCrackmeClaim[]> {
    const rows = await this.manager.find(CrackmeClaimSchema, {
      order: { createdAt: 'ASC', id: 'ASC' },
      skip: Math.max(0, afterPosition),
      take: Math.max(0, limit),
    });
    return rows.map((row, index) => toClaim(row, afterPosition + index + 1));
  }

  async markPrizeSent(id: string, at: Date): Promise<RankedCrackmeClaim | null> {
    if (!isKey(id)) return null;
    await this.manager
      .createQueryBuilder()
      .update(CrackmeClaimSchema)
      .set({ prizeSentAt: at })
      .where('id = :id AND prize_sent_at IS NULL', { id })
      .execute();
    const row = await this.manager.findOneBy(CrackmeClaimSchema, { id });
    return row === null ? null : toClaim(row, await this.positionOf(row));
  }

  async listByEmail(email: string): Promise<RankedCrackmeClaim[]> {
    const row = await this.manager.findOneBy(CrackmeClaimSchema, { emailKey: email.toLowerCase() });
    return row === null ? [] : [toClaim(row, await this.positionOf(row))];
  }

  async anonymiseByEmail(email: string, standIn: { readonly name: string; readonly email: string }): Promise<number> {
    const emailKey = email.toLowerCase();
    const row = await this.manager.findOneBy(CrackmeClaimSchema, { emailKey });
    if (row === null) return 0;
    // The key becomes the claim's own id, so a later claim by anyone (the stand-in address included) stays possible.
    const result = await this.manager.update(
      CrackmeClaimSchema,
      { id: row.id },
      { name: standIn.name, email: standIn.email, emailKey: `erased:${row.id}` },
    );
    return result.affected ?? 0;
  }
}
