import type { AuditChainState as DomainChainState } from '@memoir/domain';
import { RECENT_ACTIVITY_WINDOW_DAYS, SETUP_STEPS, type AuditChainState } from '@memoir/shared';

import { adminOf, type Capability } from './route-spec';

/* The dashboard: counts, the 24-hour promise, the week's counted events, the audit chain. */

export const presentAuditChainState = (state: DomainChainState): AuditChainState => ({
  status: state.status,
  verifiedEvents: state.verifiedEvents,
  checkedAt: state.checkedAt?.toISOString() ?? null,
  firstBreak: state.firstBreak === null ? null : { ...state.firstBreak },
});

/** Each event's total over the days given. */
function sumCounts(days: ReadonlyArray<{ readonly counts: Readonly<Record<string, number | undefined>> }>) {
  const totals: Record<string, number> = {};
  for (const day of days)
    for (const [name, n] of Object.entries(day.counts)) totals[name] = (totals[name] ?? 0) + (n ?? 0);
  return totals;
}

export const dashboardRoutes: Capability<'dashboard'> = ({ useCases }) => ({
  dashboard: {
    summary: 'Counts for the dashboard (recent activity: the last 7 days)',
    answered: 'The counts',
    handle: async ({ ctx }) => {
      const dashboard = await useCases.getDashboard.execute();
      const week = await useCases.getAnalytics.execute({ days: RECENT_ACTIVITY_WINDOW_DAYS });
      return {
        success: true,
        guestbook: dashboard.guestbook,
        scholarships: dashboard.scholarships,
        recentActivity: dashboard.recentActivity,
        scholarshipPromise: {
          overdue: dashboard.scholarshipPromise.overdue,
          oldestPendingAt: dashboard.scholarshipPromise.oldestPendingAt?.toISOString() ?? null,
        },
        reviews: dashboard.reviews,
        // The counted events of the same 7 days, summed: the Analytics screen has them by day.
        countedEvents: week.ok ? sumCounts(week.value.days) : {},
        auditChain: presentAuditChainState(useCases.auditChainState.current()),
        setup: (await useCases.setupChecklist.execute(adminOf(ctx).user.id)).map((key) => ({
          key,
          ...SETUP_STEPS[key],
        })),
      };
    },
  },
});
