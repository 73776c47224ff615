import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Announcements to the readers: their words and how far their queuing went (their mails are deliveries). */
export class Announcements1797206400000 implements MigrationInterface {
  name = 'Announcements1797206400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "announcements" ("id" varchar(36) PRIMARY KEY NOT NULL, "subject" varchar(150) NOT NULL, "text" text NOT NULL, "created_at" datetime(3) NOT NULL, "created_by" varchar(36) NOT NULL, "test" boolean NOT NULL DEFAULT (0), "queued_count" integer NOT NULL DEFAULT (0), "queued_through" varchar(36), "queued_at" datetime(3))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_announcements_created" ON "announcements" ("created_at", "id")`);
    await queryRunner.query(`CREATE INDEX "idx_announcements_queued" ON "announcements" ("queued_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_announcements_queued"`);
    await queryRunner.query(`DROP INDEX "idx_announcements_created"`);
    await queryRunner.query(`DROP TABLE "announcements"`);
  }
}
