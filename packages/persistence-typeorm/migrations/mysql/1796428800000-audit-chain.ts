import type { MigrationInterface, QueryRunner } from 'typeorm';

import { sealExistingAuditEvents } from '../audit-chain-backfill';
const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * The tamper-evident audit trail: each event's place in a SHA-256 hash chain, the digests its
 * address and user agent enter the hash through, and the chain's head (one row, which every
 * append locks with SELECT ... FOR UPDATE). The events already stored are sealed in order,
 * oldest first.
 */
export class AuditChain1796428800000 implements MigrationInterface {
  name = 'AuditChain1796428800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      "ALTER TABLE `audit_events` ADD `seq` int NOT NULL DEFAULT 0, ADD `prev_hash` varchar(64) NOT NULL DEFAULT '', ADD `hash` varchar(64) NOT NULL DEFAULT '', ADD `origin_salt` varchar(32) NULL, ADD `ip_address_digest` varchar(64) NULL, ADD `user_agent_digest` varchar(64) NULL, ADD `details_salt` varchar(32) NULL, ADD `details_digest` varchar(64) NULL",
    );
    await queryRunner.query(
      `CREATE TABLE \`audit_chain_head\` (\`id\` int NOT NULL, \`seq\` int NOT NULL, \`hash\` varchar(64) NOT NULL, PRIMARY KEY (\`id\`)) ${TABLE_OPTIONS}`,
    );
    await sealExistingAuditEvents(queryRunner, 'mysql');
    await queryRunner.query('CREATE UNIQUE INDEX `idx_audit_events_seq` ON `audit_events` (`seq`)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX `idx_audit_events_seq` ON `audit_events`');
    await queryRunner.query('DROP TABLE `audit_chain_head`');
    await queryRunner.query(
      'ALTER TABLE `audit_events` DROP COLUMN `details_digest`, DROP COLUMN `details_salt`, DROP COLUMN `user_agent_digest`, DROP COLUMN `ip_address_digest`, DROP COLUMN `origin_salt`, DROP COLUMN `hash`, DROP COLUMN `prev_hash`, DROP COLUMN `seq`',
    );
  }
}
