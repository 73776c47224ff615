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
