// `pnpm bench --scale`: the back office at real scale. The same admin calls are measured on a
// small data set (2,000 entries) and on a large one (100,000 entries, 20,000 requests, 200,000
// audit events), each in a fresh database of its own, so that the table shows whether a call
// stays flat as the tables grow. Then the audit log's CSV export of every event, with the
// server's memory sampled while it streams. docs/performance.md#the-back-office-at-scale.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';

import { runLoad, type LoadResult } from './load';
import { startServer, type ServerSettings } from './processes';
import { GOALS } from './goals';
import { row, type Row } from './report';
import { RARE_WORD, seedDatabase, type SeedCounts } from './seed';

export const SCALE_SETS: Readonly<Record<'small' | 'large', SeedCounts>> = {
  small: {
    approvedEntries: 1200,
    pendingEntries: 600,
    rejectedEntries: 200,
    scholarshipRequests: 400,
    auditEvents: 4000,
  },
  large: {
    approvedEntries: 60_000,
    pendingEntries: 30_000,
    rejectedEntries: 10_000,
    scholarshipRequests: 20_000,
    auditEvents: 200_000,
  },
};

const CONNECTIONS = 10;

export interface ScaleHarness {
  readonly seconds: number;
  readonly warmupSeconds: number;
  /** A fresh, empty database for one data set. */
  openDatabase(dataDir: string): Promise<{ label: string; url: string; dispose(): Promise<void> }>;
  makeDataDir(): string;
  removeDataDir(dir: string): void;
  log(line: string): void;
}

interface Answer {
  readonly status: number;
  readonly body: Buffer;
}

function get(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** The kind of call a scenario is: it decides the goals its figures are held to. */
type Kind = 'default' | 'page' | 'search';

interface Scenario {
  readonly key: string;
  readonly label: string;
  readonly kind: Kind;
  /** The path, found with the server's help (a cursor a few pages deep). */
  path(base: string, headers: Record<string, string>): Promise<string>;
}

/** Follows `nextCursor` `pages` times from `first`, then returns the path of the page it reached. */
async function deepPage(base: string, headers: Record<string, string>, first: string, pages: number): Promise<string> {
  let path = first;
  for (let i = 0; i < pages; i += 1) {
    const answer = await get(`${base}${path}`, headers);
    const cursor = (JSON.parse(answer.body.toString()) as { nextCursor?: string | null }).nextCursor;
    if (cursor === null || cursor === undefined) break;
    path = `${first}&before=${encodeURIComponent(cursor)}`;
  }
  return path;
}

const SCENARIOS: readonly Scenario[] = [
  {
    key: 'dashboard',
    label: 'GET /api/admin/dashboard',
    kind: 'default',
    path: async () => '/api/admin/dashboard',
  },
  {
    key: 'guestbook',
    label: 'GET /api/admin/guestbook (the screen)',
    kind: 'default',
    path: async () => '/api/admin/guestbook',
  },
  {
    key: 'guestbookPage',
    label: 'GET /api/admin/guestbook?class=approved&limit=100, 5 pages deep',
    kind: 'page',
    path: (base, headers) => deepPage(base, headers, '/api/admin/guestbook?class=approved&limit=100', 5),
  },
  {
    key: 'guestbookSearch',
    label: `GET /api/admin/guestbook?q=${RARE_WORD.toLowerCase()} (a rare word)`,
    kind: 'search',
    path: async () => `/api/admin/guestbook?q=${RARE_WORD.toLowerCase()}`,
  },
  {
    key: 'guestbookSearchCommon',
    label: 'GET /api/admin/guestbook?q=kernel&class=approved (a common word)',
    kind: 'search',
    path: async () => '/api/admin/guestbook?q=kernel&class=approved',
  },
  {
    key: 'scholarships',
    label: 'GET /api/admin/scholarships (the screen)',
    kind: 'default',
    path: async () => '/api/admin/scholarships',
  },
  {
    key: 'scholarshipsPage',
    label: 'GET /api/admin/scholarships?status=approved&limit=100, 2 pages deep',
    kind: 'page',
    path: (base, headers) => deepPage(base, headers, '/api/admin/scholarships?status=approved&limit=100', 2),
  },
  {
    key: 'scholarshipsSearch',
    label: 'GET /api/admin/scholarships?q=<an exact email>',
    kind: 'search',
    path: async () => `/api/admin/scholarships?q=${encodeURIComponent('reader301@example.org')}`,
  },
  {
    key: 'auditLog',
    label: 'GET /api/admin/audit-logs (the screen)',
    kind: 'default',
    path: async () => '/api/admin/audit-logs',
  },
  {
    key: 'auditPage',
    label: 'GET /api/admin/audit-logs?action=approve&limit=100, 5 pages deep',
    kind: 'page',
    path: (base, headers) => deepPage(base, headers, '/api/admin/audit-logs?action=approve&limit=100', 5),
  },
  {
    key: 'auditSearch',
    label: `GET /api/admin/audit-logs?q=${RARE_WORD.toLowerCase()} (a rare word)`,
    kind: 'search',
    path: async () => `/api/admin/audit-logs?q=${RARE_WORD.toLowerCase()}`,
  },
];

interface SetFigures {
  readonly database: string;
  readonly seedMs: number;
  readonly results: Record<string, LoadResult & { readonly bytes: number; readonly path: string }>;
  readonly export?: {
    readonly ms: number;
    readonly bytes: number;
    readonly rows: number;
    readonly rssGrowthMb: number;
    readonly rssBeforeMb: number;
  };
}

/** The server process's resident memory, in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** Streams the whole audit log as CSV, sampling the server's memory every 50 ms. */
async function measureExport(
  base: string,
  headers: Record<string, string>,
  pid: number,
): Promise<NonNullable<SetFigures['export']>> {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  const started = Date.now();
  let bytes = 0;
  let rows = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const sent = request(`${base}/api/admin/audit-logs.csv`, { headers }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`the CSV export answered ${response.statusCode}`));
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (const byte of chunk) if (byte === 0x0a) rows += 1;
        });
        response.on('error', reject);
        response.on('end', () => resolve());
      });
      sent.on('error', reject);
      sent.end();
    });
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rssMb(pid));
  return { ms: Date.now() - started, bytes, rows: rows - 1, rssGrowthMb: peak - before, rssBeforeMb: before };
}

