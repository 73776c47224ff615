import { CAROUSEL_INTERVAL_MS } from '@memoir/shared';
import { ChevronLeftIcon, ChevronRightIcon } from '@memoir/web-ui';
import { useEffect, useState, type FocusEvent, type KeyboardEvent } from 'react';

import { MANIFESTO } from '../../content';
import { Section } from '../../shared/section';
import { useSiteContent } from '../../shared/site-data';

/**
 * The three quotes: one every 8 seconds, wrapping around. Previous and next buttons and a dot
 * per quote; the arrow keys work while it has focus. It holds still while the pointer is over
 * it or keyboard focus is inside it, so nobody loses a quote they are reading, and moves on
 * once both have left.
 *
 * A click leaves focus on the button it pressed; that focus alone does not hold the carousel
 * (else it would never move again after a click): only focus the keyboard brought in
 * (`:focus-visible`) or a key pressed inside does.
 */
export function ManifestoCarousel() {
  const { quotes } = useSiteContent();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [keyboardInside, setKeyboardInside] = useState(false);
  const paused = hovered || keyboardInside;
  const go = (next: number) => setIndex((next + quotes.length) % quotes.length);

  useEffect(() => {
    if (paused) return undefined;
    const timer = setTimeout(() => setIndex((current) => (current + 1) % quotes.length), CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [index, paused, quotes.length]);

  const onKeyDown = (event: KeyboardEvent) => {
    setKeyboardInside(true);
    if (event.key === 'ArrowLeft') go(index - 1);
    if (event.key === 'ArrowRight') go(index + 1);
  };
  const onFocus = (event: FocusEvent) => {
    if (event.target.matches(':focus-visible')) setKeyboardInside(true);
  };
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setKeyboardInside(false);
  };

  return (
    <Section name="manifesto" heading={MANIFESTO.heading} kind="manifesto">
      <div
        className="carousel"
        role="group"
        aria-roledescription="carousel"
        aria-label="Quotes from the book"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={onFocus}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
        data-paused={paused}
      >
        {/* Every quote is in the page (a crawler reads all three); the one not shown is hidden. */}
        <div aria-live={paused ? 'polite' : 'off'}>
          {quotes.map((quote, i) => (
            <figure key={i} className="quote" hidden={i !== index}>
              <blockquote>
                <p>“{quote.text}”</p>
              </blockquote>
              <figcaption>{quote.chapter}</figcaption>
            </figure>
          ))}
        </div>
        <div className="carousel-controls">
          <button type="button" className="icon-button" onClick={() => go(index - 1)} aria-label="Previous quote">
            <ChevronLeftIcon size={22} />
          </button>
          <div className="dots">
            {quotes.map((_, i) => (
              <button
                key={i}
                type="button"
                className="dot"
                aria-label={`Quote ${i + 1} of ${quotes.length}`}
                aria-current={i === index}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <button type="button" className="icon-button" onClick={() => go(index + 1)} aria-label="Next quote">
            <ChevronRightIcon size={22} />
          </button>
        </div>
      </div>
    </Section>
  );
}
