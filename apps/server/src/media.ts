import { join } from 'node:path';

import type { MediaOptions } from '@memoir/http-koa';

import type { Composition } from './compose';
import { TYPES, UPLOADS_DIR_NAME } from './container';

/**
 * What the media routes need of the composition: where uploads wait (`$DATA_DIR/uploads`),
 * BOOK_MAX_BYTES, the store the public images are read from, and the owner's test copy, stamped
 * from the book new downloads get (looked up afresh first: another process may have uploaded it).
 */
export function mediaOptions({ config, container }: Composition): MediaOptions {
  const currentBook = container.get(TYPES.CurrentBook);
  const stamper = container.get(TYPES.BookStamper);
  return {
    stagingDir: join(config.dataDir, UPLOADS_DIR_NAME),
    bookMaxBytes: config.mail.bookMaxBytes,
    store: container.get(TYPES.MediaStore),
    testCopy: async (owner) => {
      await currentBook.refresh();
      return stamper.stamp(owner);
    },
    afterUpload: async ({ kind, fileId, path }) => {
      if (kind === 'book' && fileId !== null) await currentBook.refresh({ fileId, path });
    },
  };
}
