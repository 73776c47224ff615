import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Download links that can be revoked (a resend, or the owner), and the time of a link's last
 * counted download (a resumed download may follow it for a while without counting again).
 * Both columns are nullable: SQLite adds them in place, rows kept.
 */
export class RevokedLinks1796601600000 implements MigrationInterface {
  name = 'RevokedLinks1796601600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "deliveries" ADD COLUMN "last_download_at" datetime(3)`);
    await queryRunner.query(`ALTER TABLE "deliveries" ADD COLUMN "revoked_at" datetime(3)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "deliveries" DROP COLUMN "revoked_at"`);
    await queryRunner.query(`ALTER TABLE "deliveries" DROP COLUMN "last_download_at"`);
  }
}
