import type { AuditEvent } from '../src/audit-log/audit-event';
import type { AuditEventRepository, AuditListFilter } from '../src/audit-log/audit-event.repository';
import type { ListCursor } from '../src/shared/list-page';
import { containsText, copy, pageOf, type InMemoryDatabase } from './in-memory-database';

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

  async listNewestFirst(options: {
    readonly limit: number;
    readonly before?: ListCursor;
    readonly filter?: AuditListFilter;
  }): Promise<AuditEvent[]> {
    const filter = options.filter ?? {};
    const matches = (event: AuditEvent) =>
      (filter.action === undefined || event.action === filter.action) &&
      (filter.resourceType === undefined || event.resourceType === filter.resourceType) &&
      (filter.userId === undefined || event.userId === filter.userId) &&
      (filter.resourceId === undefined || event.resourceId === filter.resourceId) &&
      (filter.from === undefined || event.createdAt.getTime() >= filter.from.getTime()) &&
      (filter.to === undefined || event.createdAt.getTime() < filter.to.getTime()) &&
      containsText(filter.search, [
        event.details === null ? null : JSON.stringify(event.details),
        event.resourceId,
        event.ipAddress,
      ]);
    return pageOf(this.db.auditEvents, matches, options);
  }

  async forgetOrigins(before: Date): Promise<number> {
    let changed = 0;
    this.db.auditEvents = this.db.auditEvents.map((event) => {
      if (event.createdAt.getTime() >= before.getTime()) return event;
      if (event.ipAddress === null && event.userAgent === null) return event;
      changed += 1;
      return { ...event, ipAddress: null, userAgent: null };
    });
    return changed;
  }

  async forgetDetailsOf(resourceIds: readonly string[]): Promise<number> {
    const wanted = new Set(resourceIds);
    let changed = 0;
    this.db.auditEvents = this.db.auditEvents.map((event) => {
      if (event.resourceId === null || !wanted.has(event.resourceId) || event.details === null) return event;
      changed += 1;
      return { ...event, details: null };
    });
    return changed;
  }
}
