import type { Logger } from 'pino';

/**
 * Work a server process does on its own, every so often, beside answering requests (the list
 * the server runs is server-jobs.ts). Each job handles and logs its own failures; one that
 * throws all the same is logged here and runs again at its next turn.
 */
export interface BackgroundJob {
  /** For logs and `runNow`. */
  readonly name: string;
  /** From the end of one run to the start of the next (runs of a job never overlap). */
  readonly periodMs: number;
  /** Run at once when the jobs start, rather than one period in. */
  readonly runAtStart: boolean;
  /**
   * One run. `stopping()` turns true once the jobs are stopping: a long run (a batch of emails)
   * ends early, handing back what it had not begun.
   */
  run(stopping: () => boolean): Promise<void>;
  /** Once, at shutdown, after the requests in flight are done and every run has ended. */
  atShutdown?(): Promise<void>;
}

export interface RunningJobs {
  /** Runs a job now, or joins its run in flight; resolves when that run ends (tests). */
  runNow(name: string): Promise<void>;
  /** No run starts any more; resolves once the runs in flight have ended. */
  stop(): Promise<void>;
  /** After `stop`: each job's `atShutdown`, one after the other, in the list's order. */
  finish(): Promise<void>;
}

/** Starts every job of the list on a timer of its own, unref'd (a job never holds the process up). */
export function startJobs(jobs: readonly BackgroundJob[], logger: Logger): RunningJobs {
  let stopped = false;
  const stopping = () => stopped;
  const timers = new Map<string, NodeJS.Timeout>();
  const inFlight = new Map<string, Promise<void>>();

  const runOnce = (job: BackgroundJob): Promise<void> => {
    let run = inFlight.get(job.name);
    if (run === undefined) {
      run = job
        .run(stopping)
        .catch((error: unknown) => logger.warn({ err: error, job: job.name }, 'a background job failed'))
        .finally(() => inFlight.delete(job.name));
      inFlight.set(job.name, run);
    }
    return run;
  };
  const schedule = (job: BackgroundJob, delayMs: number): void => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(job.name);
      void runOnce(job).finally(() => schedule(job, job.periodMs));
    }, delayMs);
    timer.unref();
    timers.set(job.name, timer);
  };
  for (const job of jobs) schedule(job, job.runAtStart ? 0 : job.periodMs);

  return {
    runNow(name) {
      const job = jobs.find((candidate) => candidate.name === name);
      if (job === undefined) return Promise.reject(new Error(`No background job is named ${name}.`));
      return runOnce(job);
    },
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.all(inFlight.values());
    },
    async finish() {
      for (const job of jobs) await job.atShutdown?.();
    },
  };
}
