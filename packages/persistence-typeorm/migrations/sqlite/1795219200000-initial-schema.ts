import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The first schema on SQLite. Times are UTC text with milliseconds ('YYYY-MM-DD HH:MM:SS.SSS'). */
export class InitialSchema1795219200000 implements MigrationInterface {
  name = 'InitialSchema1795219200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "guestbook_entries" ("id" varchar(36) PRIMARY KEY NOT NULL, "name" varchar(50) NOT NULL, "location" varchar(50), "message" varchar(500) NOT NULL, "created_at" datetime(3) NOT NULL, "is_approved" boolean NOT NULL DEFAULT (0), "reviewed_at" datetime(3), "admin_notes" varchar(1000))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_guestbook_entries_approved_created" ON "guestbook_entries" ("is_approved", "created_at", "id")`,
    );
    await queryRunner.query(`CREATE INDEX "idx_guestbook_entries_created" ON "guestbook_entries" ("created_at", "id")`);
    await queryRunner.query(
      `CREATE INDEX "idx_guestbook_entries_pending" ON "guestbook_entries" ("is_approved", "reviewed_at")`,
    );
    await queryRunner.query(
      `CREATE TABLE "scholarship_requests" ("id" varchar(36) PRIMARY KEY NOT NULL, "name" varchar(100) NOT NULL, "email" varchar(254) NOT NULL, "message" varchar(2000), "status" varchar(16) NOT NULL DEFAULT ('pending'), "admin_notes" varchar(1000), "created_at" datetime(3) NOT NULL, "decided_at" datetime(3))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_scholarship_requests_created" ON "scholarship_requests" ("created_at", "id")`,
    );
    await queryRunner.query(`CREATE INDEX "idx_scholarship_requests_status" ON "scholarship_requests" ("status")`);
    await queryRunner.query(
      `CREATE TABLE "admin_users" ("id" varchar(36) PRIMARY KEY NOT NULL, "username" varchar(50) NOT NULL, "password_hash" varchar(255) NOT NULL, "created_at" datetime(3) NOT NULL, "updated_at" datetime(3) NOT NULL, CONSTRAINT "uq_admin_users_username" UNIQUE ("username"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "admin_sessions" ("id" varchar(36) PRIMARY KEY NOT NULL, "user_id" varchar(36) NOT NULL, "token_hash" varchar(128) NOT NULL, "created_at" datetime(3) NOT NULL, "last_seen_at" datetime(3) NOT NULL, "expires_at" datetime(3) NOT NULL, CONSTRAINT "uq_admin_sessions_token_hash" UNIQUE ("token_hash"), CONSTRAINT "fk_admin_sessions_user" FOREIGN KEY ("user_id") REFERENCES "admin_users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_admin_sessions_user" ON "admin_sessions" ("user_id")`);
    await queryRunner.query(
      `CREATE TABLE "audit_events" ("id" varchar(36) PRIMARY KEY NOT NULL, "action" varchar(50) NOT NULL, "resource_type" varchar(50) NOT NULL, "resource_id" varchar(64), "user_id" varchar(36), "details" text, "ip_address" varchar(45), "user_agent" varchar(512), "created_at" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_audit_events_created" ON "audit_events" ("created_at", "id")`);
    await queryRunner.query(
      `CREATE TABLE "rate_limit_counters" ("key" varchar(191) PRIMARY KEY NOT NULL, "count" integer NOT NULL, "reset_at" datetime(3) NOT NULL)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "rate_limit_counters"`);
    await queryRunner.query(`DROP TABLE "audit_events"`);
    await queryRunner.query(`DROP TABLE "admin_sessions"`);
    await queryRunner.query(`DROP TABLE "admin_users"`);
    await queryRunner.query(`DROP TABLE "scholarship_requests"`);
    await queryRunner.query(`DROP TABLE "guestbook_entries"`);
  }
}
