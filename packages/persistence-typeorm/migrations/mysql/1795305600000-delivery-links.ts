import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Private download links on deliveries, emails to the owner (about a guestbook entry, or one
 * digest a day), and the index for the dashboard's overdue requests.
 */
export class DeliveryLinks1795305600000 implements MigrationInterface {
  name = 'DeliveryLinks1795305600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX `idx_scholarship_requests_status` ON `scholarship_requests`');
    await queryRunner.query(
      'CREATE INDEX `idx_scholarship_requests_status_created` ON `scholarship_requests` (`status`, `created_at`)',
    );
    await queryRunner.query('ALTER TABLE `deliveries` DROP FOREIGN KEY `fk_deliveries_request`');
    await queryRunner.query(
      'ALTER TABLE `deliveries` MODIFY `request_id` varchar(36) NULL, ADD `entry_id` varchar(36) NULL, ADD `dedupe_key` varchar(64) NULL, ADD `link_token_hash` varchar(64) NULL, ADD `link_expires_at` datetime(3) NULL, ADD `download_count` int NOT NULL DEFAULT 0',
    );
    await queryRunner.query('CREATE INDEX `idx_deliveries_entry` ON `deliveries` (`entry_id`)');
    await queryRunner.query('CREATE UNIQUE INDEX `idx_deliveries_dedupe_key` ON `deliveries` (`dedupe_key`)');
    await queryRunner.query('CREATE UNIQUE INDEX `idx_deliveries_link` ON `deliveries` (`link_token_hash`)');
    await queryRunner.query(
      'ALTER TABLE `deliveries` ADD CONSTRAINT `fk_deliveries_request` FOREIGN KEY (`request_id`) REFERENCES `scholarship_requests`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE `deliveries` ADD CONSTRAINT `fk_deliveries_entry` FOREIGN KEY (`entry_id`) REFERENCES `guestbook_entries`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM `deliveries` WHERE `request_id` IS NULL');
    await queryRunner.query('ALTER TABLE `deliveries` DROP FOREIGN KEY `fk_deliveries_entry`');
    await queryRunner.query('ALTER TABLE `deliveries` DROP FOREIGN KEY `fk_deliveries_request`');
    await queryRunner.query('DROP INDEX `idx_deliveries_link` ON `deliveries`');
    await queryRunner.query('DROP INDEX `idx_deliveries_dedupe_key` ON `deliveries`');
    await queryRunner.query('DROP INDEX `idx_deliveries_entry` ON `deliveries`');
    await queryRunner.query(
      'ALTER TABLE `deliveries` DROP `download_count`, DROP `link_expires_at`, DROP `link_token_hash`, DROP `dedupe_key`, DROP `entry_id`, MODIFY `request_id` varchar(36) NOT NULL',
    );
    await queryRunner.query(
      'ALTER TABLE `deliveries` ADD CONSTRAINT `fk_deliveries_request` FOREIGN KEY (`request_id`) REFERENCES `scholarship_requests`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query('DROP INDEX `idx_scholarship_requests_status_created` ON `scholarship_requests`');
    await queryRunner.query('CREATE INDEX `idx_scholarship_requests_status` ON `scholarship_requests` (`status`)');
  }
}
