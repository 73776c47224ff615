/** A solver's claim of the crackme prize: made only with the key the crackme accepts. */
export interface CrackmeClaim {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly createdAt: Date;
  /** When the owner marked the prize as sent; null until then. */
  readonly prizeSentAt: Date | null;
}

/** A claim with its place in the order of claims (1 for the first). */
export interface RankedCrackmeClaim extends CrackmeClaim {
  readonly position: number;
}
