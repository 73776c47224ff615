// `pnpm bench`: builds the production server, starts it on a fresh database seeded with a
// realistic data set (seed.ts), measures it with autocannon against a bare node:http control, runs
// Lighthouse on both apps, and writes the figures with their goals to
// bench-results/latest.{json,md}. See docs/performance.md.
//
//   pnpm bench                    full run on SQLite (about 6 minutes)
//   pnpm bench --mysql            on a throwaway MariaDB (or TEST_MYSQL_URL)
//   pnpm bench:quick              a few seconds per scenario, one Lighthouse run: CI's check
//                                 that the harness works; it never fails on a timing
//   pnpm bench --scale            the admin calls at 2,000 and at 100,000 entries, and the CSV
//                                 export of 200,000 audit events (add --mysql for MariaDB)
//   pnpm bench --delivery         only the delivery scenario: 40 first downloads of a 320-page
//                                 book at once while the public list is read
//   pnpm bench --start            only the start: spawn to the first public-list answer on the
//                                 seeded database, and the idle memory after it
//   --no-build                    reuse the dist/ folders when they exist
//   --no-lighthouse               skip the Lighthouse runs
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { request } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { DELIVERY_READERS, makeBigBook, measureDelivery, outboxLinks, type DeliveryFigures } from './delivery';
import { CHROMIUM, runLighthouse, type LighthouseFigures } from './lighthouse';
import { runLoad, type LoadOptions, type LoadResult } from './load';
import { ROOT, SERVER_MAIN, startControl, startServer, type Child, type ServerSettings } from './processes';
import { formatTable, median, row, summarize, type Goal, type Row } from './report';
import { measureScale, SCALE_SETS, scaleRows } from './scale';
import { SEED_COUNTS, seedDatabase } from './seed';
import { measureStarts, startRows, type StartFigures } from './start';

interface Options {
  readonly quick: boolean;
  readonly mysql: boolean;
  readonly scale: boolean;
  readonly delivery: boolean;
  readonly start: boolean;
  readonly build: boolean;
  readonly lighthouse: boolean;
}

interface Profile {
  /** Seconds measured per load scenario, after `warmupSeconds` thrown away. */
  readonly seconds: number;
  readonly warmupSeconds: number;
  /** Starts measured (spawn to the first public-list answer, then idle memory). */
  readonly starts: number;
  readonly lighthouseRuns: number;
}

const FULL: Profile = { seconds: 10, warmupSeconds: 2, starts: 5, lighthouseRuns: 5 };
const QUICK: Profile = { seconds: 3, warmupSeconds: 1, starts: 3, lighthouseRuns: 1 };

/** Connections per scenario. 50 and 4 are the issue's; 10 for the admin reads is ours (docs/performance.md). */
const CONNECTIONS = { public: 50, admin: 10, login: 4 } as const;

const GOALS = {
  listRatio: { op: '>=', target: 60, unit: '%' },
  listP99: { op: '<=', target: 15, unit: 'ms' },
  postP99: { op: '<=', target: 50, unit: 'ms' },
  postFailures: { op: '<=', target: 0, unit: '' },
  loginP95: { op: '<=', target: 300, unit: 'ms' },
  adminP99: { op: '<=', target: 50, unit: 'ms' },
  publicScore: { op: '>=', target: 97, unit: '' },
  adminScore: { op: '>=', target: 90, unit: '' },
  lcp: { op: '<=', target: 2000, unit: 'ms' },
  cls: { op: '<=', target: 0, unit: '' },
  landingJs: { op: '<=', target: 120, unit: 'KB' },
  deliveryListP99: { op: '<=', target: 50, unit: 'ms' },
  deliveryListRatio: { op: '>=', target: 50, unit: '%' },
  deliveryMemory: { op: '<=', target: 150, unit: 'MB' },
  repeatFirstByte: { op: '<=', target: 20, unit: 'ms' },
} satisfies Record<string, Goal>;

const HELP = `pnpm bench [--quick] [--mysql] [--scale | --delivery | --start] [--no-build] [--no-lighthouse]
  --quick          a few seconds per scenario and one Lighthouse run (CI)
  --mysql          run on MariaDB (TEST_MYSQL_URL, or a throwaway server) instead of SQLite
  --scale          the back office at 2,000 and at 100,000 entries, and the CSV export of
                   200,000 audit events (about 5 minutes on SQLite)
  --delivery       only the delivery scenario (the full run has it too): 40 readers' first
                   downloads of a generated 320-page book at once, while the list is read
  --start          only the start (the full run has it too): spawn to the first answer of the
                   public list on the seeded database, and the RSS a few seconds later
  --no-build       skip pnpm build when the server and both apps are already built
  --no-lighthouse  skip Lighthouse`;

