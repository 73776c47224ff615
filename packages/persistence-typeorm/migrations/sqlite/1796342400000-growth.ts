import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Growth: daily totals of the counted events (one row per day, event and detail, never one
 * per visit), and the crackme's prize claims (one per address).
 */
export class Growth1796342400000 implements MigrationInterface {
  name = 'Growth1796342400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "crackme_claims" ("id" varchar(36) PRIMARY KEY NOT NULL, "name" varchar(100) NOT NULL, "email" varchar(254) NOT NULL, "email_key" varchar(254) NOT NULL, "created_at" datetime(3) NOT NULL, "prize_sent_at" datetime(3), CONSTRAINT "uq_crackme_claims_email_key" UNIQUE ("email_key"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_crackme_claims_created" ON "crackme_claims" ("created_at", "id")`);
    await queryRunner.query(
      `CREATE TABLE "event_counts" ("day" varchar(10) NOT NULL, "name" varchar(32) NOT NULL, "detail" varchar(100) NOT NULL, "count" integer NOT NULL, PRIMARY KEY ("day", "name", "detail"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "event_counts"`);
    await queryRunner.query(`DROP INDEX "idx_crackme_claims_created"`);
    await queryRunner.query(`DROP TABLE "crackme_claims"`);
  }
}
