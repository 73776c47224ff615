import { BOOK } from '../../content';

function BookCover() {
  return (
    <div className="book" role="img" aria-label={`The cover of ${BOOK.title} by ${BOOK.author}`}>
      <div className="book-inner">
        <div className="book-front">
          <span className="book-author">{BOOK.author.toUpperCase()}</span>
          <span className="book-title">{BOOK.title.toUpperCase()}</span>
          <span className="book-prompt">root@memoir:~#</span>
        </div>
        <div className="book-spine" />
        <div className="book-pages" />
      </div>
    </div>
  );
}

/** The first screen's text and cover. */
export function HeroContent() {
  return (
    <div className="hero-content">
      <div className="hero-text">
        <p className="eyebrow">A memoir by {BOOK.author}</p>
        <h1>{BOOK.title}</h1>
        <p className="subtitle">{BOOK.subtitle}</p>
        <p className="tagline">{BOOK.tagline}</p>
        <p className="hero-actions">
          <a className="button" href="#buy">
            Get the book
          </a>
          <a className="button button-ghost" href="#free-pdf">
            Can&apos;t afford it? Free PDF
          </a>
        </p>
      </div>
      <BookCover />
    </div>
  );
}

/**
 * The skip link and the hero, as the build writes them into index.html before #root
 * (prerender-hero.ts): the first screen paints with the HTML, and React never replaces it,
 * so the largest paint stays the first one. The app only animates it and hides it where it
 * does not belong (hero.tsx).
 */
export function StaticHero() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="hero">
        <HeroContent />
      </header>
    </>
  );
}
