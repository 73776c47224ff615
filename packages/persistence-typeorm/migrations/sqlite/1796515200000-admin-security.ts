import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The owner's account security: where each session was signed in from (the Security screen's
 * list), two-factor sign-in (the TOTP secret, whether it is on, the last step used), recovery
 * codes (hashed) and the pending second steps of sign-in.
 */
export class AdminSecurity1796515200000 implements MigrationInterface {
  name = 'AdminSecurity1796515200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "admin_users" ADD COLUMN "two_factor_enabled" boolean NOT NULL DEFAULT (0)`);
    await queryRunner.query(`ALTER TABLE "admin_users" ADD COLUMN "totp_secret" varchar(64)`);
    await queryRunner.query(`ALTER TABLE "admin_users" ADD COLUMN "totp_last_step" integer`);
    await queryRunner.query(`ALTER TABLE "admin_sessions" ADD COLUMN "ip_address" varchar(45)`);
    await queryRunner.query(`ALTER TABLE "admin_sessions" ADD COLUMN "user_agent" varchar(512)`);
    await queryRunner.query(
      `CREATE TABLE "admin_recovery_codes" ("id" varchar(36) PRIMARY KEY NOT NULL, "user_id" varchar(36) NOT NULL, "code_hash" varchar(64) NOT NULL, "created_at" datetime(3) NOT NULL, CONSTRAINT "fk_admin_recovery_codes_user" FOREIGN KEY ("user_id") REFERENCES "admin_users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "idx_admin_recovery_codes_user_code" ON "admin_recovery_codes" ("user_id", "code_hash")`,
    );
    await queryRunner.query(
      `CREATE TABLE "admin_login_challenges" ("id" varchar(36) PRIMARY KEY NOT NULL, "user_id" varchar(36) NOT NULL, "token_hash" varchar(128) NOT NULL, "created_at" datetime(3) NOT NULL, "expires_at" datetime(3) NOT NULL, CONSTRAINT "fk_admin_login_challenges_user" FOREIGN KEY ("user_id") REFERENCES "admin_users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "idx_admin_login_challenges_token" ON "admin_login_challenges" ("token_hash")`,
    );
    await queryRunner.query(`CREATE INDEX "idx_admin_login_challenges_user" ON "admin_login_challenges" ("user_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "admin_login_challenges"`);
    await queryRunner.query(`DROP TABLE "admin_recovery_codes"`);
    for (const column of ['user_agent', 'ip_address']) {
      await queryRunner.query(`ALTER TABLE "admin_sessions" DROP COLUMN "${column}"`);
    }
    for (const column of ['totp_last_step', 'totp_secret', 'two_factor_enabled']) {
      await queryRunner.query(`ALTER TABLE "admin_users" DROP COLUMN "${column}"`);
    }
  }
}
