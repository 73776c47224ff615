import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestSmtpServer, type TestSmtpServer } from '@memoir/mail/testing';
import type { AuditLog } from '@memoir/shared';

import { startServerProcess, type ServerProcess } from './support/server-process';
import { ANSWERS, OWNER_PASSWORD } from './support/test-app';

const WRONG = 'not the password at all';
const LONG_USER_AGENT = `Guesser/1.0 ${'x'.repeat(588)}`;

interface Answer {
  readonly status: number;
  readonly retryAfter: string | null;
  readonly body: Record<string, unknown>;
}

/**
 * The sign-in limits and the per-network form limits, through two real server processes on
 * one database, the client's address given by X-Forwarded-For (TRUST_PROXY=on): requests
 * alternate between the processes, so every count is one the database keeps for both.
 */
export function describeSignInLimits(
  name: string,
  database: () => Promise<{ readonly url: string; readonly dataDir: string; dispose(): Promise<void> }>,
): void {
  describe(`sign-in limits, two server processes on ${name}`, () => {
    let smtp: TestSmtpServer;
    let db: Awaited<ReturnType<typeof database>>;
    const servers: ServerProcess[] = [];
    let turn = 0;

    beforeAll(async () => {
      smtp = await startTestSmtpServer();
      db = await database();
      const env = {
        DATABASE_URL: db.url,
        ADMIN_USERNAME: 'owner',
        ADMIN_PASSWORD: OWNER_PASSWORD,
        SMTP_URL: smtp.url,
        OWNER_EMAIL: 'owner@example.org',
        PUBLIC_BASE_URL: 'http://memoir.test',
        DELIVERY_POLL_INTERVAL: '50ms',
        TRUST_PROXY: 'on',
        LOGIN_RATE_LIMIT: '5/15m',
        LOGIN_ACCOUNT_LIMIT: '10/15m',
        FORM_RATE_LIMIT: '3/10m',
      };
      // One after the other: the first creates the schema and the admin.
      servers.push(await startServerProcess({ dataDir: db.dataDir, env }));
      servers.push(await startServerProcess({ dataDir: db.dataDir, env }));
    }, 60_000);

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await smtp.close();
      await db.dispose();
    });

    /** One request from `address`, to each process in turn. */
    const call = async (
      address: string,
      method: string,
      path: string,
      options: { body?: unknown; token?: string; userAgent?: string } = {},
    ): Promise<Answer> => {
      const server = servers[turn++ % servers.length] as ServerProcess;
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          'Content-Type': 'application/json',
          'X-Forwarded-For': address,
          'User-Agent': options.userAgent ?? 'sign-in-limits test',
          ...(options.token === undefined ? {} : { Authorization: `Bearer ${options.token}` }),
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      });
      const body = (await response.json()) as Record<string, unknown>;
      return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
    };
    const signIn = (address: string, username: string, password: string, userAgent?: string) =>
      call(address, 'POST', '/api/admin/login', {
        body: { username, password },
        ...(userAgent === undefined ? {} : { userAgent }),
      });
    const ownerToken = async (address: string): Promise<string> => {
      const answer = await signIn(address, 'owner', OWNER_PASSWORD);
      expect(answer.status).toBe(200);
      return answer.body.sessionToken as string;
    };
    const failedSignIns = async (token: string): Promise<AuditLog[]> => {
      const answer = await call('192.0.2.250', 'GET', '/api/admin/audit-logs?action=login_failed&limit=100', {
        token,
      });
      expect(answer.status).toBe(200);
      return answer.body.logs as AuditLog[];
    };
    const statuses = (answers: readonly Answer[]) =>
      answers.reduce<Record<number, number>>(
        (counts, a) => ({ ...counts, [a.status]: (counts[a.status] ?? 0) + 1 }),
        {},
      );

    it('checks only LOGIN_RATE_LIMIT of 20 wrong passwords sent at the same moment to both processes', async () => {
      const answers = await Promise.all(Array.from({ length: 20 }, () => signIn('198.51.100.20', 'ghost-race', WRONG)));
      expect(statuses(answers)).toEqual({ 401: 5, 429: 15 });
      for (const answer of answers.filter((a) => a.status === 429)) {
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
        expect(answer.body).toMatchObject({ success: false, code: 'ADMIN_SESSION.TOO_MANY_ATTEMPTS' });
      }
    });

    it('lets the owner in from an address that has not failed while others guess, and emails the owner once', async () => {
      // 10 failures on the account from 5 addresses: LOGIN_ACCOUNT_LIMIT reached, no LOGIN_RATE_LIMIT.
      for (let host = 1; host <= 5; host += 1) {
        for (let i = 0; i < 2; i += 1) expect((await signIn(`203.0.113.${host}`, 'owner', WRONG)).status).toBe(401);
      }
      // Past the account's ceiling, an address that has failed on it is refused, even with the right password...
      const slowed = await signIn('203.0.113.1', 'owner', OWNER_PASSWORD);
      expect(slowed.status).toBe(429);
      expect(Number(slowed.retryAfter)).toBeGreaterThan(0);
      // ...and a new address gets one guess.
      expect((await signIn('203.0.113.9', 'owner', WRONG)).status).toBe(401);
      expect((await signIn('203.0.113.9', 'owner', WRONG)).status).toBe(429);
      // One that has not failed gets in.
      expect((await signIn('192.0.2.77', 'owner', OWNER_PASSWORD)).status).toBe(200);

      const deadline = Date.now() + 20_000;
      while (smtp.received.length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      await new Promise((resolve) => setTimeout(resolve, 500)); // ten more ticks of both workers
      const alerts = (await smtp.parsed()).filter((email) => /sign-in/i.test(String(email.subject)));
      expect(alerts.map((email) => (email.to as { text: string }).text)).toEqual(['owner@example.org']);
      expect(alerts[0]?.text).toContain('owner');
    }, 60_000);

    it('counts the refusals of a throttled address into one audit event, and keeps 200 characters of a user agent', async () => {
      for (let i = 0; i < 5; i += 1) {
        expect((await signIn('198.51.100.30', 'ghost-flood', WRONG, LONG_USER_AGENT)).status).toBe(401);
      }
      const refused = await Promise.all(
        Array.from({ length: 30 }, () => signIn('198.51.100.30', 'ghost-flood', WRONG, LONG_USER_AGENT)),
      );
      expect(statuses(refused)).toEqual({ 429: 30 });

      const events = (await failedSignIns(await ownerToken('192.0.2.31'))).filter(
        (event) => event.ipAddress === '198.51.100.30',
      );
      expect(events.map((event) => event.details?.reason).sort()).toEqual([
        ...Array.from({ length: 5 }, () => 'invalid_credentials'),
        'too_many_attempts',
      ]);
      const tally = events.find((event) => event.details?.reason === 'too_many_attempts');
      expect(tally?.details).toMatchObject({ username: 'ghost-flood', refusals: 30 });
      for (const event of events) expect(event.userAgent).toBe(LONG_USER_AGENT.slice(0, 200));
    }, 60_000);

    it('limits IPv6 clients by their /64, IPv4-mapped ones as IPv4, and records the full address', async () => {
      const sign = (address: string) =>
        call(address, 'POST', '/api/guestbook-entry', {
          body: { name: 'Ada', location: 'London', message: 'Hello!', riddleAnswer: ANSWERS.guestbook },
        });
      expect((await sign('2001:db8:6:1::1')).status).toBe(201);
      expect((await sign('2001:db8:6:1:aaaa:bbbb:cccc:dddd')).status).toBe(201);
      expect((await sign('2001:0db8:0006:0001:0000:0000:0000:0003')).status).toBe(201);
      const fourth = await sign('2001:db8:6:1:ffff::9');
      expect(fourth.status).toBe(429);
      expect(Number(fourth.retryAfter)).toBeGreaterThan(0);
      expect((await sign('2001:db8:6:2::1')).status).toBe(201);

      expect((await sign('198.51.100.60')).status).toBe(201);
      expect((await sign('::ffff:198.51.100.60')).status).toBe(201);
      expect((await sign('::ffff:c633:643c')).status).toBe(201);
      expect((await sign('198.51.100.60')).status).toBe(429);

      for (let i = 1; i <= 5; i += 1) expect((await signIn(`2001:db8:7:1::${i}`, 'ghost-six', WRONG)).status).toBe(401);
      expect((await signIn('2001:db8:7:1:8000::1', 'ghost-six', WRONG)).status).toBe(429);
      expect((await signIn('2001:db8:7:2::1', 'ghost-six', WRONG)).status).toBe(401);

      const addresses = (await failedSignIns(await ownerToken('192.0.2.32')))
        .filter((event) => event.details?.username === 'ghost-six')
        .map((event) => event.ipAddress)
        .sort();
      expect(addresses).toEqual([
        '2001:db8:7:1:8000::1',
        '2001:db8:7:1::1',
        '2001:db8:7:1::2',
        '2001:db8:7:1::3',
        '2001:db8:7:1::4',
        '2001:db8:7:1::5',
        '2001:db8:7:2::1',
      ]);
    }, 60_000);
  });
}
