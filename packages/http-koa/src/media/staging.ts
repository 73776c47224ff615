import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

import type { StagedFile } from '@memoir/domain';

/** How many first bytes are kept to tell the type by. */
const HEAD_BYTES = 64;

/** A staged upload, which its caller removes once it is judged. */
export interface StagedUpload extends StagedFile {
  remove(): Promise<void>;
}

/**
 * Writes an upload to a new file of `dir` as it arrives (never held whole), counting its size
 * and SHA-256 and keeping its first bytes. Past `limit` bytes it stops writing and reads the rest
 * of the stream to nothing, so that the client is answered 413 rather than cut off mid-request;
 * the staged file then says `limit + 1` bytes and is empty.
 */
export async function stageUpload(source: Readable, dir: string, limit: number): Promise<StagedUpload> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, `upload-${randomBytes(12).toString('hex')}.part`);
  const out = createWriteStream(path, { mode: 0o600 });
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let [bytes, headBytes, over] = [0, 0, false];
  const remove = () => rm(path, { force: true });
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      if (over) continue;
      bytes += chunk.length;
      if (bytes > limit) {
        over = true;
        continue;
      }
      if (headBytes < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - headBytes));
        headBytes += Math.min(chunk.length, HEAD_BYTES - headBytes);
      }
      hash.update(chunk);
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  } catch (error) {
    out.destroy();
    await remove();
    throw error;
  }
  return {
    bytes: over ? limit + 1 : bytes,
    sha256: hash.digest('hex'),
    head: new Uint8Array(Buffer.concat(head)),
    localPath: path,
    stream: () => createReadStream(path),
    readAll: async () => new Uint8Array(await readFile(path)),
    remove,
  };
}
