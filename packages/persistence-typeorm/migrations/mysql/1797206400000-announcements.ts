import type { MigrationInterface, QueryRunner } from 'typeorm';

// A migration is frozen once released: its own copy of the table options, not an import.
const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/** Announcements to the readers: their words and how far their queuing went (their mails are deliveries). */
export class Announcements1797206400000 implements MigrationInterface {
  name = 'Announcements1797206400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`announcements\` (\`id\` varchar(36) NOT NULL, \`subject\` varchar(150) NOT NULL, \`text\` text NOT NULL, \`created_at\` datetime(3) NOT NULL, \`created_by\` varchar(36) NOT NULL, \`test\` tinyint NOT NULL DEFAULT 0, \`queued_count\` int NOT NULL DEFAULT 0, \`queued_through\` varchar(36) NULL, \`queued_at\` datetime(3) NULL, INDEX \`idx_announcements_created\` (\`created_at\`, \`id\`), INDEX \`idx_announcements_queued\` (\`queued_at\`), PRIMARY KEY (\`id\`)) ${TABLE_OPTIONS}`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE `announcements`');
  }
}
