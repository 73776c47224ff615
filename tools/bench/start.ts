// The start scenario: what a rolling restart, a crash restart and a developer's every start
// pay. On an existing, seeded SQLite (or MySQL) database, each run spawns the production
// server and times it from the spawn to the first 200 of the public list (the first answer a
// reader can get), then leaves it idle a few seconds and reads its resident memory.
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

import { rssMb } from './delivery';
import { startServer, type ServerSettings } from './processes';
import { GOALS } from './goals';
import { median, row, type Row } from './report';

/** The first answer a reader can get: the public list, as the landing page asks it. */
export const START_READY_PATH = '/api/guestbook-entries?limit=5';

/** How long a started server is left alone before its memory is read. */
export const IDLE_SECONDS = 3;

export interface StartFigures {
  /** The very first start, which also creates the admin (one argon2id hash): reported apart. */
  readonly firstStartMs: number;
  /** Spawn to the first 200 of the public list, each run. */
  readonly startsMs: number[];
  /**
   * CPU time (user + system, every thread) the process had used when that first answer came:
   * unlike the wall time, it barely moves when other work shares the machine.
   */
  readonly startsCpuMs: number[];
  /** RSS (MiB, 2^20 bytes) IDLE_SECONDS after that first answer, each run. */
  readonly idleRssMb: number[];
}

/** CPU time a process has used so far, from /proc (Linux): user + system, in clock ticks of 10 ms. */
function cpuMs(pid: number): number {
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export async function measureStarts(options: {
  readonly settings: ServerSettings;
  readonly runs: number;
  readonly log: (line: string) => void;
}): Promise<StartFigures> {
  const settings: ServerSettings = { ...options.settings, readyPath: START_READY_PATH };
  const first = await startServer(settings);
  await first.server.stop();
  options.log(`first start (creates the admin): ${Math.round(first.readyMs)} ms`);
  const startsMs: number[] = [];
  const startsCpuMs: number[] = [];
  const idleRssMb: number[] = [];
  for (let i = 0; i < options.runs; i += 1) {
    const { server, readyMs } = await startServer(settings);
    try {
      startsCpuMs.push(cpuMs(server.pid));
      await sleep(IDLE_SECONDS * 1000);
      startsMs.push(readyMs);
      idleRssMb.push(rssMb(server.pid));
    } finally {
      await server.stop();
    }
    options.log(
      `start ${i + 1}: first public-list answer at ${Math.round(readyMs)} ms (${startsCpuMs.at(-1)} ms of CPU), ` +
        `${(idleRssMb.at(-1) ?? 0).toFixed(0)} MiB RSS ${IDLE_SECONDS} s later`,
    );
  }
  return { firstStartMs: first.readyMs, startsMs, startsCpuMs, idleRssMb };
}

/** The start's rows: the median start and idle RSS against their goals, and the first start apart. */
export function startRows(figures: StartFigures): Row[] {
  const samples = (values: readonly number[], unit: string) =>
    `samples: ${values.map((value) => Math.round(value)).join(', ')} ${unit}`;
  const scenario = 'start: spawn to the first 200 of GET /api/guestbook-entries?limit=5';
  return [
    row({
      scenario,
      figure: `median of ${figures.startsMs.length}`,
      value: median(figures.startsMs),
      unit: 'ms',
      goal: GOALS.startMs,
      note: samples(figures.startsMs, 'ms'),
    }),
    row({
      scenario,
      figure: 'CPU time by then (median)',
      value: median(figures.startsCpuMs),
      unit: 'ms',
      goal: null,
      note: `${samples(figures.startsCpuMs, 'ms')}; user + system, all threads: steadier than the wall time on a shared machine`,
    }),
    row({
      scenario: `start: idle RSS ${IDLE_SECONDS} s after that first answer`,
      figure: `median of ${figures.idleRssMb.length}`,
      value: median(figures.idleRssMb),
      unit: 'MiB',
      goal: GOALS.idleRssMb,
      note: samples(figures.idleRssMb, 'MiB'),
    }),
    row({
      scenario: 'first start (migrated database, creates the admin)',
      figure: 'to the first public-list 200',
      value: figures.firstStartMs,
      unit: 'ms',
      goal: null,
    }),
  ];
}
