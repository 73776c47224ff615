import { BROWSER_EVENTS } from '@memoir/shared';

import { eventVisitor } from '../event-visitor';
import { error, orFail } from './calls';
import type { Capability } from './route-spec';

/* Counted events: the page's beacon, and the owner's Analytics screen. */

export const analyticsRoutes: Capability<'recordEvent' | 'analytics'> = ({ useCases }) => ({
  // Accepted (202) whether counted or, for DNT/GPC and bots, dropped.
  recordEvent: {
    summary: 'Count one event of the page (sendBeacon): daily totals only, no cookie, no address kept',
    description:
      'Accepted (202) and counted, or accepted and dropped for a visitor sending DNT: 1 or Sec-GPC: 1 and for bots. ' +
      `The names: ${BROWSER_EVENTS.join(', ')}.`,
    answered: 'Accepted',
    errors: { '400': error('Not one of the counted events, or a detail that is not a short word') },
    handle: ({ ctx, body }) => {
      const referrer = typeof body.referrer === 'string' ? (URL.parse(body.referrer)?.hostname ?? null) : null;
      orFail(
        useCases.recordEvent.execute(
          { name: body.name, referrerHost: referrer, store: body.store, graphic: body.graphic },
          eventVisitor(ctx),
        ),
      );
      return { success: true };
    },
  },
  analytics: {
    summary: 'The counted events of the last `days` days (1 to 365, 30 by default): daily totals, referrers, stores',
    answered: 'Oldest day first, today included',
    errors: { '400': error('days is not a whole number from 1 to 365') },
    handle: async ({ query }) => {
      const { days, referrers, stores } = orFail(await useCases.getAnalytics.execute({ days: query.days }));
      return { success: true, days: [...days], referrers: [...referrers], stores: [...stores] };
    },
  },
});
