import { type CrackmeClaimBody, type CrackmeClaimResponse } from '@memoir/shared';
import { api } from '@memoir/web-ui';
import { useState } from 'react';

import { CRACKME } from '../../content';
import { Field, NameAndEmail, SendButton, useFormSubmission } from '../../shared/form-kit';

const claimPrize = (body: CrackmeClaimBody) => api.call('claimCrackmePrize', { body });

/**
 * "Claim your prize": the key the crackme accepted, a name and an email. The server checks the
 * key with the crackme's own rule and says whether the solver is among the winners.
 */
export function ClaimForm() {
  const [answer, setAnswer] = useState<CrackmeClaimResponse | null>(null);
  const { errors, submitting, onSubmit } = useFormSubmission(
    claimPrize,
    {
      success: (claimed) => ({ title: CRACKME.claim.accepted, description: claimed.message }),
      failure: { title: CRACKME.claim.refused, fallback: CRACKME.claim.fallback },
    },
    setAnswer,
  );

  return (
    <form className="form claim-form" method="post" onSubmit={onSubmit} aria-labelledby="claim-heading">
      <h3 id="claim-heading">{CRACKME.claim.heading}</h3>
      <Field name="key" label="Key" errors={errors} maxLength={64} required autoComplete="off" />
      <NameAndEmail errors={errors} />
      <SendButton submitting={submitting} text={CRACKME.claim.submit} sendingText="Checking…" />
      {answer === null ? null : (
        <p className="claim-answer" role="status">
          {answer.message}
        </p>
      )}
    </form>
  );
}
