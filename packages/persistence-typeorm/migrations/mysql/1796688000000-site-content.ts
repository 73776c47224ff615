import type { MigrationInterface, QueryRunner } from 'typeorm';

// A migration is frozen once released: its own copy of the table options, not an import.
const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * The site's content: the one draft, every published version, and the preview links. The
 * content is JSON in MEDIUMTEXT (a version can exceed TEXT's 64 KB in a script of three bytes
 * a character). The first version (the shipped texts) is written by the application on first
 * use, as it takes the server's STORE_LINKS, SOCIAL_LINKS and PUBLISHER_URL.
 */
export class SiteContent1796688000000 implements MigrationInterface {
  name = 'SiteContent1796688000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`site_content_draft\` (\`id\` int NOT NULL, \`revision\` int NOT NULL, \`updated_at\` datetime(3) NOT NULL, \`updated_by\` varchar(36) NULL, \`content\` mediumtext NOT NULL, PRIMARY KEY (\`id\`)) ${TABLE_OPTIONS}`,
    );
    await queryRunner.query(
      `CREATE TABLE \`site_content_versions\` (\`version\` int NOT NULL, \`published_at\` datetime(3) NOT NULL, \`published_by\` varchar(36) NULL, \`content\` mediumtext NOT NULL, PRIMARY KEY (\`version\`)) ${TABLE_OPTIONS}`,
    );
    await queryRunner.query(
      `CREATE TABLE \`site_content_previews\` (\`token_hash\` varchar(64) NOT NULL, \`content\` mediumtext NOT NULL, \`created_at\` datetime(3) NOT NULL, \`expires_at\` datetime(3) NOT NULL, INDEX \`idx_site_content_previews_expires\` (\`expires_at\`), PRIMARY KEY (\`token_hash\`)) ${TABLE_OPTIONS}`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE `site_content_previews`');
    await queryRunner.query('DROP TABLE `site_content_versions`');
    await queryRunner.query('DROP TABLE `site_content_draft`');
  }
}
