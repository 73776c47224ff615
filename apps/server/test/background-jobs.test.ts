import { describe, expect, it } from '@jest/globals';
import pino from 'pino';

import { startJobs, type BackgroundJob } from '../src/background-jobs';

const silent = pino({ enabled: false });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A job that counts its runs; each run lasts `runMs`. */
function countingJob(overrides: Partial<BackgroundJob> & { readonly runMs?: number } = {}) {
  const counts = { runs: 0, atShutdown: 0, overlapping: 0, sawStopping: false };
  let inside = 0;
  const job: BackgroundJob = {
    name: 'counting',
    periodMs: 20,
    runAtStart: true,
    async run(stopping) {
      inside += 1;
      if (inside > 1) counts.overlapping += 1;
      counts.runs += 1;
      await sleep(overrides.runMs ?? 0);
      if (stopping()) counts.sawStopping = true;
      inside -= 1;
    },
    async atShutdown() {
      counts.atShutdown += 1;
    },
    ...overrides,
  };
  return { job, counts };
}

describe('background jobs', () => {
  it('runs a job at start when asked, then every period, never two runs at once', async () => {
    const { job, counts } = countingJob({ runMs: 30 });
    const jobs = startJobs([job], silent);
    await sleep(5);
    expect(counts.runs).toBe(1);
    await jobs.runNow('counting'); // joins the run in flight
    expect(counts.runs).toBe(1);
    await sleep(150);
    await jobs.stop();
    expect(counts.runs).toBeGreaterThanOrEqual(2);
    expect(counts.overlapping).toBe(0);
  });

  it('waits one period for a job that does not run at start', async () => {
    let ranAfterMs: number | null = null;
    const started = Date.now();
    const jobs = startJobs(
      [{ name: 'later', periodMs: 60, runAtStart: false, run: async () => void (ranAfterMs ??= Date.now() - started) }],
      silent,
    );
    for (let waited = 0; ranAfterMs === null && waited < 5000; waited += 10) await sleep(10);
    await jobs.stop();
    expect(ranAfterMs).toBeGreaterThanOrEqual(55);
  });

  it('stops: no run starts any more, the run in flight is awaited and told, then finish runs the last work once', async () => {
    const { job, counts } = countingJob({ runMs: 50 });
    const jobs = startJobs([job], silent);
    await sleep(10);
    await jobs.stop();
    expect(counts.sawStopping).toBe(true);
    const runs = counts.runs;
    await sleep(60);
    expect(counts.runs).toBe(runs);
    expect(counts.atShutdown).toBe(0);
    await jobs.finish();
    expect(counts.atShutdown).toBe(1);
  });

  it('logs a run that throws and runs the job again at its next turn', async () => {
    let runs = 0;
    const warnings: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
    const jobs = startJobs(
      [
        {
          name: 'failing',
          periodMs: 10,
          runAtStart: true,
          run: async () => {
            runs += 1;
            throw new Error('boom');
          },
        },
      ],
      logger,
    );
    await sleep(60);
    await jobs.stop();
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(warnings[0]).toContain('a background job failed');
    expect(warnings[0]).toContain('"job":"failing"');
  });

  it('refuses to run a job it does not have', async () => {
    const jobs = startJobs([], silent);
    await expect(jobs.runNow('nothing')).rejects.toThrow('No background job is named nothing.');
    await jobs.stop();
  });
});
