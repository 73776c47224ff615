/**
 * Every text the specification fixes (section 8), and the server's error messages. Exact
 * texts are exact: tests outside this repository compare them character for character.
 */
export const TOASTS = {
  loginFailed: { title: 'Login failed', fallback: 'Invalid credentials' },
  networkError: 'Network error',
  loggedOut: { title: 'Logged out', description: 'You have been successfully logged out.' },
  scholarshipSubmitted: {
    title: 'Request submitted!',
    description: "I'll review your request and send you the PDF within 24 hours. Check your email!",
  },
  scholarshipFailed: { title: 'Submission failed', fallback: 'Please try again later.' },
  guestbookSigned: {
    title: 'Thanks for signing!',
    description: 'Your message has been added to the guestbook.',
  },
  guestbookFailed: { title: 'Submission failed', fallback: 'Please check your answer and try again.' },
  formNetworkError: 'Please check your internet connection and try again.',
  copied: { title: 'Copied to clipboard!', description: 'Ready to share on social media.' },
  copyFailed: { title: 'Copy failed', description: 'Please select and copy the text manually.' },
  guestbookEntryUpdated: {
    title: 'Entry updated',
    description: 'Guestbook entry has been updated successfully.',
  },
  guestbookEntryUpdateFailed: { title: 'Update failed', fallback: 'Failed to update entry.' },
  scholarshipUpdated: {
    title: 'Request updated',
    description: 'Scholarship request has been updated successfully.',
  },
  scholarshipUpdateFailed: { title: 'Update failed', fallback: 'Failed to update request.' },
} as const;

export const SCREEN_TEXTS = {
  notFound: 'Did you forget to add the page to the router?',
  loading: 'Loading...',
  publicGuestbookEmpty: '> No entries yet... be the first to sign! <',
  adminGuestbookEmpty: 'No guestbook entries found.',
  scholarshipsTitle: 'SCHOLARSHIP MANAGEMENT',
  scholarshipsLoading: 'Loading requests...',
  scholarshipsEmpty: 'No scholarship requests found.',
  scholarshipNotesPlaceholder: 'Add admin notes (optional)...',
  auditLogsTitle: 'AUDIT LOGS',
  auditLogsIntro: 'Real-time audit trail of all administrative actions. Logs are retained for security monitoring.',
  auditLogsLoading: 'Loading audit logs...',
  auditLogsEmpty: 'No audit logs found.',
  loginTagline: 'Authorized personnel only',
  loginNotice: 'All access logged',
  submitting: 'Submitting...',
  submittingRetro: '[ SUBMITTING... ]',
  copiedIndicator: 'Copied!',
} as const;

/**
 * Messages the server sends in `{ success: false, error }`. They are shown to people as the
 * description of a failure toast, so they speak plainly and say what to do.
 */
export const ERROR_MESSAGES = {
  invalidInput: 'Some fields need attention.',
  wrongRiddleAnswer: "That's not the answer to the riddle. Give it another think and try again.",
  guestbookEntryNotFound: 'That guestbook entry does not exist.',
  scholarshipRequestNotFound: 'That scholarship request does not exist.',
  scholarshipRequestNotPending: 'This request has already been decided.',
  invalidCredentials: 'Invalid username or password.',
  tooManyLoginAttempts: 'Too many failed sign-in attempts. Please wait and try again.',
  tooManySubmissions: 'Too many submissions from your connection. Please wait and try again.',
  notAuthenticated: 'Please sign in to continue.',
  usernameTaken: 'An admin with that username already exists.',
  adminNotFound: 'No admin with that username exists.',
  twoFactorRequired: 'Enter the code from your authenticator app, or a recovery code.',
  invalidTwoFactorCode: 'That code is not right, or was used already. Try the current code from your app.',
  challengeExpired: 'The sign-in took too long or was already completed. Please sign in again.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on. Turn it off first to set it up again.',
  twoFactorNotStarted: 'Two-factor sign-in is not being set up. Start again.',
  twoFactorNotOn: 'Two-factor sign-in is not on.',
  wrongConfirmationCode: 'That code is not right. Enter the current code from your authenticator app.',
  adminIdNotFound: 'That admin does not exist (any more).',
  lastAdmin: 'The last admin cannot be removed: nobody could sign in.',
  sessionNotFound: 'That session does not exist or has already ended.',
  wrongCurrentPassword: 'The current password is not right.',
  tooManyPasswordAttempts: 'Too many wrong passwords. Please wait and try again.',
  notFound: 'Not found.',
  metricsToken: 'The metrics need the token of METRICS_TOKEN: Authorization: Bearer <token>.',
  methodNotAllowed: 'That method is not allowed here.',
  invalidJson: 'The request body is not valid JSON.',
  bodyNotObject: 'The request body must be a JSON object.',
  bodyTooLarge: 'The request body is too large (at most 16 KB).',
  jsonOnly: 'Send the request body as JSON (Content-Type: application/json).',
  unavailable: 'The service is briefly unavailable. Please try again in a moment.',
  downloadBusy:
    'Many readers are downloading their copies at this very moment. Please try again in a minute: this try did not use up your link.',
  internal: 'Something went wrong on our side. Please try again later.',
  downloadCopyFailed:
    'We could not prepare your copy just now; nothing was counted. Please try again in a few minutes.',
} as const;

