#!/usr/bin/env node
// Removes one domain rule at a time (an exact text replacement in the source), runs the domain
// tests, and reports whether they caught it. Every mutation must be caught: a rule whose
// removal no test notices is a rule without a test. A mutation whose text is no longer found
// is reported as stale, so this list cannot silently rot.
//   node tools/check-rule-mutations.mjs [part of a rule's name: only the rules that match]
// Longer than 400 lines: the list of every rule's mutation is one table, read top to bottom.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const src = (file) => join(root, 'packages/domain/src', file);

const MUTATIONS = [
  [
    'name max 50',
    'guestbook/sign-guestbook.use-case.ts',
    'maxLength: GUESTBOOK_LIMITS.nameMaxLength }',
    'maxLength: 51 }',
  ],
  [
    'location max 50',
    'guestbook/sign-guestbook.use-case.ts',
    'maxLength: GUESTBOOK_LIMITS.locationMaxLength',
    'maxLength: 51',
  ],
  [
    'message max 500',
    'guestbook/sign-guestbook.use-case.ts',
    'maxLength: GUESTBOOK_LIMITS.messageMaxLength',
    'maxLength: 501',
  ],
  ['trim before checking', 'shared/text-fields.ts', "return text.normalize('NFC').trim();", 'return text;'],
  ['compose text (NFC)', 'shared/text-fields.ts', "text.normalize('NFC').trim()", 'text.trim()'],
  [
    'line separators become newlines in multi-line fields',
    'shared/text-fields.ts',
    "rule.multiline ? raw.replace(UNICODE_LINE_BREAKS, '\\n') : raw",
    'raw',
  ],
  [
    'line separators refused in one-line fields',
    'shared/text-fields.ts',
    'const NEWLINES = /[\\r\\n\\u2028\\u2029]/;',
    'const NEWLINES = /[\\r\\n]/;',
  ],
  ['refuse hidden characters', 'shared/text-fields.ts', 'if (hasHiddenCharacters(text)) {', 'if (false) {'],
  [
    'joiners only where writing needs them',
    'shared/hidden-characters.ts',
    'if (char === ZWNJ || char === ZWJ) {\n    return (',
    'if (char === ZWNJ || char === ZWJ) {\n    return true || (',
  ],
  [
    'a joiner next to a virama only',
    'shared/hidden-characters.ts',
    '(isVirama(after) && LETTER_OR_MARK.test(before))',
    'isVirama(after)',
  ],
  [
    'one variation selector, after a visible character',
    'shared/hidden-characters.ts',
    'return VISIBLE.test(before) && !VARIATION_SELECTOR.test(before);',
    'return true;',
  ],
  [
    'tag characters only in a subdivision flag',
    'shared/hidden-characters.ts',
    "text.replace(SUBDIVISION_FLAG, '\\u{1F3F4}')",
    "text.replace(/[\\u{E0020}-\\u{E007F}]/gu, '')",
  ],
  ['signs over digits only before a digit', 'shared/hidden-characters.ts', 'return DIGIT.test(after);', 'return true;'],
  [
    'every other hidden character refused',
    'shared/hidden-characters.ts',
    '  return false;\n}\n',
    '  return true;\n}\n',
  ],
  [
    'a virama is a mark of class 9',
    'shared/hidden-characters.ts',
    '`a${CLASS_8}${char}` &&\n',
    '`a${CLASS_8}${char}` ||\n',
  ],
  [
    'usernames composed at sign-in',
    'admin-sessions/admin-user.ts',
    "username.normalize('NFC').trim()",
    'username.trim()',
  ],
  [
    'blank location stored as null',
    'shared/text-fields.ts',
    "  if (text === '') return null;\n  return checkText",
    "  if (text === '') return '';\n  return checkText",
  ],
  [
    'refuse control characters',
    'shared/text-fields.ts',
    'LONE_SURROGATE.test(text) || CONTROL_CHARACTERS.test(text)',
    'false',
  ],
  ['riddle case-insensitive', 'riddles/riddle-answers.ts', 'answer.trim().toLowerCase()', 'answer.trim()'],
  [
    'riddle checked at all',
    'review-queue/submissions.ts',
    'if (!isCorrectRiddleAnswer(riddles, riddle, riddleAnswer))',
    'if (false)',
  ],
  ['new entries are pending', 'guestbook/sign-guestbook.use-case.ts', 'isApproved: false,', 'isApproved: true,'],
  [
    'public list clamps to 5',
    'guestbook/list-public-guestbook-entries.use-case.ts',
    'Math.min(PUBLIC_GUESTBOOK_LIMIT, ',
    'Math.min(100, ',
  ],
  [
    'public list hides review fields',
    'guestbook/list-public-guestbook-entries.use-case.ts',
    'entries.map(toPublicGuestbookEntry)',
    'entries',
  ],
  [
    'moderation sets reviewedAt',
    'guestbook/moderate-guestbook-entry.use-case.ts',
    'reviewedAt: this.deps.clock.now(),',
    'reviewedAt: before.reviewedAt ?? this.deps.clock.now(),',
  ],
  ['moderation is audited', 'guestbook/moderate-guestbook-entry.use-case.ts', 'await auditEvents.append(', 'void ('],
  ['scholarship email checked', 'shared/text-fields.ts', 'if (!EMAIL_PATTERN.test(text)) {', 'if (false) {'],
  [
    'email ends stripped of ASCII whitespace only',
    'shared/text-fields.ts',
    "raw.replace(ASCII_WHITESPACE_AT_ENDS, '')",
    'raw.trim()',
  ],
  [
    'scholarship message blank -> null',
    'scholarships/submit-scholarship-request.use-case.ts',
    '    const message = optionalText(',
    '    const message = input.message ?? optionalText(',
  ],
  [
    'decision only from pending',
    'scholarships/decide-scholarship-request.use-case.ts',
    'existing === null\n            ? notFound()',
    'existing !== null\n            ? notFound()',
  ],
  [
    'approval queues the PDF delivery',
    'scholarships/decide-scholarship-request.use-case.ts',
    "if (status === 'approved' || (this.deps.notifyRejections ?? false)) {",
    'if (false) {',
  ],
  [
    'rejection emails only when turned on',
    'scholarships/decide-scholarship-request.use-case.ts',
    '(this.deps.notifyRejections ?? false)',
    'true',
  ],
  [
    'rejection emails can be turned on',
    'scholarships/decide-scholarship-request.use-case.ts',
    '(this.deps.notifyRejections ?? false)',
    'false',
  ],
  ['a requester email names no link-like name', 'deliveries/emails.ts', '&& !DOTTED_HOST.test(name)', ''],
  ['a requester email names only name characters', 'deliveries/emails.ts', '&& NAME_CHARACTERS.test(name)', ''],
  [
    'a requester email names at most 50 characters',
    'deliveries/emails.ts',
    'name.length <= NAME_IN_EMAIL_MAX_LENGTH &&',
    '',
  ],
  [
    'decision values limited',
    'scholarships/decide-scholarship-request.use-case.ts',
    'if (!DECISIONS.includes(input.status))',
    'if (false)',
  ],
  [
    'login checks the password',
    'admin-sessions/log-in.use-case.ts',
    'if (user === null || !matches) {',
    'if (user === null) {',
  ],
  [
    'unknown user costs a hash',
    'admin-sessions/log-in.use-case.ts',
    'await this.deps.passwordHasher.verify(password, await this.hashToCompareAgainst()).then(() => false)',
    'false',
  ],
  [
    'sign-in limit per username and address',
    'admin-sessions/log-in.use-case.ts',
    'if (!pair.verdict.allowed) return refuse(pair.verdict);',
    '',
  ],
  [
    'sign-in limit per address',
    'admin-sessions/log-in.use-case.ts',
    'if (!fromAddress.verdict.allowed) return refuse(fromAddress.verdict);',
    '',
  ],
  [
    'account ceiling refuses addresses that failed',
    'admin-sessions/log-in.use-case.ts',
    'if (!account.allowed) return refuse(account);',
    '',
  ],
  [
    'account ceiling spares addresses that did not fail',
    'admin-sessions/log-in.use-case.ts',
    'if (pair.count > 1) {',
    'if (true) {',
  ],
  [
    'a refused attempt gives its reservation back',
    'admin-sessions/log-in.use-case.ts',
    'await Promise.all(reserved.map((key) => rateLimiter.giveBack(key)));',
    '',
  ],
  [
    'success resets the username-and-address count',
    'admin-sessions/log-in.use-case.ts',
    'await rateLimiter.reset(keys.pair);',
    '',
  ],
  [
    'success gives the address its attempt back',
    'admin-sessions/log-in.use-case.ts',
    'if (keys.address !== null) await rateLimiter.giveBack(keys.address);',
    '',
  ],
  [
    'the owner is alerted at the account ceiling',
    'admin-sessions/log-in.use-case.ts',
    'account.count === accountPolicy.max',
    'false',
  ],
  [
    'refusals are counted into one event per window',
    'admin-sessions/log-in.use-case.ts',
    '`login-refusals:${who}:${window}`',
    '`login-refusals:${who}:${window}:${this.deps.ids.next()}`',
  ],
  [
    'user agents kept to 200 characters',
    'audit-log/audit-event.ts',
    'keptUserAgent(context.userAgent)',
    'context.userAgent',
  ],
  [
    'only the token hash is stored',
    'admin-sessions/log-in.use-case.ts',
    'tokenHash: deps.tokens.hashOf(sessionToken),',
    'tokenHash: sessionToken,',
  ],
  [
    'blank token never looked up',
    'admin-sessions/authenticate.use-case.ts',
    "if (typeof token !== 'string' || token.trim() === '') return err(notAuthenticated());",
    "if (typeof token !== 'string') return err(notAuthenticated());",
  ],
  ['idle expiry', 'admin-sessions/admin-session.ts', 'now.getTime() < idleDeadline && ', ''],
  ['absolute expiry', 'admin-sessions/admin-session.ts', ' && now.getTime() < session.expiresAt.getTime()', ''],
  [
    'touch at most once per interval',
    'admin-sessions/authenticate.use-case.ts',
    '>= this.deps.sessionPolicy.touchIntervalMs',
    '>= 0',
  ],
  ['logout revokes', 'admin-sessions/log-out.use-case.ts', 'await adminSessions.revoke(session.id);', ''],
  [
    'password reset revokes sessions',
    'admin-sessions/reset-admin-password.use-case.ts',
    'await adminSessions.revokeAllForUser(user.id)',
    '0',
  ],
  [
    'password minimum length',
    'admin-sessions/admin-credentials.ts',
    'if (value.length < ADMIN_PASSWORD_MIN_LENGTH) {',
    'if (false) {',
  ],
  [
    'first admin only when none',
    'admin-sessions/ensure-initial-admin.use-case.ts',
    'if ((await this.deps.adminUsers.count()) > 0) return ok({ created: false });',
    '',
  ],
  [
    'dashboard 7-day window',
    'dashboard/get-dashboard.use-case.ts',
    'new Date(now - WINDOW_MS)',
    'new Date(now - 2 * WINDOW_MS)',
  ],
  [
    'failed sends back off, doubling',
    'deliveries/send-due-deliveries.use-case.ts',
    'policy.retryBaseMs * 2 ** (attempts - 1)',
    'policy.retryBaseMs',
  ],
  ['attempts are capped', 'deliveries/send-due-deliveries.use-case.ts', 'attempts >= policy.maxAttempts', 'false'],
  [
    'only the link token hash is stored',
    'deliveries/send-due-deliveries.use-case.ts',
    'this.deps.tokens.hashOf(token), expiresAt',
    'token, expiresAt',
  ],
  [
    'download links expire',
    'deliveries/download-book.use-case.ts',
    'delivery.linkExpiresAt.getTime() <= this.deps.clock.now().getTime()',
    'false',
  ],
  [
    'downloads are capped',
    'deliveries/download-book.use-case.ts',
    'countDownloadIfBelow(delivery.id, this.deps.maxDownloads, this.deps.clock.now())',
    'countDownloadIfBelow(delivery.id, Number.MAX_SAFE_INTEGER, this.deps.clock.now())',
  ],
  [
    'resend only an approved request',
    'deliveries/resend-delivery.use-case.ts',
    "if (request.status !== 'approved') {",
    'if (false) {',
  ],
  [
    'one queued resend at a time',
    'deliveries/resend-delivery.use-case.ts',
    "delivery.kind === 'approval' && delivery.status === 'queued'",
    'false',
  ],
  [
    'the owner hears of each new entry',
    'review-queue/submissions.ts',
    "if (deps.ownerNotifications === 'each') {",
    'if (false) {',
  ],
  ['no digest for a quiet day', 'deliveries/owner-notifications.ts', 'requests.length + entries.length > 0', 'true'],
  [
    'overdue means older than 24 hours',
    'dashboard/get-dashboard.use-case.ts',
    'new Date(now - SCHOLARSHIP_PROMISE_MS)',
    'new Date(now)',
  ],
  [
    'a bulk decision takes 1 to 100 items',
    'review-queue/bulk-decisions.ts',
    'if (unique.length === 0 || unique.length > BULK_DECISION_MAX_ITEMS) {',
    'if (false) {',
  ],
  [
    'a bulk decision takes each id once',
    'review-queue/bulk-decisions.ts',
    'const unique = [...new Set(ids)];',
    'const unique = [...ids];',
  ],
  [
    'an invalid bulk decision is refused whole',
    'review-queue/bulk-decisions.ts',
    'if (outcome.error.code === invalidCode) return err(outcome.error);',
    '',
  ],
  [
    'a page says whether another follows',
    'shared/list-page.ts',
    'found.length > limit && last !== undefined',
    'last !== undefined',
  ],
  ['a write forgets the counts', 'shared/recent-counts.ts', 'counts.invalidate();', ''],
  [
    'a report goes on the timeline never before the send',
    'suppressions/record-mail-event.use-case.ts',
    'at: new Date(Math.max(event.sentAt.getTime(), newest.sentAt?.getTime() ?? 0)),',
    'at: event.sentAt,',
  ],
  [
    'a bounce goes on the newest email sent',
    'suppressions/record-mail-event.use-case.ts',
    'REQUESTER_KINDS.includes(delivery.kind) && delivery.sentAt !== null',
    'REQUESTER_KINDS.includes(delivery.kind)',
  ],
  [
    'each failed attempt is on the timeline',
    'deliveries/send-due-deliveries.use-case.ts',
    "kind: 'attempt_failed',",
    "kind: 'opened',",
  ],
  [
    "the reader's page opened is on the timeline",
    'deliveries/download-book.use-case.ts',
    "await this.record(delivery.id, 'opened');",
    '',
  ],
  [
    'a download is on the timeline',
    'deliveries/download-book.use-case.ts',
    "await this.record(delivery.id, 'downloaded');",
    '',
  ],
  [
    'a delivery keeps a bounded timeline',
    'deliveries/download-book.use-case.ts',
    'addEvent(event, DELIVERY_EVENTS_KEPT)',
    'addEvent(event, Number.MAX_SAFE_INTEGER)',
  ],
  [
    'a mail not sent says why',
    'deliveries/delivery-timeline.use-case.ts',
    "if (delivery.status !== 'failed') return null;",
    '',
  ],
  [
    "the owner's own mail is not on a requester's timeline",
    'deliveries/delivery-timeline.use-case.ts',
    'REQUESTER_KINDS.includes(delivery.kind),\n    );',
    'true,\n    );',
  ],
  [
    'reader: the box must be ticked',
    'readers/sign-up-reader.use-case.ts',
    'if (input.consent !== true) errors.add(',
    'if (false) errors.add(',
  ],
  [
    'reader: a confirmed address gets nothing new',
    'readers/sign-up-reader.use-case.ts',
    "if (reader.status === 'confirmed') return 'already-confirmed';",
    '',
  ],
  [
    'reader: resends at least an hour apart',
    'readers/sign-up-reader.use-case.ts',
    'const notAfter = new Date(now.getTime() - READER_LIMITS.resendGapMs);',
    'const notAfter = now;',
  ],
  [
    'reader: at most 3 resends',
    'readers/reader.ts',
    'MAX_CONFIRMATIONS = 1 + READER_LIMITS.confirmationResends',
    'MAX_CONFIRMATIONS = 2 + READER_LIMITS.confirmationResends',
  ],
  [
    'reader: an unsubscribed address signs up afresh',
    'readers/sign-up-reader.use-case.ts',
    "if (reader.status === 'unsubscribed' && (await readers.signUpAgain(reader.id, record))) outcome = 'again';",
    "if (reader.status === 'unsubscribed') outcome = 'again';",
  ],
  [
    'reader: confirmation links expire',
    'readers/reader-links.use-cases.ts',
    'if (link.usedAt === null && expired(link, now)) return err(expiredError());',
    '',
  ],
  [
    'reader: a link of the other kind is not found',
    'readers/reader-links.use-cases.ts',
    'link.purpose !== purpose || ',
    '',
  ],
  [
    'reader: list mail only to unsuppressed addresses',
    'readers/list-mail.ts',
    "reader.status === 'confirmed' && (await suppressions.find(reader.emailKey)) === null",
    "reader.status === 'confirmed'",
  ],
  [
    'reader: a complaint records leaving',
    'readers/list-mail.ts',
    "if (outcome !== 'recorded' || event.kind !== 'complaint') return outcome;",
    'return outcome;',
  ],
  [
    'reader: no confirmation to an address suppressed since',
    'deliveries/reader-confirmation.ts',
    'if (suppression !== null && suppression.at.getTime() >= reader.signedUpAt.getTime()) {',
    'if (false) {',
  ],
  [
    'reader: unconfirmed sign-ups go after 30 days',
    'retention/retention.ts',
    'unconfirmedReadersBefore: daysBefore(READER_LIMITS.unconfirmedDays),',
    'unconfirmedReadersBefore: daysBefore(READER_LIMITS.unconfirmedDays + 2),',
  ],
  [
    'reader: an erasure removes the reader',
    'personal-data/erase-person.use-case.ts',
    'readers: (await readers.deleteByEmail(address)) ? 1 : 0,',
    'readers: 0,',
  ],
];

let caught = 0;
const missed = [];
const stale = [];
const only = process.argv[2];
const chosen = only ? MUTATIONS.filter(([rule]) => rule.includes(only)) : MUTATIONS;
for (const [rule, file, from, to] of chosen) {
  const path = src(file);
  const original = readFileSync(path, 'utf8');
  if (!original.includes(from)) {
    stale.push(rule);
    console.log(`STALE   ${rule}: text not found in ${file}`);
    continue;
  }
  writeFileSync(path, original.replace(from, to));
  let failed = false;
  try {
    execFileSync(join(root, 'node_modules/.bin/jest'), ['packages/domain/src', '--silent'], {
      cwd: root,
      stdio: 'pipe',
    });
  } catch {
    failed = true;
  } finally {
    writeFileSync(path, original);
  }
  if (failed) caught += 1;
  else missed.push(rule);
  console.log(`${failed ? 'caught ' : 'MISSED '} ${rule}`);
}
console.log(`\n${caught} of ${chosen.length} rule removals caught; ${missed.length} missed; ${stale.length} stale`);
process.exit(missed.length + stale.length === 0 ? 0 : 1);