function parseOptions(argv: readonly string[]): Options {
  const known = new Set([
    '--quick',
    '--mysql',
    '--scale',
    '--delivery',
    '--start',
    '--no-build',
    '--no-lighthouse',
    '--help',
  ]);
  const unknown = argv.filter((arg) => !known.has(arg));
  if (argv.includes('--help') || unknown.length > 0) {
    if (unknown.length > 0) process.stderr.write(`Unknown option: ${unknown.join(' ')}\n`);
    process.stdout.write(`${HELP}\n`);
    process.exit(unknown.length > 0 ? 2 : 0);
  }
  return {
    quick: argv.includes('--quick'),
    mysql: argv.includes('--mysql'),
    scale: argv.includes('--scale'),
    delivery: argv.includes('--delivery'),
    start: argv.includes('--start'),
    build: !argv.includes('--no-build'),
    lighthouse: !argv.includes('--no-lighthouse'),
  };
}

const log = (line: string) => process.stdout.write(`${line}\n`);
const ms = (value: number) => `${Math.round(value)} ms`;

const BUILT_FILES = [
  SERVER_MAIN,
  join(ROOT, 'apps', 'public-site', 'dist', 'index.html'),
  join(ROOT, 'apps', 'admin', 'dist', 'index.html'),
];

function build(options: Options): void {
  if (!options.build && BUILT_FILES.every((file) => existsSync(file))) {
    log('build: skipped (--no-build, dist/ present)');
    return;
  }
  log('build: pnpm build');
  const started = Date.now();
  const result = spawnSync('pnpm', ['build'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout}\n${result.stderr}\n`);
    throw new Error(`pnpm build failed (exit ${String(result.status)})`);
  }
  log(`build: done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

interface Database {
  readonly label: string;
  readonly url: string;
  dispose(): Promise<void>;
}

async function openDatabase(options: Options, dataDir: string): Promise<Database> {
  if (!options.mysql) {
    return { label: 'SQLite', url: `sqlite:${join(dataDir, 'memoir.sqlite')}`, dispose: async () => undefined };
  }
  const { createScratchDatabase, startMariaDb } = await import('../../packages/persistence-typeorm/testing');
  let server: { stop(): Promise<void> } | null = null;
  let label = 'MySQL (TEST_MYSQL_URL)';
  if (process.env.TEST_MYSQL_URL === undefined || process.env.TEST_MYSQL_URL === '') {
    const started = Date.now();
    const mariadb = await startMariaDb();
    server = mariadb;
    process.env.TEST_MYSQL_URL = mariadb.url;
    label = 'MariaDB (throwaway)';
    log(`database: throwaway MariaDB ready in ${ms(Date.now() - started)}`);
  }
  const scratch = await createScratchDatabase();
  return {
    label,
    url: scratch.url,
    async dispose() {
      await scratch.drop();
      if (server !== null) {
        await server.stop();
        // The next database (the scale run's second set) starts a server of its own.
        delete process.env.TEST_MYSQL_URL;
      }
    },
  };
}

/**
 * One request, to check a scenario is wired right before loading it (the harness, not the
 * figure). node:http rather than fetch: the body comes back as sent, not decompressed.
 */
function probe(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
  expected: number,
): Promise<{ body: Buffer; contentType: string; encoding: string | undefined; rawHeaders: string[] }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: init.method ?? 'GET', headers: init.headers ?? {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        if (response.statusCode !== expected) {
          const text = body.toString().slice(0, 300);
          reject(
            new Error(`${init.method ?? 'GET'} ${url} answered ${response.statusCode}, expected ${expected}: ${text}`),
          );
          return;
        }
        resolve({
          body,
          contentType: response.headers['content-type'] ?? 'application/json',
          encoding: response.headers['content-encoding'],
          rawHeaders: response.rawHeaders,
        });
      });
    });
    sent.on('error', reject);
    sent.end(init.body);
  });
}

