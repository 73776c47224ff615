import { READER_LIMITS, READER_TEXTS, SCREEN_TEXTS, type SignUpReaderBody } from '@memoir/shared';
import { api } from '@memoir/web-ui';

import { CheckBox, Field, Honeypot, NEWS_BOX, SendButton, useFormSubmission } from '../../shared/form-kit';

const signUp = (body: SignUpReaderBody) => api.call('signUpReader', { body });

/**
 * The small sign-up for news about the book: an address, a name if they like, and the box
 * (ticked by the reader, never for them). A confirmation email follows; nothing is sent until
 * its page's button is pressed. The answer is the same whoever signs up.
 */
export function SignUpForm() {
  const { errors, submitting, onSubmit } = useFormSubmission(signUp, {
    success: READER_TEXTS.signedUp,
    failure: READER_TEXTS.signUpFailed,
  });
  return (
    <form className="form signup-form" method="post" onSubmit={onSubmit} aria-labelledby="signup-heading">
      <h3 id="signup-heading">{READER_TEXTS.signUpTitle}</h3>
      <p>{READER_TEXTS.signUpIntro}</p>
      <Field
        name="email"
        label="Email"
        type="email"
        errors={errors}
        maxLength={READER_LIMITS.emailMaxLength}
        required
        autoComplete="email"
      />
      <Field name="name" label="Name" errors={errors} maxLength={READER_LIMITS.nameMaxLength} autoComplete="name" />
      <CheckBox name="consent" label={NEWS_BOX} errors={errors} required />
      <Honeypot />
      <SendButton submitting={submitting} text={READER_TEXTS.signUpButton} sendingText={SCREEN_TEXTS.submitting} />
    </form>
  );
}
