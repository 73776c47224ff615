import type { MigrationInterface, QueryRunner } from 'typeorm';

// A migration is frozen once released: its own copy of the table options, not an import.
const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * The reader list (readers with their consent records, and their links' hashes), and the
 * free-PDF request's wish for one review reminder.
 */
export class Readers1796904000000 implements MigrationInterface {
  name = 'Readers1796904000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`readers\` (\`id\` varchar(36) NOT NULL, \`email\` varchar(254) NOT NULL, \`email_key\` varchar(254) NOT NULL, \`name\` varchar(100) NULL, \`status\` varchar(16) NOT NULL, \`source\` varchar(16) NOT NULL, \`consent_version\` int NOT NULL, \`consent_text\` varchar(500) NOT NULL, \`signed_up_at\` datetime(3) NOT NULL, \`sign_up_ip\` varchar(45) NULL, \`sign_up_user_agent\` varchar(512) NULL, \`confirmed_at\` datetime(3) NULL, \`confirm_ip\` varchar(45) NULL, \`confirm_user_agent\` varchar(512) NULL, \`unsubscribed_at\` datetime(3) NULL, \`unsubscribed_by\` varchar(16) NULL, \`confirmations_sent\` int NOT NULL DEFAULT 0, \`last_confirmation_at\` datetime(3) NULL, INDEX \`idx_readers_status_signed_up\` (\`status\`, \`signed_up_at\`, \`id\`), UNIQUE INDEX \`uq_readers_email_key\` (\`email_key\`), PRIMARY KEY (\`id\`)) ${TABLE_OPTIONS}`,
    );
    await queryRunner.query(
      `CREATE TABLE \`reader_tokens\` (\`token_hash\` varchar(64) NOT NULL, \`reader_id\` varchar(36) NOT NULL, \`purpose\` varchar(16) NOT NULL, \`created_at\` datetime(3) NOT NULL, \`expires_at\` datetime(3) NULL, \`used_at\` datetime(3) NULL, INDEX \`idx_reader_tokens_reader\` (\`reader_id\`), PRIMARY KEY (\`token_hash\`)) ${TABLE_OPTIONS}`,
    );
    await queryRunner.query(
      'ALTER TABLE `reader_tokens` ADD CONSTRAINT `fk_reader_tokens_reader` FOREIGN KEY (`reader_id`) REFERENCES `readers`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    // Adding a column rebuilds the table and its FULLTEXT index, which reads the stopword list
    // of the session: the search index's own (empty) list, or InnoDB's would leave out "com".
    const [database] = (await queryRunner.query('SELECT DATABASE() AS name')) as Array<{ name: string }>;
    await queryRunner.query('SET SESSION innodb_ft_user_stopword_table = ?', [`${database?.name}/search_stopwords`]);
    try {
      await queryRunner.query('ALTER TABLE `scholarship_requests` ADD `review_reminder` tinyint NOT NULL DEFAULT 0');
    } finally {
      await queryRunner.query('SET SESSION innodb_ft_user_stopword_table = NULL');
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `scholarship_requests` DROP COLUMN `review_reminder`');
    await queryRunner.query('ALTER TABLE `reader_tokens` DROP FOREIGN KEY `fk_reader_tokens_reader`');
    await queryRunner.query('DROP TABLE `reader_tokens`');
    await queryRunner.query('DROP TABLE `readers`');
  }
}
