import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * The first schema on MySQL 8 / MariaDB 10.11+. Every table is utf8mb4 whatever the server's
 * default, so emoji round-trip; times are DATETIME(3), written and read in UTC.
 */
export class InitialSchema1795219200000 implements MigrationInterface {
  name = 'InitialSchema1795219200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`guestbook_entries\` (\`id\` varchar(36) NOT NULL, \`name\` varchar(50) NOT NULL, \`location\` varchar(50) NULL, \`message\` varchar(500) NOT NULL, \`created_at\` datetime(3) NOT NULL, \`is_approved\` tinyint NOT NULL DEFAULT 0, \`reviewed_at\` datetime(3) NULL, \`admin_notes\` varchar(1000) NULL, INDEX \`idx_guestbook_entries_approved_created\` (\`is_approved\`, \`created_at\`, \`id\`), INDEX \`idx_guestbook_entries_created\` (\`created_at\`, \`id\`), INDEX \`idx_guestbook_entries_pending\` (\`is_approved\`, \`reviewed_at\`), PRIMARY KEY (\`id\`)) ${TABLE_OPTIONS}`,
    );
    await queryRunner.query(
      `CREATE TABLE \`scholarship_requests\` (\`id\` varchar(36) NOT NULL, \`name\` varchar(100) NOT NULL, \`email\` varchar(254) NOT NULL, \`message\` varchar(2000) NULL, \`status\` varchar(16) NOT NULL DEFAULT 'pending', \`admin_notes\` varchar(1000) NULL, \`created_at\` datetime(3) NOT NULL, \`decided_at\` datetime(3) NULL, INDEX \`idx_scholarship_requests_created\` (\`created_at\`, \`id\`), INDEX \`idx_scholarship_requests_status\` (\`status\`), PRIMARY KEY (\`id\`)) ${TABLE_OPTIONS}`,
    );
    await queryRunner.query(
      `CREATE TABLE \`admin_users\` (\`id\` varchar(36) NOT NULL, \`username\` varchar(50) NOT NULL, \`password_hash\` varchar(255) NOT NULL, \`created_at\` datetime(3) NOT NULL, \`updated_at\` datetime(3) NOT NULL, UNIQUE INDEX \`uq_admin_users_username\` (\`username\`), PRIMARY KEY (\`id\`)) ${TABLE_OPTIONS}`,
    );
    await queryRunner.query(
      `CREATE TABLE \`admin_sessions\` (\`id\` varchar(36) NOT NULL, \`user_id\` varchar(36) NOT NULL, \`token_hash\` varchar(128) NOT NULL, \`created_at\` datetime(3) NOT NULL, \`last_seen_at\` datetime(3) NOT NULL, \`expires_at\` datetime(3) NOT NULL, INDEX \`idx_admin_sessions_user\` (\`user_id\`), UNIQUE INDEX \`uq_admin_sessions_token_hash\` (\`token_hash\`), PRIMARY KEY (\`id\`)) ${TABLE_OPTIONS}`,
    );
    await queryRunner.query(
      `CREATE TABLE \`audit_events\` (\`id\` varchar(36) NOT NULL, \`action\` varchar(50) NOT NULL, \`resource_type\` varchar(50) NOT NULL, \`resource_id\` varchar(64) NULL, \`user_id\` varchar(36) NULL, \`details\` text NULL, \`ip_address\` varchar(45) NULL, \`user_agent\` varchar(512) NULL, \`created_at\` datetime(3) NOT NULL, INDEX \`idx_audit_events_created\` (\`created_at\`, \`id\`), PRIMARY KEY (\`id\`)) ${TABLE_OPTIONS}`,
    );
    await queryRunner.query(
      `CREATE TABLE \`rate_limit_counters\` (\`key\` varchar(191) NOT NULL, \`count\` int NOT NULL, \`reset_at\` datetime(3) NOT NULL, PRIMARY KEY (\`key\`)) ${TABLE_OPTIONS}`,
    );
    await queryRunner.query(
      `ALTER TABLE \`admin_sessions\` ADD CONSTRAINT \`fk_admin_sessions_user\` FOREIGN KEY (\`user_id\`) REFERENCES \`admin_users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`admin_sessions\` DROP FOREIGN KEY \`fk_admin_sessions_user\``);
    await queryRunner.query(`DROP TABLE \`rate_limit_counters\``);
    await queryRunner.query(`DROP TABLE \`audit_events\``);
    await queryRunner.query(`DROP TABLE \`admin_sessions\``);
    await queryRunner.query(`DROP TABLE \`admin_users\``);
    await queryRunner.query(`DROP TABLE \`scholarship_requests\``);
    await queryRunner.query(`DROP TABLE \`guestbook_entries\``);
  }
}
