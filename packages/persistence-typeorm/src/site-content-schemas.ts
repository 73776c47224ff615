import type { SiteContentVersion, SiteDraft, SitePreview } from '@memoir/domain';
import type { SiteContent } from '@memoir/shared';
import { EntitySchema } from 'typeorm';

import { READER_SCHEMAS } from './reader-schemas';
import { ReviewReminderSchema } from './review-reminder-schemas';
import { ReaderWebhookSchema } from './reader-webhook-schemas';
import { MediaBlobSchema, mediaChunkSchema, MediaUploadSchema } from './media-schemas';
import { COMMON_SCHEMAS, OWN, time, uuidOf, type Mutable } from './schemas';

/**
 * The content as JSON text. A version holds up to some 40,000 characters, more than MySQL's
 * TEXT (64 KB) holds in a script of three bytes a character: MEDIUMTEXT there, TEXT on SQLite
 * (which has one text type). So these three tables are described per database kind.
 */
const contentColumn = (kind: 'sqlite' | 'mysql') =>
  ({
    type: kind === 'mysql' ? 'mediumtext' : 'text',
    transformer: {
      to: (content: SiteContent | undefined) => (content === undefined ? undefined : JSON.stringify(content)),
      from: (text: string | null) => (text === null ? null : (JSON.parse(text) as SiteContent)),
    },
  }) as const;

export type SiteDraftRow = Mutable<SiteDraft> & { id: number };
export type SiteContentVersionRow = Mutable<SiteContentVersion>;
export type SitePreviewRow = Mutable<SitePreview>;

/** The entity names of the site content tables, by which their repository finds them. */
export const SITE_CONTENT_ENTITIES = {
  draft: 'SiteDraft',
  version: 'SiteContentVersion',
  preview: 'SitePreview',
} as const;

export type SiteContentEntity = (typeof SITE_CONTENT_ENTITIES)[keyof typeof SITE_CONTENT_ENTITIES];

/** Their tables, by entity name. */
export const SITE_CONTENT_TABLES: Readonly<Record<SiteContentEntity, string>> = {
  SiteDraft: 'site_content_draft',
  SiteContentVersion: 'site_content_versions',
  SitePreview: 'site_content_previews',
};

function siteContentSchemas(kind: 'sqlite' | 'mysql') {
  return [
    new EntitySchema<SiteDraftRow>({
      name: SITE_CONTENT_ENTITIES.draft,
      tableName: SITE_CONTENT_TABLES.SiteDraft,
      columns: {
        // Always 1: there is one draft.
        id: { type: 'int', primary: true },
        revision: { type: 'int' },
        updatedAt: time('updated_at'),
        updatedBy: uuidOf('updated_by', true),
        content: contentColumn(kind),
      },
    }),
    new EntitySchema<SiteContentVersionRow>({
      name: SITE_CONTENT_ENTITIES.version,
      tableName: SITE_CONTENT_TABLES.SiteContentVersion,
      columns: {
        version: { type: 'int', primary: true },
        publishedAt: time('published_at'),
        publishedBy: uuidOf('published_by', true),
        content: contentColumn(kind),
      },
    }),
    new EntitySchema<SitePreviewRow>({
      name: SITE_CONTENT_ENTITIES.preview,
      tableName: SITE_CONTENT_TABLES.SitePreview,
      columns: {
        tokenHash: { name: 'token_hash', type: 'varchar', length: OWN.linkTokenHash, primary: true },
        content: contentColumn(kind),
        createdAt: time('created_at'),
        expiresAt: time('expires_at'),
      },
      indices: [{ name: 'idx_site_content_previews_expires', columns: ['expiresAt'] }],
    }),
  ];
}

const SCHEMAS_BY_KIND = {
  sqlite: [
    ...COMMON_SCHEMAS,
    ...siteContentSchemas('sqlite'),
    ...READER_SCHEMAS,
    ReviewReminderSchema,
    ReaderWebhookSchema,
    MediaUploadSchema,
    MediaBlobSchema,
    mediaChunkSchema('sqlite'),
  ],
  mysql: [
    ...COMMON_SCHEMAS,
    ...siteContentSchemas('mysql'),
    ...READER_SCHEMAS,
    ReviewReminderSchema,
    ReaderWebhookSchema,
    MediaUploadSchema,
    MediaBlobSchema,
    mediaChunkSchema('mysql'),
  ],
};

/** Every table's schema, for a database of this kind. */
export const entitySchemas = (kind: 'sqlite' | 'mysql'): EntitySchema[] => SCHEMAS_BY_KIND[kind];
