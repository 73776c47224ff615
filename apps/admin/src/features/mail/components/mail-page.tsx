import './mail-health.css';

import { SCREEN_TEXTS, type MailHealthCheck, type TestEmailResponse } from '@memoir/shared';
import { useId, useState } from 'react';

import { Form, FormField, SubmitButton } from '../../../shared/form-field';
import { ScreenHeader, type ScreenTexts } from '../../../shared/screen';
import { useMailHealth, useSendTestEmail } from '../api/mail-health';
import { MailNav } from './mail-nav';

export const MAIL_SCREEN: ScreenTexts = {
  title: 'Mail health',
  loading: SCREEN_TEXTS.loading,
  loadFailed: 'Could not check the mail settings.',
  refreshFailed: 'Could not check the mail settings again.',
  backLink: true,
};

/** Each check's name as the owner reads it. */
const CHECK_TITLES: Readonly<Record<MailHealthCheck['name'], string>> = {
  spf: 'SPF: which servers may send for your domain',
  dkim: 'DKIM: the signature on every email',
  dmarc: 'DMARC: your policy for mail that fails',
  alignment: 'Alignment: the signature matches the sender',
  mx: 'MX: where replies to your domain go',
  starttls: 'STARTTLS: the way to the mail server is encrypted',
};

function CheckItem({ check }: { readonly check: MailHealthCheck }) {
  return (
    <li className="card" data-testid={`mail-check-${check.name}`}>
      <h2>
        {CHECK_TITLES[check.name]}{' '}
        <span className={`badge ${check.ok ? 'badge-approved' : 'badge-rejected'}`}>{check.ok ? 'OK' : 'NOT OK'}</span>
      </h2>
      {/* The detail carries DNS records to copy: it wraps anywhere. */}
      <p className="mail-detail">{check.detail}</p>
    </li>
  );
}

/** Whether mail from the site reaches inboxes: what receivers look up, checked now, and a test email. */
export function MailPage() {
  const id = useId();
  const query = useMailHealth();
  const send = useSendTestEmail();
  const [to, setTo] = useState('');
  const [outcome, setOutcome] = useState<TestEmailResponse | null>(null);
  const failing = query.data.checks.filter((check) => !check.ok).length;
  return (
    <>
      <ScreenHeader screen={MAIL_SCREEN} query={query} />
      <MailNav />
      <p>
        What Gmail, Yahoo and other receivers look up about the domain your emails come from, checked just now.{' '}
        {failing === 0 ? 'Everything is in order.' : `${failing} of ${query.data.checks.length} need your attention.`}
      </p>
      <button
        type="button"
        className="button button-ghost"
        disabled={query.isFetching}
        onClick={() => void query.refetch()}
      >
        {query.isFetching ? SCREEN_TEXTS.loading : 'Check again'}
      </button>
      <ul className="cards cards-single">
        {query.data.checks.map((check) => (
          <CheckItem key={check.name} check={check} />
        ))}
      </ul>
      <section aria-labelledby={`${id}-test`}>
        <h2 id={`${id}-test`}>Send a test email</h2>
        <Form
          onSubmit={() => {
            setOutcome(null);
            send.mutate(to.trim(), { onSuccess: setOutcome });
          }}
        >
          <FormField id={`${id}-to`} label="Send to" type="email" value={to} onChange={setTo} />
          <SubmitButton sending={send.isPending} ready={to.trim() !== ''} text="Send a test email" />
        </Form>
        {outcome === null ? null : (
          <p role="status" className={outcome.sent ? 'hint' : 'hint hint-error'}>
            {outcome.detail}
          </p>
        )}
      </section>
    </>
  );
}
