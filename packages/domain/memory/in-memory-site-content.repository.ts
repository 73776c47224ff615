import type { SiteContentVersion, SiteDraft, SitePreview } from '../src/site-content/site-content';
import type { SiteContentRepository } from '../src/site-content/site-content.repository';
import { copy, type InMemoryDatabase } from './in-memory-database';

export class InMemorySiteContentRepository implements SiteContentRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  async draft(): Promise<SiteDraft | null> {
    return copy(this.db.siteDraft);
  }

  async replaceDraft(draft: SiteDraft, expectedRevision: number): Promise<boolean> {
    if ((this.db.siteDraft?.revision ?? 0) !== expectedRevision) return false;
    this.db.siteDraft = copy(draft);
    return true;
  }

  async latestVersion(): Promise<SiteContentVersion | null> {
    return copy(this.db.siteVersions.get(await this.latestVersionNumber()) ?? null);
  }

  async latestVersionNumber(): Promise<number> {
    return Math.max(0, ...this.db.siteVersions.keys());
  }

  async addVersion(version: SiteContentVersion): Promise<boolean> {
    if (this.db.siteVersions.has(version.version)) return false;
    this.db.siteVersions.set(version.version, copy(version));
    return true;
  }

  async findVersion(version: number): Promise<SiteContentVersion | null> {
    return copy(this.db.siteVersions.get(version) ?? null);
  }

  async listVersions(limit: number): Promise<SiteContentVersion[]> {
    return [...this.db.siteVersions.values()]
      .sort((a, b) => b.version - a.version)
      .slice(0, Math.max(0, limit))
      .map(copy);
  }

  async addPreview(preview: SitePreview): Promise<void> {
    this.db.sitePreviews.set(preview.tokenHash, copy(preview));
  }

  async findPreview(tokenHash: string, now: Date): Promise<SitePreview | null> {
    const preview = this.db.sitePreviews.get(tokenHash);
    return preview !== undefined && preview.expiresAt.getTime() > now.getTime() ? copy(preview) : null;
  }

  async deleteExpiredPreviews(now: Date): Promise<number> {
    let removed = 0;
    for (const [hash, preview] of this.db.sitePreviews) {
      if (preview.expiresAt.getTime() <= now.getTime()) {
        this.db.sitePreviews.delete(hash);
        removed += 1;
      }
    }
    return removed;
  }
}