export const FIELD_MESSAGES = {
  required: (label: string): string => `${label} is required.`,
  tooLong: (label: string, max: number): string => `${label} must be at most ${max} characters.`,
  tooShort: (label: string, min: number): string => `${label} must be at least ${min} characters.`,
  malformedText: (label: string): string => `${label} contains characters that are not allowed.`,
  hiddenCharacters: (label: string): string => `${label} contains invisible or direction-changing characters.`,
  invalidEmail: 'Please enter a valid email address.',
  consentRequired: 'Tick the box to ask for the news.',
  mustBeBoolean: (label: string): string => `${label} must be true or false.`,
  invalidDecision: 'Decision must be approved or rejected.',
  mustBeText: (label: string): string => `${label} must be text.`,
  mustBeWholeNumber: (label: string): string => `${label} must be a whole number.`,
  mustBeWholeNumberIn: (label: string, min: number, max: number): string =>
    `${label} must be a whole number from ${min} to ${max}.`,
  mustBeOneOf: (label: string, values: readonly string[]): string => `${label} must be one of: ${values.join(', ')}.`,
  mustBeTextList: (label: string): string => `${label} must be a list of texts.`,
  mustBeWebLink: (label: string): string => `${label} must be a web address starting with https:// or http://.`,
  linkWithCredentials: (label: string): string => `${label} must not hold a user name or password (the part before @).`,
  countBetween: (label: string, min: number, max: number): string =>
    min === max ? `${label} must be exactly ${min}.` : `${label} must be ${min} to ${max}.`,
  noMarkup: (label: string): string => `${label} must be plain text: HTML tags such as <b> or <script> are not used.`,
  listedTwice: (label: string, value: string): string => `${label} "${value}" is listed twice.`,
  mustBeGroup: (label: string): string => `${label} must be a group of fields (a JSON object).`,
  mustBeGroupList: (label: string): string => `${label} must be a list of groups of fields (JSON objects).`,
  // A field's name is whatever was sent: a name of megabytes is shown by its first 100 characters.
  unknownField: (field: string): string => {
    const characters = [...field];
    return `Unknown field "${characters.length > 100 ? `${characters.slice(0, 100).join('')}…` : field}".`;
  },
  idsList: 'The ids must be a list of the ids of the items to decide.',
  wrongCrackmeKey: 'That is not the key the crackme accepts.',
} as const;

/** What a solver of the crackme reads when their claim is kept (POST /api/crackme-claim's `message`). */
export const CRACKME_MESSAGES = {
  winner: (position: number): string =>
    `You cracked it, and you are number ${position}: a signed hardcover is yours. The author will write to you for a postal address.`,
  tooLate: (position: number): string =>
    `You cracked it (number ${position}). The prizes have all been won, but the author has your name on the wall of fame.`,
} as const;

/** The dashboard's setup checklist: what a new owner still has to do, in the order shown. */
export const SETUP_STEP_KEYS = [
  'placeholder-links',
  'public-base-url',
  'smtp-url',
  'owner-email',
  'sample-book',
  'two-factor',
] as const;
export type SetupStepKey = (typeof SETUP_STEP_KEYS)[number];

/** Each step's words and where it is done (an admin screen, or a server setting). */
export const SETUP_STEPS: Readonly<
  Record<SetupStepKey, { readonly text: string; readonly where: string; readonly href: string | null }>
> = {
  'placeholder-links': {
    text: 'Replace the placeholder links (store, social, publisher) with your own.',
    where: 'Site content, then Publish',
    href: '/admin/site',
  },
  'public-base-url': {
    text: "Set the site's public address, so links in emails and previews point to it.",
    where: 'Server setting PUBLIC_BASE_URL',
    href: null,
  },
  'smtp-url': {
    text: 'Connect a mail server: until then, emails are written to the outbox folder and nobody receives them.',
    where: 'Server setting SMTP_URL',
    href: null,
  },
  'owner-email': {
    text: 'Give your email address, for new-request notices and the privacy page.',
    where: 'Server setting OWNER_EMAIL',
    href: null,
  },
  'sample-book': {
    text: 'Upload your book PDF: readers are sent the sample today.',
    where: 'Book and images',
    href: '/admin/media',
  },
  'two-factor': {
    text: 'Turn on two-factor sign-in for your account.',
    where: 'Security',
    href: '/admin/security',
  },
};