async function measureSet(harness: ScaleHarness, name: 'small' | 'large'): Promise<SetFigures> {
  const dataDir = harness.makeDataDir();
  const database = await harness.openDatabase(dataDir);
  try {
    const counts = SCALE_SETS[name];
    harness.log(`scale, ${name}: seeding ${JSON.stringify(counts)} on ${database.label}`);
    const seeded = await seedDatabase(database.url, counts);
    harness.log(`scale, ${name}: seeded in ${Math.round(seeded.ms / 1000)} s`);
    const settings: ServerSettings = { dataDir, databaseUrl: database.url, adminPassword: 'bench-password-0123456789' };
    const { server } = await startServer(settings);
    try {
      const login = await new Promise<string>((resolve, reject) => {
        const sent = request(
          `${server.url}/api/admin/login`,
          { method: 'POST', headers: { 'content-type': 'application/json' } },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              const token = (JSON.parse(Buffer.concat(chunks).toString()) as { sessionToken?: string }).sessionToken;
              if (token === undefined) reject(new Error('no session token'));
              else resolve(token);
            });
          },
        );
        sent.on('error', reject);
        sent.end(JSON.stringify({ username: 'admin', password: settings.adminPassword }));
      });
      const headers = { authorization: `Bearer ${login}` };
      const results: SetFigures['results'] = {};
      for (const scenario of SCENARIOS) {
        const path = await scenario.path(server.url, headers);
        const probe = await get(`${server.url}${path}`, headers);
        if (probe.status !== 200)
          throw new Error(`${path} answered ${probe.status}: ${probe.body.toString().slice(0, 200)}`);
        const result = await runLoad({
          url: server.url,
          path,
          connections: CONNECTIONS,
          seconds: harness.seconds,
          warmupSeconds: harness.warmupSeconds,
          headers,
        });
        harness.log(
          `  ${name} ${scenario.key.padEnd(22)} ${String(Math.round(result.requestsPerSecond)).padStart(6)} req/s  ` +
            `p95 ${result.p95?.toFixed(1)} ms  p99 ${result.p99?.toFixed(1)} ms  ${probe.body.length} bytes  ` +
            `non-2xx ${result.non2xx}`,
        );
        results[scenario.key] = { ...result, bytes: probe.body.length, path };
      }
      const exported = name === 'large' ? await measureExport(server.url, headers, server.pid) : undefined;
      if (exported !== undefined) {
        harness.log(
          `  export: ${exported.rows} rows, ${(exported.bytes / 1e6).toFixed(1)} MB in ${exported.ms} ms; ` +
            `server RSS ${exported.rssBeforeMb.toFixed(0)} MB, +${exported.rssGrowthMb.toFixed(1)} MB at most`,
        );
      }
      return {
        database: database.label,
        seedMs: seeded.ms,
        results,
        ...(exported === undefined ? {} : { export: exported }),
      };
    } finally {
      await server.stop();
    }
  } finally {
    await database.dispose();
    harness.removeDataDir(dataDir);
  }
}

