import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTypeOrmPersistence } from '@memoir/persistence-typeorm';
import { createScratchDatabase } from '@memoir/persistence-typeorm/testing';

import { describeFigures, expectOutageHandled, runOutage } from './support/outage';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';
import { startTestApp, type ListeningTestApp } from './support/test-app';

/**
 * The real server (in this process, listening on a port) reaches MariaDB
 * through a loopback TCP proxy. Mid-load the proxy drops every connection and refuses new
 * ones; three seconds later it comes back. Bounds: a 503 JSON within 2 s, /readyz not ready,
 * the first success within 5 s of the restore, and every acknowledged write is a row.
 */
describe('a MariaDB outage mid-load', () => {
  let database: { url: string; drop(): Promise<void> };
  let proxy: TcpProxy;
  let server: ListeningTestApp;

  beforeAll(async () => {
    database = await createScratchDatabase();
    const direct = new URL(database.url);
    proxy = await startTcpProxy(direct.hostname, Number(direct.port || 3306));
    const proxied = new URL(database.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    server = await startTestApp({
      listen: true,
      env: { DATABASE_URL: proxied.toString(), FORM_RATE_LIMIT: '100000/10m' },
    });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await database?.drop();
  });

  it('answers 503 within 2 s, says not ready, recovers within 5 s without a restart, and loses no write', async () => {
    const figures = await runOutage({
      baseUrl: server.url,
      workers: 20,
      cut: () => proxy.cut(),
      restore: () => proxy.restore(),
    });

    // Read straight from MariaDB, not through the proxy.
    const direct = await createTypeOrmPersistence({ databaseUrl: database.url, migrate: false });
    const stored = new Set((await direct.repositories.guestbookEntries.listAll()).map((entry) => entry.name));
    await direct.close();
    const lost = figures.acknowledgedWrites.filter((name) => !stored.has(name));
    process.stdout.write(`\n${describeFigures('MariaDB outage', figures, lost.length)}\n`);

    expectOutageHandled(figures, { answerWithinMs: 2000, recoverWithinMs: 5000 });
    expect(figures.readyDuringOutage.status).toBe(503);
    expect(JSON.parse(figures.readyDuringOutage.body)).toEqual({ status: 'not ready' });
    expect(figures.readyDuringOutage.ms).toBeLessThanOrEqual(2000);
    expect(figures.acknowledgedWrites.length).toBeGreaterThan(0);
    expect(lost).toEqual([]);
    // The same process, still serving.
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  }, 60_000);
});
