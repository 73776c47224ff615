import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  COUNTED_EVENTS,
  type AnalyticsDto,
  type CountedEventName,
} from '@memoir/shared';

import type { Clock } from '../shared/clock';
import { err, ok, type Result } from '../shared/result';
import { AnalyticsErrorCode, type AnalyticsError } from './analytics.errors';
import { utcDay, type EventCountBuffer, type EventCountStore } from './event-counts';

const DAY_MS = 24 * 60 * 60 * 1000;
const TOP_REFERRERS = 20;

export type Analytics = Omit<AnalyticsDto, 'success'>;

/**
 * What the owner reads: each day of the period (today included, oldest first) with its
 * totals, the referring domains and the stores of the buy clicks. This process's pending
 * counts are written first, so the owner sees their own visit.
 */
export class GetAnalyticsUseCase {
  constructor(
    private readonly deps: {
      readonly store: EventCountStore;
      readonly buffer: EventCountBuffer;
      readonly clock: Clock;
    },
  ) {}

  async execute(input: { readonly days?: unknown } = {}): Promise<Result<Analytics, AnalyticsError>> {
    const raw = input.days ?? ANALYTICS_DEFAULT_DAYS;
    const days = typeof raw === 'string' && /^\d{1,4}$/.test(raw) ? Number(raw) : raw;
    if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > ANALYTICS_MAX_DAYS) {
      return err({
        code: AnalyticsErrorCode.InvalidPeriod,
        message: `The period (days) must be a whole number of days from 1 to ${ANALYTICS_MAX_DAYS}.`,
      });
    }
    await this.deps.buffer.flush(this.deps.store).catch(() => undefined); // shown next time
    const today = this.deps.clock.now();
    const dates = Array.from({ length: days }, (_, i) => utcDay(new Date(today.getTime() - (days - 1 - i) * DAY_MS)));
    const totals = await this.deps.store.list(dates[0] ?? utcDay(today), utcDay(today));
    const byDay = new Map(dates.map((date) => [date, {} as Partial<Record<CountedEventName, number>>]));
    const referrers = new Map<string, number>();
    const stores = new Map<string, number>();
    for (const total of totals) {
      const counts = byDay.get(total.day);
      if (counts === undefined || !(COUNTED_EVENTS as readonly string[]).includes(total.name)) continue;
      counts[total.name] = (counts[total.name] ?? 0) + total.count;
      if (total.name === 'page_view' && total.detail !== '') {
        referrers.set(total.detail, (referrers.get(total.detail) ?? 0) + total.count);
      }
      if (total.name === 'buy_click') stores.set(total.detail, (stores.get(total.detail) ?? 0) + total.count);
    }
    const ranked = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    return ok({
      days: dates.map((date) => ({ date, counts: byDay.get(date) ?? {} })),
      referrers: ranked(referrers)
        .slice(0, TOP_REFERRERS)
        .map(([domain, count]) => ({ domain, count })),
      stores: ranked(stores).map(([store, count]) => ({ store, count })),
    });
  }
}
