import { BUY_FORMAT_LABELS, type BuyLink } from '@memoir/shared';

import { storeLinkUrl } from '../analytics/follow-store-link.use-case';
import type { ScholarshipRequest } from '../scholarships/scholarship-request';
import { composed, escapeHtml, html, privacyLine, requesterGreeting, type EmailSettings } from './emails';
import type { OutgoingEmail } from './mailer';

/** The two answer links: pages on PUBLIC_BASE_URL whose buttons record the answer. */
export interface ReviewAnswerLinks {
  readonly reviewed: string;
  readonly declined: string;
}

/**
 * The one review reminder the requester asked for. Worded by Amazon's customer review rules and
 * the FTC's (16 CFR 465): no incentive, no asking for a good review, and the free copy not
 * conditional on one; it says so plainly, asks for the reader's honest view whatever it is,
 * and says that no other reminder comes. Every link is on PUBLIC_BASE_URL: each store the owner
 * published by the site's own `/go/<format>`, which leads to the store's address of the day.
 */
export function reviewReminderEmail(
  settings: EmailSettings,
  request: Pick<ScholarshipRequest, 'email' | 'name'>,
  stores: readonly BuyLink[],
  answers: ReviewAnswerLinks,
): OutgoingEmail {
  const title = settings.bookTitle;
  const opening = [
    requesterGreeting(request.name),
    `When you asked for the free copy of ${title}, you ticked the box "Remind me once to leave a review". ` +
      'This is that one reminder; no other will come.',
    'Whether you write a review is entirely up to you. Your copy was free with no conditions: it stays yours ' +
      'either way, and there is nothing to gain or lose by writing one or not. If you do, say what you honestly ' +
      'thought, good or bad.',
  ];
  const storeUrl = (store: BuyLink) => storeLinkUrl(settings.publicBaseUrl, store.format);
  const storeLines = stores.map((store) => `${BUY_FORMAT_LABELS[store.format]}: ${storeUrl(store)}`);
  const storesIntro =
    storeLines.length === 0
      ? `The book's page lists where it is sold: ${settings.publicBaseUrl}/`
      : 'Where the book is sold, if you want to leave a review there:';
  const answersIntro =
    'Telling me is optional too. If you like, each of these links opens a page with one button, ' +
    'and I will not ask again either way:';
  const closing = [privacyLine(settings)];
  const text = [
    ...opening,
    [storesIntro, ...storeLines].join('\n'),
    [answersIntro, `I left a review: ${answers.reviewed}`, `No thanks: ${answers.declined}`].join('\n'),
    ...closing,
  ];
  // One paragraph per block, a line per link: the HTML part says what the text part says.
  const line = (label: string, url: string, shown: string) =>
    `${escapeHtml(label)}: <a href="${escapeHtml(url)}">${escapeHtml(shown)}</a>`;
  const storesHtml = [
    escapeHtml(storesIntro),
    ...stores.map((store) => line(BUY_FORMAT_LABELS[store.format], storeUrl(store), storeUrl(store))),
  ].join('<br>');
  const answersHtml = [
    escapeHtml(answersIntro),
    line('I left a review', answers.reviewed, 'answer here'),
    line('No thanks', answers.declined, 'answer here'),
  ].join('<br>');
  const body = `${html(opening)}\n<p>${storesHtml}</p>\n<p>${answersHtml}</p>\n${html(closing)}`;
  return composed(request.email, `Your reminder about a review of ${title}`, text, body);
}

/** The published stores an email may point to: those with an address. */
export const storesWithAddress = (links: readonly BuyLink[]): BuyLink[] =>
  links.filter((link) => link.url.trim() !== '');
