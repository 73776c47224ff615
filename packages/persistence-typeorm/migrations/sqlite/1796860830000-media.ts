import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The owner's uploads: their records, and their bytes in chunks (docs/media.md). */
export class Media1796860830000 implements MigrationInterface {
  name = 'Media1796860830000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "media_uploads" ("id" varchar(36) PRIMARY KEY NOT NULL, "kind" varchar(16) NOT NULL, "sha256" varchar(64) NOT NULL, "bytes" bigint NOT NULL, "file_id" varchar(80), "width" integer, "height" integer, "pages" integer, "alt" varchar(250), "variants" text NOT NULL, "uploaded_at" datetime(3) NOT NULL, "uploaded_by" varchar(36))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_media_uploads_kind" ON "media_uploads" ("kind", "uploaded_at") `);
    await queryRunner.query(
      `CREATE TABLE "media_blobs" ("id" varchar(80) PRIMARY KEY NOT NULL, "bytes" bigint NOT NULL, "complete" boolean NOT NULL, "stored_at" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE TABLE "media_chunks" ("file_id" varchar(80) NOT NULL, "seq" integer NOT NULL, "data" blob NOT NULL, PRIMARY KEY ("file_id", "seq"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "media_chunks"`);
    await queryRunner.query(`DROP TABLE "media_blobs"`);
    await queryRunner.query(`DROP INDEX "idx_media_uploads_kind"`);
    await queryRunner.query(`DROP TABLE "media_uploads"`);
  }
}
