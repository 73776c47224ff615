import { presentMedia } from '../media/present';
import type { Capability } from './route-spec';

/* Media: the uploads in use. Uploading is a file, not JSON: media/routes.ts. */

export const mediaRoutes: Capability<'listMedia'> = ({ useCases }) => ({
  listMedia: {
    summary: 'The book, the cover and the author photo in use, each the newest uploaded, with who uploaded it when',
    answered: 'In the order book, cover, author photo; a kind never uploaded is left out',
    handle: async () => ({ media: (await useCases.listMedia.execute()).media.map(presentMedia) }),
  },
});
