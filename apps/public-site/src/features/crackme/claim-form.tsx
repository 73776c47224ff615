import { SCHOLARSHIP_LIMITS, TOASTS } from '@memoir/shared';
import { HttpError, postJson, toast } from '@memoir/web-ui';
import { useState, type FormEvent } from 'react';

import { CRACKME } from '../../content';
import { Field, type FieldErrors } from '../../shared/form-kit';

interface ClaimAnswer {
  readonly message: string;
  readonly winner: boolean;
}

/**
 * "Claim your prize": the key the crackme accepted, a name and an email. The server checks the
 * key with the crackme's own rule and says whether the solver is among the winners.
 */
export function ClaimForm() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [answer, setAnswer] = useState<ClaimAnswer | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = Object.fromEntries(
      [...new FormData(form)].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    setSubmitting(true);
    try {
      const claimed = await postJson<ClaimAnswer>('/api/crackme-claim', fields);
      setErrors({});
      setAnswer(claimed);
      form.reset();
      toast({ title: CRACKME.claim.accepted, description: claimed.message });
    } catch (error) {
      if (error instanceof HttpError) {
        setErrors(error.body?.fieldErrors ?? {});
        toast({
          title: CRACKME.claim.refused,
          description: error.body?.error ?? CRACKME.claim.fallback,
          variant: 'destructive',
        });
      } else {
        toast({ title: CRACKME.claim.refused, description: TOASTS.formNetworkError, variant: 'destructive' });
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="form claim-form" onSubmit={onSubmit} aria-labelledby="claim-heading">
      <h3 id="claim-heading">{CRACKME.claim.heading}</h3>
      <Field name="key" label="Key" errors={errors} maxLength={64} required autoComplete="off" />
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
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? 'Checking…' : CRACKME.claim.submit}
      </button>
      {answer === null ? null : (
        <p className="claim-answer" role="status">
          {answer.message}
        </p>
      )}
    </form>
  );
}
