import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The site's content: the one draft, every published version, and the preview links. The
 * first version (the shipped texts) is written by the application on first use, as it takes
 * the server's STORE_LINKS, SOCIAL_LINKS and PUBLISHER_URL.
 */
export class SiteContent1796688000000 implements MigrationInterface {
  name = 'SiteContent1796688000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "site_content_draft" ("id" integer PRIMARY KEY NOT NULL, "revision" integer NOT NULL, "updated_at" datetime(3) NOT NULL, "updated_by" varchar(36), "content" text NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE TABLE "site_content_versions" ("version" integer PRIMARY KEY NOT NULL, "published_at" datetime(3) NOT NULL, "published_by" varchar(36), "content" text NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE TABLE "site_content_previews" ("token_hash" varchar(64) PRIMARY KEY NOT NULL, "content" text NOT NULL, "created_at" datetime(3) NOT NULL, "expires_at" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_site_content_previews_expires" ON "site_content_previews" ("expires_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_site_content_previews_expires"`);
    await queryRunner.query(`DROP TABLE "site_content_previews"`);
    await queryRunner.query(`DROP TABLE "site_content_versions"`);
    await queryRunner.query(`DROP TABLE "site_content_draft"`);
  }
}
