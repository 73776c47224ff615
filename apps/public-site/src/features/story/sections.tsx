import type { ReactNode } from 'react';

import { ABOUT, AUTHOR, BOOK, CALL_TO_ACTION, CRACKME, FOOTER, PRIVACY, THEMES } from '../../content';
import { countEvent, eventKey } from '../../shared/count-event';
import { served, siteLink } from '../../shared/site-links';

export function About() {
  return (
    <section className="section" aria-labelledby="about-heading">
      <h2 id="about-heading">{ABOUT.heading}</h2>
      <p className="lead">{BOOK.blurb}</p>
      {ABOUT.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </section>
  );
}

export function Themes() {
  return (
    <section className="section" aria-labelledby="themes-heading">
      <h2 id="themes-heading">Three parts, one system</h2>
      <ul className="cards">
        {THEMES.map((theme) => (
          <li key={theme.title} className="card">
            <p className="card-kicker">{theme.kicker}</p>
            <h3>{theme.title}</h3>
            <p>{theme.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AuthorBio() {
  return (
    <section className="section" aria-labelledby="author-heading" id="author">
      <h2 id="author-heading">{AUTHOR.heading}</h2>
      <h3>{AUTHOR.name}</h3>
      {AUTHOR.bio.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </section>
  );
}

/** The crackme section; `children` (the prize claim) come after the download. */
export function Crackme({ children }: { readonly children?: ReactNode }) {
  return (
    <section className="section terminal" aria-labelledby="crackme-heading">
      <h2 id="crackme-heading">{CRACKME.heading}</h2>
      <p>{CRACKME.intro}</p>
      <ul>
        {CRACKME.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <p>
        <a
          className="button"
          href={CRACKME.download.href}
          download={CRACKME.download.fileName}
          onClick={() => countEvent('crackme_download')}
        >
          {CRACKME.download.label}
        </a>
      </p>
      <p className="prize">{CRACKME.prize}</p>
      {children}
    </section>
  );
}

export function CallToAction() {
  const links = served(CALL_TO_ACTION.links);
  return (
    <section className="section cta" aria-labelledby="buy-heading" id="buy">
      <h2 id="buy-heading">{CALL_TO_ACTION.heading}</h2>
      <p>{CALL_TO_ACTION.text}</p>
      {links.length > 0 && (
        <ul className="buy-links">
          {links.map((link) => (
            <li key={link.format}>
              <a
                className="buy-link"
                href={link.href}
                rel="noopener"
                target="_blank"
                onClick={() => countEvent('buy_click', { store: eventKey(link.format) })}
              >
                <span className="buy-format">{link.format}</span>
                <span className="buy-price">{link.price}</span>
                <span className="buy-note">{link.note}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Where the Admin link goes: the admin host's sign-in page when the server names one
 * (ADMIN_HOST: /admin is not served on the public host), else this host's.
 */
function adminLoginHref(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="memoir:admin-login"]');
  return meta?.content || '/admin/login';
}

export function Footer() {
  return (
    <footer className="footer">
      <nav aria-label="Social">
        <ul className="social">
          {served(FOOTER.social).map((link) => (
            <li key={link.label}>
              <a href={link.href} rel="noopener me" target="_blank">
                {link.label}
              </a>
            </li>
          ))}
          <li>
            <a href={PRIVACY.href}>{FOOTER.privacyLabel}</a>
          </li>
          <li>
            <a href={adminLoginHref()}>{FOOTER.adminLabel}</a>
          </li>
        </ul>
      </nav>
      <p>
        © {BOOK.copyrightYear} {BOOK.author}. All rights reserved.
      </p>
      <PublisherLogo />
    </footer>
  );
}

/** The publisher's logo, a link when the server serves one (PUBLISHER_URL or the content module's). */
function PublisherLogo() {
  const href = siteLink('publisher', BOOK.publisher.href);
  const logo = (
    <img
      src="/images/publisher-logo.svg"
      alt={`Published by ${BOOK.publisher.name}`}
      width="140"
      height="32"
      loading="lazy"
    />
  );
  if (href === null) return <span className="publisher">{logo}</span>;
  return (
    <a className="publisher" href={href} rel="noopener" target="_blank">
      {logo}
    </a>
  );
}
