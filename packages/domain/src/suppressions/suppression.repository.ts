import type { Suppression } from './suppression';

/** Port: the suppressed addresses, shared by every server process. */
export interface SuppressionRepository {
  /**
   * Suppresses the address (`email` is lower case), or, when it already is, records the newer
   * reason and time. Atomic: of concurrent calls for one address, one row remains.
   */
  suppress(suppression: Suppression): Promise<void>;

  /** The address's suppression (any case), or null. */
  find(email: string): Promise<Suppression | null>;

  /** The newest first, at most `limit`. */
  listNewestFirst(limit: number): Promise<Suppression[]>;

  /** Lifts the address's suppression (any case). Returns whether there was one. */
  remove(email: string): Promise<boolean>;
}
