import type { CrackmeClaim, RankedCrackmeClaim } from '../src/crackme/crackme-claim';
import type { CrackmeClaimRepository } from '../src/crackme/crackme-claim.repository';
import { copy, type InMemoryDatabase } from './in-memory-database';

export class InMemoryCrackmeClaimRepository implements CrackmeClaimRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  /** Oldest first, then by id: the order of the claims. */
  private ranked(): RankedCrackmeClaim[] {
    return [...this.db.crackmeClaims.values()]
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map((claim, index) => ({ ...copy(claim), position: index + 1 }));
  }

  async addOnce(claim: CrackmeClaim): Promise<RankedCrackmeClaim> {
    const key = claim.email.toLowerCase();
    const existing = [...this.db.crackmeClaims.values()].find((stored) => stored.email.toLowerCase() === key);
    if (existing === undefined) this.db.crackmeClaims.set(claim.id, copy(claim));
    const id = existing?.id ?? claim.id;
    const ranked = this.ranked().find((stored) => stored.id === id);
    if (ranked === undefined) throw new Error('the claim was just stored');
    return ranked;
  }

  async listInOrder(limit: number, afterPosition = 0): Promise<RankedCrackmeClaim[]> {
    return this.ranked()
      .filter((claim) => claim.position > afterPosition)
      .slice(0, Math.max(0, limit));
  }

  async markPrizeSent(id: string, at: Date): Promise<RankedCrackmeClaim | null> {
    const claim = this.db.crackmeClaims.get(id);
    if (claim === undefined) return null;
    if (claim.prizeSentAt === null) this.db.crackmeClaims.set(id, { ...claim, prizeSentAt: copy(at) });
    return this.ranked().find((stored) => stored.id === id) ?? null;
  }

  async listByEmail(email: string): Promise<RankedCrackmeClaim[]> {
    const key = email.toLowerCase();
    return this.ranked().filter((claim) => claim.email.toLowerCase() === key);
  }

  async anonymiseByEmail(email: string, standIn: { readonly name: string; readonly email: string }): Promise<number> {
    const key = email.toLowerCase();
    let changed = 0;
    for (const claim of [...this.db.crackmeClaims.values()]) {
      if (claim.email.toLowerCase() !== key) continue;
      this.db.crackmeClaims.set(claim.id, { ...claim, ...standIn });
      changed += 1;
    }
    return changed;
  }
}
