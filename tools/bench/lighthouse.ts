// Lighthouse on a page of the running server, in Debian's Chromium (no browser is downloaded,
// and the machine has no outside network), with Lighthouse's default mobile preset: a
// mid-range phone on a slow 4G link, simulated (the page loads at full speed and Lighthouse
// computes what the phone would have seen).
import { get } from 'node:http';

import type lighthouseFunction from 'lighthouse';

import { median } from './report';

export const CHROMIUM = '/usr/bin/chromium';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface LighthouseRun {
  /** 0 to 100. */
  readonly score: number;
  /** Milliseconds. */
  readonly lcp: number;
  /** Milliseconds. */
  readonly tbt: number;
  readonly cls: number;
  /** The scripts the page had loaded by the time the network was idle (their URLs). */
  readonly scripts: readonly string[];
}

type Lighthouse = typeof lighthouseFunction;
type Report = NonNullable<Awaited<ReturnType<Lighthouse>>>['lhr'];

/** Attempts per run: Lighthouse sometimes loses a trace on a busy machine (NO_NAVSTART) and says to run again. */
const ATTEMPTS = 3;

async function lighthouseReport(
  lighthouse: Lighthouse,
  url: string,
  port: number,
  log: (line: string) => void,
): Promise<Report> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const lhr = result?.lhr;
    if (lhr === undefined) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (lhr.runtimeError === undefined) return lhr;
    const problem = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
    if (attempt >= ATTEMPTS) throw new Error(`Lighthouse failed on ${url} ${ATTEMPTS} times; last: ${problem}`);
    log(`  lighthouse ${url}: ${problem}; trying again`);
  }
}

export interface LighthouseFigures extends LighthouseRun {
  readonly path: string;
  readonly runs: readonly LighthouseRun[];
  /** The gzip size of every script loaded by network idle (the first run's), as the server sends them. */
  readonly scriptsGzipBytes: number;
}

/** The bytes of a gzip answer, counted as they come (not decoded). */
function gzipSize(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': 'gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * Runs Lighthouse `runs` times on each path (one Chromium for all of them; Lighthouse clears
 * the cache and storage before each run) and returns each figure's median.
 */
export async function runLighthouse(
  baseUrl: string,
  paths: readonly string[],
  runs: number,
  log: (line: string) => void,
): Promise<LighthouseFigures[]> {
  const { launch } = await import('chrome-launcher');
  const { default: lighthouse } = await import('lighthouse');
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  try {
    const figures: LighthouseFigures[] = [];
    for (const path of paths) {
      const measured: LighthouseRun[] = [];
      for (let i = 0; i < runs; i += 1) {
        const started = Date.now();
        const lhr = await lighthouseReport(lighthouse, `${baseUrl}${path}`, chrome.port, log);
        const audit = (id: string): number => {
          const value = lhr.audits[id]?.numericValue;
          if (value === undefined) throw new Error(`Lighthouse gave no ${id} for ${path}`);
          return value;
        };
        const score = lhr.categories.performance?.score;
        if (score === null || score === undefined) throw new Error(`Lighthouse gave no performance score for ${path}`);
        const requests = (
          lhr.audits['network-requests']?.details as { items?: Array<Record<string, unknown>> } | undefined
        )?.items;
        const scripts = (requests ?? [])
          .filter((request) => request.resourceType === 'Script' && typeof request.url === 'string')
          .map((request) => String(request.url));
        const run = {
          scripts,
          score: Math.round(score * 100),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
        };
        measured.push(run);
        log(
          `  lighthouse ${path} run ${i + 1}/${runs}: score ${run.score}, LCP ${Math.round(run.lcp)} ms, ` +
            `TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
        );
      }
      const of = (pick: (run: LighthouseRun) => number) => median(measured.map(pick)) ?? Number.NaN;
      figures.push({
        path,
        runs: measured,
        scripts: measured[0]?.scripts ?? [],
        scriptsGzipBytes: (await Promise.all((measured[0]?.scripts ?? []).map(gzipSize))).reduce((a, b) => a + b, 0),
        score: of((run) => run.score),
        lcp: of((run) => run.lcp),
        tbt: of((run) => run.tbt),
        cls: of((run) => run.cls),
      });
    }
    return figures;
  } finally {
    chrome.kill();
  }
}
