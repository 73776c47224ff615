import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reader list (readers with their consent records, and their links' hashes), and the
 * free-PDF request's wish for one review reminder.
 */
export class Readers1796904000000 implements MigrationInterface {
  name = 'Readers1796904000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "readers" ("id" varchar(36) PRIMARY KEY NOT NULL, "email" varchar(254) NOT NULL, "email_key" varchar(254) NOT NULL, "name" varchar(100), "status" varchar(16) NOT NULL, "source" varchar(16) NOT NULL, "consent_version" integer NOT NULL, "consent_text" varchar(500) NOT NULL, "signed_up_at" datetime(3) NOT NULL, "sign_up_ip" varchar(45), "sign_up_user_agent" varchar(512), "confirmed_at" datetime(3), "confirm_ip" varchar(45), "confirm_user_agent" varchar(512), "unsubscribed_at" datetime(3), "unsubscribed_by" varchar(16), "confirmations_sent" integer NOT NULL DEFAULT (0), "last_confirmation_at" datetime(3), CONSTRAINT "uq_readers_email_key" UNIQUE ("email_key"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_readers_status_signed_up" ON "readers" ("status", "signed_up_at", "id")`,
    );
    await queryRunner.query(
      `CREATE TABLE "reader_tokens" ("token_hash" varchar(64) PRIMARY KEY NOT NULL, "reader_id" varchar(36) NOT NULL, "purpose" varchar(16) NOT NULL, "created_at" datetime(3) NOT NULL, "expires_at" datetime(3), "used_at" datetime(3), CONSTRAINT "fk_reader_tokens_reader" FOREIGN KEY ("reader_id") REFERENCES "readers" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_reader_tokens_reader" ON "reader_tokens" ("reader_id")`);
    // A column added at the end, as the entity lists it: no rebuild of the table (and its search triggers).
    await queryRunner.query(
      `ALTER TABLE "scholarship_requests" ADD COLUMN "review_reminder" boolean NOT NULL DEFAULT (0)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "scholarship_requests" DROP COLUMN "review_reminder"`);
    await queryRunner.query(`DROP INDEX "idx_reader_tokens_reader"`);
    await queryRunner.query(`DROP TABLE "reader_tokens"`);
    await queryRunner.query(`DROP INDEX "idx_readers_status_signed_up"`);
    await queryRunner.query(`DROP TABLE "readers"`);
  }
}
