import type { TwoFactorChallenge, TwoFactorRepository } from '../src/admin-sessions/two-factor.repository';
import { copy, type InMemoryDatabase } from './in-memory-database';

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
