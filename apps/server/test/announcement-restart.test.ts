import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from '@jest/globals';
import { aReader } from '@memoir/domain/testing';
import { createTypeOrmPersistence } from '@memoir/persistence-typeorm';

import { startServerProcess, type ServerProcess } from './support/server-process';
import { OWNER_PASSWORD } from './support/test-app';

const READERS = 40;
/** A burst of 5 mails a second: between bursts nothing is in hand, and the kill lands there. */
const RATE = '5/1s';

const outbox = (dataDir: string) => join(dataDir, 'outbox');
const mailsIn = (dataDir: string): string[] => {
  try {
    return readdirSync(outbox(dataDir)).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
};
const recipientOf = (dataDir: string, name: string) =>
  /^To: (.+)$/m.exec(readFileSync(join(outbox(dataDir), name), 'utf8'))?.[1]?.trim() ?? '';

async function until<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * An announcement survives its server process being killed (SIGKILL, nothing handed back)
 * midway through the send: the next process sends the rest, and every reader gets it once.
 */
describe('an announcement across a killed server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'memoir-announce-restart-'));
  const env = {
    ADMIN_USERNAME: 'owner',
    ADMIN_PASSWORD: OWNER_PASSWORD,
    PUBLIC_BASE_URL: 'http://memoir.test',
    DELIVERY_POLL_INTERVAL: '100ms',
    ANNOUNCE_RATE: RATE,
  };
  let server: ServerProcess | null = null;
  afterAll(async () => {
    await server?.stop(1000);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends every mail exactly once after a restart midway', async () => {
    // The readers, written into the database the server will open.
    const seeding = await createTypeOrmPersistence({ databaseUrl: `sqlite:${join(dataDir, 'memoir.sqlite')}` });
    const addresses = Array.from({ length: READERS }, (_, n) => `reader${n}@example.org`);
    for (const email of addresses) {
      await seeding.repositories.readers.addIfNew(aReader({ email, status: 'confirmed', confirmedAt: new Date() }));
    }
    await seeding.close();

    server = await startServerProcess({ dataDir, env });
    const call = async (method: string, path: string, body?: unknown, token?: string) => {
      const response = await fetch(`${server?.url}${path}`, {
        method,
        headers: {
          'Content-Type': 'application/json',
          ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read in the test
    };
    const login = await call('POST', '/api/admin/login', { username: 'owner', password: OWNER_PASSWORD });
    const token = login.body.sessionToken as string;
    const sent = await call(
      'POST',
      '/api/admin/announcements',
      { subject: 'The paperback is out', text: 'Hello.' },
      token,
    );
    expect(sent).toMatchObject({ status: 202, body: { announcement: { recipients: READERS, status: 'queued' } } });

    // Midway, between two bursts (the count has stood still for a while): killed, nothing handed back.
    await until(
      'ten mails, and a pause',
      async () => {
        const before = mailsIn(dataDir).length;
        if (before < 10) return undefined;
        await new Promise((resolve) => setTimeout(resolve, 150));
        return mailsIn(dataDir).length === before ? before : undefined;
      },
      20_000,
    );
    server.kill();
    await server.exited();
    const atKill = mailsIn(dataDir).length;
    expect(atKill).toBeLessThan(READERS);

    server = await startServerProcess({ dataDir, env });
    const again = await call('POST', '/api/admin/login', { username: 'owner', password: OWNER_PASSWORD });
    const listed = await until(
      'the announcement sent',
      async () => {
        const { body } = await call('GET', '/api/admin/announcements', undefined, again.body.sessionToken as string);
        const [item] = body.announcements as Array<Record<string, unknown>>;
        return item?.status === 'sent' ? item : undefined;
      },
      30_000,
    );
    expect(listed).toMatchObject({ recipients: READERS, sent: READERS, notSent: 0 });
    const recipients = mailsIn(dataDir).map((name) => recipientOf(dataDir, name));
    expect(recipients.sort()).toEqual([...addresses].sort());
  }, 90_000);
});
