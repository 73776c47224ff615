import type { ReactNode } from 'react';

import { ABOUT, AUTHOR, BOOK, CALL_TO_ACTION, CRACKME, FOOTER, PRIVACY, THEMES } from '../../content';
import { countEvent, eventKey } from '../../shared/count-event';
import { served, siteLink } from '../../shared/site-links';
import { Section } from '../../shared/section';

export function About() {
  return (
    <Section name="about" heading={ABOUT.heading}>
      <p className="lead">{BOOK.blurb}</p>
      {ABOUT.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </Section>
  );
}

export function Themes() {
  return (
    <Section name="themes" heading="Three parts, one system">
      <ul className="cards">
        {THEMES.map((theme) => (
          <li key={theme.title} className="card">
            <p className="card-kicker">{theme.kicker}</p>
            <h3>{theme.title}</h3>
            <p>{theme.body}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function AuthorBio() {
  return (
    <Section name="author" heading={AUTHOR.heading} id="author">
      <h3>{AUTHOR.name}</h3>
      {AUTHOR.bio.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </Section>
  );
}

/** The crackme section; `children` (the prize claim) come after the download. */
export function Crackme({ children }: { readonly children?: ReactNode }) {
  return (
    <Section name="crackme" heading={CRACKME.heading} kind="terminal">
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
    </Section>
  );
}

export function CallToAction() {
  const links = served(CALL_TO_ACTION.links);
  return (
    <Section name="buy" heading={CALL_TO_ACTION.heading} id="buy" kind="cta">
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
    </Section>
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
