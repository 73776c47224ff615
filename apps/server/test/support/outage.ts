import { expect } from '@jest/globals';

import { closedLoop, sleep, type Outcome } from './load';

export interface OutageFigures {
  /** The slowest answer to a request in flight at the cut or sent during the outage (ms). */
  readonly slowestDuringOutageMs: number;
  /** From the restore to the first 2xx of a request sent after it (ms). */
  readonly recoveryMs: number;
  readonly readyDuringOutage: { status: number; body: string; ms: number };
  readonly outcomes: Outcome[];
  readonly acknowledgedWrites: string[];
}

/**
 * Load (`workers` loops of writes and reads), then `cut()` mid-load, `outageMs` without the
 * database, `restore()`, and load until `afterMs` after the restore.
 */
export async function runOutage(options: {
  baseUrl: string;
  workers: number;
  cut: () => Promise<void> | void;
  restore: () => Promise<void> | void;
  beforeMs?: number;
  outageMs?: number;
  afterMs?: number;
}): Promise<OutageFigures & { cutAt: number; restoredAt: number }> {
  const { baseUrl } = options;
  const load = closedLoop(baseUrl, options.workers);
  await sleep(options.beforeMs ?? 1500);
  const cutAt = Date.now();
  await options.cut();
  await sleep(300);
  const readyStarted = Date.now();
  const readyResponse = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(10_000) });
  const ready = { status: readyResponse.status, body: await readyResponse.text() };
  const readyDuringOutage = { ...ready, ms: Date.now() - readyStarted };
  await sleep(Math.max(0, (options.outageMs ?? 3000) - (Date.now() - cutAt)));
  const restoredAt = Date.now();
  await options.restore();
  await sleep(options.afterMs ?? 6000);
  load.stop();
  const outcomes = await load.done;

  const duringOutage = outcomes.filter((o) => o.endedAt > cutAt && o.startedAt < restoredAt);
  const slowestDuringOutageMs = Math.max(0, ...duringOutage.map((o) => o.endedAt - Math.max(o.startedAt, cutAt)));
  const firstSuccess = outcomes
    .filter((o) => o.startedAt >= restoredAt && o.status >= 200 && o.status < 300)
    .reduce((min, o) => Math.min(min, o.endedAt), Number.POSITIVE_INFINITY);
  return {
    cutAt,
    restoredAt,
    slowestDuringOutageMs,
    recoveryMs: firstSuccess - restoredAt,
    readyDuringOutage,
    outcomes,
    acknowledgedWrites: outcomes.filter((o) => o.kind === 'write' && o.status === 201).map((o) => o.name),
  };
}

/** What every outage test asserts about the answers (the rows are checked by the caller). */
export function expectOutageHandled(
  figures: OutageFigures & { cutAt: number; restoredAt: number },
  bounds: { answerWithinMs: number; recoverWithinMs: number },
): void {
  const { outcomes, cutAt, restoredAt } = figures;
  // Every answer is a success or a 503 JSON, never a 500, a reset or a hang.
  const others = outcomes.filter((o) => !(o.status >= 200 && o.status < 300) && o.status !== 503);
  expect(others.map((o) => `${o.kind} ${o.status} ${o.body.slice(0, 200)}`)).toEqual([]);
  for (const o of outcomes.filter((x) => x.status === 503)) {
    expect(JSON.parse(o.body)).toEqual({ success: false, error: expect.any(String) });
  }
  // The outage was seen: some requests got a 503.
  const during = outcomes.filter((o) => o.startedAt >= cutAt + 300 && o.endedAt <= restoredAt);
  expect(during.filter((o) => o.status === 503).length).toBeGreaterThan(0);
  expect(figures.slowestDuringOutageMs).toBeLessThanOrEqual(bounds.answerWithinMs);
  expect(figures.recoveryMs).toBeLessThanOrEqual(bounds.recoverWithinMs);
  // Once recovered, everything succeeds again.
  const settled = outcomes.filter((o) => o.startedAt >= restoredAt + bounds.recoverWithinMs);
  expect(settled.length).toBeGreaterThan(0);
  expect(settled.filter((o) => o.status < 200 || o.status >= 300).map((o) => o.status)).toEqual([]);
}

export function describeFigures(label: string, figures: OutageFigures, lost: number): string {
  const count = (predicate: (o: Outcome) => boolean) => figures.outcomes.filter(predicate).length;
  return (
    `${label}: ${figures.outcomes.length} requests (${count((o) => o.status >= 200 && o.status < 300)} 2xx, ` +
    `${count((o) => o.status === 503)} 503, ${count((o) => o.status !== 503 && (o.status < 200 || o.status >= 300))} other); ` +
    `slowest answer during the outage ${figures.slowestDuringOutageMs} ms; /readyz ${figures.readyDuringOutage.status} ` +
    `in ${figures.readyDuringOutage.ms} ms; first success ${figures.recoveryMs} ms after the restore; ` +
    `${figures.acknowledgedWrites.length} acknowledged writes, ${lost} lost`
  );
}
