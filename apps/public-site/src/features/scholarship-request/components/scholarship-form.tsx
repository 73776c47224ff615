import { READER_TEXTS, SCHOLARSHIP_LIMITS, SCREEN_TEXTS } from '@memoir/shared';

import { SCHOLARSHIP_FORM } from '../../../content';
import { CheckBox, Field, NameAndEmail, NewsBox, PrivacyNote, RiddleField, SendButton } from '../../../shared/form-kit';
import { useRequestScholarship } from '../api/request-scholarship';
import { Section } from '../../../shared/section';

export function ScholarshipForm() {
  const { errors, submitting, onSubmit } = useRequestScholarship();
  const riddle = SCHOLARSHIP_FORM.riddle;
  return (
    <Section name="free-pdf" heading={SCHOLARSHIP_FORM.heading} id="free-pdf">
      <p>{SCHOLARSHIP_FORM.intro}</p>
      <form className="form" method="post" onSubmit={onSubmit} noValidate={false}>
        <NameAndEmail errors={errors} />
        <Field
          name="message"
          label="Your situation, in a few words"
          errors={errors}
          maxLength={SCHOLARSHIP_LIMITS.messageMaxLength}
          multiline
        />
        <NewsBox errors={errors} />
        <CheckBox name="reviewReminder" label={READER_TEXTS.reviewReminderBox} errors={errors} />
        <RiddleField riddle={riddle} errors={errors} />
        <SendButton submitting={submitting} text={SCHOLARSHIP_FORM.submit} sendingText={SCREEN_TEXTS.submitting} />
        <PrivacyNote note={SCHOLARSHIP_FORM.privacyNote} />
      </form>
    </Section>
  );
}
