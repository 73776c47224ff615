import { error, orFail } from './calls';
import type { Capability } from './route-spec';

/* Mail health: the sending domain's DNS and the SMTP server as receivers see them, and a test email. */

export const mailHealthRoutes: Capability<'mailHealth' | 'sendTestEmail'> = ({ useCases }) => ({
  mailHealth: {
    summary: 'SPF, the DKIM key, DMARC and its alignment with From, MX and STARTTLS, each with what to fix',
    description:
      'Asks DNS (through DNS_SERVER when set) and the SMTP server now: a few seconds at most. A lookup that fails is a check that is not ok, with the reason.',
    answered: 'Every check, in the same order',
    handle: async () => ({ checks: (await useCases.mailHealth.checks()).map((check) => ({ ...check })) }),
  },
  sendTestEmail: {
    summary: 'Send a test email now, through the mail server the site uses (not queued)',
    answered: 'Whether it was sent, and where to look or why not',
    errors: { '400': error('Not an email address') },
    handle: async ({ body }) => ({ success: true, ...orFail(await useCases.mailHealth.sendTest(body.to)) }),
  },
});
