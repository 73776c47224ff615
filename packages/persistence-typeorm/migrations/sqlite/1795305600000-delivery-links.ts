import type { MigrationInterface, QueryRunner } from 'typeorm';

const COLUMNS = `"id", "request_id", "kind", "status", "attempts", "next_attempt_at", "lease_until", "last_error", "sent_at", "created_at"`;

/**
 * Private download links on deliveries, emails to the owner (about a guestbook entry, or one
 * digest a day), and the index for the dashboard's overdue requests.
 * SQLite cannot make a column nullable in place, so the table is rebuilt, rows kept.
 */
export class DeliveryLinks1795305600000 implements MigrationInterface {
  name = 'DeliveryLinks1795305600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_scholarship_requests_status"`);
    await queryRunner.query(
      `CREATE INDEX "idx_scholarship_requests_status_created" ON "scholarship_requests" ("status", "created_at")`,
    );
    await queryRunner.query(`DROP INDEX "idx_deliveries_request"`);
    await queryRunner.query(`DROP INDEX "idx_deliveries_due"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_deliveries" ("id" varchar(36) PRIMARY KEY NOT NULL, "request_id" varchar(36), "kind" varchar(16) NOT NULL, "status" varchar(16) NOT NULL DEFAULT ('queued'), "attempts" integer NOT NULL DEFAULT (0), "next_attempt_at" datetime(3) NOT NULL, "lease_until" datetime(3), "last_error" varchar(1000), "sent_at" datetime(3), "created_at" datetime(3) NOT NULL, "entry_id" varchar(36), "dedupe_key" varchar(64), "link_token_hash" varchar(64), "link_expires_at" datetime(3), "download_count" integer NOT NULL DEFAULT (0), CONSTRAINT "fk_deliveries_request" FOREIGN KEY ("request_id") REFERENCES "scholarship_requests" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "fk_deliveries_entry" FOREIGN KEY ("entry_id") REFERENCES "guestbook_entries" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(`INSERT INTO "temporary_deliveries"(${COLUMNS}) SELECT ${COLUMNS} FROM "deliveries"`);
    await queryRunner.query(`DROP TABLE "deliveries"`);
    await queryRunner.query(`ALTER TABLE "temporary_deliveries" RENAME TO "deliveries"`);
    await queryRunner.query(`CREATE INDEX "idx_deliveries_due" ON "deliveries" ("status", "next_attempt_at", "id")`);
    await queryRunner.query(`CREATE INDEX "idx_deliveries_request" ON "deliveries" ("request_id", "created_at", "id")`);
    await queryRunner.query(`CREATE INDEX "idx_deliveries_entry" ON "deliveries" ("entry_id")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_deliveries_dedupe_key" ON "deliveries" ("dedupe_key")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_deliveries_link" ON "deliveries" ("link_token_hash")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Owner emails have no request: they cannot go back into the old table.
    await queryRunner.query(`DELETE FROM "deliveries" WHERE "request_id" IS NULL`);
    for (const index of ['due', 'request', 'entry', 'dedupe_key', 'link']) {
      await queryRunner.query(`DROP INDEX "idx_deliveries_${index}"`);
    }
    await queryRunner.query(
      `CREATE TABLE "temporary_deliveries" ("id" varchar(36) PRIMARY KEY NOT NULL, "request_id" varchar(36) NOT NULL, "kind" varchar(16) NOT NULL, "status" varchar(16) NOT NULL DEFAULT ('queued'), "attempts" integer NOT NULL DEFAULT (0), "next_attempt_at" datetime(3) NOT NULL, "lease_until" datetime(3), "last_error" varchar(1000), "sent_at" datetime(3), "created_at" datetime(3) NOT NULL, CONSTRAINT "fk_deliveries_request" FOREIGN KEY ("request_id") REFERENCES "scholarship_requests" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(`INSERT INTO "temporary_deliveries"(${COLUMNS}) SELECT ${COLUMNS} FROM "deliveries"`);
    await queryRunner.query(`DROP TABLE "deliveries"`);
    await queryRunner.query(`ALTER TABLE "temporary_deliveries" RENAME TO "deliveries"`);
    await queryRunner.query(`CREATE INDEX "idx_deliveries_due" ON "deliveries" ("status", "next_attempt_at", "id")`);
    await queryRunner.query(`CREATE INDEX "idx_deliveries_request" ON "deliveries" ("request_id", "created_at", "id")`);
    await queryRunner.query(`DROP INDEX "idx_scholarship_requests_status_created"`);
    await queryRunner.query(`CREATE INDEX "idx_scholarship_requests_status" ON "scholarship_requests" ("status")`);
  }
}
