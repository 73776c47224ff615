import type { MigrationInterface, QueryRunner } from 'typeorm';

// A migration is frozen once released: its own copy of the table options, not an import.
const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/** The readers' events waiting for the owner's webhook: body, attempts, next try, lease. */
export class ReaderWebhooks1797382800000 implements MigrationInterface {
  name = 'ReaderWebhooks1797382800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`reader_webhooks\` (\`id\` varchar(36) NOT NULL, \`type\` varchar(32) NOT NULL, \`email_key\` varchar(254) NOT NULL, \`body\` text NOT NULL, \`status\` varchar(16) NOT NULL, \`attempts\` int NOT NULL DEFAULT 0, \`next_attempt_at\` datetime(3) NOT NULL, \`lease_until\` datetime(3) NULL, \`last_error\` varchar(500) NULL, \`created_at\` datetime(3) NOT NULL, \`failed_at\` datetime(3) NULL, INDEX \`idx_reader_webhooks_due\` (\`status\`, \`next_attempt_at\`), INDEX \`idx_reader_webhooks_email\` (\`email_key\`), PRIMARY KEY (\`id\`)) ${TABLE_OPTIONS}`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE `reader_webhooks`');
  }
}
