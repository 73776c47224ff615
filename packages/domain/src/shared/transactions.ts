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

/**
 * Runs `work` in one transaction and returns what it returned. A rehearsal (a dry run, a
 * preview) makes the very same changes and then rolls them all back, so what it returns is
 * exactly what a real run would do.
 */
export async function rehearsableTransaction<R, T>(
  transactions: Transactions<R>,
  rehearse: boolean,
  work: (repositories: R) => Promise<T>,
): Promise<T> {
  // Thrown inside the transaction to roll it back, carrying what the work returned.
  class Rehearsal extends Error {
    constructor(readonly result: T) {
      super('rehearsal: rolled back');
    }
  }
  try {
    return await transactions.transaction(async (repositories) => {
      const result = await work(repositories);
      if (rehearse) throw new Rehearsal(result);
      return result;
    });
  } catch (error) {
    if (error instanceof Rehearsal) return error.result;
    throw error;
  }
}
