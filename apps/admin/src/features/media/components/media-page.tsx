import './media.css';

import { ScreenHeader } from '../../../shared/screen';
import { useMedia } from '../api/media';
import { MediaCard, type MediaCardTexts } from './media-card';
import { MEDIA_SCREEN } from './media-screen';

const CARDS: readonly MediaCardTexts[] = [
  {
    kind: 'book',
    title: 'Book',
    about: 'The PDF readers download, stamped with their name. Copies already sent keep working after you replace it.',
    without: 'Nothing uploaded yet: readers get the book the server was configured with.',
    accept: 'application/pdf,.pdf',
    types: 'A PDF. It is checked before it replaces the current book.',
  },
  {
    kind: 'cover',
    title: 'Cover',
    about: "The cover on the landing page, and on the share graphics made from it and the book's title.",
    without: 'Nothing uploaded yet: the page draws a cover from the title.',
    accept: 'image/jpeg,image/png,image/webp',
    types: 'A JPEG, PNG or WebP image, up to 20 MB and 40 megapixels. Location and camera details are removed.',
  },
  {
    kind: 'author-photo',
    title: "Author's photo",
    about: 'The photo beside your biography on the landing page.',
    without: 'Nothing uploaded yet: the biography shows without a photo.',
    accept: 'image/jpeg,image/png,image/webp',
    types: 'A JPEG, PNG or WebP image, up to 20 MB and 40 megapixels. Location and camera details are removed.',
  },
];

/** /admin/media: the book, the cover and the author's photo, each on its card (docs/admin.md). */
export function MediaPage() {
  const query = useMedia();
  return (
    <>
      <ScreenHeader screen={MEDIA_SCREEN} query={query} />
      <p>Upload the book readers download and the images visitors see. Each new file replaces the one before.</p>
      <ul className="cards media-cards">
        {CARDS.map((texts) => (
          <MediaCard key={texts.kind} texts={texts} item={query.data.find((item) => item.kind === texts.kind)} />
        ))}
      </ul>
    </>
  );
}
