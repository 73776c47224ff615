import { suppressionKey, type Suppression } from '../src/suppressions/suppression';
import type { SuppressionRepository } from '../src/suppressions/suppression.repository';
import { copy, type InMemoryDatabase } from './in-memory-database';

export class InMemorySuppressionRepository implements SuppressionRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  async suppress(suppression: Suppression): Promise<void> {
    const email = suppressionKey(suppression.email);
    this.db.suppressions.set(email, copy({ ...suppression, email }));
  }

  async find(email: string): Promise<Suppression | null> {
    const found = this.db.suppressions.get(suppressionKey(email));
    return found === undefined ? null : copy(found);
  }

  async listNewestFirst(limit: number): Promise<Suppression[]> {
    return [...this.db.suppressions.values()]
      .sort((a, b) => b.at.getTime() - a.at.getTime() || (a.email < b.email ? -1 : 1))
      .slice(0, Math.max(0, limit))
      .map((suppression) => copy(suppression));
  }

  async remove(email: string): Promise<boolean> {
    return this.db.suppressions.delete(suppressionKey(email));
  }
}
