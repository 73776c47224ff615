import { err } from '../shared/result';
import type { BookInspector } from './book-inspector';
import type { ImageProcessor } from './image-processor';

/** Without an image processor (a composition that sets none), every image is refused as unreadable. */
export const NO_IMAGE_PROCESSOR: ImageProcessor = {
  process: async () => err('undecodable'),
};

/** Without a book inspector, every book is refused: nothing could check that it can be stamped. */
export const NO_BOOK_INSPECTOR: BookInspector = {
  inspect: async () => err('this server cannot check books'),
};
