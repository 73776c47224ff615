// Every goal the benchmark holds a figure to, in one place: the issues that set them, read as
// one table (report.ts renders a figure against its goal).
import type { Goal } from './report';

export const GOALS = {
  // The main run: the public list beside a bare node:http control sending the same bytes.
  listRatio: { op: '>=', target: 60, unit: '%' },
  listP99: { op: '<=', target: 15, unit: 'ms' },
  // The landing page rendered by the server, beside its own same-bytes control.
  htmlRatio: { op: '>=', target: 80, unit: '%' },
  htmlP99: { op: '<=', target: 15, unit: 'ms' },
  postP99: { op: '<=', target: 50, unit: 'ms' },
  postFailures: { op: '<=', target: 0, unit: '' },
  loginP95: { op: '<=', target: 300, unit: 'ms' },
  adminP99: { op: '<=', target: 50, unit: 'ms' },
  // Lighthouse, mobile, median of five.
  publicScore: { op: '>=', target: 98, unit: '' },
  adminScore: { op: '>=', target: 90, unit: '' },
  lcp: { op: '<=', target: 2000, unit: 'ms' },
  cls: { op: '<=', target: 0, unit: '' },
  landingJs: { op: '<=', target: 120, unit: 'KB' },
  // Forty readers' first downloads at once.
  deliveryListP99: { op: '<=', target: 50, unit: 'ms' },
  deliveryListRatio: { op: '>=', target: 50, unit: '%' },
  deliveryMemory: { op: '<=', target: 150, unit: 'MB' },
  repeatFirstByte: { op: '<=', target: 20, unit: 'ms' },
  // 400 readers' first downloads within a minute (--spike; the list and memory goals above hold too).
  spikeLastCopy: { op: '<=', target: 300, unit: 's' },
  spikeBusy: { op: '<=', target: 0, unit: '' },
  // The owner uploads a 150 MB book (--upload).
  uploadMemory: { op: '<=', target: 64, unit: 'MB' },
  uploadListP99: { op: '<=', target: 50, unit: 'ms' },
  // The start: as cheap as on 2026-11-23 (0.49 s, 106 MiB).
  startMs: { op: '<=', target: 500, unit: 'ms' },
  idleRssMb: { op: '<=', target: 120, unit: 'MiB' },
  // The back office at 2,000 and at 100,000 items (--scale).
  scaleBytes: { op: '<=', target: 64, unit: 'KB' },
  scaleP99: { op: '<=', target: 50, unit: 'ms' },
  scaleSearchP95: { op: '<=', target: 150, unit: 'ms' },
  scaleFlat: { op: '<=', target: 1.5, unit: 'x' },
  scaleExportMemory: { op: '<=', target: 50, unit: 'MB' },
} satisfies Record<string, Goal>;
