import type { UnsubscribeUrls } from '../readers/list-mail';
import type { Reader } from '../readers/reader';
import { composed, escapeHtml, html, longDate, privacyLine, requesterGreeting, type EmailSettings } from './emails';
import type { OutgoingEmail } from './mailer';

/** The links of a confirmation email: the page whose button confirms, and the one that unsubscribes. */
export interface ConfirmationLinks {
  readonly confirmUrl: string;
  readonly expiresAt: Date;
  readonly unsubscribe: UnsubscribeUrls;
}

/**
 * The confirmation email of a sign-up (double opt-in). Anyone can sign up someone else's
 * address, so it carries nothing the signer wrote but a name that reads as one, says that
 * nothing happens unless the button is pressed, and carries the list headers (RFC 8058), so the
 * address's owner can also refuse at once. Its links go only to PUBLIC_BASE_URL.
 */
export function readerConfirmationEmail(
  settings: EmailSettings,
  reader: Pick<Reader, 'email' | 'name'>,
  links: ConfirmationLinks,
): OutgoingEmail {
  const before = [
    reader.name === null ? 'Hello,' : requesterGreeting(reader.name),
    `Someone, most likely you, asked to hear when there is news about ${settings.bookTitle}. ` +
      'To confirm, open this page and press its button:',
  ];
  const after = [
    `The page works until ${longDate(links.expiresAt)} (UTC). If you did not ask, do nothing: ` +
      'without the button nothing more will come, and the sign-up is deleted after 30 days.',
    `If you would rather never hear from this list, this page takes you off at once: ${links.unsubscribe.page}`,
    privacyLine(settings),
  ];
  const subject = `Please confirm: news about ${settings.bookTitle}`;
  return {
    ...composed(
      reader.email,
      subject,
      [...before, links.confirmUrl, ...after],
      html(before) + `\n<p><a href="${escapeHtml(links.confirmUrl)}">Confirm my sign-up</a></p>\n` + html(after),
    ),
    listUnsubscribeUrl: links.unsubscribe.oneClick,
  };
}
