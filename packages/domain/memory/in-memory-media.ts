import { MEDIA_KINDS, type MediaKind } from '@memoir/shared';

import type { MediaFile } from '../src/media/media';
import type { MediaRepository } from '../src/media/media.repository';
import type { ByteRange, MediaStore } from '../src/media/media-store';
import { copy, type InMemoryDatabase } from './in-memory-database';

/** Newest first: upload time descending, then id descending. */
const newest = (a: MediaFile, b: MediaFile): number =>
  b.uploadedAt.getTime() - a.uploadedAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export class InMemoryMediaRepository implements MediaRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  async add(file: MediaFile): Promise<void> {
    this.db.media.set(file.id, copy(file));
  }

  async listByKind(kind: MediaKind): Promise<MediaFile[]> {
    return [...this.db.media.values()]
      .filter((file) => file.kind === kind)
      .sort(newest)
      .map(copy);
  }

  async listCurrent(): Promise<MediaFile[]> {
    const all = [...this.db.media.values()].sort(newest);
    return MEDIA_KINDS.flatMap((kind) => all.filter((file) => file.kind === kind).slice(0, 1)).map(copy);
  }

  async remove(id: string): Promise<boolean> {
    return this.db.media.delete(id);
  }
}

/** The media store in memory: whole files in a map (tests hold small ones). */
export class InMemoryMediaStore implements MediaStore {
  readonly where = 'memory';
  private readonly files = new Map<string, Uint8Array>();

  async write(id: string, content: AsyncIterable<Uint8Array>): Promise<number> {
    const chunks: Uint8Array[] = [];
    for await (const chunk of content) chunks.push(Uint8Array.from(chunk));
    const whole = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
    let at = 0;
    for (const chunk of chunks) {
      whole.set(chunk, at);
      at += chunk.length;
    }
    this.files.set(id, whole);
    return whole.length;
  }

  async size(id: string): Promise<number | null> {
    return this.files.get(id)?.length ?? null;
  }

  async *read(id: string, range?: ByteRange): AsyncIterable<Uint8Array> {
    const file = this.files.get(id);
    if (file === undefined) throw new Error(`No stored media file ${id}`);
    yield range === undefined ? file.slice() : file.slice(range.start, range.end + 1);
  }

  async delete(id: string): Promise<void> {
    this.files.delete(id);
  }

  /** The ids stored, for tests. */
  ids(): string[] {
    return [...this.files.keys()].sort();
  }
}
