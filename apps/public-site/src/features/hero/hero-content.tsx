import type { SiteContent } from '@memoir/shared';

import { ResponsivePicture, type PageImage } from '../../shared/page-media';

/** The cover as the hero shows it: 240 CSS pixels wide, less on a narrow phone (styles.css `.book-inner`). */
const COVER_WIDTH = 240;
const COVER_SIZES = `(max-width: 400px) 60vw, ${COVER_WIDTH}px`;

/** The uploaded cover, tilted as the drawn one is; the drawn one (from the title) until there is one. */
function BookCover({ content, cover }: { readonly content: SiteContent; readonly cover: PageImage | undefined }) {
  if (cover !== undefined) {
    return (
      <div className="book book-uploaded">
        <ResponsivePicture
          image={cover}
          width={COVER_WIDTH}
          sizes={COVER_SIZES}
          className="book-image"
          priority="high"
        />
      </div>
    );
  }
  return (
    <div className="book" role="img" aria-label={`The cover of ${content.title} by ${content.author}`}>
      <div className="book-inner">
        <div className="book-front">
          <span className="book-author">{content.author.toUpperCase()}</span>
          <span className="book-title">{content.title.toUpperCase()}</span>
          <span className="book-prompt">root@memoir:~#</span>
        </div>
        <div className="book-spine" />
        <div className="book-pages" />
      </div>
    </div>
  );
}

/** The first screen's text and cover. */
export function HeroContent({ content, cover }: { readonly content: SiteContent; readonly cover?: PageImage }) {
  return (
    <div className="hero-content">
      <div className="hero-text">
        <p className="eyebrow">{`A memoir by ${content.author}`}</p>
        <h1>{content.title}</h1>
        <p className="subtitle">{content.subtitle}</p>
        <p className="tagline">{content.tagline}</p>
        <p className="hero-actions">
          <a className="button" href="#buy">
            Get the book
          </a>
          <a className="button button-ghost" href="#free-pdf">
            Can&apos;t afford it? Free PDF
          </a>
        </p>
      </div>
      <BookCover content={content} cover={cover} />
    </div>
  );
}

/**
 * The skip link and the hero, as the server writes them into the page before #root
 * (src/entry-server.tsx): the first screen paints with the HTML, and React never replaces it,
 * so the largest paint stays the first one. The app only animates it and hides it where it
 * does not belong (hero.tsx).
 */
export function StaticHero({ content, cover }: { readonly content: SiteContent; readonly cover?: PageImage }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="hero">
        <HeroContent content={content} cover={cover} />
      </header>
    </>
  );
}
