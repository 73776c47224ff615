import type { SiteContentState, SiteContentVersionSummary } from '@memoir/domain';
import type { SiteContentResponse, SiteContentVersion } from '@memoir/shared';

import { actor, error, orFail } from './calls';
import type { Capability } from './route-spec';

/* The site's content: the owner's draft, publish, versions, restore and preview (docs/site-content.md). */

/** Where a preview link points: the public page, rendered from a copy of the draft. */
export const SITE_PREVIEW_PATH = '/preview';

const presentState = ({ draft, published }: SiteContentState): SiteContentResponse => ({
  draft: {
    revision: draft.revision,
    updatedAt: draft.updatedAt.toISOString(),
    updatedBy: draft.updatedBy,
    content: draft.content,
  },
  published: {
    version: published.version,
    publishedAt: published.publishedAt.toISOString(),
    publishedBy: published.publishedBy,
    content: published.content,
  },
});

const presentVersion = (version: SiteContentVersionSummary): SiteContentVersion => ({
  version: version.version,
  publishedAt: version.publishedAt.toISOString(),
  publishedBy: version.publishedBy,
  changed: [...version.changed],
});

const STALE = error(
  'The draft changed since the caller read it (another tab or admin saved): read it again (GET /api/admin/site-content)',
);

export const siteContentRoutes: Capability<
  | 'siteContent'
  | 'saveSiteDraft'
  | 'publishSiteContent'
  | 'siteContentVersions'
  | 'restoreSiteContentVersion'
  | 'previewSiteContent'
> = ({ useCases, publicBaseUrl }) => ({
  siteContent: {
    summary: "The site's draft and its published version",
    description:
      'The landing page is rendered from the published version. The draft is what the owner edits; its revision goes up by one with every save.',
    answered: 'The draft and the published version',
    handle: async () => presentState(await useCases.editSiteContent.current()),
  },
  saveSiteDraft: {
    summary: 'Save the draft (audited as site_content_saved)',
    description:
      'The body names the revision the draft was edited from; saving the very content the draft holds changes nothing. Text is text: no HTML is interpreted, and markup, invisible or direction-changing characters are refused.',
    answered: "The draft's revision now",
    errors: {
      '400': error('A field breaks a rule: fieldErrors names each by its path (content.themes[1].title)'),
      '409': STALE,
    },
    handle: async ({ ctx, body }) => orFail(await useCases.editSiteContent.saveDraft(body, actor(ctx))),
  },
  publishSiteContent: {
    summary: 'Publish the draft: it becomes the page, as a new version (audited as site_content_published)',
    description: 'Every server process serves the new version within a few seconds.',
    answered: 'The new version',
    errors: { '409': STALE },
    handle: async ({ ctx, body }) => orFail(await useCases.editSiteContent.publish(body, actor(ctx))),
  },
  siteContentVersions: {
    summary: 'The published versions, newest first (the last 100), with who, when and what changed',
    answered: 'The versions',
    handle: async () => ({ versions: (await useCases.editSiteContent.versions()).map(presentVersion) }),
  },
  restoreSiteContentVersion: {
    summary: 'Make a published version the draft again (audited as site_content_restored)',
    description: 'Publishing it is a separate step.',
    answered: "The draft's new revision",
    errors: { '404': error('No such version') },
    handle: async ({ ctx, params }) => {
      const version = /^\d{1,9}$/.test(params.version) ? Number(params.version) : Number.NaN;
      return orFail(await useCases.editSiteContent.restore(version, actor(ctx)));
    },
  },
  previewSiteContent: {
    summary: 'A link to the public page rendered from the current draft, for an hour',
    description: 'The link holds an unguessable token; it shows the draft as it was when the link was made.',
    answered: 'The link and when it expires',
    handle: async () => {
      const { token, expiresAt } = await useCases.editSiteContent.createPreview();
      return { url: `${publicBaseUrl}${SITE_PREVIEW_PATH}/${token}`, expiresAt: expiresAt.toISOString() };
    },
  },
});
