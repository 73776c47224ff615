import type { AuditEvent } from './audit-event';

/**
 * The audit trail as a hash chain (docs/domain.md, "The tamper-evident audit trail").
 *
 * Each event has a position (`seq`, 1, 2, 3, ... with no gap), the hash of the event before
 * it (`prevHash`, the genesis hash for the first) and its own `hash`:
 *
 *     hash = SHA-256( prevHash + "\n" + canonicalContent(event) )      (lower-case hex)
 *
 * The canonical content is version 1 below and never changes: existing hashes depend on it.
 * What may lawfully be erased later enters it only through a salted digest: the client's
 * address and user agent, SHA-256(originSalt + "\n" + value), which retention erases (with
 * the salt, which would otherwise let anyone test guesses of an erased address against its
 * digest); and the details, SHA-256(detailsSalt + "\n" + canonical JSON), which a person's
 * erasure removes (with their salt). The chain still verifies after either. A clear value
 * present without its salt cannot be checked, and is a break. A tally's count
 * (`AUDIT_TALLY_FIELDS`, the one value the store changes after the append) is left out of
 * the details' digest.
 */

/** SHA-256 of UTF-8 text, as lower-case hex: given by the adapter (node:crypto). */
export type Sha256 = (text: string) => string;

/** The previous hash of the first event. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

/** Detail fields that a tally counts up after the append: not part of the hashed content. */
export const AUDIT_TALLY_FIELDS: readonly string[] = ['refusals'];

/** What the chain adds to an event. */
export interface AuditSeal {
  /** Position in the chain, from 1, without gaps. */
  readonly seq: number;
  readonly prevHash: string;
  readonly hash: string;
  /** Random per event; erased with the address and user agent. */
  readonly originSalt: string | null;
  readonly ipAddressDigest: string | null;
  readonly userAgentDigest: string | null;
  /** Random per event; erased with the details. */
  readonly detailsSalt: string | null;
  readonly detailsDigest: string | null;
}

/** The random salts of one event's digests. */
export interface AuditSalts {
  readonly origin: string;
  readonly details: string;
}

export type SealedAuditEvent = AuditEvent & AuditSeal;

/** The last link: where the next event attaches. */
export interface AuditChainHead {
  readonly seq: number;
  readonly hash: string;
}

export function originDigest(sha256: Sha256, salt: string | null, value: string | null): string | null {
  return value === null ? null : sha256(`${salt ?? ''}\n${value}`);
}

/** JSON with object keys sorted at every depth: one text for one value. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

function hashedDetails(details: AuditEvent['details']): Record<string, unknown> | null {
  if (details === null) return null;
  return Object.fromEntries(Object.entries(details).filter(([key]) => !AUDIT_TALLY_FIELDS.includes(key)));
}

/** The details' digest: their canonical JSON (a tally's count left out), salted. */
export function detailsDigest(sha256: Sha256, salt: string | null, details: AuditEvent['details']): string | null {
  return details === null ? null : sha256(`${salt ?? ''}\n${canonicalJson(hashedDetails(details))}`);
}

type HashedFields = Omit<
  SealedAuditEvent,
  'hash' | 'prevHash' | 'originSalt' | 'detailsSalt' | 'ipAddress' | 'userAgent' | 'details'
>;

/** Version 1 of the canonical content: a JSON array in a fixed order. */
export function canonicalAuditContent(event: HashedFields): string {
  return canonicalJson([
    1,
    event.seq,
    event.id,
    event.action,
    event.resourceType,
    event.resourceId,
    event.userId,
    event.detailsDigest,
    event.ipAddressDigest,
    event.userAgentDigest,
    event.createdAt.toISOString(),
  ]);
}

export function auditEventHash(sha256: Sha256, prevHash: string, event: HashedFields): string {
  return sha256(`${prevHash}\n${canonicalAuditContent(event)}`);
}