export interface ScaleMeasured {
  readonly small: SetFigures;
  readonly large: SetFigures;
}

export async function measureScale(harness: ScaleHarness): Promise<ScaleMeasured> {
  const small = await measureSet(harness, 'small');
  const large = await measureSet(harness, 'large');
  return { small, large };
}

export function scaleRows(measured: ScaleMeasured): Row[] {
  const out: Row[] = [];
  for (const scenario of SCENARIOS) {
    const large = measured.large.results[scenario.key];
    const small = measured.small.results[scenario.key];
    if (large === undefined || small === undefined) continue;
    const name = `${scenario.label} (${CONNECTIONS} conn.)`;
    const failures = large.non2xx + large.errors + large.timeouts;
    out.push(
      row({
        scenario: name,
        figure: 'size at 100,000',
        value: large.bytes / 1024,
        unit: 'KB',
        goal: scenario.kind === 'search' ? null : GOALS.scaleBytes,
      }),
      row({
        scenario: name,
        figure: 'requests/s at 100,000',
        value: large.requestsPerSecond,
        unit: '',
        goal: null,
        note: `${failures} failed`,
      }),
    );
    if (scenario.kind === 'search') {
      out.push(
        row({ scenario: name, figure: 'p95 at 2,000', value: small.p95, unit: 'ms', goal: null }),
        row({ scenario: name, figure: 'p95 at 100,000', value: large.p95, unit: 'ms', goal: GOALS.scaleSearchP95 }),
      );
      continue;
    }
    out.push(
      row({ scenario: name, figure: 'p99 at 2,000', value: small.p99, unit: 'ms', goal: GOALS.scaleP99 }),
      row({ scenario: name, figure: 'p99 at 100,000', value: large.p99, unit: 'ms', goal: GOALS.scaleP99 }),
      row({
        scenario: name,
        figure: 'p99 at 100,000 / at 2,000',
        value: small.p99 !== null && large.p99 !== null && small.p99 > 0 ? large.p99 / small.p99 : null,
        unit: 'x',
        goal: GOALS.scaleFlat,
      }),
    );
  }
  const exported = measured.large.export;
  if (exported !== undefined) {
    const name = `GET /api/admin/audit-logs.csv (every event, ${exported.rows.toLocaleString('en-US')} rows)`;
    out.push(
      row({
        scenario: name,
        figure: 'server memory growth',
        value: exported.rssGrowthMb,
        unit: 'MB',
        goal: GOALS.scaleExportMemory,
        note: `RSS ${exported.rssBeforeMb.toFixed(0)} MB before, sampled every 50 ms`,
      }),
      row({
        scenario: name,
        figure: 'time',
        value: exported.ms,
        unit: 'ms',
        goal: null,
        note: `${(exported.bytes / 1e6).toFixed(1)} MB`,
      }),
    );
  }
  return out;
}
