import type { MigrationInterface, QueryRunner } from 'typeorm';

// A migration is frozen once released: its own copy of the table options, not an import.
const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/** The free-PDF request's one review reminder: when it was queued and sent, its answer link's hash, the answer. */
export class ReviewReminders1797292800000 implements MigrationInterface {
  name = 'ReviewReminders1797292800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`review_reminders\` (\`request_id\` varchar(36) NOT NULL, \`queued_at\` datetime(3) NOT NULL, \`sent_at\` datetime(3) NULL, \`token_hash\` varchar(64) NULL, \`answer\` varchar(16) NULL, \`answered_at\` datetime(3) NULL, UNIQUE INDEX \`uq_review_reminders_token\` (\`token_hash\`), PRIMARY KEY (\`request_id\`)) ${TABLE_OPTIONS}`,
    );
    await queryRunner.query(
      'ALTER TABLE `review_reminders` ADD CONSTRAINT `fk_review_reminders_request` FOREIGN KEY (`request_id`) REFERENCES `scholarship_requests`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'CREATE INDEX `idx_scholarship_requests_review` ON `scholarship_requests` (`review_reminder`, `created_at`, `id`)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX `idx_scholarship_requests_review` ON `scholarship_requests`');
    await queryRunner.query('ALTER TABLE `review_reminders` DROP FOREIGN KEY `fk_review_reminders_request`');
    await queryRunner.query('DROP TABLE `review_reminders`');
  }
}
