import type { MigrationInterface, QueryRunner } from 'typeorm';

// A migration is frozen once released: its own copy of the table options, not an import.
const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Growth: daily totals of the counted events (one row per day, event and detail, never one
 * per visit), and the crackme's prize claims (one per address).
 */
export class Growth1796342400000 implements MigrationInterface {
  name = 'Growth1796342400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`crackme_claims\` (\`id\` varchar(36) NOT NULL, \`name\` varchar(100) NOT NULL, \`email\` varchar(254) NOT NULL, \`email_key\` varchar(254) NOT NULL, \`created_at\` datetime(3) NOT NULL, \`prize_sent_at\` datetime(3) NULL, UNIQUE INDEX \`uq_crackme_claims_email_key\` (\`email_key\`), INDEX \`idx_crackme_claims_created\` (\`created_at\`, \`id\`), PRIMARY KEY (\`id\`)) ${TABLE_OPTIONS}`,
    );
    await queryRunner.query(
      `CREATE TABLE \`event_counts\` (\`day\` varchar(10) NOT NULL, \`name\` varchar(32) NOT NULL, \`detail\` varchar(100) NOT NULL, \`count\` int NOT NULL, PRIMARY KEY (\`day\`, \`name\`, \`detail\`)) ${TABLE_OPTIONS}`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`event_counts\``);
    await queryRunner.query(`DROP TABLE \`crackme_claims\``);
  }
}
