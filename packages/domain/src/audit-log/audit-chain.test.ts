import { createHash } from 'node:crypto';

import { describe, expect, it } from '@jest/globals';

import { createInMemoryPersistence, ManualClock } from '../../memory';
import {
  AUDIT_GENESIS_HASH,
  AuditChainVerifier,
  canonicalJson,
  sealAuditEvent,
  type SealedAuditEvent,
} from './audit-chain';
import type { AuditEvent } from './audit-event';
import { CachedAuditChainState, VerifyAuditChainUseCase } from './verify-audit-chain.use-case';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function anEvent(n: number, overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    action: 'approve',
    resourceType: 'scholarship_request',
    resourceId: `r${n}`,
    userId: 'u1',
    details: { from: 'pending', to: 'approved', n },
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0 Test',
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)),
    ...overrides,
  };
}

function chainOf(count: number): SealedAuditEvent[] {
  const chain: SealedAuditEvent[] = [];
  for (let n = 1; n <= count; n += 1) {
    const head = chain.at(-1) ?? null;
    chain.push(sealAuditEvent(sha256, anEvent(n), head, { origin: `o-${n}`, details: `d-${n}` }));
  }
  return chain;
}

function verify(chain: readonly SealedAuditEvent[], head = chain.at(-1) ?? null) {
  const verifier = new AuditChainVerifier(sha256);
  for (const event of chain) if (verifier.next(event) !== null) break;
  return { firstBreak: verifier.finish(head), verified: verifier.verified };
}

describe('the audit hash chain', () => {
  it('links each event to the one before it, from the genesis hash', () => {
    const [first, second] = chainOf(2);
    expect(first?.seq).toBe(1);
    expect(first?.prevHash).toBe(AUDIT_GENESIS_HASH);
    expect(second?.prevHash).toBe(first?.hash);
    expect(first?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(verify(chainOf(5))).toEqual({ firstBreak: null, verified: 5 });
  });

  it('writes details the same way whatever the order of their keys', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"e":0,"f":1}]},"b":1}',
    );
  });

  it('finds an edited event at its position', () => {
    const chain = chainOf(5);
    chain[2] = { ...chain[2]!, details: { from: 'pending', to: 'rejected', n: 3 } };
    expect(verify(chain).firstBreak).toMatchObject({ eventId: chain[2]!.id, position: 3 });
    expect(verify(chain).firstBreak?.problem).toMatch(/details do not match/);
  });

  it('finds an edited address through its digest', () => {
    const chain = chainOf(3);
    chain[1] = { ...chain[1]!, ipAddress: '198.51.100.1' };
    expect(verify(chain).firstBreak).toMatchObject({ position: 2 });
    expect(verify(chain).firstBreak?.problem).toMatch(/address/);
  });

  it('still holds when the address, user agent and details are erased with their salts', () => {
    const chain = chainOf(3).map((event) => ({ ...event, ipAddress: null, userAgent: null, originSalt: null }));
    expect(verify(chain).firstBreak).toBeNull();
    const erased = chainOf(3).map((event) => ({ ...event, details: null, detailsSalt: null }));
    expect(verify(erased).firstBreak).toBeNull();
  });

  it('finds a value left in place with its salt erased, which could then be changed unseen', () => {
    const chain = chainOf(3);
    chain[1] = { ...chain[1]!, originSalt: null };
    expect(verify(chain).firstBreak).toMatchObject({ position: 2 });
    const details = chainOf(3);
    details[2] = { ...details[2]!, detailsSalt: null };
    expect(verify(details).firstBreak?.problem).toMatch(/salt was erased/);
  });

  it('finds an action or time changed directly', () => {
    const chain = chainOf(3);
    chain[1] = { ...chain[1]!, action: 'reject' };
    expect(verify(chain).firstBreak?.problem).toMatch(/content/);
  });

  it('ignores a tally count, which the store raises after the append', () => {
    const chain = chainOf(2);
    chain[1] = { ...chain[1]!, details: { ...chain[1]!.details, refusals: 7 } };
    expect(verify(chain).firstBreak).toBeNull();
  });

  it('finds a deleted event in the middle, and a deleted last event through the head', () => {
    const chain = chainOf(5);
    const head = chain.at(-1) ?? null;
    const withoutThird = chain.filter((event) => event.seq !== 3);
    expect(verify(withoutThird, head).firstBreak).toMatchObject({ eventId: chain[3]!.id, position: 3 });
    expect(verify(withoutThird, head).firstBreak?.problem).toMatch(/missing/);
    expect(verify(chain.slice(0, 4), head).firstBreak).toMatchObject({ eventId: null, position: 5 });
  });

  it('finds an event rewritten with its own hash recomputed: the next one no longer links', () => {
    const chain = chainOf(4);
    const forged = sealAuditEvent(sha256, { ...chain[1]!, action: 'reject' }, chain[0]!, { origin: 'x', details: 'y' });
    chain[1] = forged;
    expect(verify(chain).firstBreak).toMatchObject({ eventId: chain[2]!.id, position: 3 });
  });
});

describe('VerifyAuditChainUseCase over the in-memory adapter', () => {
  it('walks the chain a page at a time and counts the events', async () => {
    const persistence = createInMemoryPersistence({ sha256 });
    const { auditEvents } = persistence.repositories;
    for (let n = 1; n <= 25; n += 1) await auditEvents.append(anEvent(n));
    await auditEvents.appendOrCount(anEvent(26, { details: { refusals: 1 } }), 'k', 'refusals');
    await auditEvents.appendOrCount(anEvent(27, { details: { refusals: 1 } }), 'k', 'refusals');
    const clock = new ManualClock('2026-02-01T00:00:00.000Z');
    const verifyChain = new VerifyAuditChainUseCase({ auditEvents, sha256, clock });
    expect(await verifyChain.execute({ pageSize: 4 })).toEqual({
      intact: true,
      verifiedEvents: 26,
      firstBreak: null,
      checkedAt: clock.now(),
    });
  });

  it('reports a broken chain, and the dashboard state shows the last check', async () => {
    const persistence = createInMemoryPersistence({ sha256 });
    const { auditEvents } = persistence.repositories;
    for (let n = 1; n <= 6; n += 1) await auditEvents.append(anEvent(n));
    const third = persistence.database.auditEvents[2]!;
    persistence.database.auditEvents[2] = { ...third, userId: 'someone-else' };
    const clock = new ManualClock('2026-02-01T00:00:00.000Z');
    const verifyChain = new VerifyAuditChainUseCase({ auditEvents, sha256, clock });
    const report = await verifyChain.execute({ pageSize: 2 });
    expect(report).toMatchObject({ intact: false, verifiedEvents: 2, firstBreak: { eventId: third.id, position: 3 } });

    const state = new CachedAuditChainState({ verify: verifyChain, clock });
    expect(state.current().status).toBe('unchecked');
    await state.refresh();
    expect(state.current()).toMatchObject({ status: 'broken', verifiedEvents: 2, checkedAt: clock.now() });
  });
});
