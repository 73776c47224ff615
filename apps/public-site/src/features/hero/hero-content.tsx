import type { SiteContent } from '@memoir/shared';

function BookCover({ content }: { readonly content: SiteContent }) {
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
export function HeroContent({ content }: { readonly content: SiteContent }) {
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
      <BookCover content={content} />
    </div>
  );
}

/**
 * The skip link and the hero, as the server writes them into the page before #root
 * (src/entry-server.tsx): the first screen paints with the HTML, and React never replaces it,
 * so the largest paint stays the first one. The app only animates it and hides it where it
 * does not belong (hero.tsx).
 */
export function StaticHero({ content }: { readonly content: SiteContent }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="hero">
        <HeroContent content={content} />
      </header>
    </>
  );
}
