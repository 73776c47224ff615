import { CAROUSEL_INTERVAL_MS } from '@memoir/shared';
import { useEffect, useState, type KeyboardEvent } from 'react';

import { MANIFESTO } from '../../content';

/**
 * The three quotes: one every 8 seconds, wrapping around. Previous and next buttons and a dot
 * per quote; the arrow keys work while it has focus. It holds still while hovered or focused,
 * so nobody loses a quote they are reading.
 */
export function ManifestoCarousel() {
  const quotes = MANIFESTO.quotes;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  const go = (next: number) => setIndex((next + quotes.length) % quotes.length);

  useEffect(() => {
    if (paused) return undefined;
    const timer = setTimeout(() => setIndex((current) => (current + 1) % quotes.length), CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [index, paused, quotes.length]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(index - 1);
    if (event.key === 'ArrowRight') go(index + 1);
  };
  const quote = quotes[index];

  return (
    <section className="section manifesto" aria-labelledby="manifesto-heading">
      <h2 id="manifesto-heading">{MANIFESTO.heading}</h2>
      <div
        className="carousel"
        role="group"
        aria-roledescription="carousel"
        aria-label="Quotes from the book"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
        }}
        onKeyDown={onKeyDown}
        data-paused={paused}
      >
        <figure className="quote" aria-live={paused ? 'polite' : 'off'}>
          <blockquote>
            <p>“{quote?.text}”</p>
          </blockquote>
          <figcaption>{quote?.chapter}</figcaption>
        </figure>
        <div className="carousel-controls">
          <button type="button" className="icon-button" onClick={() => go(index - 1)} aria-label="Previous quote">
            ‹
          </button>
          <div className="dots">
            {quotes.map((item, i) => (
              <button
                key={item.text}
                type="button"
                className="dot"
                aria-label={`Quote ${i + 1} of ${quotes.length}`}
                aria-current={i === index}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <button type="button" className="icon-button" onClick={() => go(index + 1)} aria-label="Next quote">
            ›
          </button>
        </div>
      </div>
    </section>
  );
}