/** The first script the public site's index.html loads: its content-hashed entry bundle. */
function hashedAsset(): string {
  const html = readFileSync(join(ROOT, 'apps', 'public-site', 'dist', 'index.html'), 'utf8');
  const src = /<script[^>]*\ssrc="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (src === undefined) throw new Error('apps/public-site/dist/index.html loads no /assets/*.js script');
  return src;
}

function gitCommit(): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'packages', 'apps'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    return dirty === '' ? sha : `${sha} + uncommitted changes under packages/ or apps/`;
  } catch {
    return 'unknown';
  }
}

const GUESTBOOK_NAMES = ['Ada', 'Grace', 'Linus', 'Margaret', 'Ken'];
/** A valid signature, different each time (the riddle's default answer; no honeypot field). */
function guestbookPayload(n: number): string {
  return JSON.stringify({
    name: `${GUESTBOOK_NAMES[n % GUESTBOOK_NAMES.length] ?? 'Ada'} ${n}`,
    location: n % 3 === 0 ? '' : 'Lisbon',
    message: `Signing the guestbook, visit number ${n}. The chapter on the arena was my favourite part.`,
    riddleAnswer: 'network',
  });
}

interface Measured {
  readonly database: string;
  readonly seedMs: number;
  readonly starts: StartFigures;
  readonly load: Record<
    string,
    LoadResult & { readonly path: string; readonly bytes?: number; readonly encoding?: string | undefined }
  >;
  readonly lighthouse: LighthouseFigures[] | { readonly skipped: string };
  readonly bundles: { name: string; js: number; css: number; jsKb: number; cssKb: number }[];
  readonly delivery?: DeliveryFigures;
}

/** Live children, killed if the harness dies midway. */
const live = new Set<Child>();
process.on('exit', () => {
  for (const child of live) child.kill();
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of live) child.kill();
    process.exit(130);
  });
}

async function measure(options: Options, profile: Profile): Promise<Measured> {
  const dataDir = mkdtempSync(join(tmpdir(), 'memoir-bench-'));
  const database = await openDatabase(options, dataDir);
  try {
    log(`database: ${database.label}; seeding ${JSON.stringify(SEED_COUNTS)}`);
    const seeded = await seedDatabase(database.url);
    const seedMs = seeded.ms;
    log(`seed: ${seeded.version}, done in ${ms(seedMs)}`);
    const settings: ServerSettings = { dataDir, databaseUrl: database.url, adminPassword: 'bench-password-0123456789' };

    const starts = await measureStarts({ settings, runs: profile.starts, log });

    const { server } = await startServer(settings);
    live.add(server);
    try {
      return {
        database: `${database.label} ${seeded.version}`,
        seedMs,
        starts,
        ...(await drive(server.url, settings, profile, options)),
        bundles: await bundleSizes(),
      };
    } finally {
      await server.stop();
      live.delete(server);
    }
  } finally {
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A JSON call to the bench server, answered `expected`. */
async function callJson(url: string, method: string, path: string, body: unknown, token?: string): Promise<unknown> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return text === '' ? null : (JSON.parse(text) as unknown);
}

/**
 * The delivery scenario on a seeded database of its own: a generated 320-page book as
 * BOOK_PDF_PATH, 40 requests approved and their emails sent to the outbox, then
 * `measureDelivery` (delivery.ts).
 */
async function measureDeliveryScenario(options: Options, profile: Profile): Promise<DeliveryFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'memoir-bench-delivery-'));
  const bookDir = mkdtempSync(join(tmpdir(), 'memoir-bench-book-'));
  const database = await openDatabase(options, dataDir);
  try {
    const bookPath = join(bookDir, 'book.pdf');
    const started = Date.now();
    const bookBytes = await makeBigBook(bookPath);
    log(`delivery: a 320-page book of ${(bookBytes / 1e6).toFixed(1)} MB made in ${ms(Date.now() - started)}`);
    await seedDatabase(database.url);
    const settings: ServerSettings = {
      dataDir,
      databaseUrl: database.url,
      adminPassword: 'bench-password-0123456789',
      env: { BOOK_PDF_PATH: bookPath, DELIVERY_POLL_INTERVAL: '200ms' },
    };
    const { server } = await startServer(settings);
    live.add(server);
    try {
      const { url } = server;
      const login = (await callJson(url, 'POST', '/api/admin/login', {
        username: 'admin',
        password: settings.adminPassword,
      })) as { sessionToken: string };
      const token = login.sessionToken;
      const emails = Array.from({ length: DELIVERY_READERS }, (_, n) => `reader-${n}@bench.example`);
      for (const [n, email] of emails.entries()) {
        await callJson(url, 'POST', '/api/scholarship-request', {
          name: `Reader ${n} Łukasz Nguyễn`,
          email,
          message: 'A student who would love to read it.',
          riddleAnswer: 'kernel',
        });
      }
      const listed = (await callJson(
        url,
        'GET',
        `/api/admin/scholarships?status=pending&q=bench.example&limit=100`,
        undefined,
        token,
      )) as { requests: Array<{ id: string; email: string }> };
      const ours = listed.requests.filter((request) => emails.includes(request.email));
      if (ours.length !== DELIVERY_READERS) throw new Error(`found ${ours.length} of the ${DELIVERY_READERS} requests`);
      for (const request of ours) {
        await callJson(url, 'PATCH', `/api/admin/scholarships/${request.id}`, { status: 'approved' }, token);
      }
      const outbox = join(dataDir, 'outbox');
      const deadline = Date.now() + 120_000;
      let links: string[] = [];
      while (links.length < DELIVERY_READERS) {
        if (Date.now() > deadline) throw new Error(`only ${links.length} approval emails reached the outbox`);
        await new Promise((resolve) => setTimeout(resolve, 250));
        links = existsSync(outbox) ? outboxLinks(outbox) : [];
      }
      log(`delivery: ${links.length} approval emails in the outbox; measuring`);
      return await measureDelivery({
        url,
        pid: server.pid,
        links,
        bookBytes,
        seconds: profile.seconds,
        warmupSeconds: profile.warmupSeconds,
        connections: CONNECTIONS.public,
        log,
      });
    } finally {
      await server.stop();
      live.delete(server);
    }
  } finally {
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(bookDir, { recursive: true, force: true });
  }
}

