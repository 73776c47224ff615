import type { MigrationInterface, QueryRunner } from 'typeorm';

import { sealExistingAuditEvents } from '../audit-chain-backfill';

/**
 * The tamper-evident audit trail: each event's place in a SHA-256 hash chain, the digests its
 * address and user agent enter the hash through, and the chain's head (one row, which every
 * append holds). The events already stored are sealed in order, oldest first.
 */
export class AuditChain1796428800000 implements MigrationInterface {
  name = 'AuditChain1796428800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const column of [
      `"seq" integer NOT NULL DEFAULT (0)`,
      `"prev_hash" varchar(64) NOT NULL DEFAULT ('')`,
      `"hash" varchar(64) NOT NULL DEFAULT ('')`,
      `"origin_salt" varchar(32)`,
      `"ip_address_digest" varchar(64)`,
      `"user_agent_digest" varchar(64)`,
      `"details_salt" varchar(32)`,
      `"details_digest" varchar(64)`,
    ]) {
      await queryRunner.query(`ALTER TABLE "audit_events" ADD COLUMN ${column}`);
    }
    await queryRunner.query(
      `CREATE TABLE "audit_chain_head" ("id" integer PRIMARY KEY NOT NULL, "seq" integer NOT NULL, "hash" varchar(64) NOT NULL)`,
    );
    await sealExistingAuditEvents(queryRunner, 'sqlite');
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_audit_events_seq" ON "audit_events" ("seq")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_audit_events_seq"`);
    await queryRunner.query(`DROP TABLE "audit_chain_head"`);
    for (const column of [
      'details_digest',
      'details_salt',
      'user_agent_digest',
      'ip_address_digest',
      'origin_salt',
      'hash',
      'prev_hash',
      'seq',
    ]) {
      await queryRunner.query(`ALTER TABLE "audit_events" DROP COLUMN "${column}"`);
    }
  }
}
