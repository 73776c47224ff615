import { createHash } from 'node:crypto';

import { Router } from '@koa/router';
import type { RetentionPolicy } from '@memoir/domain';
import { READER_LIMITS } from '@memoir/shared';
import { escapeHtml } from './html-escape';

/** The path of the privacy notice, linked from the footer, under both forms and in every email. */
export const PRIVACY_PATH = '/privacy';

/** What the notice says, from the running configuration: it cannot drift from what the server does. */
export interface PrivacyNotice {
  readonly bookTitle: string;
  /** OWNER_EMAIL: where to ask for access or erasure; null: reply to an email from the site. */
  readonly contactEmail: string | null;
  readonly retention: RetentionPolicy;
  /** DOWNLOAD_LINK_TTL, in whole days (at least 1), and DOWNLOAD_LINK_MAX_DOWNLOADS. */
  readonly downloadLinkDays: number;
  readonly maxDownloads: number;
  /** FORM_RATE_LIMIT's window, in minutes (at least 1): how long a network's counter lives. */
  readonly formWindowMinutes: number;
  /** True when email goes by SMTP (no copies kept); false: copies in the outbox folder. */
  readonly emailBySmtp: boolean;
  /** READERS_WEBHOOK_URL is set: the reader list's confirmations and departures go to the owner's newsletter tool. */
  readonly readersWebhook: boolean;
}

// The public site's palette and type (packages/web-ui/src/base.css), in the page's one inline style.
const STYLE = `:root{color-scheme:dark}body{margin:0;background:#07110b;color:#e6f2ea;font:1.0625rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}main{max-width:44rem;margin:0 auto;padding:2.5rem 1.25rem 4rem}h1,h2{font-family:ui-monospace,"SFMono-Regular",Menlo,Consolas,"Liberation Mono",monospace;line-height:1.2}h1{color:#39ff88;font-size:clamp(1.6rem,5vw,2.2rem);margin:0 0 1rem}h2{font-size:1.25rem;margin:2.25rem 0 .75rem;border-bottom:1px solid #1f3a29;padding-bottom:.4rem}a{color:#39ff88}li{margin:.4rem 0}strong{color:#fff}.lead{color:#a9c3b2}:focus-visible{outline:3px solid #39ff88;outline-offset:3px}footer{margin-top:3rem;color:#a9c3b2;font-size:.95rem}`;
// Allowed by its hash: the site's policy forbids inline styles otherwise.
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

const days = (n: number): string => `${n} day${n === 1 ? '' : 's'}`;
const minutes = (n: number): string => `${n} minute${n === 1 ? '' : 's'}`;

/** The notice as HTML: plain text and links, no script, readable on any phone. */
export function privacyPageHtml(notice: PrivacyNotice): string {
  const { retention } = notice;
  const title = escapeHtml(notice.bookTitle);
  const contact =
    notice.contactEmail === null
      ? 'reply to any email the site sent you'
      : `write to <a href="mailto:${escapeHtml(notice.contactEmail)}">${escapeHtml(notice.contactEmail)}</a>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="What the ${title} site stores about its visitors, why, for how long, and how to see or erase it.">
<title>Privacy · ${title}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p><a href="/">← Back to ${title}</a></p>
<h1>Privacy</h1>
<p class="lead">What this site keeps about you, why, for how long, who sees it, and how to have it shown to you or erased. The periods below are the ones the site runs with today.</p>

<h2 id="stored">What is stored, and for how long</h2>
<ul>
<li><strong>Guestbook entries</strong>: the name, place (if you give one) and message you write. The author reads each one; an approved entry is shown on the site to everyone. A rejected entry is deleted <strong>${days(retention.rejectedDays)}</strong> after the decision.</li>
<li><strong>Free copy requests</strong>: your name, email address and message, to decide on the request and to send you your copy. Your copy carries your name and email on its pages, so that a shared copy can be traced. A rejected request is deleted <strong>${days(retention.rejectedDays)}</strong> after the decision; an approved one is kept as the record of the copies sent, until you ask for it to be erased.</li>
<li><strong>Your download link</strong> works for <strong>${days(notice.downloadLinkDays)}</strong> and <strong>${notice.maxDownloads}</strong> download${notice.maxDownloads === 1 ? '' : 's'}. <strong>${days(retention.personalDetailsDays)}</strong> after it expires, the link itself is removed.</li>
<li><strong>A review reminder</strong>, only if you ticked &#8220;Remind me once to leave a review&#8221;: one email some days after your first download, and no other. The site keeps when it went and your answer, if you give one, until you ask for them to be erased. A review is never a condition of your copy.</li>
<li><strong>The reader list</strong>, only if you signed up for news about the book (the small form, or the box &#8220;Email me when there is news about the book&#8221;): your email address, your name if you gave one, and the record of your consent: when and on which form you signed up, the exact words of the box, and the network address and browser of the sign-up and of the confirmation. Nothing is sent to the list before you confirm, and a sign-up never confirmed is deleted after <strong>${days(READER_LIMITS.unconfirmedDays)}</strong>. Every news email has a link that takes you off the list at once; the record, with when you left, is kept so that nothing more is sent, until you ask for it to be erased.</li>
<li><strong>Your network address</strong> counts how often the forms are sent from one network, to keep spam out. It is not stored with your entry or request, and each count is deleted when its window ends (<strong>${minutes(notice.formWindowMinutes)}</strong>).</li>
<li><strong>Emails</strong> to you go through the site's mail provider. ${notice.emailBySmtp ? 'The site keeps no copy of them.' : `Copies kept by the site are deleted <strong>${days(retention.sentEmailDays)}</strong> after they are sent.`}</li>
<li><strong>The author's sign-ins and decisions</strong> are recorded in an audit trail with the address and browser they came from; those two are erased after <strong>${days(retention.personalDetailsDays)}</strong>.</li>
<li><strong>No cookies and no tracking</strong> on the public pages. The server's logs note each request's page and outcome, not your address.</li>
</ul>

<h2 id="why">Why</h2>
<p>To run the guestbook, to send free copies of ${title} to readers who cannot pay for it, to send news of the book to readers who asked for it, and to keep spam and abuse out. Nothing is sold, rented or shared for advertising.</p>

<h2 id="who">Who sees it</h2>
<p>The author (and anyone the author makes an administrator of this site) sees what you send. Everyone sees an approved guestbook entry. The mail provider sees the emails it delivers.${notice.readersWebhook ? ' The newsletter service the author uses receives the reader list&#8217;s confirmed addresses, names and consent records, and is told when someone leaves the list.' : ''} No one else.</p>

<h2 id="rights">Seeing or erasing your data</h2>
<p>To get a copy of what the site holds about you, or to have it erased, ${contact}. Erasure removes your name, email address and messages from the site's records, including your download links and copies; the site keeps only a note that an erasure happened.</p>

<footer><p>This notice is generated from the settings the site runs with, so the periods above are the ones applied.</p></footer>
</main>
</body>
</html>
`;
}

/** GET /privacy: the notice, built once (the configuration does not change while the server runs). */
export function privacyRoutes(notice: PrivacyNotice): Router {
  const body = privacyPageHtml(notice);
  const router = new Router();
  router.get(PRIVACY_PATH, (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.set(
      'Content-Security-Policy',
      `default-src 'none'; style-src ${STYLE_HASH}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    ctx.body = body;
  });
  return router;
}
