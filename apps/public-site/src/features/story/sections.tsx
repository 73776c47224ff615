import { BUY_FORMAT_LABELS, SOCIAL_NETWORK_LABELS, type BuyLink } from '@memoir/shared';
import type { ReactNode } from 'react';

import { ABOUT, AUTHOR, CALL_TO_ACTION, CRACKME, FOOTER, PRIVACY, THEMES } from '../../content';
import { countEvent } from '../../shared/count-event';
import { ResponsivePicture } from '../../shared/page-media';
import { Section } from '../../shared/section';
import { useSiteContent, useSiteData } from '../../shared/site-data';

export function About() {
  const { blurb, about } = useSiteContent();
  return (
    <Section name="about" heading={ABOUT.heading}>
      <p className="lead">{blurb}</p>
      {about.map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
    </Section>
  );
}

export function Themes() {
  const { themes } = useSiteContent();
  return (
    <Section name="themes" heading={THEMES.heading}>
      <ul className="cards">
        {themes.map((theme, i) => (
          <li key={i} className="card">
            <p className="card-kicker">{theme.kicker}</p>
            <h3>{theme.title}</h3>
            <p>{theme.body}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The author's photo is drawn 200 CSS pixels wide (styles.css `.author-photo`). */
const PHOTO_WIDTH = 200;

export function AuthorBio() {
  const { content, media } = useSiteData();
  const { author, authorBio } = content;
  return (
    <Section name="author" heading={AUTHOR.heading} id="author" kind={media?.authorPhoto ? 'with-photo' : undefined}>
      {media?.authorPhoto ? (
        <ResponsivePicture
          image={media.authorPhoto}
          width={PHOTO_WIDTH}
          sizes={`${PHOTO_WIDTH}px`}
          className="author-photo"
          priority="lazy"
        />
      ) : null}
      <h3>{author}</h3>
      {authorBio.map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
    </Section>
  );
}

/** The crackme section; `children` (the prize claim) come after the download. */
export function Crackme({ children }: { readonly children?: ReactNode }) {
  const { crackme } = useSiteContent();
  return (
    <Section name="crackme" heading={CRACKME.heading} kind="terminal">
      <p>{crackme.intro}</p>
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
      <p className="prize">{crackme.prize}</p>
      {children}
    </Section>
  );
}

/** A format's words: its name, price and note, with "coming soon" when it has no link yet. */
function BuyLinkWords({ link }: { readonly link: BuyLink }) {
  return (
    <>
      <span className="buy-format">{BUY_FORMAT_LABELS[link.format]}</span>
      <span className="buy-price">{link.price}</span>
      <span className="buy-note">{link.url === '' ? CALL_TO_ACTION.comingSoon : link.note}</span>
    </>
  );
}

export function CallToAction({ children }: { readonly children?: ReactNode }) {
  const { callToAction, buyLinks } = useSiteContent();
  return (
    <Section name="buy" heading={CALL_TO_ACTION.heading} id="buy" kind="cta">
      <p>{callToAction}</p>
      {buyLinks.length > 0 && (
        <ul className="buy-links">
          {buyLinks.map((link) => (
            <li key={link.format}>
              {link.url === '' ? (
                <span className="buy-link buy-soon">
                  <BuyLinkWords link={link} />
                </span>
              ) : (
                <a
                  className="buy-link"
                  href={link.url}
                  rel="noopener"
                  target="_blank"
                  onClick={() => countEvent('buy_click', { store: link.format })}
                >
                  <BuyLinkWords link={link} />
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
      {children}
    </Section>
  );
}

export function Footer() {
  const { adminLogin, content } = useSiteData();
  return (
    <footer className="footer">
      <nav aria-label="Social">
        <ul className="social">
          {content.socialLinks.map((link) => (
            <li key={link.network}>
              <a href={link.url} rel="noopener me" target="_blank">
                {SOCIAL_NETWORK_LABELS[link.network]}
              </a>
            </li>
          ))}
          <li>
            <a href={PRIVACY.href}>{FOOTER.privacyLabel}</a>
          </li>
          <li>
            <a href={adminLogin}>{FOOTER.adminLabel}</a>
          </li>
        </ul>
      </nav>
      <p>{`© ${content.copyrightYear} ${content.author}. All rights reserved.`}</p>
      <PublisherLogo />
    </footer>
  );
}

/** The publisher's logo, a link when the content gives the publisher an address. */
function PublisherLogo() {
  const { publisher } = useSiteContent();
  const logo = (
    <img
      src="/images/publisher-logo.svg"
      alt={`Published by ${publisher.name}`}
      width="140"
      height="32"
      loading="lazy"
    />
  );
  if (publisher.url === '') return <span className="publisher">{logo}</span>;
  return (
    <a className="publisher" href={publisher.url} rel="noopener" target="_blank">
      {logo}
    </a>
  );
}
