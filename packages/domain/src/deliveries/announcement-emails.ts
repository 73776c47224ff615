import type { Delivery } from '../outbox/delivery';
import { parseAnnouncementKey, type Announcement } from '../readers/announcement';
import { mayReceiveListMail, newUnsubscribeUrls, type UnsubscribeUrls } from '../readers/list-mail';
import type { Reader } from '../readers/reader';
import type { ReaderRepository } from '../readers/reader.repository';
import type { Clock } from '../shared/clock';
import { err, ok, type Result } from '../shared/result';
import type { SecretTokens } from '../shared/secret-tokens';
import type { SuppressionRepository } from '../suppressions/suppression.repository';
import { composed, escapeHtml, html, privacyLine, type EmailSettings } from './emails';
import type { OutgoingEmail } from './mailer';

/**
 * An announcement's mail about to be sent, or why it must not go. Checked at send time, not at
 * queuing: a reader who left (or whose address was suppressed) while the announcement was going
 * out gets nothing more. The reader's mail gets a new unsubscribe link (only its hash is kept);
 * the owner's test copy goes to OWNER_EMAIL without one.
 */
export async function announcementToSend(
  deps: {
    readonly readers: ReaderRepository;
    readonly suppressions: SuppressionRepository;
    readonly tokens: SecretTokens;
    readonly clock: Clock;
    readonly settings: EmailSettings;
  },
  delivery: Delivery,
): Promise<Result<OutgoingEmail, string>> {
  const key = parseAnnouncementKey(delivery.dedupeKey);
  const announcement = key === null ? null : await deps.readers.findAnnouncement(key.announcementId);
  if (key === null || announcement === null) return err('The announcement no longer exists.');
  const { settings } = deps;
  if (key.readerId === null) {
    if (settings.ownerEmail === null) return err('OWNER_EMAIL is not set.');
    return ok(announcementEmail(settings, settings.ownerEmail, announcement, null));
  }
  const reader = await deps.readers.findById(key.readerId);
  if (reader === null) return err('Not sent: the reader no longer exists (erased).');
  if (!(await mayReceiveListMail(reader, deps.suppressions))) {
    return err(`Not sent: the reader is ${reader.status} and their address takes no list mail now.`);
  }
  const unsubscribe = await newUnsubscribeUrls(deps, settings.publicBaseUrl, reader.id);
  return ok(announcementEmail(settings, reader.email, announcement, unsubscribe));
}

/**
 * The announcement as mail: the owner's text as written (blank lines part paragraphs), then how
 * to leave the list. The HTML part says the same, escaped. A test copy says it is one, where a
 * reader's copy has its unsubscribe link.
 */
export function announcementEmail(
  settings: EmailSettings,
  to: Reader['email'],
  announcement: Pick<Announcement, 'subject' | 'text'>,
  unsubscribe: UnsubscribeUrls | null,
): OutgoingEmail {
  const paragraphs = announcement.text.split(/\n\s*\n/).map((paragraph) => paragraph.trim());
  const why = `You get this because you confirmed that you want news about ${settings.bookTitle}.`;
  const leaving =
    unsubscribe === null
      ? 'This is a test copy for you. Each reader’s copy ends with their own unsubscribe link here.'
      : `To get no more of these, this page takes you off the list at once: ${unsubscribe.page}`;
  const after = [why, leaving, privacyLine(settings)];
  const leavingHtml =
    unsubscribe === null
      ? html([leaving])
      : `<p>To get no more of these: <a href="${escapeHtml(unsubscribe.page)}">unsubscribe</a>.</p>`;
  const body = html(paragraphs) + '\n<hr>\n' + html([why]) + '\n' + leavingHtml + '\n' + html([privacyLine(settings)]);
  const email = composed(to, announcement.subject, [...paragraphs, '--', ...after], body);
  return unsubscribe === null ? email : { ...email, listUnsubscribeUrl: unsubscribe.oneClick };
}