function deliveryRows(figures: DeliveryFigures): Row[] {
  const list = `delivery: GET /api/guestbook-entries?limit=5 (${figures.connections} conn.)`;
  const readers = `${figures.readers} readers' first downloads at once`;
  const book = `${(figures.bookBytes / 1e6).toFixed(1)} MB, 320 pages`;
  return [
    row({
      scenario: `${list}, quiet`,
      figure: 'requests/s',
      value: figures.quiet.requestsPerSecond,
      unit: '',
      goal: null,
    }),
    row({ scenario: `${list}, quiet`, figure: 'p99 latency', value: figures.quiet.p99, unit: 'ms', goal: null }),
    row({
      scenario: `${list}, during ${readers}`,
      figure: 'requests/s',
      value: figures.during.requestsPerSecond,
      unit: '',
      goal: null,
      note: `${figures.during.responses} answers in ${figures.during.seconds.toFixed(1)} s`,
    }),
    row({
      scenario: `${list}, during ${readers}`,
      figure: 'throughput / quiet',
      value: (figures.during.requestsPerSecond / figures.quiet.requestsPerSecond) * 100,
      unit: '%',
      goal: GOALS.deliveryListRatio,
    }),
    row({
      scenario: `${list}, during ${readers}`,
      figure: 'p99 latency',
      value: figures.during.p99,
      unit: 'ms',
      goal: GOALS.deliveryListP99,
    }),
    row({
      scenario: `delivery: ${readers} (${book})`,
      figure: 'all copies delivered',
      value: figures.downloadsSeconds * 1000,
      unit: 'ms',
      goal: null,
      note: `${figures.busyAnswers} busy answers (503), each tried again after 0.5 s; copies of ${(figures.copyBytes / 1e6).toFixed(2)} MB`,
    }),
    row({
      scenario: `delivery: ${readers} (${book})`,
      figure: 'server memory growth (RSS)',
      value: figures.rssPeakMb - figures.rssBeforeMb,
      unit: 'MB',
      goal: GOALS.deliveryMemory,
      note: `${figures.rssBeforeMb.toFixed(0)} MB before, ${figures.rssPeakMb.toFixed(0)} MB at the peak`,
    }),
    row({
      scenario: 'delivery: a repeated download (kept copy): button, redirect, first byte',
      figure: `median of ${figures.repeatFirstByteMs.length}`,
      value: median(figures.repeatFirstByteMs),
      unit: 'ms',
      goal: GOALS.repeatFirstByte,
      note: `samples: ${figures.repeatFirstByteMs.map((value) => value.toFixed(1)).join(', ')} ms`,
    }),
  ];
}

