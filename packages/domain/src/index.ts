// Kernel
export * from './shared/clock';
export * from './shared/domain-error';
export * from './domain-error-codes';
export * from './shared/id-generator';
export * from './persistence';
export * from './shared/request-context';
export * from './shared/result';
export * from './shared/transactions';
export * from './shared/secret-tokens';
export { FieldErrors } from './shared/text-fields';
export * from './shared/list-page';
export * from './shared/list.errors';
export * from './shared/recent-counts';
export { hasHiddenCharacters } from './shared/hidden-characters';

// Riddles
export * from './riddles/riddle-answers';

// The outbox: emails owed, queued with what they are about
export * from './outbox/delivery';
export * from './outbox/delivery.repository';
export * from './outbox/delivery-event';

// The review queue: what guestbook moderation and scholarship decisions share
export * from './review-queue/review-queue.repository';
export * from './review-queue/review-list';
export * from './review-queue/bulk-decisions';
export * from './review-queue/decisions';
export * from './review-queue/submissions';

// Rate limiting
export * from './rate-limiting/rate-limit-store';
export * from './rate-limiting/rate-limiter';

// Guestbook
export * from './guestbook/cached-public-guestbook-list';
export * from './guestbook/guestbook-entry';
export * from './guestbook/guestbook-entry.repository';
export * from './guestbook/guestbook.errors';
export * from './guestbook/list-guestbook-entries.use-case';
export * from './guestbook/list-public-guestbook-entries.use-case';
export * from './guestbook/moderate-guestbook-entry.use-case';
export * from './guestbook/sign-guestbook.use-case';

// Review reminders
export * from './scholarships/review-reminder';
export * from './deliveries/queue-review-reminders.use-case';
export * from './deliveries/answer-review-reminder.use-case';
export { REVIEW_REMINDER_PATH } from './deliveries/review-reminder-sending';
export { reviewReminderEmail, type ReviewAnswerLinks } from './deliveries/review-reminder-email';

// Scholarships
export * from './scholarships/decide-scholarship-request.use-case';
export * from './scholarships/list-scholarship-requests.use-case';
export * from './scholarships/scholarship-request';
export * from './scholarships/scholarship-request.repository';
export * from './scholarships/scholarships.errors';
export * from './scholarships/submit-scholarship-request.use-case';

// Admin sessions
export * from './admin-sessions/admin-session';
export * from './admin-sessions/admin-session.repository';
export * from './admin-sessions/admin-sessions.errors';
export * from './admin-sessions/admin-user';
export * from './admin-sessions/admin-user.repository';
export * from './admin-sessions/authenticate.use-case';
export * from './admin-sessions/create-admin.use-case';
export * from './admin-sessions/ensure-initial-admin.use-case';
export * from './admin-sessions/log-in.use-case';
export * from './admin-sessions/log-out.use-case';
export * from './admin-sessions/password-hasher';
export * from './admin-sessions/reset-admin-password.use-case';
export * from './admin-sessions/two-factor.repository';
export * from './admin-sessions/two-factor-secrets';
export * from './admin-sessions/admin-security.use-cases';
export * from './admin-sessions/two-factor.use-cases';
export * from './admin-sessions/manage-admins.use-case';

// Audit log
export * from './audit-log/audit-chain';
export * from './audit-log/audit-event';
export * from './audit-log/audit-event.repository';
export * from './audit-log/list-audit-events.use-case';
export * from './audit-log/verify-audit-chain.use-case';

// Deliveries
export * from './deliveries/book-stamper';
export * from './deliveries/deliveries.errors';
export * from './deliveries/download-book.use-case';
export * from './deliveries/delivery-timeline.use-case';
export * from './deliveries/emails';
export * from './deliveries/reader-emails';
export * from './deliveries/mailer';
export * from './deliveries/mail-health';
export * from './deliveries/owner-notifications';
export * from './deliveries/resend-delivery.use-case';
export * from './deliveries/request-status.use-case';
export * from './deliveries/send-due-deliveries.use-case';
export * from './deliveries/stamped-copies';
export * from './deliveries/revoke-download-link.use-case';
export * from './deliveries/sweep-stamped-copies.use-case';

// Suppressions: addresses that bounced or complained
export * from './suppressions/suppression';
export * from './suppressions/suppression.repository';
export * from './suppressions/suppressions.errors';
export * from './suppressions/suppressions.use-cases';
export * from './suppressions/record-mail-event.use-case';

// Readers: the opt-in list and its consent record
export * from './readers/reader';
export * from './readers/reader-token';
export * from './readers/reader.repository';
export * from './readers/readers.errors';
export * from './readers/sign-up-reader.use-case';
export * from './readers/reader-links.use-cases';
export * from './readers/list-mail';
export * from './readers/list-readers.use-case';
export * from './readers/announcement';
export * from './readers/announcements.use-cases';
export * from './readers/reader-webhook';
export * from './readers/send-reader-webhooks.use-case';
export * from './deliveries/announcement-emails';

// Retention of personal data
export * from './retention/retention';
export * from './retention/apply-retention.use-case';
export * from './personal-data/personal-data.errors';
export * from './personal-data/erase-person.use-case';
export * from './personal-data/export-person.use-case';

// Counted events (analytics)
export * from './analytics/analytics.errors';
export * from './analytics/event-counts';
export * from './analytics/record-event.use-case';
export * from './analytics/follow-store-link.use-case';
export * from './analytics/get-analytics.use-case';

// The crackme prize
export * from './crackme/crackme-claim';
export * from './crackme/crackme-claim.repository';
export * from './crackme/crackme-claims.use-cases';
export * from './crackme/crackme-key';
export * from './crackme/crackme.errors';

// The site's content: draft, versions, previews
export * from './site-content/site-content';
export * from './site-content/site-content.repository';
export * from './site-content/site-content.errors';
export * from './site-content/site-content-rules';
export * from './site-content/site-content.use-cases';

// Media: the book, the cover and the author photo the owner uploads
export * from './media/book-inspector';
export * from './media/file-type';
export * from './media/image-processor';
export * from './media/list-media.use-case';
export * from './media/media';
export * from './media/media.errors';
export * from './media/media.repository';
export * from './media/media-store';
export * from './media/no-adapters';
export * from './media/staged-file';
export * from './media/upload-media.use-case';

// Dashboard
export * from './dashboard/get-dashboard.use-case';
export * from './dashboard/setup-checklist.use-case';

// Composition: every use case from the ports
export * from './create-use-cases';
