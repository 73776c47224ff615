import { randomUUID } from 'node:crypto';

import type { TwoFactorChallenge, TwoFactorRepository } from '@memoir/domain';
import type { EntityManager } from 'typeorm';

import { isKey } from './dialect';
import { RecoveryCodeSchema, TwoFactorChallengeSchema, type TwoFactorChallengeRow } from './schemas';
import { changedAny, insertWithoutReselect } from './statements';

const toChallenge = (row: TwoFactorChallengeRow): TwoFactorChallenge => ({
  id: row.id,
  userId: row.userId,
  tokenHash: row.tokenHash,
  createdAt: row.createdAt,
  expiresAt: row.expiresAt,
});

const expired = (challenge: TwoFactorChallengeRow, now: Date) => challenge.expiresAt.getTime() <= now.getTime();

/** An admin's recovery codes and pending sign-in challenges. */
export class TypeOrmTwoFactorRepository implements TwoFactorRepository {
  constructor(private readonly manager: EntityManager) {}

  async replaceRecoveryCodes(userId: string, codeHashes: readonly string[], createdAt: Date): Promise<void> {
    if (!isKey(userId)) return;
    await this.manager.delete(RecoveryCodeSchema, { userId });
    if (codeHashes.length === 0) return;
    await insertWithoutReselect(
      this.manager,
      RecoveryCodeSchema,
      codeHashes.map((codeHash) => ({ id: randomUUID(), userId, codeHash, createdAt })),
    );
  }

  async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
    if (!isKey(userId) || !isKey(codeHash)) return false;
    return changedAny(await this.manager.delete(RecoveryCodeSchema, { userId, codeHash }));
  }

  countRecoveryCodes(userId: string): Promise<number> {
    return isKey(userId) ? this.manager.countBy(RecoveryCodeSchema, { userId }) : Promise.resolve(0);
  }

  async clearForUser(userId: string): Promise<void> {
    if (!isKey(userId)) return;
    await this.manager.delete(RecoveryCodeSchema, { userId });
    await this.manager.delete(TwoFactorChallengeSchema, { userId });
  }

  async addChallenge(challenge: TwoFactorChallenge): Promise<void> {
    await insertWithoutReselect(this.manager, TwoFactorChallengeSchema, { ...challenge });
  }

  async findChallenge(tokenHash: string, now: Date): Promise<TwoFactorChallenge | null> {
    if (!isKey(tokenHash)) return null;
    const row = await this.manager.findOneBy(TwoFactorChallengeSchema, { tokenHash });
    if (row === null || row.tokenHash !== tokenHash || expired(row, now)) return null;
    return toChallenge(row);
  }

  async takeChallenge(tokenHash: string, now: Date): Promise<TwoFactorChallenge | null> {
    if (!isKey(tokenHash)) return null;
    const row = await this.manager.findOneBy(TwoFactorChallengeSchema, { tokenHash });
    if (row === null || row.tokenHash !== tokenHash) return null;
    // Single-use: whoever deletes it has it.
    const taken = changedAny(await this.manager.delete(TwoFactorChallengeSchema, { id: row.id }));
    return taken && !expired(row, now) ? toChallenge(row) : null;
  }
}
