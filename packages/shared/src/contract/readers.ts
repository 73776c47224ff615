import { READER_LIMITS } from '../limits';
import { READER_CONSENT_TEXTS, READER_CONSENT_VERSION } from '../messages';
import { HONEYPOT_FIELD } from '../wire';
import { Field } from './fields';

/* The reader list: sign up (double opt-in), confirm through the page's button, leave in one click. */

export class SignUpReaderBody {
  @Field.text('Email', { format: 'email', maxLength: READER_LIMITS.emailMaxLength }) email!: string;
  @Field.text('Name', { optional: true, nullable: true, maxLength: READER_LIMITS.nameMaxLength })
  name?: string | null;
  @Field.boolean('Consent', {
    description: `The ticked box ("${READER_CONSENT_TEXTS[READER_CONSENT_VERSION]}"): must be true. Its words are kept with the reader.`,
  })
  consent!: boolean;
  @Field.text('Riddle answer', {
    optional: true,
    maxLength: 100,
    description: "The guestbook's riddle, when the form asks it (checked when given)",
  })
  riddleAnswer?: string;
  @Field.text('Website', {
    optional: true,
    nullable: true,
    description: `The honeypot (${HONEYPOT_FIELD}), hidden from people: leave it empty. Filled means a bot: accepted and dropped.`,
  })
  website?: string | null;
}

/** The confirmation page's button: the token of the email's link. */
export class ConfirmReaderBody {
  @Field.text('Token', {
    maxLength: 200,
    description: 'The token of the confirmation link (`/readers/confirm?token=…`)',
  })
  token!: string;
}

export class ReaderTokenQuery {
  @Field.text('token', { maxLength: 200, description: "The token of the email's unsubscribe link" })
  token!: string;
}

/** RFC 8058's one-click body; a mail client sends it form-encoded (`List-Unsubscribe=One-Click`), JSON is taken too. */
export class UnsubscribeReaderBody {
  @Field.oneOf('List-Unsubscribe', ['One-Click'], { optional: true })
  'List-Unsubscribe'?: 'One-Click';
}
