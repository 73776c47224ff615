import type { Clock } from '../shared/clock';
import { AuditChainVerifier, type AuditChainBreak, type Sha256 } from './audit-chain';
import type { AuditEventRepository } from './audit-event.repository';

/** The chain checked from its first event to its head. */
export interface AuditChainReport {
  readonly intact: boolean;
  /** Events that held, in order, before the first break (all of them when intact). */
  readonly verifiedEvents: number;
  readonly firstBreak: AuditChainBreak | null;
  readonly checkedAt: Date;
}

/** Events read per page: memory stays flat however long the trail is. */
export const AUDIT_VERIFY_PAGE_SIZE = 1000;

/**
 * Walks the whole chain, a page at a time, and reports the first link that does not hold
 * (`pnpm admin audit-verify`, and the dashboard through `CachedAuditChainState`).
 */
export class VerifyAuditChainUseCase {
  constructor(
    private readonly deps: {
      readonly auditEvents: AuditEventRepository;
      readonly sha256: Sha256;
      readonly clock: Clock;
    },
  ) {}

  async execute(options: { readonly pageSize?: number } = {}): Promise<AuditChainReport> {
    const pageSize = options.pageSize ?? AUDIT_VERIFY_PAGE_SIZE;
    // The head first: events appended during the walk lie past it and are left for next time.
    const head = await this.deps.auditEvents.chainHead();
    const verifier = new AuditChainVerifier(this.deps.sha256);
    const last = head?.seq ?? 0;
    let after = 0;
    walk: for (;;) {
      const page = await this.deps.auditEvents.readChain(after, pageSize);
      for (const event of page) {
        if (event.seq > last) break walk;
        if (verifier.next(event) !== null) break walk;
      }
      const lastRead = page.at(-1);
      if (lastRead === undefined || page.length < pageSize) break;
      after = lastRead.seq;
    }
    const firstBreak = verifier.finish(head);
    return {
      intact: firstBreak === null,
      verifiedEvents: verifier.verified,
      firstBreak,
      checkedAt: this.deps.clock.now(),
    };
  }
}

/** What the dashboard shows of the chain: the last full check, and whether one is running. */
export interface AuditChainState {
  /** 'intact' or 'broken' from the last check; 'unchecked' before the first has finished. */
  readonly status: 'intact' | 'broken' | 'unchecked';
  readonly verifiedEvents: number;
  readonly firstBreak: AuditChainBreak | null;
  readonly checkedAt: Date | null;
}

/** How old a check may be before the dashboard starts a new one in the background. */
export const AUDIT_CHAIN_CHECK_INTERVAL_MS = 10 * 60 * 1000;

/**
 * The dashboard's view of the chain, cheap at any length: a full walk (2.8 s per
 * 100,000 events) runs in the background at most once per interval per process, and the
 * dashboard shows the last finished one. A request never waits for it.
 */
export class CachedAuditChainState {
  private last: AuditChainReport | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly deps: {
      readonly verify: Pick<VerifyAuditChainUseCase, 'execute'>;
      readonly clock: Clock;
      readonly intervalMs?: number;
      readonly onError?: (error: unknown) => void;
    },
  ) {}

  /** The last result; starts a check when none is running and the last is older than the interval. */
  current(): AuditChainState {
    const interval = this.deps.intervalMs ?? AUDIT_CHAIN_CHECK_INTERVAL_MS;
    const stale = this.last === null || this.deps.clock.now().getTime() - this.last.checkedAt.getTime() >= interval;
    if (stale && this.running === null) void this.refresh();
    const last = this.last;
    if (last === null) return { status: 'unchecked', verifiedEvents: 0, firstBreak: null, checkedAt: null };
    return {
      status: last.intact ? 'intact' : 'broken',
      verifiedEvents: last.verifiedEvents,
      firstBreak: last.firstBreak,
      checkedAt: last.checkedAt,
    };
  }

  /** Runs a check now (or joins the running one). */
  refresh(): Promise<void> {
    this.running ??= this.deps.verify
      .execute()
      .then((report) => {
        this.last = report;
      })
      .catch((error: unknown) => this.deps.onError?.(error))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
