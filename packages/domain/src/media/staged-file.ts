/**
 * An upload as the HTTP adapter received it, whole, kept aside (a temporary file) until the
 * upload is judged: its size and hash were counted on the way in, so nothing has to read it
 * whole to know them.
 */
export interface StagedFile {
  /** Its size; larger than the kind's limit when it was cut off there (then `read*` fail). */
  readonly bytes: number;
  /** SHA-256 of its bytes, hex (meaningless when cut off). */
  readonly sha256: string;
  /** Its first bytes (up to 64), to tell its type by. */
  readonly head: Uint8Array;
  /** Where the adapter keeps it, for adapters that read it themselves (the book's check). */
  readonly localPath: string;
  /** Its bytes from the start, streamed. */
  stream(): AsyncIterable<Uint8Array>;
  /** Its bytes whole: for images only, which their limit keeps small. */
  readAll(): Promise<Uint8Array>;
}
