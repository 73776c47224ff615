import type { EventCountStore } from '../analytics/event-counts';
import type { RateLimitStore } from '../rate-limiting/rate-limit-store';
import type { Repositories, UnitOfWork } from './unit-of-work';

/**
 * Everything one storage adapter provides (in-memory, SQLite, MySQL): what the server binds
 * and what the shared contract suites test.
 */
export interface Persistence {
  readonly repositories: Repositories;
  readonly unitOfWork: UnitOfWork;
  readonly rateLimits: RateLimitStore;
  /** Daily totals of the counted events (page views, buy clicks, ...). */
  readonly eventCounts: EventCountStore;
  /** Releases connections and files. The store must not be used afterwards. */
  close(): Promise<void>;
}
