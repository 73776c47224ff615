import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_MAX_DAYS, BROWSER_EVENTS, EVENT_DETAIL_PATTERN } from '../counted-events';
import { Field } from './fields';

/* Counted events: the page's beacon (POST /api/events) and the owner's Analytics screen. */

/** One counted event, as the page sends it with sendBeacon. */
export class EventBody {
  @Field.text('Event name', { cap: 64, values: BROWSER_EVENTS }) name!: string;
  @Field.text('Referrer', {
    optional: true,
    cap: 8192,
    nullable: true,
    description: 'page_view: document.referrer; only its domain is kept',
  })
  referrer?: string | null;
  @Field.text('Store', {
    optional: true,
    nullable: true,
    pattern: EVENT_DETAIL_PATTERN,
    description: 'buy_click: which store',
  })
  store?: string | null;
  @Field.text('Graphic', {
    optional: true,
    nullable: true,
    pattern: EVENT_DETAIL_PATTERN,
    description: 'graphic_download: which one',
  })
  graphic?: string | null;
}

export class AnalyticsQuery {
  @Field.integer('days', {
    optional: true,
    minimum: 1,
    maximum: ANALYTICS_MAX_DAYS,
    description: `The period, 1 to ${ANALYTICS_MAX_DAYS} days, ${ANALYTICS_DEFAULT_DAYS} by default`,
  })
  days?: number;
}

export class AnalyticsDay {
  @Field.text('date', { format: 'date' }) date!: string;
  @Field.record({ type: 'integer', minimum: 0 }) counts!: Readonly<Record<string, number>>;
}

export class ReferrerCount {
  @Field.text('domain') domain!: string;
  @Field.count('count') count!: number;
}

export class StoreCount {
  @Field.text('store') store!: string;
  @Field.count('count') count!: number;
}

export class AnalyticsResponse {
  @Field.constant(true) success!: true;
  /** Oldest first, one per day (UTC) of the period, days without events included. */
  @Field.list(() => AnalyticsDay) days!: readonly AnalyticsDay[];
  /** Page views by the referring site's domain over the period, most first (at most 20). */
  @Field.list(() => ReferrerCount) referrers!: readonly ReferrerCount[];
  /** Buy clicks by store over the period, most first. */
  @Field.list(() => StoreCount) stores!: readonly StoreCount[];
}