/**
 * The box a reader ticks to join the list, by version. A version's text is never edited: a new
 * wording is a new version, and each reader keeps the text they ticked (docs/readers.md).
 */
export const READER_CONSENT_TEXTS: Readonly<Record<number, string>> = {
  1: 'Email me when there is news about the book',
};
export const READER_CONSENT_VERSION = 1;

/** The other texts of the reader list: the forms' boxes, the sign-up form and the two pages. */
export const READER_TEXTS = {
  reviewReminderBox: 'Remind me once to leave a review',
  signUpTitle: 'News about the book',
  signUpIntro: 'Leave your email address and I will write when there is news: a new edition, the paperback, a reading.',
  signUpButton: 'Sign up',
  signedUp: {
    title: 'Almost there!',
    description: 'Check your email and press the button in it to confirm. Nothing is sent until you do.',
  },
  signUpFailed: { title: 'Sign-up failed', fallback: 'Please try again later.' },
  notACondition: 'Not needed for the free copy: tick it only if you want the news.',
  confirmTitle: 'Confirm your sign-up',
  confirmIntro:
    'Press the button to confirm that you want emails about the book. Opening this page alone changes nothing.',
  confirmButton: 'Yes, email me the news',
  confirmed: 'You are on the list. Thank you! Every email has a link to leave at once.',
  unsubscribeTitle: 'Leave the list',
  unsubscribeIntro: 'Press the button and no more emails about the book will come to you.',
  unsubscribeButton: 'Unsubscribe',
  unsubscribed: 'You have left the list: no more emails about the book will come to you.',
  linkNotFound: 'This link is not one of ours, or it was mistyped. Copy the whole link from the email.',
  linkExpired: 'This confirmation link has expired. Sign up again on the page and a new one will come.',
  linkUsed: 'This confirmation link was already used.',
} as const;

/**
 * The review reminder's answer page (`/review-reminder?token=…&answer=reviewed|declined`): one
 * button per answer. Neither answer is asked for; both end the matter.
 */
export const REVIEW_REMINDER_TEXTS = {
  title: 'About a review',
  reviewedIntro: 'Press the button to tell the author you left a review. Opening this page alone changes nothing.',
  reviewedButton: 'I left a review',
  declinedIntro: 'Press the button to say no thanks. Opening this page alone changes nothing.',
  declinedButton: 'No thanks',
  reviewed: 'Thank you for saying so. No more emails about reviews will come.',
  declined: 'Noted, and thank you for reading. No more emails about reviews will come.',
  linkNotFound: 'This link is not one of ours, or it was mistyped. Copy the whole link from the email.',
} as const;

/** What the owner reads when an upload is refused (POST /api/admin/media/{kind}). */
export const MEDIA_MESSAGES = {
  unknownKind: 'Uploads are the book, the cover or the author photo: nothing else.',
  empty: 'The file is empty. Choose the file again.',
  altRequired: 'Describe the image in a few words (its alt text): screen readers say it for people who cannot see it.',
  altTooLong: (max: number): string => `The alt text is too long: at most ${max} characters.`,
  bookTooLarge: (maxMb: number): string =>
    `The book is too large: at most ${maxMb} MB. Export it again with smaller images, or ask the site's operator to raise BOOK_MAX_BYTES.`,
  imageTooLarge: (maxMb: number): string =>
    `The image is too large: at most ${maxMb} MB. Save it smaller and upload it again.`,
  tooManyPixels: (maxMegapixels: number): string =>
    `The image has too many pixels: at most ${maxMegapixels} megapixels. Resize it and upload it again.`,
  bookType: 'The book must be a PDF file. This file is not one, whatever its name says.',
  imageType: 'The image must be a JPEG, PNG or WebP file (not SVG). This file is none of them, whatever its name says.',
  bookUnreadable: (why: string): string =>
    `This PDF cannot be used for readers' copies: ${why}. Export it again from your editor (as a plain, unencrypted PDF) and upload it again. The current book stays in place.`,
  imageUnreadable: 'This image cannot be read: it may be cut short or damaged. Save it again and upload it again.',
  noFile: 'Send the file as the request body, or as the form field "file".',
} as const;
