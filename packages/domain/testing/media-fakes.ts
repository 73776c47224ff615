import { err, ok, type Result } from '../src/shared/result';
import type { BookInspection, BookInspector } from '../src/media/book-inspector';
import { sniffType } from '../src/media/file-type';
import type { ImageKind, ImageProcessor, ImageRefusal, ProcessedImage } from '../src/media/image-processor';
import type { StagedFile } from '../src/media/staged-file';

/** A stand-in for SHA-256 in the domain's tests: 64 hex digits that change with every byte (FNV-1a, four ways). */
export function fakeHashBytes(bytes: Uint8Array): string {
  return [0x811c9dc5, 0x01000193, 0x050c5d1f, 0x2f1b3a55, 0x6b43a9b5, 0x1b873593, 0x7fffffff, 0x0badf00d]
    .map((seed) => {
      let hash = seed >>> 0;
      for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
      hash = Math.imul(hash ^ bytes.length, 0x01000193) >>> 0;
      return hash.toString(16).padStart(8, '0');
    })
    .join('');
}

/** Text as bytes, a character a byte (the tests' files are ASCII). */
export const latin1Bytes = (text: string): Uint8Array => Uint8Array.from(text, (char) => char.charCodeAt(0) & 0xff);
const latin1Text = (bytes: Uint8Array): string => Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');

/** An upload as the HTTP adapter would stage it, held in memory. */
export function stagedFile(content: Uint8Array | string, hash = fakeHashBytes): StagedFile {
  const bytes = typeof content === 'string' ? latin1Bytes(content) : content;
  return {
    bytes: bytes.length,
    sha256: hash(bytes),
    head: bytes.slice(0, 64),
    localPath: '/nowhere/staged',
    async *stream() {
      yield bytes.slice();
    },
    readAll: async () => bytes.slice(),
  };
}

/**
 * The image processor of the domain's tests: takes any JPEG, PNG or WebP (by its magic bytes)
 * as an image of `size`, and returns two sizes in two formats whose bytes tell them apart.
 * `refuse` makes the next call refuse as said.
 */
export class FakeImageProcessor implements ImageProcessor {
  size = { width: 1600, height: 2400 };
  readonly calls: { readonly kind: ImageKind; readonly bytes: number }[] = [];
  private refusal: ImageRefusal | null = null;

  refuse(refusal: ImageRefusal): void {
    this.refusal = refusal;
  }

  async process(file: Uint8Array, kind: ImageKind): Promise<Result<ProcessedImage, ImageRefusal>> {
    this.calls.push({ kind, bytes: file.length });
    const refusal = this.refusal;
    this.refusal = null;
    if (refusal !== null) return err(refusal);
    if (!['jpeg', 'png', 'webp'].includes(sniffType(file))) return err('unsupported_type');
    const { width, height } = this.size;
    const variant = (scale: number, format: 'jpeg' | 'webp') => {
      const [w, h] = [Math.round(width * scale), Math.round(height * scale)];
      return {
        width: w,
        height: h,
        format,
        bytes: latin1Bytes(`${format} ${w}x${h} of ${fakeHashBytes(file)}`),
      };
    };
    return ok({
      width,
      height,
      variants: [variant(1, 'jpeg'), variant(0.5, 'jpeg'), variant(1, 'webp'), variant(0.5, 'webp')],
    });
  }
}

/** The book inspector of the domain's tests: counts `/Type /Page` in the file, or refuses as told. */
export class FakeBookInspector implements BookInspector {
  private refusal: string | null = null;

  refuse(why: string): void {
    this.refusal = why;
  }

  async inspect(file: StagedFile): Promise<Result<BookInspection, string>> {
    const refusal = this.refusal;
    this.refusal = null;
    if (refusal !== null) return err(refusal);
    const text = latin1Text(await file.readAll());
    const pages = text.match(/\/Type\s*\/Page\b/g)?.length ?? 0;
    return pages === 0 ? err('it has no pages') : ok({ pages, xref: 'table' });
  }
}
