import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';

import type { ByteBudget } from './byte-budget';

/** A copy is read and sent this much at a time. */
export const PACED_CHUNK_BYTES = 64 * 1024;

/**
 * Bytes `start` to `end` (inclusive) of an open file, each chunk read only once the shared
 * `budget` lets it go, the first at once (a reader sees the download start however many
 * others are under way). Reading nothing ahead, a download waiting its turn holds no chunk:
 * with a crowd of readers under way, what they hold together is a chunk or two each at the
 * socket, not a chunk read ahead, one paced and one queued as a stream piped through a pacer
 * held (docs/performance.md, the spike). Ends, or is destroyed, closing the file.
 */
export class PacedFileStream extends Readable {
  private position: number;
  private first = true;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly handle: FileHandle,
    start: number,
    private readonly end: number,
    private readonly budget: ByteBudget,
  ) {
    // No read ahead: a chunk is read when the socket has taken the last one.
    super({ highWaterMark: 0 });
    this.position = start;
  }

  override _read(): void {
    const size = Math.min(PACED_CHUNK_BYTES, this.end - this.position + 1);
    if (size <= 0) {
      this.push(null);
      return;
    }
    const wait = this.budget.take(size);
    const now = this.first || wait === 0;
    this.first = false;
    if (now) this.readChunk(size);
    else
      this.timer = setTimeout(() => {
        this.timer = null;
        this.readChunk(size);
      }, wait);
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.handle.close().then(
      () => done(error),
      () => done(error),
    );
  }

  private readChunk(size: number): void {
    if (this.destroyed) return;
    const chunk = Buffer.allocUnsafe(size);
    this.handle.read(chunk, 0, size, this.position).then(
      ({ bytesRead }) => {
        if (this.destroyed) return;
        this.position += bytesRead;
        if (bytesRead === 0)
          this.push(null); // the file is shorter than it was: end there
        else this.push(bytesRead === size ? chunk : chunk.subarray(0, bytesRead));
      },
      (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
    );
  }
}
