// `pnpm bench`: builds the production server, starts it on a fresh database seeded with a
// realistic data set (seed.ts), measures it with autocannon against a bare node:http control, runs
// Lighthouse on both apps, and writes the figures with their goals to
// bench-results/latest.{json,md}. See docs/performance.md.
//
//   pnpm bench                    full run on SQLite (about 10 minutes, 4 of them the spike)
//   pnpm bench --mysql            on a throwaway MariaDB (or TEST_MYSQL_URL)
//   pnpm bench:quick              a few seconds per scenario, one Lighthouse run: CI's check
//                                 that the harness works; it never fails on a timing
//   pnpm bench --scale            the admin calls at 2,000 and at 100,000 entries, and the CSV
//                                 export of 200,000 audit events (add --mysql for MariaDB)
//   pnpm bench --delivery         only the delivery scenario: 40 first downloads of a 320-page
//                                 book at once while the public list is read
//   pnpm bench --spike            only the spike: 400 first downloads of that book started
//                                 within one minute while the public list is read
//   pnpm bench --upload           only the upload: the owner uploads a 150 MB book while the
//                                 public list is read (server memory growth, the list's p99)
//   pnpm bench --announce         only an announcement to 50,000 confirmed readers, the rate
//                                 cap lifted: queueing time, mails a second, memory growth
//   pnpm bench --start            only the start: spawn to the first public-list answer on the
//                                 seeded database, and the idle memory after it
//   --no-build                    reuse the dist/ folders when they exist
//   --no-lighthouse               skip the Lighthouse runs
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  BENCH_ADMIN_PASSWORD,
  CONNECTIONS,
  FULL,
  log,
  openDatabase,
  QUICK,
  seedLogged,
  withScratchDatabase,
  withServer,
  type Options,
  type Profile,
} from './harness';
import { ROOT, SERVER_MAIN, type ServerSettings } from './processes';
import { formatTable, summarize, type Row } from './report';
import { measureScale, SCALE_SETS, scaleRows } from './scale';
import { bundleSizes, drive, measureDeliveryScenario, measureSpikeScenario } from './scenarios';
import { SEED_COUNTS } from './seed';
import { spikeRows } from './spike';
import { measureStarts, startRows } from './start';
import { measureUploadScenario, uploadRows } from './upload';
import { announceRows, measureAnnounceScenario } from './announce';
import { deliveryRows, rows, type Measured } from './table';

const HELP = `pnpm bench [--quick] [--mysql] [--scale | --delivery | --spike | --upload | --announce | --start] [--no-build] [--no-lighthouse]
  --quick          a few seconds per scenario and one Lighthouse run (CI)
  --mysql          run on MariaDB (TEST_MYSQL_URL, or a throwaway server) instead of SQLite
  --scale          the back office at 2,000 and at 100,000 entries, and the CSV export of
                   200,000 audit events (about 5 minutes on SQLite)
  --delivery       only the delivery scenario (the full run has it too): 40 readers' first
                   downloads of a generated 320-page book at once, while the list is read
  --spike          only the spike (the full run has it too): 400 readers' first downloads of
                   that book started within one minute, each following the page of a copy
                   being made until its copy comes (about 5 minutes)
  --upload         only the upload: the owner uploads a 150 MB book while the list is read
                   (the server's memory growth and the list's p99 during it)
  --announce       only an announcement to 50,000 confirmed readers (5,000 with --quick), the
                   rate cap lifted: the time to queue every mail, mails a second, memory growth
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
    '--spike',
    '--start',
    '--upload',
    '--announce',
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
    spike: argv.includes('--spike'),
    start: argv.includes('--start'),
    upload: argv.includes('--upload'),
    announce: argv.includes('--announce'),
    build: !argv.includes('--no-build'),
    lighthouse: !argv.includes('--no-lighthouse'),
  };
}

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

async function measure(options: Options, profile: Profile): Promise<Measured> {
  return withScratchDatabase(options, 'memoir-bench-', async (dataDir, database) => {
    const seeded = await seedLogged(database);
    const settings: ServerSettings = { dataDir, databaseUrl: database.url, adminPassword: BENCH_ADMIN_PASSWORD };
    const starts = await measureStarts({ settings, runs: profile.starts, log });
    return withServer(settings, async (server) => ({
      database: `${database.label} ${seeded.version}`,
      seedMs: seeded.ms,
      starts,
      ...(await drive(server.url, settings, profile, options)),
      bundles: await bundleSizes(),
    }));
  });
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
  const meta = runFacts({
    database: measured.large.database,
    mode: `scale${options.quick ? ', quick' : ''}`,
    load: `autocannon 9, ${profile.seconds} s per scenario after ${profile.warmupSeconds} s of warm-up, 10 connections; LOG_LEVEL=warn`,
    seed: `small ${JSON.stringify(SCALE_SETS.small)} (${Math.round(measured.small.seedMs / 1000)} s); large ${JSON.stringify(SCALE_SETS.large)} (${Math.round(measured.large.seedMs / 1000)} s)`,
  });
  report(options, { kind: 'scale', title: 'the back office at scale', meta, table }, { measured }, started);
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

/** What a run was (the summary's lines): when, at which commit, on what, under which load, where. */
function runFacts(facts: { database: string; mode: string; load: string; seed?: string }): Record<string, string> {
  return {
    date: new Date().toISOString(),
    commit: gitCommit(),
    ...facts,
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`,
  };
}

