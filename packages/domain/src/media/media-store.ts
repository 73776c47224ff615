/** A part of a stored file: bytes `start` to `end`, both included (as HTTP's Range says). */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/**
 * The bytes to read of a file of `size`: the whole, or `range` cut to the file; null when none
 * (an empty file, a range past its end).
 */
export function rangeWithin(size: number, range?: ByteRange): ByteRange | null {
  const start = Math.max(0, range?.start ?? 0);
  const end = Math.min(size - 1, range?.end ?? size - 1);
  return end < start ? null : { start, end };
}

/**
 * Port: the bytes of the owner's uploads, where every server process reads them (the database,
 * chunked, or an S3-compatible bucket). Files are named by the caller, by their content
 * (`<sha256>.<ext>`), so a name always means the same bytes and is written once.
 */
export interface MediaStore {
  /**
   * Stores `content` under `id`, streamed (never held whole), and resolves to its size. A file is
   * readable only once wholly written; writing an id that exists replaces it with the same bytes.
   */
  write(id: string, content: AsyncIterable<Uint8Array>): Promise<number>;

  /** The file's size, or null when there is no (whole) file of that id. */
  size(id: string): Promise<number | null>;

  /**
   * The file's bytes, or the range of them, streamed in order. Rejects (while iterating) when
   * the file is missing; call `size` first.
   */
  read(id: string, range?: ByteRange): AsyncIterable<Uint8Array>;

  /** Removes the file; nothing when there is none. */
  delete(id: string): Promise<void>;

  /**
   * Where the files are, for backups: 'database' (the dump carries them) or 'object-store'
   * (backed up apart, with the bucket).
   */
  readonly where: 'database' | 'object-store' | 'memory';
}

/**
 * The bytes of the stored file `id` a `read` gives (`rangeWithin` its size), or null for none;
 * rejects when there is no such file. What every store's `read` starts with.
 */
export async function rangeToRead(
  store: Pick<MediaStore, 'size'>,
  id: string,
  range?: ByteRange,
): Promise<ByteRange | null> {
  const size = await store.size(id);
  if (size === null) throw new Error(`No stored media file ${id}`);
  return rangeWithin(size, range);
}
