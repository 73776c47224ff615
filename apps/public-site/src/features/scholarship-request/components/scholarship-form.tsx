import { SCHOLARSHIP_LIMITS, SCREEN_TEXTS } from '@memoir/shared';

import { PRIVACY, SCHOLARSHIP_FORM } from '../../../content';
import { Field, RiddleField } from '../../../shared/form-kit';
import { useRequestScholarship } from '../api/request-scholarship';

export function ScholarshipForm() {
  const { errors, submitting, onSubmit } = useRequestScholarship();
  const riddle = SCHOLARSHIP_FORM.riddle;
  return (
    <section className="section" aria-labelledby="free-pdf-heading" id="free-pdf">
      <h2 id="free-pdf-heading">{SCHOLARSHIP_FORM.heading}</h2>
      <p>{SCHOLARSHIP_FORM.intro}</p>
      <form className="form" onSubmit={onSubmit} noValidate={false}>
        <Field
          name="name"
          label="Name"
          errors={errors}
          maxLength={SCHOLARSHIP_LIMITS.nameMaxLength}
          required
          autoComplete="name"
        />
        <Field
          name="email"
          label="Email"
          type="email"
          errors={errors}
          maxLength={SCHOLARSHIP_LIMITS.emailMaxLength}
          required
          autoComplete="email"
        />
        <Field
          name="message"
          label="Your situation, in a few words"
          errors={errors}
          maxLength={SCHOLARSHIP_LIMITS.messageMaxLength}
          multiline
        />
        <RiddleField riddle={riddle} errors={errors} />
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? SCREEN_TEXTS.submitting : SCHOLARSHIP_FORM.submit}
        </button>
        <p className="form-privacy">
          {SCHOLARSHIP_FORM.privacyNote} <a href={PRIVACY.href}>{PRIVACY.label}</a>
        </p>
      </form>
    </section>
  );
}
