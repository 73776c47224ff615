/**
 * Port: all-or-nothing writes over the repositories `R`. A decision and its audit event are
 * written together or not at all, so the database is never left half-written. Each use case
 * names the repositories it writes through; a storage adapter gives them all (`UnitOfWork`).
 */
export interface Transactions<R> {
  /**
   * Runs `work` in one transaction; the repositories it is given all take part in it.
   * Commits when `work` resolves, rolls back every write when it rejects (and rejects with
   * the same reason).
   */
  transaction<T>(work: (repositories: R) => Promise<T>): Promise<T>;
}
