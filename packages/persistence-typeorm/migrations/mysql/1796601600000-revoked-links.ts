import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Download links that can be revoked (a resend, or the owner), and the time of a link's last
 * counted download (a resumed download may follow it for a while without counting again).
 */
export class RevokedLinks1796601600000 implements MigrationInterface {
  name = 'RevokedLinks1796601600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE `deliveries` ADD `last_download_at` datetime(3) NULL, ADD `revoked_at` datetime(3) NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `deliveries` DROP `revoked_at`, DROP `last_download_at`');
  }
}
