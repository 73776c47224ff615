import { MAIL_HEALTH_CHECK_NAMES, type MailHealthCheckName } from '@memoir/shared';

import { ok, type Result } from '../shared/result';
import { addressInput } from '../shared/text-fields';
import { DeliveryErrorCode, type DeliveryError } from './deliveries.errors';
import { testEmail, type EmailSettings } from './emails';
import type { Mailer } from './mailer';

/** One thing that decides whether mail reaches the inbox: what was found and, when not ok, what to fix. */
export interface MailHealthCheck {
  readonly name: MailHealthCheckName;
  readonly ok: boolean;
  /** Plain words for the owner, not a developer. */
  readonly detail: string;
}

/**
 * Port: looks at the sending domain from outside, as a receiver would (SPF, the DKIM key,
 * DMARC and its alignment with From, MX) and at the SMTP server (STARTTLS). The server's
 * adapter asks DNS through the resolver DNS_SERVER names.
 */
export interface MailHealthProbe {
  /** Every check of MAIL_HEALTH_CHECK_NAMES, in that order; a lookup that fails is a check not ok. */
  check(): Promise<readonly MailHealthCheck[]>;
}

/** Without a probe (the domain's tests), every check says it was not made. */
export const NO_MAIL_HEALTH_PROBE: MailHealthProbe = {
  check: () =>
    Promise.resolve(
      MAIL_HEALTH_CHECK_NAMES.map((name) => ({ name, ok: false, detail: 'Not checked: this server has no probe.' })),
    ),
};

/** What "Send a test email" tells the owner. */
export interface TestEmailOutcome {
  readonly sent: boolean;
  readonly detail: string;
}

/** The Mail health screen: the checks, and a test email sent now (not queued) so that a failure shows at once. */
export class MailHealthUseCase {
  constructor(
    private readonly probe: MailHealthProbe,
    private readonly mailer: Mailer,
    private readonly settings: EmailSettings,
  ) {}

  checks(): Promise<readonly MailHealthCheck[]> {
    return this.probe.check();
  }

  /** Sends at once; a refusal (an SMTP reply, a refused connection) is an outcome to show, not an error. */
  async sendTest(rawTo: unknown): Promise<Result<TestEmailOutcome, DeliveryError>> {
    const address = addressInput(rawTo, 'to', DeliveryErrorCode.InvalidTestAddress);
    if (!address.ok) return address;
    const to = address.value;
    try {
      await this.mailer.send(testEmail(this.settings, to));
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return ok({ sent: false, detail: `Not sent: ${why}` });
    }
    return ok({
      sent: true,
      detail: `Sent to ${to}. It should arrive within a few minutes; if it is not in the inbox, look in the spam folder, and see the checks above for what to fix.`,
    });
  }
}