async function bundleSizes(): Promise<Measured['bundles']> {
  // tools/check-budgets.mjs is plain JavaScript (pnpm test runs it with node): no types to import.
  const budgets = pathToFileURL(join(ROOT, 'tools', 'check-budgets.mjs')).href;
  const { measureInitialAssets } = (await import(budgets)) as { measureInitialAssets(): Measured['bundles'] };
  return measureInitialAssets();
}

async function drive(
  url: string,
  settings: ServerSettings,
  profile: Profile,
  options: Options,
): Promise<Pick<Measured, 'load' | 'lighthouse'>> {
  const load: Measured['load'] = {};
  const timing = { url, seconds: profile.seconds, warmupSeconds: profile.warmupSeconds };
  type ScenarioOptions = Omit<LoadOptions, 'url' | 'seconds' | 'warmupSeconds'> & { readonly url?: string };
  const scenario = async (key: string, loadOptions: ScenarioOptions) => {
    const result = await runLoad({ ...timing, ...loadOptions });
    if (result.ok === 0) {
      throw new Error(`${key}: no successful response at all (${JSON.stringify(result.statusCodes)})`);
    }
    log(
      `  ${key.padEnd(22)} ${String(Math.round(result.requestsPerSecond)).padStart(6)} req/s  ` +
        `p50 ${result.p50?.toFixed(1)} ms  p95 ${result.p95?.toFixed(1)} ms  p99 ${result.p99?.toFixed(1)} ms  ` +
        `non-2xx ${result.non2xx}  errors ${result.errors}  timeouts ${result.timeouts}`,
    );
    return result;
  };

  const login = await probe(
    `${url}/api/admin/login`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: settings.adminPassword }),
    },
    200,
  );
  const token = (JSON.parse(login.body.toString()) as { sessionToken?: string }).sessionToken;
  if (token === undefined) throw new Error('POST /api/admin/login returned no sessionToken');
  const bearer = { authorization: `Bearer ${token}` };
  const browser = { 'accept-encoding': 'gzip, deflate, br' };

  log('load (reads first, so that the writes do not change what they read):');
  const listPath = '/api/guestbook-entries?limit=5';
  const list = await probe(`${url}${listPath}`, {}, 200);
  const control = await startControl(list.body, list.rawHeaders);
  live.add(control);
  try {
    // Control, server, control: the two control runs bracket the server's, so drift in the
    // machine's load shows as a gap between them.
    const listLoad = { path: listPath, connections: CONNECTIONS.public };
    const controlBefore = await scenario('control (before)', { ...listLoad, url: control.url });
    load.publicList = { ...(await scenario('public list', listLoad)), path: listPath, bytes: list.body.length };
    const controlAfter = await scenario('control (after)', { ...listLoad, url: control.url });
    load.controlBefore = { ...controlBefore, path: listPath };
    load.controlAfter = { ...controlAfter, path: listPath };
  } finally {
    await control.stop();
    live.delete(control);
  }

  const admin = async (key: string, path: string) => {
    const probed = await probe(`${url}${path}`, { headers: bearer }, 200);
    load[key] = {
      ...(await scenario(key, { path, connections: CONNECTIONS.admin, headers: bearer })),
      path,
      bytes: probed.body.length,
    };
  };
  await admin('dashboard', '/api/admin/dashboard');
  await admin('auditLog', '/api/admin/audit-logs');
  await admin('adminGuestbook', '/api/admin/guestbook');
  await admin('adminScholarships', '/api/admin/scholarships');

  for (const [key, path] of [
    ['html', '/'],
    ['asset', hashedAsset()],
  ] as const) {
    const probed = await probe(`${url}${path}`, { headers: browser }, 200);
    load[key] = {
      ...(await scenario(key, { path, connections: CONNECTIONS.public, headers: browser })),
      path,
      bytes: probed.body.length,
      encoding: probed.encoding,
    };
  }

  const postPath = '/api/guestbook-entry';
  await probe(
    `${url}${postPath}`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: guestbookPayload(0) },
    201,
  );
  load.postGuestbook = {
    ...(await scenario('POST guestbook', {
      path: postPath,
      method: 'POST',
      connections: CONNECTIONS.public,
      body: guestbookPayload,
    })),
    path: postPath,
  };

  const loginPath = '/api/admin/login';
  const credentials = JSON.stringify({ username: 'admin', password: settings.adminPassword });
  load.login = {
    ...(await scenario('login', {
      path: loginPath,
      method: 'POST',
      connections: CONNECTIONS.login,
      body: () => credentials,
    })),
    path: loginPath,
  };

  let lighthouse: Measured['lighthouse'];
  if (!options.lighthouse) lighthouse = { skipped: '--no-lighthouse' };
  else if (!existsSync(CHROMIUM)) lighthouse = { skipped: `${CHROMIUM} is not installed` };
  else {
    log(`lighthouse: ${profile.lighthouseRuns} run(s) per page, mobile preset`);
    lighthouse = await runLighthouse(url, ['/', '/admin/login'], profile.lighthouseRuns, log);
  }
  return { load, lighthouse };
}

