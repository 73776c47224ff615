import type { MediaFile } from '@memoir/domain';
import { EntitySchema } from 'typeorm';

import { time, uuidOf, type Mutable } from './schemas';

/**
 * The uploads' tables: their records (`media_uploads`), and their bytes in the database when no
 * object store is set (`media_blobs`, one row a file, and `media_chunks`, its bytes in pieces of
 * MEDIA_CHUNK_BYTES). The chunks' column differs by database kind: a BLOB on SQLite (its one
 * binary type), a MEDIUMBLOB on MySQL (a BLOB there holds 64 KB).
 */

/** A piece of a stored file: 512 KiB, far under MySQL's max_allowed_packet (16 MB by default) and SQLite's limits. */
export const MEDIA_CHUNK_BYTES = 512 * 1024;

/** A size in bytes, as a BIGINT (which the MySQL driver reads as a string). */
const bytesColumn = (name: string) =>
  ({
    name,
    type: 'bigint',
    transformer: { to: (value: number | undefined) => value, from: (value: string | number | null) => Number(value) },
  }) as const;

export type MediaUploadRow = Omit<Mutable<MediaFile>, 'variants'> & { variants: MediaFile['variants'] };

export const MediaUploadSchema = new EntitySchema<MediaUploadRow>({
  name: 'MediaUpload',
  tableName: 'media_uploads',
  columns: {
    id: { type: 'varchar', length: 36, primary: true },
    kind: { type: 'varchar', length: 16 },
    sha256: { type: 'varchar', length: 64 },
    bytes: bytesColumn('bytes'),
    fileId: { name: 'file_id', type: 'varchar', length: 80, nullable: true },
    width: { type: 'int', nullable: true },
    height: { type: 'int', nullable: true },
    pages: { type: 'int', nullable: true },
    alt: { type: 'varchar', length: 250, nullable: true },
    variants: {
      type: 'text',
      transformer: {
        to: (variants: MediaFile['variants'] | undefined) =>
          variants === undefined ? undefined : JSON.stringify(variants),
        from: (text: string | null) => (text === null ? [] : (JSON.parse(text) as MediaFile['variants'])),
      },
    },
    uploadedAt: time('uploaded_at'),
    uploadedBy: uuidOf('uploaded_by', true),
  },
  indices: [{ name: 'idx_media_uploads_kind', columns: ['kind', 'uploadedAt'] }],
});

export interface MediaBlobRow {
  id: string;
  bytes: number;
  /** False while its chunks are being written: such a file is not there yet. */
  complete: boolean;
  storedAt: Date;
}

export const MediaBlobSchema = new EntitySchema<MediaBlobRow>({
  name: 'MediaBlob',
  tableName: 'media_blobs',
  columns: {
    id: { type: 'varchar', length: 80, primary: true },
    bytes: bytesColumn('bytes'),
    complete: { type: 'boolean' },
    storedAt: time('stored_at'),
  },
});

export interface MediaChunkRow {
  fileId: string;
  seq: number;
  data: Buffer;
}

export const mediaChunkSchema = (kind: 'sqlite' | 'mysql') =>
  new EntitySchema<MediaChunkRow>({
    name: 'MediaChunk',
    tableName: 'media_chunks',
    columns: {
      fileId: { name: 'file_id', type: 'varchar', length: 80, primary: true },
      seq: { type: 'int', primary: true },
      data: { type: kind === 'mysql' ? 'mediumblob' : 'blob' },
    },
  });
