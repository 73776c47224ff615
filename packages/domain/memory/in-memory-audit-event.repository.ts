import {
  sealAuditEvent,
  type AuditChainHead,
  type AuditSeal,
  type SealedAuditEvent,
  type Sha256,
} from '../src/audit-log/audit-chain';
import type { AuditEvent } from '../src/audit-log/audit-event';
import type { AuditEventRepository, AuditListFilter } from '../src/audit-log/audit-event.repository';
import type { ListCursor } from '../src/shared/list-page';
import { fakeSha256 } from './fakes';
import { containsText, copy, pageOf, type InMemoryDatabase } from './in-memory-database';

/** The trail and its chain: `auditSeals` keeps each event's seal, by id. */
export class InMemoryAuditEventRepository implements AuditEventRepository {
  constructor(
    private readonly db: InMemoryDatabase,
    private readonly sha256: Sha256 = fakeSha256,
  ) {}

  async append(event: AuditEvent): Promise<void> {
    const n = this.db.auditEvents.length + 1;
    const sealed = sealAuditEvent(this.sha256, event, this.db.auditHead, {
      origin: `origin${n}`,
      details: `details${n}`,
    });
    const seal: AuditSeal = {
      seq: sealed.seq,
      prevHash: sealed.prevHash,
      hash: sealed.hash,
      originSalt: sealed.originSalt,
      ipAddressDigest: sealed.ipAddressDigest,
      userAgentDigest: sealed.userAgentDigest,
      detailsSalt: sealed.detailsSalt,
      detailsDigest: sealed.detailsDigest,
    };
    this.db.auditEvents.push(copy(event));
    this.db.auditSeals.set(event.id, seal);
    this.db.auditHead = { seq: seal.seq, hash: seal.hash };
  }

  async findById(id: string): Promise<AuditEvent | null> {
    const event = this.db.auditEvents.find((stored) => stored.id === id);
    return event === undefined ? null : copy(event);
  }

  async chainHead(): Promise<AuditChainHead | null> {
    return this.db.auditHead === null ? null : { ...this.db.auditHead };
  }

  async readChain(afterSeq: number, limit: number): Promise<SealedAuditEvent[]> {
    return this.db.auditEvents
      .flatMap((event) => {
        const seal = this.db.auditSeals.get(event.id);
        return seal === undefined ? [] : [{ ...copy(event), ...seal }];
      })
      .filter((event) => event.seq > afterSeq)
      .sort((a, b) => a.seq - b.seq)
      .slice(0, Math.max(0, limit));
  }

  async appendOrCount(event: AuditEvent, tallyKey: string, countField: string): Promise<void> {
    const id = this.db.auditTallies.get(tallyKey);
    const index = id === undefined ? -1 : this.db.auditEvents.findIndex((stored) => stored.id === id);
    const stored = this.db.auditEvents[index];
    if (stored === undefined) {
      this.db.auditTallies.set(tallyKey, event.id);
      await this.append(event);
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
      forgetSalt(this.db, event.id, 'originSalt');
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
      forgetSalt(this.db, event.id, 'detailsSalt');
      return { ...event, details: null };
    });
    return changed;
  }
}

/** The salt goes with what it salted: the digest can no longer be tested against guesses. */
function forgetSalt(db: InMemoryDatabase, id: string, salt: 'originSalt' | 'detailsSalt'): void {
  const seal = db.auditSeals.get(id);
  if (seal !== undefined) db.auditSeals.set(id, { ...seal, [salt]: null });
}
