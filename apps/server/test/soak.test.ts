import { readFileSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTypeOrmPersistence } from '@memoir/persistence-typeorm';

import { send, sleep, type Outcome } from './support/load';
import { startServerProcess, type ServerProcess } from './support/server-process';

// 25 s in the normal run; `pnpm test:resilience` soaks for 2 minutes (SOAK_SECONDS=120).
const SECONDS = Number(process.env.SOAK_SECONDS ?? 25);
const RATE = 100;

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Math.round(Number(match?.[1] ?? 0) / 102.4) / 10;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * The built server, as `pnpm start` runs it on SQLite, at 100 requests a
 * second (a write, then three reads of the public list), open loop. No answer but 2xx, every
 * acknowledged write a row, and no steady growth of the process's resident memory.
 */
describe(`a soak of ${SECONDS} s at ${RATE} requests/s`, () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess({ env: { FORM_RATE_LIMIT: '1000000/10m', LOG_LEVEL: 'warn' } });
  }, 30_000);

  afterAll(async () => {
    await server?.stop();
  });

  it(
    'answers every request with a 2xx, loses no write and shows no steady growth of memory',
    async () => {
      const pending: Array<Promise<Outcome>> = [];
      const samples: number[] = [];
      const started = Date.now();
      let sent = 0;
      const sampler = setInterval(() => samples.push(rssMb(server.pid)), 1000);
      while (Date.now() - started < SECONDS * 1000) {
        // Catch up with the schedule: request n goes out at n / RATE seconds.
        const due = Math.floor(((Date.now() - started) * RATE) / 1000);
        for (; sent < due; sent += 1) pending.push(send(server.url, sent % 4 === 0 ? 'write' : 'read', 10_000));
        await sleep(5);
      }
      const outcomes = await Promise.all(pending);
      clearInterval(sampler);
      const elapsed = (Date.now() - started) / 1000;

      const errors = outcomes.filter((o) => o.status < 200 || o.status >= 300);
      const latencies = outcomes.map((o) => o.endedAt - o.startedAt).sort((a, b) => a - b);
      const acknowledged = outcomes.filter((o) => o.kind === 'write' && o.status === 201).map((o) => o.name);
      const persistence = await createTypeOrmPersistence({ databaseUrl: server.databaseUrl });
      const stored = new Set((await persistence.repositories.guestbookEntries.listAll()).map((entry) => entry.name));
      await persistence.close();
      const lost = acknowledged.filter((name) => !stored.has(name));

      // Warm-up (the first quarter) aside, the last quarter's median RSS against the second's.
      const quarter = Math.floor(samples.length / 4);
      const early = median(samples.slice(quarter, 2 * quarter));
      const late = median(samples.slice(3 * quarter));
      process.stdout.write(
        `\nSoak: ${outcomes.length} requests in ${elapsed.toFixed(1)} s (${(outcomes.length / elapsed).toFixed(0)}/s), ` +
          `${acknowledged.length} writes, ${errors.length} errors, ${lost.length} lost; latency p50 ` +
          `${latencies[Math.floor(latencies.length / 2)]} ms, p99 ${latencies[Math.floor(latencies.length * 0.99)]} ms, ` +
          `max ${latencies.at(-1)} ms\nRSS (MB, one a second): ${samples.join(' ')}\n` +
          `RSS median, second quarter ${early} MB, last quarter ${late} MB\n`,
      );

      expect(errors.map((o) => `${o.kind} ${o.status} ${o.body.slice(0, 200)}`)).toEqual([]);
      expect(outcomes.length).toBeGreaterThanOrEqual(RATE * SECONDS * 0.95);
      expect(lost).toEqual([]);
      expect(samples.length).toBeGreaterThanOrEqual(8);
      // No steady growth: the last quarter holds within 15 % (and 20 MB) of the second.
      expect(late).toBeLessThanOrEqual(Math.max(early * 1.15, early + 20));
    },
    (SECONDS + 60) * 1000,
  );
});
