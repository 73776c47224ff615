import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The owner's reader list: every reader newest sign-up first, and the confirmations of recent weeks (growth). */
export class ReaderList1797033600000 implements MigrationInterface {
  name = 'ReaderList1797033600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE `readers` ADD INDEX `idx_readers_signed_up` (`signed_up_at`, `id`), ADD INDEX `idx_readers_confirmed` (`confirmed_at`)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE `readers` DROP INDEX `idx_readers_confirmed`, DROP INDEX `idx_readers_signed_up`',
    );
  }
}
