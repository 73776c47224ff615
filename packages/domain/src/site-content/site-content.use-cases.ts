import type { SiteContent } from '@memoir/shared';

import type { AdminUserRepository } from '../admin-sessions/admin-user.repository';
import type { AuditEventRepository } from '../audit-log/audit-event.repository';
import { AuditAction, AuditResourceType, newAuditEvent } from '../audit-log/audit-event';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/id-generator';
import type { Actor } from '../shared/request-context';
import { err, ok, type Result } from '../shared/result';
import type { SecretTokens } from '../shared/secret-tokens';
import { invalidInput } from '../shared/text-fields';
import type { Transactions } from '../shared/transactions';
import {
  changedFields,
  sameContent,
  SITE_PREVIEW_LIFETIME_MS,
  type SiteContentVersion,
  type SiteDraft,
} from './site-content';
import type { SiteContentRepository } from './site-content.repository';
import { SiteContentErrorCode, type SiteContentError } from './site-content.errors';
import { checkSiteContent } from './site-content-rules';

type SiteContentTransactions = Transactions<{
  readonly siteContent: SiteContentRepository;
  readonly auditEvents: AuditEventRepository;
}>;

export interface SiteContentDeps {
  readonly siteContent: SiteContentRepository;
  /** Who saved and published, by name. */
  readonly adminUsers: Pick<AdminUserRepository, 'listAll'>;
  readonly unitOfWork: SiteContentTransactions;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly tokens: SecretTokens;
  /**
   * The first published version, written on first use when the store holds none: the texts
   * the page shipped with (with STORE_LINKS, SOCIAL_LINKS and PUBLISHER_URL's links).
   */
  readonly firstVersion: SiteContent;
  /** Told after each publish (the process's published content forgets what it knew). */
  readonly afterPublish?: () => void;
}

/** The draft and the published version, as the editor opens them, with who saved them by name. */
export interface SiteContentState {
  readonly draft: Omit<SiteDraft, 'updatedBy'> & { readonly updatedBy: string | null };
  readonly published: Omit<SiteContentVersion, 'publishedBy'> & { readonly publishedBy: string | null };
}

/** A published version in the list of versions, with the fields it changed from the one before. */
export interface SiteContentVersionSummary {
  readonly version: number;
  readonly publishedAt: Date;
  /** The admin's name. */
  readonly publishedBy: string | null;
  readonly changed: readonly string[];
}

/** How many versions the list of versions shows. */
export const SITE_CONTENT_VERSIONS_LISTED = 100;

const stale = (): SiteContentError => ({
  code: SiteContentErrorCode.StaleRevision,
  message:
    'The draft was changed somewhere else (another tab or another admin) after you opened it. Load the latest draft, then make your change again.',
});

/**
 * The owner edits the site's content (docs/domain.md, "Site content"): saves a draft, publishes
 * it, restores an older version into the draft, and makes a preview link. A save or a publish
 * names the draft revision it was made from and is refused when that is no longer the latest,
 * so a second tab never overwrites the first unseen. Every save, publish and restore is audited
 * in the same transaction as the change.
 */
export class EditSiteContentUseCase {
  /** Set once the store is known to hold the first version: no need to look again. */
  private seeded = false;

  constructor(private readonly deps: SiteContentDeps) {}

  /**
   * Writes the first version and the first draft when the store has none. Safe to run from any
   * number of processes at once: the store keeps one of each.
   */
  async ensureFirstVersion(): Promise<void> {
    if (this.seeded) return;
    const { siteContent, clock, firstVersion } = this.deps;
    if ((await siteContent.latestVersionNumber()) === 0) {
      const at = clock.now();
      await siteContent.addVersion({ version: 1, publishedAt: at, publishedBy: null, content: firstVersion });
    }
    if ((await siteContent.draft()) === null) {
      const first = (await siteContent.latestVersion()) ?? { content: firstVersion };
      await siteContent.replaceDraft(
        { revision: 1, updatedAt: clock.now(), updatedBy: null, content: first.content },
        0,
      );
    }
    this.seeded = true;
  }

