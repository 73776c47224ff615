import { DEFAULT_SITE_CONTENT, type PublicGuestbookEntry, type SiteContent } from '@memoir/shared';
import { createContext, useContext, type ReactNode } from 'react';

import type { PageMedia } from './page-media';
import { scriptJson } from './script-json';

/**
 * What the server renders the landing page from, and what the page hydrates with: the
 * published site content (or a draft, on a preview link), the newest approved guestbook
 * entries, and where the footer's Admin link goes. The server writes it into the page as a
 * JSON data block (`SITE_DATA_ID`), never as a script that runs (the CSP allows none inline).
 */
export interface SiteData {
  readonly content: SiteContent;
  /** Recent Visitors, as GET /api/guestbook-entries gives them; null when not known (the page asks then). */
  readonly entries: readonly PublicGuestbookEntry[] | null;
  /** The admin app's sign-in page (on ADMIN_HOST when set). */
  readonly adminLogin: string;
  /** The cover and the author's photo the owner uploaded; absent, the page draws its cover and shows no photo. */
  readonly media?: PageMedia;
  /**
   * What the share graphics are made from now (the published version and the cover's hash): it
   * goes in their addresses (`?v=`), so link previews and browsers fetch new ones when it changes.
   */
  readonly shareKey?: string;
}

/** The id of the page's `<script type="application/json">` holding the SiteData. */
export const SITE_DATA_ID = 'site-data';

/** Without a server (Vite's dev server, a client-side render): the first version's words. */
export const FALLBACK_SITE_DATA: SiteData = {
  content: DEFAULT_SITE_CONTENT,
  entries: null,
  adminLogin: '/admin/login',
};

const SiteDataContext = createContext<SiteData>(FALLBACK_SITE_DATA);

export function SiteDataProvider({ data, children }: { readonly data: SiteData; readonly children: ReactNode }) {
  return <SiteDataContext.Provider value={data}>{children}</SiteDataContext.Provider>;
}

export const useSiteData = (): SiteData => useContext(SiteDataContext);

/** The words, links and prices the owner published (or the draft being previewed). */
export const useSiteContent = (): SiteContent => useContext(SiteDataContext).content;

/** The SiteData as a `<script type="application/json">` element (scriptJson: no text can end it). */
export function siteDataElement(data: SiteData): string {
  return `<script type="application/json" id="${SITE_DATA_ID}">${scriptJson(data)}</script>`;
}

/** The SiteData the server wrote into the page, or null when there is none (or it does not parse). */
export function readSiteData(): SiteData | null {
  const text = document.getElementById(SITE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<SiteData> | null;
    if (typeof data !== 'object' || data === null || typeof data.content !== 'object') return null;
    return data as SiteData;
  } catch {
    return null;
  }
}
