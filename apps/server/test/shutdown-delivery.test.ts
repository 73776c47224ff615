import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Mailer, OutgoingEmail } from '@memoir/domain';
import { createTypeOrmPersistence } from '@memoir/persistence-typeorm';
import pino from 'pino';

import { findRootDir, loadConfig, type ServerConfig } from '../src/config';
import { startServer, type RunningServer } from '../src/server';
import { ANSWERS, OWNER_PASSWORD } from './support/test-app';

/**
 * A shutdown while the delivery worker is in the middle of a batch: the email in hand is sent
 * and recorded, and the rest of the batch goes back to the queue at once, for another process
 * to claim without waiting for the two-minute lease.
 */
describe('the delivery worker when the server shuts down', () => {
  let dataDir: string;
  let config: ServerConfig;
  let running: RunningServer;
  const sent: OutgoingEmail[] = [];
  let inHand: () => void = () => undefined;
  const firstSendInHand = new Promise<void>((resolve) => (inHand = resolve));
  let letItGo: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (letItGo = resolve));
  // The first send waits until the test lets it go: the worker is stopped while it holds it.
  const mailer: Mailer = {
    async send(email) {
      if (sent.length === 0) {
        inHand();
        await gate;
      }
      sent.push(email);
    },
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'memoir-shutdown-delivery-'));
    config = loadConfig(
      {
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: '0',
        ADMIN_USERNAME: 'owner',
        ADMIN_PASSWORD: OWNER_PASSWORD,
        PUBLIC_BASE_URL: 'http://memoir.test',
        // The test runs the worker itself.
        DELIVERY_POLL_INTERVAL: '1h',
      },
      findRootDir(),
    );
    running = await startServer(config, pino({ level: 'silent' }), { mailer });
  }, 30_000);
  afterAll(async () => {
    letItGo();
    await running?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (method: string, path: string, body: unknown, token?: string) => {
    const response = await fetch(`${running.url}${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Record<string, unknown>;
  };

  it('sends the email in hand, hands the other two back unleased and unattempted, and another process sends them at once', async () => {
    const login = await call('POST', '/api/admin/login', { username: 'owner', password: OWNER_PASSWORD });
    const token = login.sessionToken as string;
    for (const name of ['Ada Lovelace', 'Grace Hopper', 'Alan Turing']) {
      await call('POST', '/api/scholarship-request', {
        name,
        email: `${name.split(' ')[0]?.toLowerCase()}@example.org`,
        message: 'Please',
        riddleAnswer: ANSWERS.scholarship,
      });
    }
    const { requests } = (await fetch(`${running.url}/api/admin/scholarships`, {
      headers: { Authorization: `Bearer ${token}` },
    }).then((response) => response.json())) as { requests: Array<{ id: string }> };
    for (const request of requests) {
      await call('PATCH', `/api/admin/scholarships/${request.id}`, { status: 'approved' }, token);
    }

    const run = running.jobs.runNow('delivery');
    await firstSendInHand;
    const stopped = running.shutdown({ drainMs: 0 });
    letItGo();
    await Promise.all([run, stopped]);
    expect(sent).toHaveLength(1);

    const other = await createTypeOrmPersistence({ databaseUrl: config.databaseUrl, migrate: false });
    try {
      const deliveries = await other.repositories.deliveries.listForRequests(requests.map((request) => request.id));
      const summary = deliveries.map((d) => ({
        status: d.status,
        attempts: d.attempts,
        leased: d.leaseUntil !== null,
      }));
      expect(summary.filter((d) => d.status === 'sent')).toEqual([{ status: 'sent', attempts: 1, leased: false }]);
      expect(summary.filter((d) => d.status === 'queued')).toEqual([
        { status: 'queued', attempts: 0, leased: false },
        { status: 'queued', attempts: 0, leased: false },
      ]);
      // Another process, now: both are its to send.
      const now = new Date();
      expect(await other.repositories.deliveries.claimDue(now, new Date(now.getTime() + 60_000), 10)).toHaveLength(2);
    } finally {
      await other.close();
    }
  }, 30_000);
});
