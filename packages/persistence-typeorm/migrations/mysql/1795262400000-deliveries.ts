import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The delivery queue: emails owed to requesters after a decision. */
export class Deliveries1795262400000 implements MigrationInterface {
  name = 'Deliveries1795262400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      "CREATE TABLE `deliveries` (`id` varchar(36) NOT NULL, `request_id` varchar(36) NOT NULL, `kind` varchar(16) NOT NULL, `status` varchar(16) NOT NULL DEFAULT 'queued', `attempts` int NOT NULL DEFAULT '0', `next_attempt_at` datetime(3) NOT NULL, `lease_until` datetime(3) NULL, `last_error` varchar(1000) NULL, `sent_at` datetime(3) NULL, `created_at` datetime(3) NOT NULL, INDEX `idx_deliveries_due` (`status`, `next_attempt_at`, `id`), INDEX `idx_deliveries_request` (`request_id`, `created_at`, `id`), PRIMARY KEY (`id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci",
    );
    await queryRunner.query(
      'ALTER TABLE `deliveries` ADD CONSTRAINT `fk_deliveries_request` FOREIGN KEY (`request_id`) REFERENCES `scholarship_requests`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `deliveries` DROP FOREIGN KEY `fk_deliveries_request`');
    await queryRunner.query('DROP TABLE `deliveries`');
  }
}