function rows(measured: Measured, options: Options): Row[] {
  const out: Row[] = [];
  const conn = (n: number) => `${n} conn.`;
  const loadRows = (name: string, result: LoadResult, p99Goal: Goal | null, extraNote = '') => {
    const failures = result.non2xx + result.errors + result.timeouts;
    const note = [`${failures} failed of ${result.ok + failures}`, extraNote].filter((s) => s !== '').join('; ');
    out.push(
      row({ scenario: name, figure: 'requests/s', value: result.requestsPerSecond, unit: '', goal: null, note }),
    );
    out.push(row({ scenario: name, figure: 'p50 latency', value: result.p50, unit: 'ms', goal: null }));
    out.push(row({ scenario: name, figure: 'p99 latency', value: result.p99, unit: 'ms', goal: p99Goal }));
  };

  const { publicList, controlBefore, controlAfter } = measured.load;
  if (publicList && controlBefore && controlAfter) {
    const name = `GET /api/guestbook-entries?limit=5 (${conn(publicList.connections)})`;
    const controlRate = (controlBefore.requestsPerSecond + controlAfter.requestsPerSecond) / 2;
    loadRows(name, publicList, GOALS.listP99, `${publicList.bytes ?? 0} bytes`);
    out.push(
      row({
        scenario: name,
        figure: 'throughput / control',
        value: (publicList.requestsPerSecond / controlRate) * 100,
        unit: '%',
        goal: GOALS.listRatio,
      }),
    );
    out.push(
      row({
        scenario: `control: bare node:http, same bytes (${conn(controlBefore.connections)})`,
        figure: 'requests/s',
        value: controlRate,
        unit: '',
        goal: null,
        note: `mean of the runs before (${Math.round(controlBefore.requestsPerSecond)}) and after (${Math.round(controlAfter.requestsPerSecond)})`,
      }),
    );
    out.push(
      row({
        scenario: `control: bare node:http, same bytes (${conn(controlBefore.connections)})`,
        figure: 'p99 latency',
        value: Math.max(controlBefore.p99 ?? 0, controlAfter.p99 ?? 0),
        unit: 'ms',
        goal: null,
        note: 'the worse of the two runs',
      }),
    );
  }

  const post = measured.load.postGuestbook;
  if (post) {
    const name = `POST /api/guestbook-entry (${conn(post.connections)})`;
    const postGoal: Goal = options.mysql ? { ...GOALS.postP99, note: 'set for SQLite' } : GOALS.postP99;
    loadRows(name, post, postGoal);
    out.push(
      row({
        scenario: name,
        figure: 'failed requests',
        value: post.non2xx + post.errors + post.timeouts,
        unit: '',
        goal: GOALS.postFailures,
        note: JSON.stringify(post.statusCodes),
      }),
    );
  }

  const login = measured.load.login;
  if (login) {
    const name = `POST /api/admin/login (${conn(login.connections)})`;
    out.push(
      row({ scenario: name, figure: 'requests/s', value: login.requestsPerSecond, unit: '', goal: null }),
      row({ scenario: name, figure: 'p50 latency', value: login.p50, unit: 'ms', goal: null }),
      row({ scenario: name, figure: 'p95 latency', value: login.p95, unit: 'ms', goal: GOALS.loginP95 }),
    );
  }

  const adminRows: Array<[string, string, Goal | null]> = [
    ['dashboard', 'GET /api/admin/dashboard', GOALS.adminP99],
    ['auditLog', 'GET /api/admin/audit-logs (first page)', GOALS.adminP99],
    ['adminGuestbook', 'GET /api/admin/guestbook (every entry)', null],
    ['adminScholarships', 'GET /api/admin/scholarships (every request)', null],
    ['html', 'GET / (the HTML)', null],
    ['asset', 'GET one hashed asset', null],
  ];
  for (const [key, label, goal] of adminRows) {
    const result = measured.load[key];
    if (!result) continue;
    const size =
      result.bytes === undefined
        ? ''
        : `${result.bytes.toLocaleString('en-US')} bytes${result.encoding ? ` (${result.encoding})` : ''}`;
    const note = key === 'asset' ? `${result.path}, ${size}` : size;
    loadRows(`${label} (${conn(result.connections)})`, result, goal, note);
  }

  out.push(...startRows(measured.starts));

  const lighthouse = measured.lighthouse;
  const pages: Array<[string, Goal]> = [
    ['/', GOALS.publicScore],
    ['/admin/login', GOALS.adminScore],
  ];
  for (const [path, scoreGoal] of pages) {
    const figures = Array.isArray(lighthouse) ? lighthouse.find((f) => f.path === path) : undefined;
    const runs = figures?.runs.length ?? 0;
    const name = `Lighthouse ${path} (mobile, median of ${runs})`;
    const skipped = Array.isArray(lighthouse) ? undefined : `skipped: ${lighthouse.skipped}`;
    const value = (pick: (f: LighthouseFigures) => number) => (figures === undefined ? null : pick(figures));
    out.push(
      row({
        scenario: name,
        figure: 'performance score',
        value: value((f) => f.score),
        unit: '',
        goal: scoreGoal,
        note: skipped,
      }),
      row({ scenario: name, figure: 'LCP', value: value((f) => f.lcp), unit: 'ms', goal: GOALS.lcp }),
      row({ scenario: name, figure: 'TBT', value: value((f) => f.tbt), unit: 'ms', goal: null }),
      row({ scenario: name, figure: 'CLS', value: value((f) => f.cls), unit: '', goal: GOALS.cls }),
      row({
        scenario: name,
        figure: `JS at network idle (gzip, ${figures?.scripts.length ?? 0} files)`,
        value: value((f) => f.scriptsGzipBytes / 1024),
        unit: 'KB',
        goal: path === '/' ? GOALS.landingJs : null,
      }),
    );
  }

  if (measured.delivery) out.push(...deliveryRows(measured.delivery));

  for (const bundle of measured.bundles) {
    for (const type of ['js', 'css'] as const) {
      out.push(
        row({
          scenario: `${bundle.name}: initial ${type.toUpperCase()} (gzip)`,
          figure: 'size',
          value: bundle[type] / 1024,
          unit: 'KB',
          goal: { op: '<=', target: type === 'js' ? bundle.jsKb : bundle.cssKb, unit: 'KB', note: 'budget' },
        }),
      );
    }
  }
  return out;
}

