import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestSmtpServer, type TestSmtpServer } from '@memoir/mail/testing';
import type { ScholarshipRequest } from '@memoir/shared';

import { startServerProcess, type ServerProcess } from './support/server-process';
import { ANSWERS, OWNER_PASSWORD } from './support/test-app';

const REQUESTS = 24;

/**
 * Two server processes on one database, both running the delivery worker every 50 ms
 * against one real SMTP server: every approval is emailed exactly once.
 */
export function describeTwoProcesses(
  name: string,
  database: () => Promise<{ readonly url: string; readonly dataDir: string; dispose(): Promise<void> }>,
): void {
  describe(`two server processes on ${name}`, () => {
    let smtp: TestSmtpServer;
    let db: Awaited<ReturnType<typeof database>>;
    const servers: ServerProcess[] = [];

    beforeAll(async () => {
      smtp = await startTestSmtpServer();
      db = await database();
      const env = {
        DATABASE_URL: db.url,
        ADMIN_USERNAME: 'owner',
        ADMIN_PASSWORD: OWNER_PASSWORD,
        SMTP_URL: smtp.url,
        PUBLIC_BASE_URL: 'http://memoir.test',
        DELIVERY_POLL_INTERVAL: '50ms',
        FORM_RATE_LIMIT: '1000/10m',
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

    it(`emails each of ${REQUESTS} approvals once, and both stop cleanly`, async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const call = async (server: ServerProcess, method: string, path: string, body?: unknown, token?: string) => {
        const response = await fetch(`${server.url}${path}`, {
          method,
          headers: {
            'Content-Type': 'application/json',
            ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      };
      const login = await call(a, 'POST', '/api/admin/login', { username: 'owner', password: OWNER_PASSWORD });
      const token = login.body.sessionToken as string;

      await Promise.all(
        Array.from({ length: REQUESTS }, (_, i) =>
          call(i % 2 === 0 ? a : b, 'POST', '/api/scholarship-request', {
            name: `Reader ${i}`,
            email: `reader${i}@example.org`,
            riddleAnswer: ANSWERS.scholarship,
          }),
        ),
      );
      const listed = (await call(a, 'GET', '/api/admin/scholarships', undefined, token)).body
        .requests as ScholarshipRequest[];
      expect(listed).toHaveLength(REQUESTS);
      const decided = await Promise.all(
        listed.map((request, i) =>
          call(i % 2 === 0 ? b : a, 'PATCH', `/api/admin/scholarships/${request.id}`, { status: 'approved' }, token),
        ),
      );
      expect(decided.map((response) => response.status)).toEqual(listed.map(() => 200));

      const deadline = Date.now() + 20_000;
      while (smtp.received.length < REQUESTS && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, 500)); // ten more ticks of both workers
      const recipients = (await smtp.parsed()).map((email) => (email.to as { text: string }).text).sort();
      expect(recipients).toEqual(listed.map((request) => request.email).sort());

      // Every approved request (the default list shows the newest 10 only).
      const states = (await call(b, 'GET', '/api/admin/scholarships?status=approved&limit=100', undefined, token)).body
        .requests as ScholarshipRequest[];
      expect(states.map((request) => request.delivery?.status)).toEqual(listed.map(() => 'sent'));
      expect(states.map((request) => request.delivery?.attempts)).toEqual(listed.map(() => 1));

      const sentBy = servers.map((server) =>
        [...server.output().matchAll(/"sent":(\d+),"retrying":\d+,"failed":\d+,"msg":"delivery run"/g)].reduce(
          (sum, match) => sum + Number(match[1]),
          0,
        ),
      );
      expect(sentBy.reduce((sum, sent) => sum + sent, 0)).toBe(REQUESTS);
      process.stdout.write(`Two processes on ${name}: ${REQUESTS} emails, sent ${sentBy.join(' + ')}\n`);

      expect(await Promise.all(servers.map((server) => server.stop()))).toEqual([0, 0]);
    }, 60_000);
  });
}
