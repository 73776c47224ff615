import type { ListedMedia } from '@memoir/domain';
import type { MediaItem } from '@memoir/shared/contract';

import { BOOK_TEST_COPY_PATH, PUBLIC_MEDIA_PATH } from './routes';

/** An upload as the API answers it: URLs for its image variants, the test copy's for the book. */
export function presentMedia(file: ListedMedia): MediaItem {
  const variants = file.variants.map(({ fileId, width, height, format, bytes }) => ({
    url: `${PUBLIC_MEDIA_PATH}/${fileId}`,
    width,
    height,
    format,
    bytes,
  }));
  const largestJpeg = variants.find((variant) => variant.format === 'jpeg') ?? variants[0];
  return {
    kind: file.kind,
    id: file.id,
    url: file.kind === 'book' ? BOOK_TEST_COPY_PATH : (largestJpeg?.url ?? ''),
    bytes: file.bytes,
    sha256: file.sha256,
    ...(file.width === null ? {} : { width: file.width }),
    ...(file.height === null ? {} : { height: file.height }),
    ...(file.pages === null ? {} : { pages: file.pages }),
    ...(file.alt === null ? {} : { alt: file.alt }),
    variants,
    uploadedAt: file.uploadedAt.toISOString(),
    uploadedBy: file.uploadedBy,
  };
}