/** `--scale`: the admin calls on a small and a large data set (scale.ts). */
async function mainScale(options: Options, profile: Profile, started: number): Promise<void> {
  const measured = await measureScale({
    seconds: profile.seconds,
    warmupSeconds: profile.warmupSeconds,
    openDatabase: (dataDir) => openDatabase(options, dataDir),
    makeDataDir: () => mkdtempSync(join(tmpdir(), 'memoir-bench-scale-')),
    removeDataDir: (dir) => rmSync(dir, { recursive: true, force: true }),
    log,
  });
  const table = scaleRows(measured);
  const meta: Record<string, string> = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    database: measured.large.database,
    mode: `scale${options.quick ? ', quick' : ''}`,
    load: `autocannon 9, ${profile.seconds} s per scenario after ${profile.warmupSeconds} s of warm-up, 10 connections; LOG_LEVEL=warn`,
    seed: `small ${JSON.stringify(SCALE_SETS.small)} (${Math.round(measured.small.seedMs / 1000)} s); large ${JSON.stringify(SCALE_SETS.large)} (${Math.round(measured.large.seedMs / 1000)} s)`,
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`,
  };
  const name = ['latest-scale', options.mysql ? 'mysql' : null].filter(Boolean).join('-');
  writeResults(
    name,
    summaryMarkdown('the back office at scale', meta, table),
    { meta, measured, rows: table },
    started,
  );
}

/** A run's table under its title (none for the main run) and settings, with the count of goals met. */
function summaryMarkdown(title: string | null, meta: Record<string, string>, table: readonly Row[]): string {
  const { met, missed, notMeasured } = summarize(table);
  return [
    `# Benchmark${title === null ? '' : `, ${title}`}: ${meta.date}`,
    '',
    ...Object.entries(meta).map(([key, value]) => `- ${key}: ${value}`),
    '',
    formatTable(table),
    '',
    `Goals: ${met} met, ${missed} missed${notMeasured > 0 ? `, ${notMeasured} not measured` : ''}.`,
    '',
  ].join('\n');
}

