import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTypeOrmPersistence } from '@memoir/persistence-typeorm';

import { postHeld, startServerProcess, type ServerProcess } from './support/server-process';

const IN_FLIGHT = 50;

/**
 * The built server gets SIGTERM while 50 requests are in its hands (each has
 * been told "100 Continue"; their bodies are sent only once it has begun shutting down). All
 * 50 complete with 201 and are rows, and the process exits 0 within 10 s.
 */
describe(`SIGTERM with ${IN_FLIGHT} requests in flight`, () => {
  let dataDir: string;
  let server: ServerProcess;
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'memoir-shutdown-'));
    server = await startServerProcess({ dataDir, env: { FORM_RATE_LIMIT: '1000/10m' } });
  }, 30_000);

  afterAll(async () => {
    await server?.stop();
    agent.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('completes all of them, keeps every write, and exits 0 within 10 s', async () => {
    const held: Array<() => void> = [];
    let allHeld: () => void = () => undefined;
    const everyoneHeld = new Promise<void>((resolve) => (allHeld = resolve));
    const answers = Array.from({ length: IN_FLIGHT }, (_, i) => {
      const body = JSON.stringify({ name: `Visitor ${i}`, message: 'Signed during shutdown', riddleAnswer: 'network' });
      return postHeld(
        `${server.url}/api/guestbook-entry`,
        body,
        (send) => {
          held.push(send);
          if (held.length === IN_FLIGHT) allHeld();
        },
        agent,
      );
    });

    await everyoneHeld;
    const stoppedAt = Date.now();
    const exited = server.stop();
    await server.waitFor(/shutting down/);
    for (const release of held) release();
    const results = await Promise.all(answers);
    const code = await exited;
    const ms = Date.now() - stoppedAt;
    const persistence = await createTypeOrmPersistence({ databaseUrl: server.databaseUrl });
    const names = (await persistence.repositories.guestbookEntries.listAll()).map((entry) => entry.name);
    await persistence.close();
    const completed = results.filter((r) => r.status === 201).length;
    process.stdout.write(
      `\nShutdown: ${completed} of ${IN_FLIGHT} in-flight requests completed with 201, ${names.length} rows, exit ${code} ${ms} ms after SIGTERM\n`,
    );

    expect(results).toEqual(Array.from({ length: IN_FLIGHT }, () => ({ status: 201, body: '{"success":true}' })));
    expect(code).toBe(0);
    expect(ms).toBeLessThan(10_000);
    expect(server.output()).toContain('"msg":"stopped"');
    expect(new Set(names)).toEqual(new Set(Array.from({ length: IN_FLIGHT }, (_, i) => `Visitor ${i}`)));
  }, 30_000);
});

/**
 * SIGTERM behind a load balancer: /readyz says 503 at once, the server goes on answering for
 * SHUTDOWN_DRAIN (each answer closing its connection), then stops and exits 0.
 */
describe('SIGTERM with SHUTDOWN_DRAIN', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess({ env: { SHUTDOWN_DRAIN: '1500ms' } });
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('answers /readyz 503 at once, keeps serving with Connection: close until the drain is over, then exits 0', async () => {
    const before = await fetch(`${server.url}/readyz`);
    expect(before.status).toBe(200);
    expect(before.headers.get('connection')).toBe('keep-alive');

    const signalledAt = Date.now();
    const exited = server.stop();
    await server.waitFor(/"msg":"shutting down: \/readyz answers 503/);
    const readiness = await fetch(`${server.url}/readyz`);
    const readinessMs = Date.now() - signalledAt;
    const list = await fetch(`${server.url}/api/guestbook-entries`);
    const health = await fetch(`${server.url}/healthz`);
    const servingMs = Date.now() - signalledAt;
    const code = await exited;
    const exitMs = Date.now() - signalledAt;
    process.stdout.write(
      `\nDrain: /readyz 503 ${readinessMs} ms after SIGTERM, still serving at ${servingMs} ms, exit ${code} at ${exitMs} ms (SHUTDOWN_DRAIN=1500ms)\n`,
    );

    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toEqual({ status: 'not ready' });
    expect(readinessMs).toBeLessThan(1000);
    expect(list.status).toBe(200);
    expect(list.headers.get('connection')).toBe('close');
    expect(health.status).toBe(200);
    expect(servingMs).toBeLessThan(1500);
    expect(code).toBe(0);
    expect(exitMs).toBeGreaterThanOrEqual(1500);
    expect(exitMs).toBeLessThan(5000);
    expect(server.output()).toContain('"msg":"shutting down: drain over, finishing requests in flight"');
  }, 30_000);
});
