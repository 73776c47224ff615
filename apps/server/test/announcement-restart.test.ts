import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from '@jest/globals';

import { killBetweenBursts, recipientsIn, seedConfirmedReaders, until } from './support/announcement-restart';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { OWNER_PASSWORD } from './support/test-app';

const READERS = 40;
/** A burst of 5 mails a second: between bursts nothing is in hand, and the kill lands there. */
const RATE = '5/1s';

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
    const addresses = await seedConfirmedReaders(`sqlite:${join(dataDir, 'memoir.sqlite')}`, READERS);

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

    // Midway, between two bursts: killed, nothing handed back.
    expect(await killBetweenBursts(server, 10)).toBeLessThan(READERS);

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
    expect(recipientsIn(dataDir)).toEqual([...addresses].sort());
  }, 90_000);
});
