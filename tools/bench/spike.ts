// The spike: 400 readers press "Download your copy" within one minute, each for the first time,
// on the generated 320-page book of about 6 MB, while autocannon reads the public list. Each
// reader is a browser (reader.ts): it follows the page of a copy being made until its copy
// comes. Measures when the last copy is done, how long readers waited, busy answers (none is
// the goal), the list's p99 and throughput against quiet, and the server's memory growth.
// See docs/performance.md.
import { listLoad, quietListRows, rssMb, sleep, windowOf, type ListWindow } from './delivery';
import { GOALS } from './goals';
import { browserDownload, type ReaderRun } from './reader';
import { percentile, row, type Row } from './report';

export const SPIKE_READERS = 400;
/** `--quick`: the harness's check, not a figure. */
export const SPIKE_READERS_QUICK = 40;
/** The readers' first presses fall within this many seconds. */
export const SPIKE_SECONDS = 60;

export interface SpikeFigures {
  readonly bookBytes: number;
  readonly readers: number;
  readonly spreadSeconds: number;
  readonly connections: number;
  readonly quiet: ListWindow;
  readonly during: ListWindow;
  /** From the first press to the last copy's last byte. */
  readonly lastCopySeconds: number;
  /** Per reader, press to the copy's first byte, and to its last byte (ms). */
  readonly toFirstByteMs: number[];
  readonly toLastByteMs: number[];
  readonly busyAnswers: number;
  readonly waitingPages: number;
  /** Readers who saw the page of a copy being made at least once. */
  readonly readersWhoWaited: number;
  readonly copyBytes: number;
  readonly rssIdleMb: number;
  readonly rssBeforeMb: number;
  readonly rssPeakMb: number;
}

/** The launch post: this share of the readers press within the first SPIKE_BURST_MS. */
export const SPIKE_BURST_SHARE = 0.25;
export const SPIKE_BURST_MS = 2_000;

/**
 * When each reader presses, in ms from the first, from a fixed seed (the same every run): a
 * quarter within the first two seconds (a launch post's first readers, a crowd at once that
 * fills the stamping queue), the others uniform over `seconds`.
 */
export function pressTimes(readers: number, seconds: number): number[] {
  let state = 31;
  const random = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const burst = Math.round(readers * SPIKE_BURST_SHARE);
  const times = Array.from({ length: readers }, (_, n) =>
    n === 0 ? 0 : random() * (n < burst ? SPIKE_BURST_MS : seconds * 1000),
  );
  return times.sort((a, b) => a - b);
}

/**
 * Runs the spike on a server already serving `warmingLinks` and `links` (approval emails sent,
 * nothing downloaded): the warming reader's download alone (the stamping thread, the book's plan
 * and the fonts are made then, and counted in the baseline, as in the delivery scenario), the
 * list quiet, then the list while each reader of `links` presses at their time.
 */
export async function measureSpike(options: {
  readonly url: string;
  readonly pid: number;
  readonly warmingLinks: readonly string[];
  readonly links: readonly string[];
  readonly bookBytes: number;
  readonly spreadSeconds: number;
  readonly seconds: number;
  readonly warmupSeconds: number;
  readonly connections: number;
  readonly log: (line: string) => void;
}): Promise<SpikeFigures> {
  const { url, pid, links, log, connections } = options;
  const listPath = '/api/guestbook-entries?limit=5';
  const rssIdleMb = rssMb(pid);
  for (const link of options.warmingLinks) await browserDownload(url, link);
  log(
    `  spike: ${options.warmingLinks.length} first download alone; RSS ${rssIdleMb.toFixed(0)} → ${rssMb(pid).toFixed(0)} MB`,
  );
  await listLoad(url, listPath, connections, sleep(options.warmupSeconds * 1000));
  const quietStart = performance.now();
  const quiet = windowOf(
    await listLoad(url, listPath, connections, sleep(options.seconds * 1000)),
    quietStart,
    performance.now(),
  );
  log(`  spike: list quiet ${Math.round(quiet.requestsPerSecond)} req/s, p99 ${quiet.p99?.toFixed(1)} ms`);

  const rssBeforeMb = rssMb(pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, rssMb(pid));
  }, 50);
  const times = pressTimes(links.length, options.spreadSeconds);
  let start = 0;
  let end = 0;
  const progress = setInterval(() => {
    log(
      `  spike: ${Math.round((performance.now() - start) / 1000)} s, RSS ${rssMb(pid).toFixed(0)} MB (peak ${rssPeakMb.toFixed(0)})`,
    );
  }, 15_000);
  const downloads = (async () => {
    await sleep(500); // the list's load is under way first
    start = performance.now();
    const runs = await Promise.all(
      links.map(async (link, n) => {
        await sleep(times[n] ?? 0);
        return browserDownload(url, link);
      }),
    );
    end = performance.now();
    return runs;
  })();
  const duringSamples = await listLoad(url, listPath, connections, downloads);
  clearInterval(sampler);
  clearInterval(progress);
  rssPeakMb = Math.max(rssPeakMb, rssMb(pid));
  const runs: ReaderRun[] = await downloads;
  const during = windowOf(duringSamples, start, end);
  const figures: SpikeFigures = {
    bookBytes: options.bookBytes,
    readers: links.length,
    spreadSeconds: options.spreadSeconds,
    connections,
    quiet,
    during,
    lastCopySeconds: (end - start) / 1000,
    toFirstByteMs: runs.map((run) => run.firstByteAt - run.pressedAt),
    toLastByteMs: runs.map((run) => run.doneAt - run.pressedAt),
    busyAnswers: runs.reduce((sum, run) => sum + run.busy, 0),
    waitingPages: runs.reduce((sum, run) => sum + run.waitingPages, 0),
    readersWhoWaited: runs.filter((run) => run.waitingPages > 0).length,
    copyBytes: runs[0]?.bytes ?? 0,
    rssIdleMb,
    rssBeforeMb,
    rssPeakMb,
  };
  log(
    `  spike: ${links.length} readers within ${options.spreadSeconds} s, the last copy done at ${figures.lastCopySeconds.toFixed(1)} s; ` +
      `${figures.busyAnswers} busy answers, ${figures.waitingPages} waiting pages (${figures.readersWhoWaited} readers); ` +
      `list ${Math.round(during.requestsPerSecond)} req/s, p99 ${during.p99?.toFixed(1)} ms; RSS ${rssBeforeMb.toFixed(0)} → ${rssPeakMb.toFixed(0)} MB`,
  );
  return figures;
}

