import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The delivery queue: emails owed to requesters after a decision. */
export class Deliveries1795262400000 implements MigrationInterface {
  name = 'Deliveries1795262400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "deliveries" ("id" varchar(36) PRIMARY KEY NOT NULL, "request_id" varchar(36) NOT NULL, "kind" varchar(16) NOT NULL, "status" varchar(16) NOT NULL DEFAULT ('queued'), "attempts" integer NOT NULL DEFAULT (0), "next_attempt_at" datetime(3) NOT NULL, "lease_until" datetime(3), "last_error" varchar(1000), "sent_at" datetime(3), "created_at" datetime(3) NOT NULL, CONSTRAINT "fk_deliveries_request" FOREIGN KEY ("request_id") REFERENCES "scholarship_requests" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_deliveries_due" ON "deliveries" ("status", "next_attempt_at", "id")`);
    await queryRunner.query(`CREATE INDEX "idx_deliveries_request" ON "deliveries" ("request_id", "created_at", "id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "deliveries"`);
  }
}
