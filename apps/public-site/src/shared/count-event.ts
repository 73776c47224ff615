import { API_ROUTES, type CountedEventName } from '@memoir/shared';

/**
 * Counts one event of the page: a daily total on the server, nothing about the visitor (see
 * docs/api.md, "Counted events"). Sent with `sendBeacon`, so a click that leaves the page
 * still counts and nothing waits for it. A browser asking not to be tracked (Do Not Track,
 * Global Privacy Control) sends nothing; the server drops such events too.
 */
export function countEvent(
  name: Exclude<CountedEventName, 'pdf_download'>,
  detail: { readonly referrer?: string; readonly store?: string; readonly graphic?: string } = {},
): void {
  const nav = navigator as Navigator & { readonly globalPrivacyControl?: boolean };
  if (nav.doNotTrack === '1' || nav.globalPrivacyControl === true) return;
  const body = new Blob([JSON.stringify({ name, ...detail })], { type: 'application/json' });
  try {
    if (nav.sendBeacon(API_ROUTES.recordEvent.path, body)) return;
  } catch {
    // Some browsers refuse a beacon in a few states (a page being frozen): fall back.
  }
  void fetch(API_ROUTES.recordEvent.path, {
    method: 'POST',
    body,
    keepalive: true,
    headers: { 'Content-Type': 'application/json' },
  }).catch(() => undefined);
}

/** A store's or graphic's key for the counts: "Kindle" gives "kindle", "/images/share-card.png" gives "share-card". */
export const eventKey = (text: string): string =>
  text
    .replace(/^.*\//, '')
    .replace(/\.[a-z0-9]+$/i, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32) || 'other';

let pageViewCounted = false;

/** The landing page's one view per load (React may run an effect twice in development). */
export function countPageView(): void {
  if (pageViewCounted) return;
  pageViewCounted = true;
  countEvent('page_view', document.referrer === '' ? {} : { referrer: document.referrer });
}
