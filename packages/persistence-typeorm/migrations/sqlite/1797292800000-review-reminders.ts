import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The free-PDF request's one review reminder: when it was queued and sent, its answer link's hash, the answer. */
export class ReviewReminders1797292800000 implements MigrationInterface {
  name = 'ReviewReminders1797292800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "review_reminders" ("request_id" varchar(36) PRIMARY KEY NOT NULL, "queued_at" datetime(3) NOT NULL, "sent_at" datetime(3), "token_hash" varchar(64), "answer" varchar(16), "answered_at" datetime(3), CONSTRAINT "uq_review_reminders_token" UNIQUE ("token_hash"), CONSTRAINT "fk_review_reminders_request" FOREIGN KEY ("request_id") REFERENCES "scholarship_requests" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_scholarship_requests_review" ON "scholarship_requests" ("review_reminder", "created_at", "id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_scholarship_requests_review"`);
    await queryRunner.query(`DROP TABLE "review_reminders"`);
  }
}
