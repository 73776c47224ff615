import { rangeToRead, type ByteRange, type MediaStore } from '@memoir/domain';
import type { DataSource } from 'typeorm';

import { MEDIA_CHUNK_BYTES, MediaBlobSchema, mediaChunkSchema } from './media-schemas';

/** Runs one statement: SQLite's store queues it behind the one connection's other work. */
type Run = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * The uploads' bytes in the database every process shares: a row in `media_blobs` a file, its
 * bytes in `media_chunks` in pieces of MEDIA_CHUNK_BYTES. Each statement stands alone (no
 * transaction spans a file), so writing a 200 MB book never holds SQLite's write lock or a
 * MySQL transaction for long; the file row says `complete` only after its last chunk, and
 * only a complete file is read. Reading takes a chunk per query, in order: a range reads only
 * its chunks, and memory holds one chunk at a time.
 */
export class DatabaseMediaStore implements MediaStore {
  readonly where = 'database';
  private readonly chunks: ReturnType<typeof mediaChunkSchema>;

  constructor(
    private readonly dataSource: DataSource,
    kind: 'sqlite' | 'mysql',
    private readonly run: Run = (task) => task(),
  ) {
    this.chunks = mediaChunkSchema(kind);
  }

  private get manager() {
    return this.dataSource.manager;
  }

  async write(id: string, content: AsyncIterable<Uint8Array>): Promise<number> {
    const { manager, chunks } = this;
    await this.run(() =>
      manager.upsert(MediaBlobSchema, { id, bytes: 0, complete: false, storedAt: new Date() }, ['id']),
    );
    await this.run(() => manager.delete(chunks, { fileId: id }));
    let [seq, bytes] = [0, 0];
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async (piece: Buffer): Promise<void> => {
      const at = seq;
      seq += 1;
      await this.run(() => manager.insert(chunks, { fileId: id, seq: at, data: piece }));
    };
    for await (const part of content) {
      pending.push(Buffer.from(part.buffer, part.byteOffset, part.byteLength));
      pendingBytes += part.byteLength;
      bytes += part.byteLength;
      while (pendingBytes >= MEDIA_CHUNK_BYTES) {
        const joined = Buffer.concat(pending);
        await flush(joined.subarray(0, MEDIA_CHUNK_BYTES));
        const rest = joined.subarray(MEDIA_CHUNK_BYTES);
        pending = rest.length === 0 ? [] : [Buffer.from(rest)];
        pendingBytes = rest.length;
      }
    }
    if (pendingBytes > 0 || seq === 0) await flush(Buffer.concat(pending));
    await this.run(() => manager.update(MediaBlobSchema, { id }, { bytes, complete: true, storedAt: new Date() }));
    return bytes;
  }

  async size(id: string): Promise<number | null> {
    const row = await this.run(() => this.manager.findOneBy(MediaBlobSchema, { id, complete: true }));
    return row === null ? null : row.bytes;
  }

  async *read(id: string, range?: ByteRange): AsyncIterable<Uint8Array> {
    const wanted = await rangeToRead(this, id, range);
    if (wanted === null) return;
    const { start, end } = wanted;
    for (let seq = Math.floor(start / MEDIA_CHUNK_BYTES); seq <= Math.floor(end / MEDIA_CHUNK_BYTES); seq += 1) {
      const row = await this.run(() =>
        this.manager.findOne(this.chunks, { where: { fileId: id, seq }, select: { data: true } }),
      );
      if (row === null) throw new Error(`The stored media file ${id} lost its chunk ${seq}`);
      const offset = seq * MEDIA_CHUNK_BYTES;
      const data = Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data);
      yield data.subarray(Math.max(0, start - offset), Math.min(data.length, end - offset + 1));
    }
  }

  async delete(id: string): Promise<void> {
    await this.run(() => this.manager.delete(MediaBlobSchema, { id }));
    await this.run(() => this.manager.delete(this.chunks, { fileId: id }));
  }
}
