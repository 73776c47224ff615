/**
 * Business constants and limits of the product specification (sections 5 and 9), plus the
 * limits the specification left open and we decided (see docs/adr). The server validates
 * against these and the React apps enforce them as you type, so they can never disagree.
 *
 * Lengths count UTF-16 code units, as the browser's `maxlength` does.
 */
export const GUESTBOOK_LIMITS = {
  nameMaxLength: 50,
  locationMaxLength: 50,
  messageMaxLength: 500,
  riddleAnswerLength: 7,
} as const;

export const SCHOLARSHIP_LIMITS = {
  /** Not given by the spec: generous enough for any real name, small enough to display. */
  nameMaxLength: 100,
  /** RFC 5321 caps a forward path at 256 octets including the angle brackets. */
  emailMaxLength: 254,
  /** Not given by the spec: a few paragraphs about one's situation. */
  messageMaxLength: 2000,
  riddleAnswerLength: 6,
} as const;

/** Riddle answers are one word; anything much longer is not an attempt worth comparing. */
export const RIDDLE_ANSWER_MAX_LENGTH = 100;

/** Admin notes on a guestbook or scholarship decision. Not given by the spec. */
export const ADMIN_NOTES_MAX_LENGTH = 1000;

export const ADMIN_USERNAME_MAX_LENGTH = 50;
/** OWASP ASVS 2.1.1: at least 12 characters; 2.1.2: at least 64 allowed. */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;
export const ADMIN_PASSWORD_MAX_LENGTH = 128;

/** Public guestbook list: the landing page shows 5; the server clamps `limit` to 1..5. */
export const PUBLIC_GUESTBOOK_LIMIT = 5;
export const PUBLIC_GUESTBOOK_MIN_LIMIT = 1;

/** Admin lists: pending unlimited, approved first 10, rejected first 5. */
export const ADMIN_APPROVED_LIST_LIMIT = 10;
export const ADMIN_REJECTED_LIST_LIMIT = 5;

export const DASHBOARD_REFRESH_MS = 30_000;
export const AUDIT_LOGS_REFRESH_MS = 30_000;
export const RECENT_ACTIVITY_WINDOW_DAYS = 7;

/**
 * Admin lists (guestbook, scholarships, audit log) are read a page at a time, never whole:
 * `limit` 1..100, 50 by default. A page's JSON also stays within ADMIN_PAGE_MAX_BYTES, however
 * long its items' texts: a page that would outgrow it ends early, and its cursor goes on from there.
 */
export const ADMIN_LIST_DEFAULT_PAGE_SIZE = 50;
export const ADMIN_LIST_MAX_PAGE_SIZE = 100;
export const ADMIN_PAGE_MAX_BYTES = 64 * 1024;
/** A search longer than this is cut: nobody types more to find an item. */
export const ADMIN_LIST_SEARCH_MAX_LENGTH = 200;
/** Items decided in one bulk call. */
export const BULK_DECISION_MAX_ITEMS = 100;
/** The audit trail's user-agent column: room for AUDIT_USER_AGENT_KEPT_LENGTH and more. */
export const AUDIT_USER_AGENT_MAX_LENGTH = 512;
/**
 * User agents are kept for the audit trail, truncated to this many characters: enough to
 * name a browser and its platform, too little for a guesser to fill the table with.
 */
export const AUDIT_USER_AGENT_KEPT_LENGTH = 200;
/** The longest text form of an IP address (IPv6 with an embedded IPv4): longer is not an address. */
export const IP_ADDRESS_MAX_LENGTH = 45;

/** Why a delivery failed (an SMTP reply), as the admin app shows it: kept up to this length. */
export const DELIVERY_ERROR_MAX_LENGTH = 1000;
/** What an event of a delivery's timeline says beside its kind (an SMTP reply, a bounce's status): kept up to this length. */
export const DELIVERY_EVENT_DETAIL_MAX_LENGTH = 300;

export const CAROUSEL_INTERVAL_MS = 8_000;
export const COPIED_INDICATOR_MS = 2_000;

/** Ids are shown cut to this many characters, followed by an ellipsis. */
export const DISPLAYED_ID_LENGTH = 8;

/** Browser local storage key of the admin session token. */
export const ADMIN_SESSION_STORAGE_KEY = 'admin_session_token';

/** Toasts and tooltips: the Radix UI defaults the specification lists. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = ['F8'] as const;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** The book's name, as the emails and the stamped PDF give it (the landing page's content uses it too). */
export const BOOK_TITLE = 'Root Access';

/**
 * The reader list (docs/readers.md): a name is optional and as long as a request's, an address
 * as long as RFC 5321 allows. A confirmation link works for 14 days; a pending sign-up gets at
 * most 3 more confirmation emails, at least an hour apart; an unconfirmed sign-up is deleted
 * after 30 days by the retention job.
 */
export const READER_LIMITS = {
  nameMaxLength: 100,
  emailMaxLength: 254,
  confirmLinkDays: 14,
  confirmationResends: 3,
  resendGapMs: 60 * 60_000,
  unconfirmedDays: 30,
} as const;

/**
 * An announcement to the confirmed readers: a subject line and a plain text. The subject stays
 * within what mail clients show (RFC 5322 advises 78 characters a line); the text is a letter,
 * not a book.
 */
export const ANNOUNCEMENT_LIMITS = {
  subjectMaxLength: 150,
  textMaxLength: 10_000,
  /** Announcements the owner's list shows, newest first. */
  listed: 50,
} as const;

/** An announcement's progress, from its mails in the outbox. */
export const ANNOUNCEMENT_STATUSES = ['queued', 'sending', 'sent'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

/** Where a reader signed up: the landing page's sign-up form, or the box on one of the two forms. */
export const READER_SOURCES = ['signup-form', 'guestbook', 'scholarship'] as const;
export type ReaderSource = (typeof READER_SOURCES)[number];

/** A reader's place on the list. */
export const READER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type ReaderStatus = (typeof READER_STATUSES)[number];

/** How a reader left: the mail client's one-click POST (RFC 8058), the page's button, or a spam complaint. */
export const READER_LEAVING_WAYS = ['one-click', 'page', 'complaint'] as const;
export type ReaderLeavingWay = (typeof READER_LEAVING_WAYS)[number];

/** What the owner uploads: the free book PDF, the cover, the author's photo. */
export const MEDIA_KINDS = ['book', 'cover', 'author-photo'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
/** The largest cover or photo upload (the book's limit is BOOK_MAX_BYTES, the server's setting). */
export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;
/** The most pixels an uploaded image may decode to (a decompression bomb stops here). */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** An image's alt text, required: what a screen reader says for it. */
export const MEDIA_ALT_MAX_LENGTH = 250;
/** BOOK_MAX_BYTES's default: 200 MB. */
export const DEFAULT_BOOK_MAX_BYTES = 200 * 1024 * 1024;

/** The files the owner exports the list to: four newsletter tools' import formats (confirmed readers), and a plain one. */
export const READER_EXPORT_FORMATS = ['mailchimp', 'mailerlite', 'kit', 'buttondown', 'plain'] as const;
export type ReaderExportFormat = (typeof READER_EXPORT_FORMATS)[number];
