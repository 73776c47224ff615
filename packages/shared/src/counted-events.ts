import type { AnalyticsResponse } from './contract/analytics';

/**
 * The events the public site counts (docs/api.md, "Counted events"): `POST /api/events` takes
 * one of these names and nothing else. Counts are daily totals, never a row per visitor.
 */
export const COUNTED_EVENTS = [
  /** A page was opened; `referrer` (optional) names where from: only its domain is kept. */
  'page_view',
  /** A buy button; `store` names which one (e.g. hardcover, paperback, kindle). */
  'buy_click',
  /** The crackme was downloaded. */
  'crackme_download',
  /** A share post was copied. */
  'share_copy',
  /** A share graphic was downloaded; `graphic` names which one. */
  'graphic_download',
  /** The guestbook form was sent and accepted. */
  'guestbook_signed',
  /** The free PDF form was sent and accepted. */
  'scholarship_requested',
  /** A reader downloaded their stamped copy (counted by the server when it sends one). */
  'pdf_download',
] as const;

export type CountedEventName = (typeof COUNTED_EVENTS)[number];

export const isCountedEvent = (name: unknown): name is CountedEventName =>
  typeof name === 'string' && (COUNTED_EVENTS as readonly string[]).includes(name);

/** The names a browser may send: the PDF download is counted by the server itself. */
export const BROWSER_EVENTS: readonly CountedEventName[] = COUNTED_EVENTS.filter((name) => name !== 'pdf_download');

/** `store`, `graphic`: a short word of lowercase letters, digits and dashes. */
export const EVENT_DETAIL_PATTERN = /^[a-z0-9-]{1,32}$/;

/** The days `GET /api/admin/analytics?days=N` reads: 1 to this, 30 by default. */
export const ANALYTICS_MAX_DAYS = 365;
export const ANALYTICS_DEFAULT_DAYS = 30;

/** GET /api/admin/analytics' answer (the class AnalyticsResponse of ./contract). */
export type AnalyticsDto = AnalyticsResponse;
