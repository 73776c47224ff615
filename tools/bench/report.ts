// The benchmark's figures, the goals they are held against (docs/performance.md), and their
// rendering as a Markdown table. Pure: no I/O, so it can be tested without a server.

/** A goal: the figure must be at most (`<=`) or at least (`>=`) the target. */
export interface Goal {
  readonly op: '<=' | '>=';
  readonly target: number;
  /** Said after the target, e.g. "ms"; empty for a bare number. */
  readonly unit: string;
  /** When the goal is stated for a narrower case than this run (e.g. "on SQLite"). */
  readonly note?: string;
}

export type Verdict = 'met' | 'missed' | 'no goal' | 'not measured';

export interface Row {
  /** Scenario, e.g. "GET /api/guestbook-entries?limit=5 (50 conn.)". */
  readonly scenario: string;
  /** Figure, e.g. "p99 latency". */
  readonly figure: string;
  /** Null when the figure could not be measured in this run (the reason goes in `note`). */
  readonly value: number | null;
  readonly unit: string;
  readonly goal: Goal | null;
  readonly verdict: Verdict;
  readonly note?: string;
}

export function verdictOf(value: number | null, goal: Goal | null): Verdict {
  if (value === null) return 'not measured';
  if (goal === null) return 'no goal';
  return (goal.op === '<=' ? value <= goal.target : value >= goal.target) ? 'met' : 'missed';
}

export function row(fields: Omit<Row, 'verdict'>): Row {
  return { ...fields, verdict: verdictOf(fields.value, fields.goal) };
}

/** Rounds for reading: 3 significant digits under 100, whole numbers above. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const magnitude = Math.abs(value);
  if (magnitude >= 100) return Math.round(value).toLocaleString('en-US');
  if (magnitude === 0) return '0';
  return String(Number(value.toPrecision(3)));
}

function withUnit(text: string, unit: string): string {
  if (unit === '') return text;
  return unit === '%' || unit === 'x' ? `${text}${unit}` : `${text} ${unit}`;
}

export function formatGoal(goal: Goal | null): string {
  if (goal === null) return '';
  const text = `${goal.op === '<=' ? '≤' : '≥'} ${withUnit(formatNumber(goal.target), goal.unit)}`;
  return goal.note === undefined ? text : `${text} (${goal.note})`;
}

/** How far a missed figure is from its goal, e.g. "+12 ms (1.8x the goal)". */
export function formatMiss(value: number, goal: Goal): string {
  const gap = value - goal.target;
  const sign = gap > 0 ? '+' : '−';
  const ratio = goal.target === 0 ? '' : ` (${formatNumber(value / goal.target)}x the goal)`;
  // A gap between two percentages is in points: "60 %" missed by "−53.7 points".
  const unit = goal.unit === '%' ? 'points' : goal.unit;
  return `${sign}${withUnit(formatNumber(Math.abs(gap)), unit)}${ratio}`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** One Markdown table: scenario, figure, value, goal, verdict (with the gap when missed), note. */
export function formatTable(rows: readonly Row[]): string {
  const lines = ['| scenario | figure | value | goal | verdict | note |', '|---|---|---:|---|---|---|'];
  for (const r of rows) {
    const value = r.value === null ? '—' : withUnit(formatNumber(r.value), r.unit);
    let verdict: string = r.verdict;
    if (r.verdict === 'met') verdict = 'met';
    if (r.verdict === 'missed' && r.goal !== null && r.value !== null)
      verdict = `**missed** ${formatMiss(r.value, r.goal)}`;
    if (r.verdict === 'no goal') verdict = '';
    lines.push(
      `| ${cell(r.scenario)} | ${cell(r.figure)} | ${cell(value)} | ${cell(formatGoal(r.goal))} | ${cell(verdict)} | ${cell(r.note ?? '')} |`,
    );
  }
  return lines.join('\n');
}

/** The nearest-rank percentile (0 < p ≤ 100) of unsorted samples; null when there are none. */
export function percentile(samples: readonly number[], p: number): number | null {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? null;
}

export function median(samples: readonly number[]): number | null {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? null) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Counts of the goals met and missed. */
export function summarize(rows: readonly Row[]): { met: number; missed: number; notMeasured: number } {
  return {
    met: rows.filter((r) => r.verdict === 'met').length,
    missed: rows.filter((r) => r.verdict === 'missed').length,
    notMeasured: rows.filter((r) => r.verdict === 'not measured' && r.goal !== null).length,
  };
}
