// The main run's table: the rows made from its figures, against their goals (goals.ts).
import { quietListRows, type DeliveryFigures } from './delivery';
import type { LighthouseFigures } from './lighthouse';
import type { LoadResult } from './load';
import { median, row, type Goal, type Row } from './report';
import { spikeRows, type SpikeFigures } from './spike';
import { startRows, type StartFigures } from './start';
import { GOALS } from './goals';

export interface Measured {
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
  readonly spike?: SpikeFigures;
}

export function deliveryRows(figures: DeliveryFigures): Row[] {
  const list = `delivery: GET /api/guestbook-entries?limit=5 (${figures.connections} conn.)`;
  const readers = `${figures.readers} readers' first downloads at once`;
  const book = `${(figures.bookBytes / 1e6).toFixed(1)} MB, 320 pages`;
  return [
    ...quietListRows(list, figures.quiet),
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
      note: `from ${figures.rssBeforeMb.toFixed(0)} MB, after one copy made alone, to the peak`,
    }),
    row({
      scenario: `delivery: ${readers} (${book})`,
      figure: 'server RSS at the peak',
      value: figures.rssPeakMb,
      unit: 'MB',
      goal: null,
    }),
    row({
      scenario: 'delivery: the server before any copy (serving, emails sent)',
      figure: 'server RSS, idle',
      value: figures.rssIdleMb,
      unit: 'MB',
      goal: null,
      note: 'the first copy starts the stamping thread and loads the book and fonts',
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

export function rows(measured: Measured, options: { readonly mysql: boolean }): Row[] {
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

  /** A scenario measured between two runs of the same-bytes control (scenarios.ts, againstControl). */
  const againstControl = (key: string, label: string, ratioGoal: Goal, p99Goal: Goal) => {
    const result = measured.load[key];
    const before = measured.load[`${key}ControlBefore`];
    const after = measured.load[`${key}ControlAfter`];
    if (!result || !before || !after) return;
    const name = `${label} (${conn(result.connections)})`;
    const controlRate = (before.requestsPerSecond + after.requestsPerSecond) / 2;
    const size = `${result.bytes ?? 0} bytes${result.encoding ? ` (${result.encoding})` : ''}`;
    loadRows(name, result, p99Goal, size);
    const control = `control for ${label}: bare node:http, same bytes (${conn(before.connections)})`;
    out.push(
      row({
        scenario: name,
        figure: 'throughput / control',
        value: (result.requestsPerSecond / controlRate) * 100,
        unit: '%',
        goal: ratioGoal,
      }),
      row({
        scenario: control,
        figure: 'requests/s',
        value: controlRate,
        unit: '',
        goal: null,
        note: `mean of the runs before (${Math.round(before.requestsPerSecond)}) and after (${Math.round(after.requestsPerSecond)})`,
      }),
      row({
        scenario: control,
        figure: 'p99 latency',
        value: Math.max(before.p99 ?? 0, after.p99 ?? 0),
        unit: 'ms',
        goal: null,
        note: 'the worse of the two runs',
      }),
    );
  };
  againstControl('publicList', 'GET /api/guestbook-entries?limit=5', GOALS.listRatio, GOALS.listP99);
  againstControl('html', 'GET / (the HTML)', GOALS.htmlRatio, GOALS.htmlP99);

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
  if (measured.spike) out.push(...spikeRows(measured.spike));

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
