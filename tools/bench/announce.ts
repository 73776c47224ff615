// The announcement scenario (`pnpm bench --announce`): 50,000 confirmed readers, and the owner
// sends them an announcement with the rate cap lifted (ANNOUNCE_RATE). Measures the time the
// POST takes to queue every mail (its answer comes once they are in the outbox), the mails sent
// a second until the last one, and the server's memory growth (RSS, sampled every 50 ms from
// before the POST to the last mail). The mails go to the outbox folder (.eml files), as a server
// without SMTP_URL sends them. See docs/readers.md.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import { createTypeOrmPersistence } from '../../packages/persistence-typeorm/src';
import { aReader } from '../../packages/domain/testing/builders';
import { rssPeak, sleep } from './delivery';
import { BENCH_ADMIN_PASSWORD, withScratchDatabase, withServer, type Options } from './harness';
import type { ServerSettings } from './processes';
import { row, type Row } from './report';
import { callJson } from './scenarios';

/** The readers of a full run; a quick run has a tenth. */
export const ANNOUNCE_READERS = 50_000;

export interface AnnounceFigures {
  readonly readers: number;
  readonly seedMs: number;
  readonly queueMs: number;
  readonly sendSeconds: number;
  readonly sent: number;
  readonly rssBeforeMb: number;
  /** The highest RSS until the POST's answer: what the queuing took. */
  readonly rssQueuedMb: number;
  readonly rssPeakMb: number;
}

/** The confirmed readers, 500 a statement (a reader is 18 columns: within either database's parameters). */
async function seedReaders(databaseUrl: string, count: number): Promise<number> {
  const started = Date.now();
  const persistence = await createTypeOrmPersistence({ databaseUrl });
  try {
    const confirmedAt = new Date('2026-01-02T00:00:00.000Z');
    for (let start = 0; start < count; start += 500) {
      const batch = Array.from({ length: Math.min(500, count - start) }, (_, n) =>
        aReader({ email: `reader${start + n}@example.org`, status: 'confirmed', confirmedAt }),
      );
      await persistence.dataSource.getRepository('Reader').insert(batch);
    }
  } finally {
    await persistence.close();
  }
  return Date.now() - started;
}

/** A JSON call to the bench server, its answer as the scenario reads it. */
const call = async (url: string, method: string, path: string, body?: unknown, token?: string) =>
  (await callJson(url, method, path, body, token)) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the answers are read here

export async function measureAnnounceScenario(options: Options, log: (line: string) => void): Promise<AnnounceFigures> {
  const readers = options.quick ? ANNOUNCE_READERS / 10 : ANNOUNCE_READERS;
  return withScratchDatabase(options, 'memoir-bench-announce-', async (dataDir, database) => {
    const seedMs = await seedReaders(database.url, readers);
    log(`announce: ${readers} confirmed readers seeded in ${seedMs} ms (${database.label})`);
    const settings: ServerSettings = {
      dataDir,
      databaseUrl: database.url,
      adminPassword: BENCH_ADMIN_PASSWORD,
      // The cap lifted: the throughput is the worker's and the database's.
      env: { ANNOUNCE_RATE: '1000000000/1m', DELIVERY_POLL_INTERVAL: '100ms' },
    };
    return withServer(settings, async (server) => {
      const login = await call(server.url, 'POST', '/api/admin/login', {
        username: 'admin',
        password: BENCH_ADMIN_PASSWORD,
      });
      const token = login.sessionToken as string;
      const rss = rssPeak(server.pid);
      const started = performance.now();
      const answer = await call(
        server.url,
        'POST',
        '/api/admin/announcements',
        { subject: 'The paperback is out', text: 'It is in the shops from Monday.\n\nThank you for reading.' },
        token,
      );
      const queueMs = performance.now() - started;
      const rssQueuedMb = rss.peak();
      const sending = rssPeak(server.pid);
      log(
        `announce: ${answer.announcement.recipients} mails queued in ${queueMs.toFixed(0)} ms; ` +
          `RSS ${rss.beforeMb.toFixed(0)} → ${rssQueuedMb.toFixed(0)} MB`,
      );
      let sent: number;
      for (;;) {
        const listed = await call(server.url, 'GET', '/api/admin/announcements', undefined, token);
        const [item] = listed.announcements as Array<{ status: string; sent: number }>;
        sent = item?.sent ?? 0;
        if (item?.status === 'sent') break;
        await sleep(250);
      }
      const sendSeconds = (performance.now() - started - queueMs) / 1000;
      const rssPeakMb = Math.max(rssQueuedMb, sending.peak());
      const files = readdirSync(join(dataDir, 'outbox')).filter((name) => name.endsWith('.eml')).length;
      log(
        `announce: ${sent} sent (${files} .eml files) in ${sendSeconds.toFixed(1)} s, ` +
          `${(sent / sendSeconds).toFixed(0)} a second; RSS ${rss.beforeMb.toFixed(0)} → ${rssPeakMb.toFixed(0)} MB`,
      );
      return { readers, seedMs, queueMs, sendSeconds, sent, rssBeforeMb: rss.beforeMb, rssQueuedMb, rssPeakMb };
    });
  });
}

export function announceRows(figures: AnnounceFigures): Row[] {
  const scenario = `announce: ${figures.readers.toLocaleString('en')} confirmed readers, ANNOUNCE_RATE lifted`;
  return [
    row({
      scenario: `${scenario}, POST /api/admin/announcements`,
      figure: 'every mail queued (the answer)',
      value: figures.queueMs,
      unit: 'ms',
      goal: null,
      note: 'batches of 500 readers, one INSERT each, the cursor recorded after each',
    }),
    row({
      scenario: `${scenario}, the delivery worker`,
      figure: 'mails sent a second',
      value: figures.sent / figures.sendSeconds,
      unit: '/s',
      goal: null,
      note: `${figures.sent} sent in ${figures.sendSeconds.toFixed(1)} s to the outbox folder, each with its own unsubscribe link`,
    }),
    row({
      scenario: `${scenario}, POST /api/admin/announcements`,
      figure: 'server memory growth while queuing (RSS)',
      value: figures.rssQueuedMb - figures.rssBeforeMb,
      unit: 'MB',
      goal: null,
      note: `${figures.rssBeforeMb.toFixed(0)} → ${figures.rssQueuedMb.toFixed(0)} MB`,
    }),
    row({
      scenario: `${scenario}, from the POST to the last mail`,
      figure: 'server memory growth (RSS)',
      value: figures.rssPeakMb - figures.rssBeforeMb,
      unit: 'MB',
      goal: null,
      note: `${figures.rssBeforeMb.toFixed(0)} → ${figures.rssPeakMb.toFixed(0)} MB`,
    }),
  ];
}
