import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * The owner's account security: where each session was signed in from (the Security screen's
 * list), two-factor sign-in (the TOTP secret, whether it is on, the last step used), recovery
 * codes (hashed) and the pending second steps of sign-in.
 */
export class AdminSecurity1796515200000 implements MigrationInterface {
  name = 'AdminSecurity1796515200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE `admin_users` ADD `two_factor_enabled` tinyint NOT NULL DEFAULT 0, ADD `totp_secret` varchar(64) NULL, ADD `totp_last_step` int NULL',
    );
    await queryRunner.query(
      'ALTER TABLE `admin_sessions` ADD `ip_address` varchar(45) NULL, ADD `user_agent` varchar(512) NULL',
    );
    await queryRunner.query(
      `CREATE TABLE \`admin_recovery_codes\` (\`id\` varchar(36) NOT NULL, \`user_id\` varchar(36) NOT NULL, \`code_hash\` varchar(64) NOT NULL, \`created_at\` datetime(3) NOT NULL, UNIQUE INDEX \`idx_admin_recovery_codes_user_code\` (\`user_id\`, \`code_hash\`), PRIMARY KEY (\`id\`)) ${TABLE_OPTIONS}`,
    );
    await queryRunner.query(
      'ALTER TABLE `admin_recovery_codes` ADD CONSTRAINT `fk_admin_recovery_codes_user` FOREIGN KEY (`user_id`) REFERENCES `admin_users`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      `CREATE TABLE \`admin_login_challenges\` (\`id\` varchar(36) NOT NULL, \`user_id\` varchar(36) NOT NULL, \`token_hash\` varchar(128) NOT NULL, \`created_at\` datetime(3) NOT NULL, \`expires_at\` datetime(3) NOT NULL, UNIQUE INDEX \`idx_admin_login_challenges_token\` (\`token_hash\`), INDEX \`idx_admin_login_challenges_user\` (\`user_id\`), PRIMARY KEY (\`id\`)) ${TABLE_OPTIONS}`,
    );
    await queryRunner.query(
      'ALTER TABLE `admin_login_challenges` ADD CONSTRAINT `fk_admin_login_challenges_user` FOREIGN KEY (`user_id`) REFERENCES `admin_users`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE `admin_login_challenges`');
    await queryRunner.query('DROP TABLE `admin_recovery_codes`');
    await queryRunner.query('ALTER TABLE `admin_sessions` DROP COLUMN `user_agent`, DROP COLUMN `ip_address`');
    await queryRunner.query(
      'ALTER TABLE `admin_users` DROP COLUMN `totp_last_step`, DROP COLUMN `totp_secret`, DROP COLUMN `two_factor_enabled`',
    );
  }
}
