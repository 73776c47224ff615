import { SCHOLARSHIP_LIMITS } from '../limits';
import { MAIL_HEALTH_CHECK_NAMES, type MailHealthCheckName } from '../mail-health';
import { Field } from './fields';

/* Mail health: whether the sending domain's DNS and the SMTP server let mail reach the inbox. */

export class MailHealthCheck {
  @Field.oneOf('name', MAIL_HEALTH_CHECK_NAMES) name!: MailHealthCheckName;
  @Field.boolean('ok') ok!: boolean;
  @Field.text('detail', { description: 'What was found, in plain words, and when not ok, what to fix' })
  detail!: string;
}

export class MailHealthResponse {
  @Field.list(() => MailHealthCheck, { description: 'Every check, each in the same order' })
  checks!: readonly MailHealthCheck[];
}

/** Where the test email goes. */
export class TestEmailBody {
  @Field.text('Email', { format: 'email', maxLength: SCHOLARSHIP_LIMITS.emailMaxLength }) to!: string;
}

export class TestEmailResponse {
  @Field.constant(true) success!: true;
  @Field.boolean('sent', { description: 'Whether the mail server (or the outbox folder) took the message' })
  sent!: boolean;
  @Field.text('detail', { description: 'Where it went, or why it was not sent, in plain words' }) detail!: string;
}