  async current(): Promise<SiteContentState> {
    await this.ensureFirstVersion();
    const [draft, published] = await Promise.all([
      this.deps.siteContent.draft(),
      this.deps.siteContent.latestVersion(),
    ]);
    if (draft === null || published === null) throw new Error('The site content store lost its first version');
    const nameOf = await this.names();
    return {
      draft: { ...draft, updatedBy: nameOf(draft.updatedBy) },
      published: { ...published, publishedBy: nameOf(published.publishedBy) },
    };
  }

  /** The audit event of a change to the content (of a version, when one is named). */
  private audited(action: string, version: number | null, actor: Actor, details: Record<string, unknown>) {
    const fields = {
      action,
      resourceType: AuditResourceType.SiteContent,
      resourceId: version === null ? null : String(version),
      userId: actor.userId,
      details,
    };
    return newAuditEvent(this.deps, fields, actor);
  }

  /** An admin's name by id; a removed admin keeps their id, as the audit log does. */
  private async names(): Promise<(id: string | null) => string | null> {
    const users = new Map((await this.deps.adminUsers.listAll()).map((user) => [user.id, user.username]));
    return (id) => (id === null ? null : (users.get(id) ?? id));
  }

  /** Saves the draft edited from `revision`. Saving what the draft already holds changes nothing. */
  async saveDraft(
    input: { readonly revision: number; readonly content: unknown },
    actor: Actor,
  ): Promise<Result<{ readonly revision: number }, SiteContentError>> {
    const checked = checkSiteContent(input.content);
    if ('errors' in checked) return err(invalidInput(SiteContentErrorCode.Invalid, checked.errors));
    await this.ensureFirstVersion();
    return this.deps.unitOfWork.transaction(async ({ siteContent, auditEvents }) => {
      const draft = await siteContent.draft();
      if (draft === null || draft.revision !== input.revision) return err(stale());
      if (sameContent(draft.content, checked.content)) return ok({ revision: draft.revision });
      const revision = draft.revision + 1;
      const saved = await siteContent.replaceDraft(
        { revision, updatedAt: this.deps.clock.now(), updatedBy: actor.userId, content: checked.content },
        draft.revision,
      );
      if (!saved) return err(stale());
      await auditEvents.append(
        this.audited(AuditAction.SiteContentSaved, null, actor, {
          revision,
          changed: changedFields(draft.content, checked.content),
        }),
      );
      return ok({ revision });
    });
  }

  /** Publishes the draft of `revision`: it becomes the page, as a new version. */
  async publish(
    input: { readonly revision: number },
    actor: Actor,
  ): Promise<Result<{ readonly version: number }, SiteContentError>> {
    await this.ensureFirstVersion();
    const published = await this.deps.unitOfWork.transaction(async ({ siteContent, auditEvents }) => {
      const [draft, latest] = await Promise.all([siteContent.draft(), siteContent.latestVersion()]);
      if (draft === null || draft.revision !== input.revision) return err(stale());
      const version = (latest?.version ?? 0) + 1;
      const added = await siteContent.addVersion({
        version,
        publishedAt: this.deps.clock.now(),
        publishedBy: actor.userId,
        content: draft.content,
      });
      // Another publish took the number first: this one was made from a draft it did not see.
      if (!added) return err(stale());
      await auditEvents.append(
        newAuditEvent(
          this.deps,
          {
            action: AuditAction.SiteContentPublished,
            resourceType: AuditResourceType.SiteContent,
            resourceId: String(version),
            userId: actor.userId,
            details: {
              version,
              revision: draft.revision,
              changed: changedFields(latest?.content ?? null, draft.content),
            },
          },
          actor,
        ),
      );
      return ok({ version });
    });
    if (published.ok) this.deps.afterPublish?.();
    return published;
  }

  /** The published versions, newest first, each with the fields it changed. */
  async versions(): Promise<SiteContentVersionSummary[]> {
    await this.ensureFirstVersion();
    // One more than listed: the oldest listed one's changes are against it.
    const versions = await this.deps.siteContent.listVersions(SITE_CONTENT_VERSIONS_LISTED + 1);
    const nameOf = await this.names();
    return versions.slice(0, SITE_CONTENT_VERSIONS_LISTED).map((version, index) => ({
      version: version.version,
      publishedAt: version.publishedAt,
      publishedBy: nameOf(version.publishedBy),
      changed: changedFields(versions[index + 1]?.content ?? null, version.content),
    }));
  }

