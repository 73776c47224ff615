import { useEffect, useRef } from 'react';

import { BOOK } from '../../content';
import { startFallingCharacters } from './falling-characters';

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

export function Hero() {
  const host = useRef<HTMLElement>(null);
  useEffect(() => (host.current === null ? undefined : startFallingCharacters(host.current)), []);
  return (
    <header className="hero" ref={host}>
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
    </header>
  );
}
