import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The readers' events waiting for the owner's webhook: body, attempts, next try, lease. */
export class ReaderWebhooks1797382800000 implements MigrationInterface {
  name = 'ReaderWebhooks1797382800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "reader_webhooks" ("id" varchar(36) PRIMARY KEY NOT NULL, "type" varchar(32) NOT NULL, "email_key" varchar(254) NOT NULL, "body" text NOT NULL, "status" varchar(16) NOT NULL, "attempts" integer NOT NULL DEFAULT (0), "next_attempt_at" datetime(3) NOT NULL, "lease_until" datetime(3), "last_error" varchar(500), "created_at" datetime(3) NOT NULL, "failed_at" datetime(3))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_reader_webhooks_due" ON "reader_webhooks" ("status", "next_attempt_at")`,
    );
    await queryRunner.query(`CREATE INDEX "idx_reader_webhooks_email" ON "reader_webhooks" ("email_key")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_reader_webhooks_email"`);
    await queryRunner.query(`DROP INDEX "idx_reader_webhooks_due"`);
    await queryRunner.query(`DROP TABLE "reader_webhooks"`);
  }
}