  /** Makes a published version the draft again (publishing it is a separate step). */
  async restore(version: number, actor: Actor): Promise<Result<{ readonly revision: number }, SiteContentError>> {
    await this.ensureFirstVersion();
    const found = await this.deps.siteContent.findVersion(version);
    if (found === null) {
      return err({ code: SiteContentErrorCode.VersionNotFound, message: `There is no version ${version}.` });
    }
    return this.deps.unitOfWork.transaction(async ({ siteContent, auditEvents }) => {
      const draft = await siteContent.draft();
      if (draft === null) return err(stale());
      const revision = draft.revision + 1;
      const saved = await siteContent.replaceDraft(
        { revision, updatedAt: this.deps.clock.now(), updatedBy: actor.userId, content: found.content },
        draft.revision,
      );
      if (!saved) return err(stale());
      await auditEvents.append(this.audited(AuditAction.SiteContentRestored, version, actor, { version, revision }));
      return ok({ revision });
    });
  }

  /**
   * A preview of the current draft: an unguessable token for the link, valid for an hour. The
   * draft is copied, so later saves do not change what the link shows.
   */
  async createPreview(): Promise<{ readonly token: string; readonly expiresAt: Date }> {
    const { draft } = await this.current();
    const { siteContent, clock, tokens } = this.deps;
    const now = clock.now();
    await siteContent.deleteExpiredPreviews(now);
    const token = tokens.newToken();
    const expiresAt = new Date(now.getTime() + SITE_PREVIEW_LIFETIME_MS);
    await siteContent.addPreview({
      tokenHash: tokens.hashOf(token),
      content: draft.content,
      createdAt: now,
      expiresAt,
    });
    return { token, expiresAt };
  }

  /** The content a preview link shows; null when the token is unknown or has expired. */
  async preview(token: string): Promise<SiteContent | null> {
    if (token.length === 0 || token.length > 200) return null;
    const found = await this.deps.siteContent.findPreview(this.deps.tokens.hashOf(token), this.deps.clock.now());
    return found?.content ?? null;
  }
}

/** How often a process asks the store whether a newer version was published (by any process). */
export const PUBLISHED_CONTENT_CHECK_MS = 2000;

/**
 * The published content as the public page is rendered from it, kept in memory. Every
 * PUBLISHED_CONTENT_CHECK_MS at most, the store is asked for the newest version's number (one
 * cheap query), and the content read again only when it changed: a publish on any process is
 * served by every process within a few seconds, with no restart.
 */
export class PublishedSiteContent {
  private known: SiteContentVersion | null = null;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<SiteContentVersion> | null = null;

  constructor(
    private readonly deps: {
      readonly siteContent: SiteContentRepository;
      readonly clock: Clock;
      readonly edit: Pick<EditSiteContentUseCase, 'ensureFirstVersion'>;
      readonly checkMs?: number;
    },
  ) {}

  /** The newest published version, at most a few seconds stale. */
  async current(): Promise<SiteContentVersion> {
    const now = this.deps.clock.now().getTime();
    if (this.known !== null && now - this.checkedAt < (this.deps.checkMs ?? PUBLISHED_CONTENT_CHECK_MS)) {
      return this.known;
    }
    // Requests arriving while one check runs wait for it rather than each asking the store.
    this.checking ??= this.check(now).finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  /** Forgets what is known: the next request asks the store (after a publish in this process). */
  forget(): void {
    this.checkedAt = Number.NEGATIVE_INFINITY;
  }

  private async check(now: number): Promise<SiteContentVersion> {
    const { siteContent, edit } = this.deps;
    await edit.ensureFirstVersion();
    const number = await siteContent.latestVersionNumber();
    if (this.known === null || this.known.version !== number) {
      const latest = await siteContent.latestVersion();
      if (latest === null) throw new Error('The site content store lost its first version');
      this.known = latest;
    }
    this.checkedAt = now;
    return this.known;
  }
}
