import type { CrackmeClaim, RankedCrackmeClaim } from './crackme-claim';

/** Port: the prize claims, shared by every server process. */
export interface CrackmeClaimRepository {
  /**
   * Stores a claim unless one with the same address (without regard to case) exists; either
   * way returns the address's claim with its position (1 for the oldest). Atomic: of
   * concurrent claims with one address, one is stored.
   */
  addOnce(claim: CrackmeClaim): Promise<RankedCrackmeClaim>;

  /** The claims in the order they came (oldest first), at most `limit`, after `afterPosition`. */
  listInOrder(limit: number, afterPosition?: number): Promise<RankedCrackmeClaim[]>;

  /** Marks the prize sent (once: an already marked claim keeps its time). Returns the claim, or null when there is none. */
  markPrizeSent(id: string, at: Date): Promise<RankedCrackmeClaim | null>;

  /** The claims made with this address (without regard to case), for a person's export. */
  listByEmail(email: string): Promise<RankedCrackmeClaim[]>;

  /** Erasure: the claims with this address lose the person (name and address become stand-ins). Returns how many. */
  anonymiseByEmail(email: string, standIn: { readonly name: string; readonly email: string }): Promise<number>;
}
