import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin lists read a page at a time, filtered: each guestbook entry's class as a column
 * (so that a class's newest entries are one range of an index), the request status index with
 * the id for the cursor's tie-break, and the audit log by action, resource type and actor.
 */
export class AdminLists1795737600000 implements MigrationInterface {
  name = 'AdminLists1795737600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "guestbook_entries" ADD COLUMN "review_class" varchar(8) NOT NULL DEFAULT ('pending')`,
    );
    await queryRunner.query(
      `UPDATE "guestbook_entries" SET "review_class" = CASE WHEN "is_approved" = 1 THEN 'approved' WHEN "reviewed_at" IS NULL THEN 'pending' ELSE 'rejected' END`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_guestbook_entries_class_created" ON "guestbook_entries" ("review_class", "created_at", "id")`,
    );
    await queryRunner.query(`DROP INDEX "idx_scholarship_requests_status_created"`);
    await queryRunner.query(
      `CREATE INDEX "idx_scholarship_requests_status_created" ON "scholarship_requests" ("status", "created_at", "id")`,
    );
    await queryRunner.query(`CREATE INDEX "idx_audit_events_action" ON "audit_events" ("action", "created_at", "id")`);
    await queryRunner.query(
      `CREATE INDEX "idx_audit_events_resource_type" ON "audit_events" ("resource_type", "created_at", "id")`,
    );
    await queryRunner.query(`CREATE INDEX "idx_audit_events_user" ON "audit_events" ("user_id", "created_at", "id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of ['action', 'resource_type', 'user'])
      await queryRunner.query(`DROP INDEX "idx_audit_events_${index}"`);
    await queryRunner.query(`DROP INDEX "idx_scholarship_requests_status_created"`);
    await queryRunner.query(
      `CREATE INDEX "idx_scholarship_requests_status_created" ON "scholarship_requests" ("status", "created_at")`,
    );
    await queryRunner.query(`DROP INDEX "idx_guestbook_entries_class_created"`);
    await queryRunner.query(`ALTER TABLE "guestbook_entries" DROP COLUMN "review_class"`);
  }
}
