import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The owner's reader list: every reader newest sign-up first, and the confirmations of recent weeks (growth). */
export class ReaderList1797033600000 implements MigrationInterface {
  name = 'ReaderList1797033600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "idx_readers_signed_up" ON "readers" ("signed_up_at", "id")`);
    await queryRunner.query(`CREATE INDEX "idx_readers_confirmed" ON "readers" ("confirmed_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_readers_confirmed"`);
    await queryRunner.query(`DROP INDEX "idx_readers_signed_up"`);
  }
}
