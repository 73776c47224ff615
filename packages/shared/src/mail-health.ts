/** The mail-health checks, by name, in the order the screen lists them (docs/operations.md, "Mail health"). */
export const MAIL_HEALTH_CHECK_NAMES = ['spf', 'dkim', 'dmarc', 'alignment', 'mx', 'starttls'] as const;
export type MailHealthCheckName = (typeof MAIL_HEALTH_CHECK_NAMES)[number];
