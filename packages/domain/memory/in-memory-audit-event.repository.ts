import type { AuditEvent } from '../src/audit-log/audit-event';
import type { AuditCursor, AuditEventRepository } from '../src/audit-log/audit-event.repository';
import { copy, newestFirst, type InMemoryDatabase } from './in-memory-database';

export class InMemoryAuditEventRepository implements AuditEventRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  async append(event: AuditEvent): Promise<void> {
    this.db.auditEvents.push(copy(event));
  }

  async appendOrCount(event: AuditEvent, tallyKey: string, countField: string): Promise<void> {
    const id = this.db.auditTallies.get(tallyKey);
    const index = id === undefined ? -1 : this.db.auditEvents.findIndex((stored) => stored.id === id);
    const stored = this.db.auditEvents[index];
    if (stored === undefined) {
      this.db.auditTallies.set(tallyKey, event.id);
      this.db.auditEvents.push(copy(event));
      return;
    }
    const details = stored.details ?? {};
    const count = Number(details[countField] ?? 0) + 1;
    this.db.auditEvents[index] = { ...stored, details: { ...details, [countField]: count } };
  }

  async listNewestFirst(options: { limit: number; before?: AuditCursor }): Promise<AuditEvent[]> {
    const { before } = options;
    return [...this.db.auditEvents]
      .sort(newestFirst)
      .filter((event) => before === undefined || newestFirst(before, event) < 0)
      .slice(0, Math.max(0, options.limit))
      .map(copy);
  }
}
