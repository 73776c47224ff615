import { parseArgs } from 'node:util';

import type { RetentionCounts, RetentionReport } from '@memoir/domain';

import { withUseCases } from './command-context';
import type { ServerConfig } from './config';

export const RETENTION_USAGE = `  retention [--dry-run] [--as-of <date>]
                              remove the personal data the RETENTION_* periods no longer keep,
                              as of today or <date> (ISO 8601); --dry-run only counts it`;

/** What each count is, in the order the report prints them. */
const LABELS: Readonly<Record<keyof RetentionCounts, string>> = {
  auditEventsPseudonymised: 'audit events without their IP address and user agent',
  rejectedRequestsDeleted: 'rejected scholarship requests deleted',
  rejectedGuestbookEntriesDeleted: 'rejected guestbook entries deleted',
  expiredSessionsDeleted: 'ended admin sessions deleted',
  expiredDownloadLinksRemoved: 'expired download links removed',
  rateLimitWindowsDeleted: 'ended rate-limit windows deleted',
  sentEmailsDeleted: 'copies of sent emails deleted from the outbox',
  unconfirmedReadersDeleted: 'reader sign-ups never confirmed (30 days) deleted',
  readerWebhooksDeleted: 'webhook events to the newsletter tool given up (30 days) deleted',
};

export class RetentionUsageError extends Error {}

/** `--dry-run`, `--as-of <date>`; anything else is a usage error. */
export function parseRetentionArgs(args: readonly string[]): { readonly dryRun: boolean; readonly asOf?: Date } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: { 'dry-run': { type: 'boolean' }, 'as-of': { type: 'string' } },
      allowPositionals: false,
      strict: true,
    });
  } catch (error) {
    throw new RetentionUsageError(error instanceof Error ? error.message : String(error));
  }
  const dryRun = parsed.values['dry-run'] === true;
  const text = parsed.values['as-of'];
  if (text === undefined) return { dryRun };
  const asOf = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(asOf.getTime())) {
    throw new RetentionUsageError(`--as-of must be a date such as 2026-12-31 or 2026-12-31T12:00:00Z (got "${text}").`);
  }
  return { dryRun, asOf };
}

export function formatRetentionReport(report: RetentionReport, config: ServerConfig): string {
  const { retention } = config;
  const width = Math.max(...Object.values(LABELS).map((label) => label.length));
  const lines = (Object.keys(LABELS) as Array<keyof RetentionCounts>).map(
    (key) => `  ${LABELS[key].padEnd(width)}  ${report.counts[key]}`,
  );
  return [
    `Retention as of ${report.cutoffs.asOf.toISOString()} (RETENTION_DAYS=${retention.personalDetailsDays}, ` +
      `RETENTION_REJECTED_DAYS=${retention.rejectedDays}, RETENTION_SENT_EMAIL_DAYS=${retention.sentEmailDays})` +
      (report.dryRun ? ', a dry run: nothing was removed; a run would remove:' : ':'),
    ...lines,
    '',
  ].join('\n');
}

/** `pnpm admin retention`: the scheduled job, once, now or as of another date. */
export async function runRetention(args: readonly string[], config: ServerConfig): Promise<number> {
  const options = parseRetentionArgs(args);
  return withUseCases(config, async ({ applyRetention }) => {
    const report = await applyRetention.execute(options);
    process.stdout.write(formatRetentionReport(report, config));
    return 0;
  });
}
