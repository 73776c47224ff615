import { BROWSER_EVENTS, EVENT_DETAIL_PATTERN, type CountedEventName } from '@memoir/shared';

import type { Clock } from '../shared/clock';
import { err, ok, type Result } from '../shared/result';
import { AnalyticsErrorCode, type AnalyticsError } from './analytics.errors';
import { utcDay, type EventCountBuffer } from './event-counts';

/** What the request says about the visitor: only to decide whether to count, never kept. */
export interface EventVisitor {
  /** `DNT: 1` or `Sec-GPC: 1`: the visitor asked not to be tracked, so nothing is counted. */
  readonly optedOut: boolean;
  readonly userAgent: string | null;
  /** This site's host name: a referrer from it is no referrer (a visitor moving between its pages). */
  readonly ownHost: string;
}

/**
 * Self-declared crawlers, link previewers and monitors, and requests without a user agent:
 * they are not visitors. Headless browsers are not in it (a person's tools use them too).
 */
const BOTS =
  /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|embedly|preview|archiver|monitor|pingdom|uptime|lighthouse|pagespeed/i;

export function isBot(userAgent: string | null): boolean {
  return userAgent === null || userAgent.trim() === '' || BOTS.test(userAgent);
}

/** A host name as URL parsing gives it: letters, digits, dots and dashes (IPv6 in brackets aside). */
const HOST_NAME = /^[a-z0-9.-]{1,100}$/;

/**
 * The referring site as kept: its host name (the HTTP adapter takes it from the referrer's
 * URL), lowercase, without `www.`; '' for none, this site, or anything that is not a host name.
 */
export function referrerDomain(referrerHost: unknown, ownHost: string): string {
  if (typeof referrerHost !== 'string') return '';
  const host = referrerHost.toLowerCase().replace(/^www\./, '');
  if (!HOST_NAME.test(host)) return '';
  return host === ownHost.toLowerCase().replace(/^www\./, '') ? '' : host;
}

/**
 * One event from a visitor's browser: checked against the fixed list, then counted into the
 * day's total, unless the visitor opted out or is a bot (then it is accepted and dropped).
 */
export class RecordEventUseCase {
  constructor(private readonly deps: { readonly buffer: EventCountBuffer; readonly clock: Clock }) {}

  execute(
    input: {
      readonly name?: unknown;
      /** The host name of the page's referrer (the adapter reads it from the URL the browser sends). */
      readonly referrerHost?: unknown;
      readonly store?: unknown;
      readonly graphic?: unknown;
    },
    visitor: EventVisitor,
  ): Result<{ readonly counted: boolean }, AnalyticsError> {
    const name = input.name;
    if (typeof name !== 'string' || !(BROWSER_EVENTS as readonly string[]).includes(name)) {
      return err({
        code: AnalyticsErrorCode.InvalidEvent,
        // What was sent is not repeated back: it may be anything.
        message: `Unknown event: the site counts ${BROWSER_EVENTS.join(', ')}.`,
      });
    }
    const event = name as CountedEventName;
    let detail = '';
    if (event === 'page_view') detail = referrerDomain(input.referrerHost, visitor.ownHost);
    else if (event === 'buy_click' || event === 'graphic_download') {
      const raw = event === 'buy_click' ? input.store : input.graphic;
      const field = event === 'buy_click' ? 'store' : 'graphic';
      if (typeof raw !== 'string' || !EVENT_DETAIL_PATTERN.test(raw)) {
        return err({
          code: AnalyticsErrorCode.InvalidEvent,
          message: `A ${event} event names its ${field}: a short word of lowercase letters, digits and dashes.`,
        });
      }
      detail = raw;
    }
    if (visitor.optedOut || isBot(visitor.userAgent)) return ok({ counted: false });
    this.deps.buffer.add(utcDay(this.deps.clock.now()), event, detail);
    return ok({ counted: true });
  }
}

/** The server counts a delivered copy itself (the browser's download is not a page event). */
export function countServerEvent(buffer: EventCountBuffer, clock: Clock, name: CountedEventName): void {
  buffer.add(utcDay(clock.now()), name, '');
}