/** Writes bench-results/<name>.json and .md, and prints the table. */
function writeResults(name: string, text: string, json: unknown, started: number): void {
  const outDir = join(ROOT, 'bench-results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, `${name}.json`), `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(join(outDir, `${name}.md`), text);
  log(`\n${text}`);
  log(`wrote bench-results/${name}.json and .md in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** `--delivery`: the delivery scenario alone. */
async function mainDelivery(options: Options, profile: Profile, started: number): Promise<void> {
  const figures = await measureDeliveryScenario(options, profile);
  const table = deliveryRows(figures);
  const meta: Record<string, string> = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    database: options.mysql ? 'MySQL' : 'SQLite',
    mode: `delivery${options.quick ? ', quick' : ''}`,
    load: `autocannon 9, ${CONNECTIONS.public} connections; quiet ${profile.seconds} s after ${profile.warmupSeconds} s of warm-up, then for as long as the downloads take; LOG_LEVEL=warn`,
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`,
  };
  const name = ['latest-delivery', options.mysql ? 'mysql' : null].filter(Boolean).join('-');
  writeResults(
    name,
    summaryMarkdown('the delivery of a real book', meta, table),
    { meta, figures, rows: table },
    started,
  );
}

/** `--start`: the start alone, on a seeded database of its own. */
async function mainStart(options: Options, profile: Profile, started: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'memoir-bench-start-'));
  const database = await openDatabase(options, dataDir);
  let figures: StartFigures;
  let seed: string;
  try {
    log(`database: ${database.label}; seeding ${JSON.stringify(SEED_COUNTS)}`);
    const seeded = await seedDatabase(database.url);
    seed = `${database.label} ${seeded.version}`;
    const settings: ServerSettings = { dataDir, databaseUrl: database.url, adminPassword: 'bench-password-0123456789' };
    figures = await measureStarts({ settings, runs: profile.starts, log });
  } finally {
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const table = startRows(figures);
  const meta: Record<string, string> = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    database: seed,
    mode: `start${options.quick ? ', quick' : ''}`,
    load: 'none: one start at a time, LOG_LEVEL=warn, NODE_ENV=production',
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`,
  };
  const name = ['latest-start', options.mysql ? 'mysql' : null].filter(Boolean).join('-');
  writeResults(name, summaryMarkdown('the start', meta, table), { meta, figures, rows: table }, started);
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const profile = options.quick ? QUICK : FULL;
  const started = Date.now();
  build(options);
  if (options.scale) {
    await mainScale(options, profile, started);
    return;
  }
  if (options.delivery) {
    await mainDelivery(options, profile, started);
    return;
  }
  if (options.start) {
    await mainStart(options, profile, started);
    return;
  }
  const measured = { ...(await measure(options, profile)), delivery: await measureDeliveryScenario(options, profile) };
  const table = rows(measured, options);
  const meta: Record<string, string> = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    database: measured.database,
    mode: options.quick ? 'quick (CI: figures only, never a verdict)' : 'full',
    load: `autocannon 9, ${profile.seconds} s per scenario after ${profile.warmupSeconds} s of warm-up; LOG_LEVEL=warn`,
    seed: `${SEED_COUNTS.approvedEntries} approved + ${SEED_COUNTS.pendingEntries} pending entries, ${SEED_COUNTS.scholarshipRequests} requests, ${SEED_COUNTS.auditEvents} audit events (${Math.round(measured.seedMs)} ms)`,
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`,
  };
  const name = ['latest', options.mysql ? 'mysql' : null, options.quick ? 'quick' : null].filter(Boolean).join('-');
  writeResults(name, summaryMarkdown(null, meta, table), { meta, measured, rows: table }, started);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `\nbench: the harness failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
