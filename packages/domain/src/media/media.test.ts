import { describe, expect, it } from '@jest/globals';
import { DEFAULT_BOOK_MAX_BYTES, IMAGE_MAX_BYTES, MEDIA_MESSAGES } from '@memoir/shared';

import type { InMemoryMediaStore } from '../../memory';
import { createWorld, errorOf, valueOf } from '../../test/world';
import { latin1Bytes, stagedFile } from '../../testing/media-fakes';
import { MediaErrorCode } from './media.errors';

const PNG = (tag: string) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...latin1Bytes(tag)]);
const BOOK = (pages: number, tag = '') => `%PDF-1.7\n${'<< /Type /Page >>\n'.repeat(pages)}${tag}%%EOF\n`;

async function setUp(options: { bookMaxBytes?: number } = {}) {
  const world = createWorld(options);
  const owner = await world.signedInOwner();
  const store = world.persistence.mediaStore as InMemoryMediaStore;
  return { ...world, owner, store };
}

describe('uploading media', () => {
  it('keeps a new book with its page count, audited, and lists it as the one in use', async () => {
    const world = await setUp();
    const { useCases, owner, store } = world;
    const file = stagedFile(BOOK(3));
    const media = valueOf(await useCases.uploadMedia.execute({ kind: 'book', file }, owner));
    expect(media).toMatchObject({ kind: 'book', pages: 3, bytes: file.bytes, sha256: file.sha256, alt: null });
    expect(media.fileId).toBe(`${file.sha256}.pdf`);
    expect(await store.size(`${file.sha256}.pdf`)).toBe(file.bytes);
    const { media: listed } = await useCases.listMedia.execute();
    expect(listed).toEqual([expect.objectContaining({ id: media.id, uploadedBy: 'owner' })]);
    const events = [...world.persistence.database.auditEvents].filter((event) => event.action === 'media_replaced');
    const event = events[0];
    expect(events).toHaveLength(1);
    expect(event).toMatchObject({ action: 'media_replaced', resourceType: 'media', resourceId: media.id });
    expect(event?.details).toEqual({ kind: 'book', bytes: file.bytes, sha256: file.sha256, pages: 3 });
  });

  it('re-encodes an image into variants stored by their content, with its alt text', async () => {
    const { useCases, owner, store } = await setUp();
    const media = valueOf(
      await useCases.uploadMedia.execute(
        { kind: 'cover', file: stagedFile(PNG('cover')), alt: '  The cover  ' },
        owner,
      ),
    );
    expect(media).toMatchObject({
      kind: 'cover',
      width: 1600,
      height: 2400,
      alt: 'The cover',
      fileId: null,
      pages: null,
    });
    expect(media.variants.map((variant) => [variant.format, variant.width])).toEqual([
      ['jpeg', 1600],
      ['jpeg', 800],
      ['webp', 1600],
      ['webp', 800],
    ]);
    for (const variant of media.variants) {
      expect(variant.fileId).toMatch(/^[0-9a-f]{64}\.(jpg|webp)$/);
      expect(await store.size(variant.fileId)).toBe(variant.bytes);
    }
    expect(store.ids()).toHaveLength(4); // the upload itself (with its metadata) is never kept
  });

  it.each([
    ['an unknown kind', { kind: 'video' }, MediaErrorCode.UnknownKind],
    ['an image without alt text', { kind: 'cover', alt: '  ' }, MediaErrorCode.Invalid],
    ['an alt text too long', { kind: 'author-photo', alt: 'a'.repeat(251) }, MediaErrorCode.Invalid],
  ])('refuses %s', async (_, input, code) => {
    const { useCases, owner } = await setUp();
    const error = errorOf(await useCases.uploadMedia.execute({ ...input, file: stagedFile(PNG('x')) }, owner));
    expect(error.code).toBe(code);
  });

  it('refuses files by their bytes, not their names, and keeps the old one', async () => {
    const { useCases, owner, store, images, books } = await setUp({ bookMaxBytes: 100 });
    const first = valueOf(await useCases.uploadMedia.execute({ kind: 'book', file: stagedFile(BOOK(2)) }, owner));
    const cover = valueOf(
      await useCases.uploadMedia.execute({ kind: 'cover', file: stagedFile(PNG('a')), alt: 'A' }, owner),
    );
    const stored = store.ids();
    const svg = stagedFile('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refusals = [
      [{ kind: 'book', file: stagedFile('') }, MediaErrorCode.Unreadable, MEDIA_MESSAGES.empty],
      [{ kind: 'book', file: stagedFile(BOOK(50)) }, MediaErrorCode.TooLarge, MEDIA_MESSAGES.bookTooLarge(0)],
      [{ kind: 'book', file: stagedFile(`GIF89a${BOOK(1)}`) }, MediaErrorCode.UnsupportedType, MEDIA_MESSAGES.bookType],
      [
        { kind: 'book', file: stagedFile(BOOK(0)) },
        MediaErrorCode.Unreadable,
        MEDIA_MESSAGES.bookUnreadable('it has no pages'),
      ],
      [{ kind: 'cover', alt: 'x', file: svg }, MediaErrorCode.UnsupportedType, MEDIA_MESSAGES.imageType],
      [
        { kind: 'cover', alt: 'x', file: stagedFile(BOOK(1)) },
        MediaErrorCode.UnsupportedType,
        MEDIA_MESSAGES.imageType,
      ],
      [{ kind: 'cover', alt: 'x', file: stagedFile('') }, MediaErrorCode.Unreadable, MEDIA_MESSAGES.empty],
    ] as const;
    for (const [input, code, message] of refusals) {
      const error = errorOf(await useCases.uploadMedia.execute(input, owner));
      expect([error.code, error.message]).toEqual([code, message]);
    }
    const tooLarge = { ...stagedFile(PNG('big')), bytes: IMAGE_MAX_BYTES + 1 };
    expect(errorOf(await useCases.uploadMedia.execute({ kind: 'cover', alt: 'x', file: tooLarge }, owner)).code).toBe(
      MediaErrorCode.TooLarge,
    );
    books.refuse('the PDF is encrypted');
    expect(
      errorOf(await useCases.uploadMedia.execute({ kind: 'book', file: stagedFile(BOOK(1, 'x')) }, owner)).message,
    ).toContain('the PDF is encrypted');
    for (const [refusal, code] of [
      ['too_many_pixels', MediaErrorCode.TooLarge],
      ['undecodable', MediaErrorCode.Unreadable],
      ['unsupported_type', MediaErrorCode.UnsupportedType],
      ['too_large', MediaErrorCode.TooLarge],
    ] as const) {
      images.refuse(refusal);
      const error = errorOf(
        await useCases.uploadMedia.execute({ kind: 'cover', alt: 'x', file: stagedFile(PNG('b')) }, owner),
      );
      expect(error.code).toBe(code);
    }
    expect(store.ids()).toEqual(stored);
    const { media } = await useCases.listMedia.execute();
    expect(media.map((file) => file.id)).toEqual([first.id, cover.id]);
  });

  it('defaults the book limit to 200 MB', async () => {
    const { useCases, owner } = await setUp();
    const huge = { ...stagedFile(BOOK(1)), bytes: DEFAULT_BOOK_MAX_BYTES + 1 };
    expect(errorOf(await useCases.uploadMedia.execute({ kind: 'book', file: huge }, owner)).code).toBe(
      MediaErrorCode.TooLarge,
    );
  });

  it('keeps the version in use and the one before, and deletes the files of older ones', async () => {
    const { useCases, owner, store, clock } = await setUp();
    const uploads = [];
    for (const tag of ['one', 'two', 'three']) {
      uploads.push(
        valueOf(await useCases.uploadMedia.execute({ kind: 'book', file: stagedFile(BOOK(1, tag)) }, owner)),
      );
      clock.advance(1000);
    }
    expect(store.ids()).toEqual([uploads[1]?.fileId, uploads[2]?.fileId].sort());
    expect((await useCases.listMedia.current('book'))?.id).toBe(uploads[2]?.id);
    // The same image twice shares its files: removing the older upload keeps them.
    for (let i = 0; i < 3; i += 1) {
      valueOf(await useCases.uploadMedia.execute({ kind: 'cover', alt: 'A', file: stagedFile(PNG('same')) }, owner));
      clock.advance(1000);
    }
    expect(store.ids()).toHaveLength(2 + 4);
  });

  it("lets a process use another process's upload within seconds", async () => {
    const { useCases, owner, clock, repositories } = await setUp();
    expect(await useCases.listMedia.current('book')).toBeNull();
    const book = valueOf(await useCases.uploadMedia.execute({ kind: 'book', file: stagedFile(BOOK(1)) }, owner));
    expect((await useCases.listMedia.current('book'))?.id).toBe(book.id); // its own upload: at once
    await repositories.media.add({ ...book, id: 'from-elsewhere', uploadedAt: new Date(clock.now().getTime() + 1) });
    expect((await useCases.listMedia.current('book'))?.id).toBe(book.id);
    clock.advance(5000);
    expect((await useCases.listMedia.current('book'))?.id).toBe('from-elsewhere');
  });
});
