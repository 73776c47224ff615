import { describe, expect, it } from '@jest/globals';

import type { MediaFile } from '../../src/media/media';
import type { MediaStore } from '../../src/media/media-store';
import type { Persistence } from '../../src/persistence';

/** Bytes 0, 1, 2, … (mod 251, so that a chunk boundary out of place shows). */
export const patternBytes = (length: number, offset = 0): Uint8Array =>
  Uint8Array.from({ length }, (_, index) => (index + offset) % 251);

async function* pieces(bytes: Uint8Array, size: number): AsyncIterable<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.slice(at, at + size);
}

async function readAll(content: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const part of content) parts.push(Uint8Array.from(part));
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

/** Whether two byte arrays are equal (jest's deep equality takes seconds on a megabyte). */
function same(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * What every MediaStore promises (in memory, the database's on SQLite and MySQL, an S3 bucket):
 * a file written in pieces of any size reads back whole and by ranges, across its chunks.
 */
export function mediaStoreContract(store: () => MediaStore): void {
  describe('MediaStore', () => {
    // 1.3 MiB: more than two chunks of the database's 512 KiB, in pieces that do not line up.
    const big = patternBytes(1_300_000);

    it('reads back what was written in pieces, whole and by ranges across its chunks', async () => {
      const media = store();
      expect(await media.write('a.pdf', pieces(big, 70_001))).toBe(big.length);
      expect(await media.size('a.pdf')).toBe(big.length);
      expect(same(await readAll(media.read('a.pdf')), big)).toBe(true);
      for (const [start, end] of [
        [0, 0],
        [10, 524_287],
        [524_287, 524_288],
        [500_000, 1_100_000],
        [1_299_990, 1_299_999],
      ] as const) {
        const read = await readAll(media.read('a.pdf', { start, end }));
        expect([start, end, read.length, same(read, big.slice(start, end + 1))]).toEqual([
          start,
          end,
          end - start + 1,
          true,
        ]);
      }
    }, 30_000);

    it('keeps files apart, an empty one too, and replaces one written again', async () => {
      const media = store();
      await media.write('one.jpg', pieces(patternBytes(10), 4));
      await media.write('two.jpg', pieces(patternBytes(20, 7), 20));
      await media.write('empty.png', pieces(new Uint8Array(0), 1));
      expect(await readAll(media.read('one.jpg'))).toEqual(patternBytes(10));
      expect(await readAll(media.read('two.jpg'))).toEqual(patternBytes(20, 7));
      expect(await media.size('empty.png')).toBe(0);
      await media.write('one.jpg', pieces(patternBytes(5), 5));
      expect(await readAll(media.read('one.jpg'))).toEqual(patternBytes(5));
    });

    it('has nothing of a missing or deleted file', async () => {
      const media = store();
      expect(await media.size('missing.pdf')).toBeNull();
      await expect(readAll(media.read('missing.pdf'))).rejects.toThrow();
      await media.write('gone.webp', pieces(patternBytes(100), 100));
      await media.delete('gone.webp');
      await media.delete('gone.webp');
      expect(await media.size('gone.webp')).toBeNull();
    });
  });
}

const upload = (id: string, kind: MediaFile['kind'], at: string): MediaFile => ({
  id,
  kind,
  sha256: 'ab'.repeat(32),
  bytes: 3_000_000_000,
  fileId: kind === 'book' ? `${'ab'.repeat(32)}.pdf` : null,
  width: kind === 'book' ? null : 1600,
  height: kind === 'book' ? null : 2400,
  pages: kind === 'book' ? 320 : null,
  alt: kind === 'book' ? null : 'The cover: a lighthouse, “at dusk”',
  variants:
    kind === 'book'
      ? []
      : [{ fileId: `${'cd'.repeat(32)}.webp`, width: 800, height: 1200, format: 'webp', bytes: 51_234 }],
  uploadedAt: new Date(at),
  uploadedBy: null,
});

/** The uploads' records: the newest of each kind is the one in use. */
export function mediaRepositoryContract(persistence: () => Persistence): void {
  describe('MediaRepository', () => {
    it('lists the newest of each kind, and each kind newest first', async () => {
      const { media } = persistence().repositories;
      const files = [
        upload('00000000-0000-4000-8000-000000000001', 'book', '2026-05-01T10:00:00.000Z'),
        upload('00000000-0000-4000-8000-000000000002', 'book', '2026-05-02T10:00:00.001Z'),
        upload('00000000-0000-4000-8000-000000000003', 'author-photo', '2026-05-01T10:00:00.000Z'),
        upload('00000000-0000-4000-8000-000000000004', 'cover', '2026-05-01T10:00:00.000Z'),
        upload('00000000-0000-4000-8000-000000000005', 'cover', '2026-05-01T10:00:00.000Z'),
      ];
      for (const file of files) await media.add(file);
      expect(await media.listCurrent()).toEqual([files[1], files[4], files[2]]);
      expect(await media.listByKind('book')).toEqual([files[1], files[0]]);
      expect(await media.remove(files[1]!.id)).toBe(true);
      expect(await media.remove(files[1]!.id)).toBe(false);
      expect((await media.listCurrent()).map((file) => file.id)).toEqual([files[0]!.id, files[4]!.id, files[2]!.id]);
    });

    it('adds a record in a transaction, or not at all', async () => {
      const { unitOfWork, repositories } = persistence();
      const file = upload('00000000-0000-4000-8000-000000000009', 'cover', '2026-05-01T10:00:00.000Z');
      await expect(
        unitOfWork.transaction(async ({ media }) => {
          await media.add(file);
          throw new Error('the audit event failed');
        }),
      ).rejects.toThrow('the audit event failed');
      expect(await repositories.media.listCurrent()).toEqual([]);
    });
  });
}
