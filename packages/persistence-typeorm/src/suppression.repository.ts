import { suppressionKey, type Suppression, type SuppressionReason, type SuppressionRepository } from '@memoir/domain';
import type { EntityManager } from 'typeorm';

import { SuppressionSchema, type SuppressionRow } from './schemas';

const toSuppression = (row: SuppressionRow): Suppression => ({
  email: row.email,
  reason: row.reason as SuppressionReason,
  at: row.at,
});

export class TypeOrmSuppressionRepository implements SuppressionRepository {
  constructor(private readonly manager: EntityManager) {}

  async suppress(suppression: Suppression): Promise<void> {
    // One statement (INSERT ... ON CONFLICT / ON DUPLICATE KEY UPDATE): concurrent calls leave one row.
    await this.manager.upsert(
      SuppressionSchema,
      { email: suppressionKey(suppression.email), reason: suppression.reason, at: suppression.at },
      { conflictPaths: ['email'], skipUpdateIfNoValuesChanged: false },
    );
  }

  async find(email: string): Promise<Suppression | null> {
    const row = await this.manager.findOneBy(SuppressionSchema, { email: suppressionKey(email) });
    return row === null ? null : toSuppression(row);
  }

  async listNewestFirst(limit: number): Promise<Suppression[]> {
    const rows = await this.manager.find(SuppressionSchema, {
      order: { at: 'DESC', email: 'ASC' },
      take: Math.max(0, limit),
    });
    return rows.map(toSuppression);
  }

  async remove(email: string): Promise<boolean> {
    const result = await this.manager.delete(SuppressionSchema, { email: suppressionKey(email) });
    return (result.affected ?? 0) > 0;
  }
}
