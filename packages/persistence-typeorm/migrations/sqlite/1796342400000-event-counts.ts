import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Daily totals of the counted events: one row per day, event and detail, never one per visit. */
export class EventCounts1796342400000 implements MigrationInterface {
  name = 'EventCounts1796342400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "event_counts" ("day" varchar(10) NOT NULL, "name" varchar(32) NOT NULL, "detail" varchar(100) NOT NULL, "count" integer NOT NULL, PRIMARY KEY ("day", "name", "detail"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "event_counts"`);
  }
}
