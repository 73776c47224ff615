import type { GuestbookEntry } from '../guestbook/guestbook-entry';
import type { ScholarshipRequest } from '../scholarships/scholarship-request';
import type { OutgoingEmail } from './mailer';

/** What the emails say about the book and where their links point. */
export interface EmailSettings {
  readonly bookTitle: string;
  /** PUBLIC_BASE_URL without a trailing slash: the download links start with it. */
  readonly publicBaseUrl: string;
  /** Where the admin app is (ADMIN_HOST's origin, or the public one), without a trailing slash. */
  readonly adminBaseUrl: string;
  /** OWNER_EMAIL: who hears about new requests and entries; null turns those emails off. */
  readonly ownerEmail: string | null;
}

/** The private link in an approval email. */
export interface DownloadLink {
  readonly url: string;
  readonly expiresAt: Date;
  readonly maxDownloads: number;
}

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Paragraphs as HTML: escaped, line breaks kept. */
export const html = (paragraphs: readonly string[]): string =>
  paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`).join('\n');

/**
 * The HTML part as a whole document (doctype, language, character set, title): a bare fragment
 * is what spam filters and some clients hold against a message.
 */
const htmlDocument = (subject: string, body: string): string =>
  '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
  `<title>${escapeHtml(subject)}</title>\n</head>\n<body>\n${body}\n</body>\n</html>\n`;

/** An email whose two parts say the same: `text` as written, `body` its HTML, made a whole document. */
export const composed = (to: string, subject: string, text: readonly string[], body: string): OutgoingEmail => ({
  to,
  subject,
  text: text.join('\n\n') + '\n',
  html: htmlDocument(subject, body),
});

/**
 * The most of a requester's name an email shows. The form takes longer names (they are stored
 * and stamped on the copy); an email to the address the submitter gave greets a longer one
 * without it.
 */
export const NAME_IN_EMAIL_MAX_LENGTH = 50;

// Letters (any script, with their marks), spaces, and the punctuation of real names: initials'
// dots, hyphens and dashes, apostrophes, commas. No digits, no `@ : / < >`, no look-alike dots.
const NAME_CHARACTERS = /^[\p{L}\p{M}\p{Zs}.,'’\p{Pd}]+$/u;
// What mail clients turn into a link even without a scheme: a dot between letters ("evil.example").
const DOTTED_HOST = /\p{L}\.\p{L}{2}/u;

/**
 * How an email to a requester begins. Anyone can submit a request with someone else's address,
 * so the name is the only text of the submitter's that such an email carries (never their
 * message, never in the subject or a header), and only when it reads as a name: a name a mail
 * client could turn into a link or a number to call, or longer than NAME_IN_EMAIL_MAX_LENGTH,
 * gives a greeting without it.
 */
export function requesterGreeting(name: string): string {
  const showable = name.length <= NAME_IN_EMAIL_MAX_LENGTH && NAME_CHARACTERS.test(name) && !DOTTED_HOST.test(name);
  return showable ? `Hello ${name},` : 'Hello,';
}

/** Every email ends with the privacy notice's address: what the site keeps, and how to have it erased. */
const privacyUrl = (settings: EmailSettings): string => `${settings.publicBaseUrl}/privacy`;
export const privacyLine = (settings: EmailSettings): string =>
  `How this site keeps and deletes your details, and how to see or erase them: ${privacyUrl(settings)}`;

/** The owner's note with a decision, when there is one: the owner's own words, sent as written. */
const authorsNote = (request: ScholarshipRequest): string[] =>
  request.adminNotes === null ? [] : [`A note from the author:\n${request.adminNotes}`];

export const longDate = (date: Date): string =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * The approval (and a resend): the book's name, the private link and its limits, the owner's
 * note. Of the request, only the greeting's name and the address it goes to.
 */
/** How to read the PDF on a phone or a Kindle, in short plain words: the approval email and /request-status say it. */
export const READING_TIPS: readonly string[] = [
  'On a phone: open the link, press the button, and the PDF opens in your browser or in your Files app.',
  "On a Kindle: send the PDF as an attachment to your Kindle's email address (Amazon calls it Send to Kindle), or copy it onto the Kindle with a USB cable, into its documents folder.",
];

export function approvalEmail(settings: EmailSettings, request: ScholarshipRequest, link: DownloadLink): OutgoingEmail {
  const before = [
    requesterGreeting(request.name),
    `Good news: your request for a free copy of ${settings.bookTitle} has been approved. Your copy is waiting for you on this page, where its "Download your copy" button downloads it:`,
  ];
  const after = [
    `The link is yours alone: it works until ${longDate(link.expiresAt)} (UTC) and for ${link.maxDownloads} downloads. ` +
      'Opening the page uses nothing up; only the button counts a download. Your copy carries your name and email on its pages.',
    ...READING_TIPS,
    ...authorsNote(request),
    'Enjoy the book!',
    privacyLine(settings),
  ];
  return composed(
    request.email,
    `Your free copy of ${settings.bookTitle}`,
    [...before, link.url, ...after],
    html(before) +
      `\n<p><a href="${escapeHtml(link.url)}">Your copy of ${escapeHtml(settings.bookTitle)}</a></p>\n` +
      html(after),
  );
}

/**
 * The polite no (only with NOTIFY_REJECTIONS on), with the owner's note when there is one. Of
 * the request, only the greeting's name and the address it goes to.
 */
export function rejectionEmail(settings: EmailSettings, request: ScholarshipRequest): OutgoingEmail {
  const paragraphs = [
    requesterGreeting(request.name),
    `Thank you for your interest in ${settings.bookTitle}, and for taking the time to write. ` +
      'I am sorry: I cannot send you a free copy this time.',
    ...authorsNote(request),
    'With best wishes.',
    privacyLine(settings),
  ];
  const subject = `About your request for ${settings.bookTitle}`;
  return composed(request.email, subject, paragraphs, html(paragraphs));
}

function ownerEmail(
  settings: EmailSettings,
  to: string,
  subject: string,
  paragraphs: readonly string[],
  link: string,
): OutgoingEmail {
  const notice = `The privacy notice visitors read: ${privacyUrl(settings)}`;
  return composed(
    to,
    subject,
    [...paragraphs, `Review it: ${link}`, notice],
    html(paragraphs) + `\n<p>Review it: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>\n` + html([notice]),
  );
}

/** Tells the owner a new scholarship request waits (the 24-hour promise has started). */
export function newRequestEmail(settings: EmailSettings, to: string, request: ScholarshipRequest): OutgoingEmail {
  return ownerEmail(
    settings,
    to,
    `New scholarship request from ${request.name}`,
    [
      `${request.name} <${request.email}> asked for a free copy of ${settings.bookTitle}. ` +
        'The landing page promises an answer within 24 hours.',
      ...(request.message === null ? [] : [`Their message:\n${request.message}`]),
    ],
    `${settings.adminBaseUrl}/admin/scholarships`,
  );
}

/** Tells the owner a new guestbook entry waits for moderation. */
export function newEntryEmail(settings: EmailSettings, to: string, entry: GuestbookEntry): OutgoingEmail {
  return ownerEmail(
    settings,
    to,
    `New guestbook entry from ${entry.name}`,
    [
      `${entry.name}${entry.location === null ? '' : ` (${entry.location})`} signed the guestbook. ` +
        'It stays hidden until you approve it.',
      `Their message:\n${entry.message}`,
    ],
    `${settings.adminBaseUrl}/admin/guestbook`,
  );
}

/** One email a day instead of one per item: what arrived that day. */
export function digestEmail(
  settings: EmailSettings,
  to: string,
  day: string,
  items: { readonly requests: readonly ScholarshipRequest[]; readonly entries: readonly GuestbookEntry[] },
): OutgoingEmail {
  const lines = (title: string, rows: readonly string[]) => (rows.length === 0 ? [] : [`${title}\n${rows.join('\n')}`]);
  return ownerEmail(
    settings,
    to,
    `${day}: ${items.requests.length} new scholarship request(s), ${items.entries.length} new guestbook entr${items.entries.length === 1 ? 'y' : 'ies'}`,
    [
      `What arrived on ${day} (UTC):`,
      ...lines(
        'Scholarship requests (the landing page promises an answer within 24 hours):',
        items.requests.map((request) => `- ${request.name} <${request.email}>`),
      ),
      ...lines(
        'Guestbook entries waiting for moderation:',
        items.entries.map((entry) => `- ${entry.name}: ${entry.message.slice(0, 80)}`),
      ),
    ],
    `${settings.adminBaseUrl}/admin`,
  );
}

/** What a sign-in alert says: the account, how many failures in how long, and until when. */
export interface SignInAlert {
  readonly username: string;
  readonly failures: number;
  readonly windowMs: number;
  readonly windowEndsAt: Date;
}

/** To the owner when an account's failed sign-ins reach LOGIN_ACCOUNT_LIMIT within its window. */
export function signInAlertEmail(settings: EmailSettings, to: string, alert: SignInAlert): OutgoingEmail {
  const minutes = Math.round(alert.windowMs / 60_000);
  const until = alert.windowEndsAt.toISOString().replace('T', ' ').slice(0, 16);
  return ownerEmail(
    settings,
    to,
    `${alert.failures} failed sign-ins to the account "${alert.username}"`,
    [
      `The account "${alert.username}" had ${alert.failures} sign-ins with a wrong password within ${minutes} minute(s). ` +
        'If that was not you, someone is guessing its password.',
      `Until ${until} (UTC), addresses that have failed on it are refused; you can still sign in from any other. ` +
        'A long, unique password (pnpm admin reset-password) is the defence. The audit log lists every attempt.',
    ],
    `${settings.adminBaseUrl}/admin/logs`,
  );
}

/** What a security alert reports: a sign-in from a new device, two-factor off, a new admin. */
export interface SecurityAlert {
  readonly subject: string;
  readonly paragraphs: readonly string[];
}

/** To the owner on a change to the accounts' security (docs/security.md, "Two-factor sign-in, sessions and admins: decisions"). */
export function securityAlertEmail(settings: EmailSettings, to: string, alert: SecurityAlert): OutgoingEmail {
  return ownerEmail(
    settings,
    to,
    alert.subject,
    [
      ...alert.paragraphs,
      'If that was not you or someone you trust: change the password, end the other sessions and check the admins on the Security screen.',
    ],
    `${settings.adminBaseUrl}/admin/security`,
  );
}

/** "Send a test email" on the Mail health screen: proof that mail leaves, and where to look if it lands in spam. */
export function testEmail(settings: EmailSettings, to: string): OutgoingEmail {
  const screen = `${settings.adminBaseUrl}/admin/mail`;
  const paragraphs = [
    'Hello,',
    `This is a test email from the site of ${settings.bookTitle}, sent from the Mail health screen of its admin app. ` +
      'It arrived, so the site can send you email.',
    'If it landed in your spam folder, the Mail health screen says what to fix (SPF, DKIM, DMARC):',
  ];
  return composed(
    to,
    `A test email from the site of ${settings.bookTitle}`,
    [...paragraphs, screen],
    html(paragraphs) + `\n<p><a href="${escapeHtml(screen)}">${escapeHtml(screen)}</a></p>`,
  );
}
