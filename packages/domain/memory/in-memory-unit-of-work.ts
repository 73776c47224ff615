import type { Repositories, UnitOfWork } from '../src/persistence';
import type { InMemoryDatabase } from './in-memory-database';

/**
 * Transactions run one at a time; a failed one restores the snapshot taken when it began.
 * Writes made outside a transaction while one runs would be undone by a rollback too: a
 * simplification that tests of this adapter do not rely on.
 */
export class InMemoryUnitOfWork implements UnitOfWork {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: InMemoryDatabase,
    private readonly repositories: Repositories,
  ) {}

  transaction<T>(work: (repositories: Repositories) => Promise<T>): Promise<T> {
    const run = async (): Promise<T> => {
      const before = this.db.snapshot();
      try {
        return await work(this.repositories);
      } catch (error) {
        this.db.restore(before);
        throw error;
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }
}
