import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A delivery's timeline beside what the delivery holds: failed attempts, bounces, the reader's page and downloads. */
export class DeliveryEvents1797120000000 implements MigrationInterface {
  name = 'DeliveryEvents1797120000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "delivery_events" ("id" varchar(36) PRIMARY KEY NOT NULL, "delivery_id" varchar(36) NOT NULL, "kind" varchar(16) NOT NULL, "at" datetime(3) NOT NULL, "detail" varchar(300), CONSTRAINT "fk_delivery_events_delivery" FOREIGN KEY ("delivery_id") REFERENCES "deliveries" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_delivery_events_delivery" ON "delivery_events" ("delivery_id", "at", "id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_delivery_events_delivery"`);
    await queryRunner.query(`DROP TABLE "delivery_events"`);
  }
}
