import type { SiteContentVersion, SiteDraft, SitePreview } from './site-content';

/** Port: the site's content, shared by every server process (docs/domain.md, "Site content"). */
export interface SiteContentRepository {
  /** The draft; null before the first one is written. */
  draft(): Promise<SiteDraft | null>;

  /**
   * Writes `draft` in place of the draft of revision `expectedRevision` (0: there is none yet).
   * Atomic: false, and nothing written, when the draft is no longer of that revision (another
   * save came first).
   */
  replaceDraft(draft: SiteDraft, expectedRevision: number): Promise<boolean>;

  /** The newest published version; null before the first. */
  latestVersion(): Promise<SiteContentVersion | null>;

  /** The newest version's number, 0 before the first: cheap, as every process asks every few seconds. */
  latestVersionNumber(): Promise<number>;

  /** Adds a version. Atomic: false, and nothing written, when its number is taken already. */
  addVersion(version: SiteContentVersion): Promise<boolean>;

  findVersion(version: number): Promise<SiteContentVersion | null>;

  /** The newest `limit` versions, newest first. */
  listVersions(limit: number): Promise<SiteContentVersion[]>;

  addPreview(preview: SitePreview): Promise<void>;

  /** The preview of this token hash, when it has not expired at `now`; else null. */
  findPreview(tokenHash: string, now: Date): Promise<SitePreview | null>;

  /** Removes the previews expired at `now`. Returns how many. */
  deleteExpiredPreviews(now: Date): Promise<number>;
}
