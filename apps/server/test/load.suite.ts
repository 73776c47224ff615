import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { send } from './support/load';
import { startTestApp, type ListeningTestApp } from './support/test-app';

export const CONCURRENT_SUBMISSIONS = 500;

/**
 * The real server (listening, in this process) takes 500 valid guestbook
 * submissions sent at once; every one is answered 201 and every one is exactly one row.
 */
export function describeLoadWithoutLoss(
  label: string,
  database: () => Promise<{ url: string; drop(): Promise<void> }>,
) {
  describe(`500 concurrent submissions on ${label}`, () => {
    let server: ListeningTestApp;
    let drop = async () => undefined as void;

    beforeAll(async () => {
      const db = await database();
      drop = () => db.drop();
      server = await startTestApp({ listen: true, env: { DATABASE_URL: db.url, FORM_RATE_LIMIT: '100000/10m' } });
    }, 60_000);

    afterAll(async () => {
      await server?.close();
      await drop();
    });

    it('answers all 500 with 201 and stores exactly 500 rows', async () => {
      const started = Date.now();
      const outcomes = await Promise.all(
        Array.from({ length: CONCURRENT_SUBMISSIONS }, () => send(server.url, 'write', 60_000)),
      );
      const ms = Date.now() - started;
      const entries = await server.persistence.repositories.guestbookEntries.listAll();
      const created = outcomes.filter((o) => o.status === 201).length;
      process.stdout.write(
        `\n${label}: ${CONCURRENT_SUBMISSIONS} concurrent submissions in ${ms} ms: ${created} answers 201, ${entries.length} rows\n`,
      );

      expect(outcomes.filter((o) => o.status !== 201).map((o) => `${o.status} ${o.body.slice(0, 200)}`)).toEqual([]);
      expect(entries).toHaveLength(CONCURRENT_SUBMISSIONS);
      expect(new Set(entries.map((entry) => entry.name))).toEqual(new Set(outcomes.map((o) => o.name)));
    }, 120_000);
  });
}
