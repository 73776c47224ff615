import type { ListCursor } from '../shared/list-page';
import type { AuditChainHead, SealedAuditEvent } from './audit-chain';
import type { AuditEvent } from './audit-event';

/** Which events a list holds; every field given must match. */
export interface AuditListFilter {
  readonly action?: string;
  readonly resourceType?: string;
  /** The acting admin. */
  readonly userId?: string;
  /** The thing acted on (a person's export lists the events about their requests). */
  readonly resourceId?: string;
  /** Created at or after. */
  readonly from?: Date;
  /** Created before. */
  readonly to?: Date;
  /**
   * Text (as `normalizeSearch` gives it) found, case-insensitively, in the details (as JSON),
   * the resource id or the address.
   */
  readonly search?: string;
}

/**
 * Port: the append-only audit trail. There is deliberately no update and no delete; the one
 * exception is a tally's count (`appendOrCount`), which only grows.
 */
export interface AuditEventRepository {
  /**
   * Appends the event at the end of the hash chain (audit-chain.ts): the store seals it after
   * the current head, atomically, so that appends from any number of processes form one chain.
   */
  append(event: AuditEvent): Promise<void>;

  /** One event, or null (what a security alert reports is read back this way). */
  findById(id: string): Promise<AuditEvent | null>;

  /** The chain's last link as recorded with the last append; null while the trail is empty. */
  chainHead(): Promise<AuditChainHead | null>;

  /** At most `limit` sealed events after position `afterSeq`, in chain order (seq ascending). */
  readChain(afterSeq: number, limit: number): Promise<SealedAuditEvent[]>;

  /**
   * One event per `tallyKey`: the first call appends `event` (whose `details[countField]` is
   * 1) under an id the store derives from the key; each later call with the same key adds one
   * to that stored event's `details[countField]` and changes nothing else. Atomic: of
   * concurrent calls, from one process or several, each is counted once. `countField` is
   * letters only, one of AUDIT_TALLY_FIELDS (left out of the hashed content). The first call
   * appends through the chain like `append`.
   */
  appendOrCount(event: AuditEvent, tallyKey: string, countField: string): Promise<void>;

  /**
   * At most `limit` events matching `filter`, newest first (createdAt descending, then id
   * descending). With `before`, only events strictly after it in that order (older, or as old
   * with a lower id).
   */
  listNewestFirst(options: {
    readonly limit: number;
    readonly before?: ListCursor;
    readonly filter?: AuditListFilter;
  }): Promise<AuditEvent[]>;

  /**
   * Retention, the one other change an event takes: forgets the IP address and user agent of
   * the events made before `before` (they become null; everything else stays). Returns how
   * many events changed.
   */
  forgetOrigins(before: Date): Promise<number>;

  /**
   * Erasure, the other change an event takes: the events about these resources lose their
   * details (a decision's notes can name the person); action, resource, actor and time stay.
   * Returns how many events changed.
   */
  forgetDetailsOf(resourceIds: readonly string[]): Promise<number>;
}
