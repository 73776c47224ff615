import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTypeOrmPersistence } from '@memoir/persistence-typeorm';
import { createScratchDatabase } from '@memoir/persistence-typeorm/testing';

import { closedLoop, sleep } from './support/load';
import { startRoundRobinProxy, type RoundRobinProxy } from './support/round-robin-proxy';
import { startServerProcess, type ServerProcess } from './support/server-process';

// One rolling restart of both processes in the normal run; `pnpm test:resilience` does more.
const ROUNDS = Number(process.env.ROLLING_ROUNDS ?? 1);
const WORKERS = 8;
const DRAIN = '2s';
const CHECK_EVERY_MS = 250;

/**
 * A deploy, as an orchestrator runs one: two built server processes on one MariaDB behind a
 * round-robin proxy that checks /readyz every 250 ms and never retries. Under a steady load
 * (8 clients, one request after another: two writes, then a read), each process in turn gets a
 * replacement, then SIGTERM. Not one request may fail, and every acknowledged write is a row.
 */
describe(`a rolling restart of two processes under load (${ROUNDS} round${ROUNDS === 1 ? '' : 's'})`, () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let proxy: RoundRobinProxy;
  const running: ServerProcess[] = [];

  const start = () =>
    startServerProcess({
      env: {
        DATABASE_URL: database.url,
        SHUTDOWN_DRAIN: DRAIN,
        FORM_RATE_LIMIT: '1000000/10m',
        LOG_LEVEL: 'warn',
      },
    });

  beforeAll(async () => {
    database = await createScratchDatabase();
    proxy = await startRoundRobinProxy({ checkEveryMs: CHECK_EVERY_MS });
    for (let i = 0; i < 2; i += 1) {
      const server = await start();
      running.push(server);
      await proxy.add(server.url);
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all(running.map((server) => server.stop()));
    await proxy?.close();
    await database?.drop();
  });

  it('answers every request, loses no write, and each old process exits 0', async () => {
    const load = closedLoop(proxy.url, WORKERS);
    const exits: Array<number | null> = [];
    const started = Date.now();
    await sleep(1000);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (let slot = 0; slot < 2; slot += 1) {
        const replacement = await start();
        await proxy.add(replacement.url);
        const old = running[slot] as ServerProcess;
        running[slot] = replacement;
        exits.push(await old.stop());
        proxy.remove(old.url);
        await sleep(500);
      }
    }
    load.stop();
    const outcomes = await load.done;
    const seconds = (Date.now() - started) / 1000;

    const failed = outcomes.filter((outcome) => outcome.status < 200 || outcome.status >= 300);
    const acknowledged = outcomes.filter((o) => o.kind === 'write' && o.status === 201).map((o) => o.name);
    const persistence = await createTypeOrmPersistence({ databaseUrl: database.url, migrate: false });
    const stored = new Set((await persistence.repositories.guestbookEntries.listAll()).map((entry) => entry.name));
    await persistence.close();
    const lost = acknowledged.filter((name) => !stored.has(name));
    const byBackend = [...proxy.forwarded().values()].join(', ');
    process.stdout.write(
      `\nRolling restart (${ROUNDS} round${ROUNDS === 1 ? '' : 's'}, ${2 * ROUNDS} restarts, SHUTDOWN_DRAIN=${DRAIN}): ` +
        `${outcomes.length} requests in ${seconds.toFixed(1)} s (${acknowledged.length} writes acknowledged), ` +
        `${failed.length} failed, ${lost.length} acknowledged writes lost; per process: ${byBackend}; exits ${exits.join(', ')}\n` +
        failed
          .slice(0, 5)
          .map((o) => `  failed: ${o.kind} ${o.status} ${o.body.slice(0, 160)}\n`)
          .join(''),
    );

    expect(failed).toEqual([]);
    expect(lost).toEqual([]);
    expect(exits).toEqual(Array.from({ length: 2 * ROUNDS }, () => 0));
    expect(outcomes.length).toBeGreaterThan(100);
  }, 120_000);
});