export function spikeRows(figures: SpikeFigures): Row[] {
  const list = `spike: GET /api/guestbook-entries?limit=5 (${figures.connections} conn.)`;
  const readers = `${figures.readers} first downloads within ${figures.spreadSeconds} s`;
  const scenario = `spike: ${readers} (${(figures.bookBytes / 1e6).toFixed(1)} MB, 320 pages)`;
  const seconds = (values: number[], p: number) => (percentile(values, p) ?? Number.NaN) / 1000;
  return [
    ...quietListRows(list, figures.quiet),
    row({
      scenario: `${list}, during the ${readers}`,
      figure: 'throughput / quiet',
      value: (figures.during.requestsPerSecond / figures.quiet.requestsPerSecond) * 100,
      unit: '%',
      goal: GOALS.deliveryListRatio,
      note: `${Math.round(figures.during.requestsPerSecond)} req/s, ${figures.during.responses} answers in ${figures.during.seconds.toFixed(1)} s`,
    }),
    row({
      scenario: `${list}, during the ${readers}`,
      figure: 'p99 latency',
      value: figures.during.p99,
      unit: 'ms',
      goal: GOALS.deliveryListP99,
    }),
    row({
      scenario,
      figure: 'last copy done (from the first press)',
      value: figures.lastCopySeconds,
      unit: 's',
      goal: GOALS.spikeLastCopy,
      note: `every reader got a ${(figures.copyBytes / 1e6).toFixed(2)} MB copy`,
    }),
    row({ scenario, figure: 'busy answers (503)', value: figures.busyAnswers, unit: '', goal: GOALS.spikeBusy }),
    row({
      scenario,
      figure: 'press to first byte, p50 / p99',
      value: seconds(figures.toFirstByteMs, 50),
      unit: 's',
      goal: null,
      note: `p99 ${seconds(figures.toFirstByteMs, 99).toFixed(2)} s, longest ${(Math.max(...figures.toFirstByteMs) / 1000).toFixed(2)} s; ${figures.waitingPages} waiting pages shown to ${figures.readersWhoWaited} readers`,
    }),
    row({
      scenario,
      figure: 'press to last byte, p50',
      value: seconds(figures.toLastByteMs, 50),
      unit: 's',
      goal: null,
      note: `p99 ${seconds(figures.toLastByteMs, 99).toFixed(1)} s, longest ${(Math.max(...figures.toLastByteMs) / 1000).toFixed(1)} s (downloads share 16 MiB/s)`,
    }),
    row({
      scenario,
      figure: 'server memory growth (RSS)',
      value: figures.rssPeakMb - figures.rssBeforeMb,
      unit: 'MB',
      goal: GOALS.deliveryMemory,
      note: `from ${figures.rssBeforeMb.toFixed(0)} MB (after one copy made alone) to a peak of ${figures.rssPeakMb.toFixed(0)} MB; ${figures.rssIdleMb.toFixed(0)} MB before any copy`,
    }),
  ];
}
