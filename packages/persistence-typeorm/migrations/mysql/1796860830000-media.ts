import type { MigrationInterface, QueryRunner } from 'typeorm';

// A migration is frozen once released: its own copy of the table options, not an import.
const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/** The owner's uploads: their records, and their bytes in chunks of 512 KiB (docs/media.md). */
export class Media1796860830000 implements MigrationInterface {
  name = 'Media1796860830000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`media_uploads\` (\`id\` varchar(36) NOT NULL, \`kind\` varchar(16) NOT NULL, \`sha256\` varchar(64) NOT NULL, \`bytes\` bigint NOT NULL, \`file_id\` varchar(80) NULL, \`width\` int NULL, \`height\` int NULL, \`pages\` int NULL, \`alt\` varchar(250) NULL, \`variants\` text NOT NULL, \`uploaded_at\` datetime(3) NOT NULL, \`uploaded_by\` varchar(36) NULL, INDEX \`idx_media_uploads_kind\` (\`kind\`, \`uploaded_at\`), PRIMARY KEY (\`id\`)) ${TABLE_OPTIONS}`,
    );
    await queryRunner.query(
      `CREATE TABLE \`media_blobs\` (\`id\` varchar(80) NOT NULL, \`bytes\` bigint NOT NULL, \`complete\` tinyint NOT NULL, \`stored_at\` datetime(3) NOT NULL, PRIMARY KEY (\`id\`)) ${TABLE_OPTIONS}`,
    );
    await queryRunner.query(
      `CREATE TABLE \`media_chunks\` (\`file_id\` varchar(80) NOT NULL, \`seq\` int NOT NULL, \`data\` mediumblob NOT NULL, PRIMARY KEY (\`file_id\`, \`seq\`)) ${TABLE_OPTIONS}`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE `media_chunks`');
    await queryRunner.query('DROP TABLE `media_blobs`');
    await queryRunner.query('DROP TABLE `media_uploads`');
  }
}
