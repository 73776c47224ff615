import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard's free copies (downloads through approval links, and by how many requests) read
 * from an index of the approvals alone: without it each count scanned every delivery, an
 * announcement's 50,000 mails included.
 */
export class DeliveriesByKind1797469200000 implements MigrationInterface {
  name = 'DeliveriesByKind1797469200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "idx_deliveries_kind" ON "deliveries" ("kind", "request_id", "download_count")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_deliveries_kind"`);
  }
}
