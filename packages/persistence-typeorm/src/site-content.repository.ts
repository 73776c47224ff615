import type { SiteContentRepository, SiteContentVersion, SiteDraft, SitePreview } from '@memoir/domain';
import { LessThanOrEqual, MoreThan, QueryFailedError, type EntityManager } from 'typeorm';

import { isKey } from './dialect';
import {
  SITE_CONTENT_ENTITIES,
  type SiteContentVersionRow,
  type SiteDraftRow,
  type SitePreviewRow,
} from './site-content-schemas';

/** The one draft's row. */
const DRAFT_ID = 1;

/** A failed insert because the key is taken (another process wrote it first). */
function isDuplicateKey(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const code = (error.driverError as { code?: string } | undefined)?.code ?? '';
  return code === 'ER_DUP_ENTRY' || code.startsWith('SQLITE_CONSTRAINT');
}

const toDraft = ({ revision, updatedAt, updatedBy, content }: SiteDraftRow): SiteDraft => ({
  revision,
  updatedAt,
  updatedBy,
  content,
});

const toVersion = ({ version, publishedAt, publishedBy, content }: SiteContentVersionRow): SiteContentVersion => ({
  version,
  publishedAt,
  publishedBy,
  content,
});

export class TypeOrmSiteContentRepository implements SiteContentRepository {
  constructor(private readonly manager: EntityManager) {}

  private get drafts() {
    return this.manager.getRepository<SiteDraftRow>(SITE_CONTENT_ENTITIES.draft);
  }

  private get versions() {
    return this.manager.getRepository<SiteContentVersionRow>(SITE_CONTENT_ENTITIES.version);
  }

  private get previews() {
    return this.manager.getRepository<SitePreviewRow>(SITE_CONTENT_ENTITIES.preview);
  }

  async draft(): Promise<SiteDraft | null> {
    const row = await this.drafts.findOneBy({ id: DRAFT_ID });
    return row === null ? null : toDraft(row);
  }

  async replaceDraft(draft: SiteDraft, expectedRevision: number): Promise<boolean> {
    if (expectedRevision === 0) return this.insertOnce(() => this.drafts.insert({ id: DRAFT_ID, ...draft }));
    // One statement that writes only over the revision the caller read: of two saves from it, one wins.
    const result = await this.drafts.update({ id: DRAFT_ID, revision: expectedRevision }, { ...draft });
    return (result.affected ?? 0) === 1;
  }

  async latestVersion(): Promise<SiteContentVersion | null> {
    const [row] = await this.versions.find({ order: { version: 'DESC' }, take: 1 });
    return row === undefined ? null : toVersion(row);
  }

  async latestVersionNumber(): Promise<number> {
    // The primary key's last entry: an index lookup, whatever the number of versions.
    const [row] = await this.versions.find({ select: { version: true }, order: { version: 'DESC' }, take: 1 });
    return row?.version ?? 0;
  }

  async addVersion(version: SiteContentVersion): Promise<boolean> {
    return this.insertOnce(() => this.versions.insert({ ...version }));
  }

  async findVersion(version: number): Promise<SiteContentVersion | null> {
    if (!Number.isSafeInteger(version)) return null;
    const row = await this.versions.findOneBy({ version });
    return row === null ? null : toVersion(row);
  }

  async listVersions(limit: number): Promise<SiteContentVersion[]> {
    const rows = await this.versions.find({ order: { version: 'DESC' }, take: Math.max(0, limit) });
    return rows.map(toVersion);
  }

  async addPreview(preview: SitePreview): Promise<void> {
    await this.previews.insert({ ...preview });
  }

  async findPreview(tokenHash: string, now: Date): Promise<SitePreview | null> {
    if (!isKey(tokenHash)) return null;
    const row = await this.previews.findOneBy({ tokenHash, expiresAt: MoreThan(now) });
    return row === null ? null : { ...row };
  }

  async deleteExpiredPreviews(now: Date): Promise<number> {
    const result = await this.previews.delete({ expiresAt: LessThanOrEqual(now) });
    return result.affected ?? 0;
  }

  /** Runs an insert; false when its key is taken already. */
  private async insertOnce(insert: () => Promise<unknown>): Promise<boolean> {
    try {
      await insert();
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }
}
