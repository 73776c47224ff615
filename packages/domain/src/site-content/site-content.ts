import type { SiteContent } from '@memoir/shared';

/*
 * The landing page's content (docs/domain.md, "Site content"): one draft the owner edits, and
 * every version ever published, kept with who published it and when. The newest version is
 * the page; restoring an older one makes it the draft again.
 */

/** The one draft. Its revision goes up by one with every save, so a save from a stale copy is caught. */
export interface SiteDraft {
  readonly revision: number;
  readonly updatedAt: Date;
  /** The admin who saved it; null for the first draft, written from the shipped texts. */
  readonly updatedBy: string | null;
  readonly content: SiteContent;
}

/** A published version. Versions are numbered 1, 2, 3… and never change once written. */
export interface SiteContentVersion {
  readonly version: number;
  readonly publishedAt: Date;
  /** The admin who published it; null for the first version (the shipped texts). */
  readonly publishedBy: string | null;
  readonly content: SiteContent;
}

/** A snapshot of the draft behind an unguessable link, for the owner to see the real page. */
export interface SitePreview {
  /** The hash of the link's token: the token itself is never stored. */
  readonly tokenHash: string;
  readonly content: SiteContent;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

/** How long a preview link works. */
export const SITE_PREVIEW_LIFETIME_MS = 60 * 60 * 1000;

/** The content fields that differ between two versions, in the content's own order. */
export function changedFields(before: SiteContent | null, after: SiteContent): string[] {
  return (Object.keys(after) as Array<keyof SiteContent>).filter(
    (field) => before === null || JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
}

export const sameContent = (a: SiteContent, b: SiteContent): boolean => changedFields(a, b).length === 0;
