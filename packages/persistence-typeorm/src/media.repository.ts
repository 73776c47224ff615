import type { MediaFile, MediaRepository } from '@memoir/domain';
import { MEDIA_KINDS, type MediaKind } from '@memoir/shared';
import type { EntityManager } from 'typeorm';

import { MediaUploadSchema, type MediaUploadRow } from './media-schemas';

const toMediaFile = (row: MediaUploadRow): MediaFile => ({ ...row, kind: row.kind as MediaKind });

export class TypeOrmMediaRepository implements MediaRepository {
  constructor(private readonly manager: EntityManager) {}

  async add(file: MediaFile): Promise<void> {
    await this.manager.insert(MediaUploadSchema, { ...file, variants: [...file.variants] });
  }

  async listByKind(kind: MediaKind): Promise<MediaFile[]> {
    const rows = await this.manager.find(MediaUploadSchema, {
      where: { kind },
      order: { uploadedAt: 'DESC', id: 'DESC' },
    });
    return rows.map(toMediaFile);
  }

  async listCurrent(): Promise<MediaFile[]> {
    // A kind has a handful of versions (two are kept): one query for each, on the (kind, time) index.
    const newest = await Promise.all(
      MEDIA_KINDS.map((kind) =>
        this.manager.findOne(MediaUploadSchema, { where: { kind }, order: { uploadedAt: 'DESC', id: 'DESC' } }),
      ),
    );
    return newest.filter((row) => row !== null).map(toMediaFile);
  }

  async remove(id: string): Promise<boolean> {
    const result = await this.manager.delete(MediaUploadSchema, { id });
    return (result.affected ?? 0) > 0;
  }
}