/** A run's results under its name (`latest-<kind>`, `-mysql` on MySQL): its facts, figures and table. */
function report(
  options: Options,
  run: { kind: string | null; title: string | null; meta: Record<string, string>; table: readonly Row[] },
  figures: Record<string, unknown>,
  started: number,
): void {
  const name = ['latest', run.kind, options.mysql ? 'mysql' : null, run.kind === null && options.quick ? 'quick' : null]
    .filter(Boolean)
    .join('-');
  const { meta, table } = run;
  writeResults(name, summaryMarkdown(run.title, meta, table), { meta, ...figures, rows: table }, started);
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
  const meta = runFacts({
    database: options.mysql ? 'MySQL' : 'SQLite',
    mode: `delivery${options.quick ? ', quick' : ''}`,
    load: `autocannon 9, ${CONNECTIONS.public} connections; quiet ${profile.seconds} s after ${profile.warmupSeconds} s of warm-up, then for as long as the downloads take; LOG_LEVEL=warn`,
  });
  report(options, { kind: 'delivery', title: 'the delivery of a real book', meta, table }, { figures }, started);
}

/** `--spike`: the spike alone. */
async function mainSpike(options: Options, profile: Profile, started: number): Promise<void> {
  const figures = await measureSpikeScenario(options, profile);
  const table = spikeRows(figures);
  const meta = runFacts({
    database: options.mysql ? 'MySQL' : 'SQLite',
    mode: `spike${options.quick ? ', quick' : ''}`,
    load: `autocannon 9, ${CONNECTIONS.public} connections; quiet ${profile.seconds} s after ${profile.warmupSeconds} s of warm-up, then from the first press to the last copy's last byte; LOG_LEVEL=warn`,
  });
  report(options, { kind: 'spike', title: '400 readers within a minute', meta, table }, { figures }, started);
}

/** `--upload`: the owner uploads a 150 MB book while the list is read (upload.ts). */
async function mainUpload(options: Options, profile: Profile, started: number): Promise<void> {
  const figures = await measureUploadScenario(options, profile, log);
  const table = uploadRows(figures);
  const meta = runFacts({
    database: options.mysql ? 'MySQL' : 'SQLite',
    mode: `upload${options.quick ? ', quick' : ''}`,
    load: `autocannon 9, ${CONNECTIONS.public} connections; quiet ${profile.seconds} s after ${profile.warmupSeconds} s of warm-up, then for as long as the upload takes; LOG_LEVEL=warn`,
  });
  report(options, { kind: 'upload', title: 'the owner uploads a 150 MB book', meta, table }, { figures }, started);
}

/** `--announce`: an announcement to the confirmed readers (announce.ts). */
async function mainAnnounce(options: Options, started: number): Promise<void> {
  const figures = await measureAnnounceScenario(options, log);
  const table = announceRows(figures);
  const meta = runFacts({
    database: options.mysql ? 'MySQL' : 'SQLite',
    mode: `announce${options.quick ? ', quick' : ''}`,
    load: 'one announcement, nothing else; DELIVERY_POLL_INTERVAL=100ms, LOG_LEVEL=warn, NODE_ENV=production',
    seed: `${figures.readers} confirmed readers (${figures.seedMs} ms)`,
  });
  report(options, { kind: 'announce', title: 'an announcement to the readers', meta, table }, { figures }, started);
}

/** `--start`: the start alone, on a seeded database of its own. */
async function mainStart(options: Options, profile: Profile, started: number): Promise<void> {
  const { figures, seed } = await withScratchDatabase(options, 'memoir-bench-start-', async (dataDir, database) => {
    const seeded = await seedLogged(database);
    const settings: ServerSettings = { dataDir, databaseUrl: database.url, adminPassword: BENCH_ADMIN_PASSWORD };
    return {
      figures: await measureStarts({ settings, runs: profile.starts, log }),
      seed: `${database.label} ${seeded.version}`,
    };
  });
  const table = startRows(figures);
  const meta = runFacts({
    database: seed,
    mode: `start${options.quick ? ', quick' : ''}`,
    load: 'none: one start at a time, LOG_LEVEL=warn, NODE_ENV=production',
  });
  report(options, { kind: 'start', title: 'the start', meta, table }, { figures }, started);
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
  if (options.spike) {
    await mainSpike(options, profile, started);
    return;
  }
  if (options.start) {
    await mainStart(options, profile, started);
    return;
  }
  if (options.upload) {
    await mainUpload(options, profile, started);
    return;
  }
  if (options.announce) {
    await mainAnnounce(options, started);
    return;
  }
  const measured = {
    ...(await measure(options, profile)),
    delivery: await measureDeliveryScenario(options, profile),
    spike: await measureSpikeScenario(options, profile),
  };
  const table = rows(measured, options);
  const meta = runFacts({
    database: measured.database,
    mode: options.quick ? 'quick (CI: figures only, never a verdict)' : 'full',
    load: `autocannon 9, ${profile.seconds} s per scenario after ${profile.warmupSeconds} s of warm-up; LOG_LEVEL=warn`,
    seed: `${SEED_COUNTS.approvedEntries} approved + ${SEED_COUNTS.pendingEntries} pending entries, ${SEED_COUNTS.scholarshipRequests} requests, ${SEED_COUNTS.auditEvents} audit events (${Math.round(measured.seedMs)} ms)`,
  });
  report(options, { kind: null, title: null, meta, table }, { measured }, started);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `\nbench: the harness failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
