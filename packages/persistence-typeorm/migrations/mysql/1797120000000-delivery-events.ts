import type { MigrationInterface, QueryRunner } from 'typeorm';

// A migration is frozen once released: its own copy of the table options, not an import.
const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/** A delivery's timeline beside what the delivery holds: failed attempts, bounces, the reader's page and downloads. */
export class DeliveryEvents1797120000000 implements MigrationInterface {
  name = 'DeliveryEvents1797120000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`delivery_events\` (\`id\` varchar(36) NOT NULL, \`delivery_id\` varchar(36) NOT NULL, \`kind\` varchar(16) NOT NULL, \`at\` datetime(3) NOT NULL, \`detail\` varchar(300) NULL, INDEX \`idx_delivery_events_delivery\` (\`delivery_id\`, \`at\`, \`id\`), PRIMARY KEY (\`id\`)) ${TABLE_OPTIONS}`,
    );
    await queryRunner.query(
      'ALTER TABLE `delivery_events` ADD CONSTRAINT `fk_delivery_events_delivery` FOREIGN KEY (`delivery_id`) REFERENCES `deliveries`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `delivery_events` DROP FOREIGN KEY `fk_delivery_events_delivery`');
    await queryRunner.query('DROP TABLE `delivery_events`');
  }
}