/** Attaches `event` after `head` (null: the chain is empty). */
export function sealAuditEvent(
  sha256: Sha256,
  event: AuditEvent,
  head: AuditChainHead | null,
  salts: AuditSalts,
): SealedAuditEvent {
  const seq = (head?.seq ?? 0) + 1;
  const prevHash = head?.hash ?? AUDIT_GENESIS_HASH;
  const unhashed = {
    ...event,
    seq,
    ipAddressDigest: originDigest(sha256, salts.origin, event.ipAddress),
    userAgentDigest: originDigest(sha256, salts.origin, event.userAgent),
    detailsDigest: detailsDigest(sha256, salts.details, event.details),
  };
  return {
    ...unhashed,
    prevHash,
    originSalt: salts.origin,
    detailsSalt: salts.details,
    hash: auditEventHash(sha256, prevHash, unhashed),
  };
}

/** The first link that does not hold, and what is wrong with it. */
export interface AuditChainBreak {
  /** The event found there (null: the chain ends before the head says it does). */
  readonly eventId: string | null;
  /** The position expected at this point of the walk. */
  readonly position: number;
  readonly problem: string;
}

/**
 * Walks the chain in order, one event at a time (so that any number of events is read in
 * pages): `next` gives the first break, then the verifier stops looking.
 */
export class AuditChainVerifier {
  private expectedSeq = 1;
  private previousHash = AUDIT_GENESIS_HASH;
  private broken: AuditChainBreak | null = null;

  constructor(private readonly sha256: Sha256) {}

  /** How many events held so far. */
  get verified(): number {
    return this.expectedSeq - 1;
  }

  get firstBreak(): AuditChainBreak | null {
    return this.broken;
  }

  next(event: SealedAuditEvent): AuditChainBreak | null {
    if (this.broken !== null) return this.broken;
    const position = this.expectedSeq;
    const fail = (problem: string) => {
      this.broken = { eventId: event.id, position, problem };
      return this.broken;
    };
    if (event.seq !== position) {
      return fail(
        event.seq > position
          ? `position ${position} is missing: the next event is at position ${event.seq} (${event.seq - position} deleted)`
          : `position ${event.seq} appears again (a copied or inserted row)`,
      );
    }
    if (event.prevHash !== this.previousHash) {
      return fail(
        `its previous hash ${short(event.prevHash)} is not the hash ${short(this.previousHash)} of the event before it`,
      );
    }
    for (const [field, digestField, name] of [
      ['ipAddress', 'ipAddressDigest', 'address'],
      ['userAgent', 'userAgentDigest', 'user agent'],
    ] as const) {
      const value = event[field];
      if (value === null) continue;
      if (event.originSalt === null) return fail(`its ${name} is there but its salt was erased: it cannot be checked`);
      if (originDigest(this.sha256, event.originSalt, value) !== event[digestField]) {
        return fail(`its ${name} does not match the digest it was hashed with`);
      }
    }
    if (event.details !== null) {
      if (event.detailsSalt === null)
        return fail('its details are there but their salt was erased: they cannot be checked');
      if (detailsDigest(this.sha256, event.detailsSalt, event.details) !== event.detailsDigest) {
        return fail('its details do not match the digest they were hashed with');
      }
    }
    const recomputed = auditEventHash(this.sha256, event.prevHash, event);
    if (recomputed !== event.hash) {
      return fail(
        `its content (action, resource, user, time or a digest) was changed: it hashes to ${short(recomputed)}, the chain recorded ${short(event.hash)}`,
      );
    }
    this.expectedSeq += 1;
    this.previousHash = event.hash;
    return null;
  }

  /** After the last event: does the walk end where the recorded head says? */
  finish(head: AuditChainHead | null): AuditChainBreak | null {
    if (this.broken !== null) return this.broken;
    const headSeq = head?.seq ?? 0;
    if (headSeq > this.verified) {
      this.broken = {
        eventId: null,
        position: this.verified + 1,
        problem: `the chain ends at position ${this.verified} but its head records ${headSeq} events: the last ${headSeq - this.verified} were deleted`,
      };
    } else if (headSeq < this.verified || (head !== null && head.hash !== this.previousHash)) {
      this.broken = {
        eventId: null,
        position: headSeq,
        problem: `the chain's recorded head (position ${headSeq}, ${short(head?.hash ?? AUDIT_GENESIS_HASH)}) is not its last event (position ${this.verified}, ${short(this.previousHash)})`,
      };
    }
    return this.broken;
  }
}

function short(hash: string): string {
  return hash.slice(0, 12);
}
