import { SCREEN_TEXTS, type ErasureCounts } from '@memoir/shared';
import { useId, useState } from 'react';

import { Form, FormField } from '../../../shared/form-field';
import { ButtonRow, Section } from '../../../shared/page';
import { ScreenHeader, type ScreenTexts } from '../../../shared/screen';
import { useErasePerson, usePreviewErasure } from '../api/erasure';
import { useDownloadPersonalData } from '../api/personal-data';

export const PRIVACY_SCREEN: ScreenTexts = {
  title: 'Personal data',
  loading: SCREEN_TEXTS.loading,
  loadFailed: 'Could not load the screen.',
  backLink: true,
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What will go, in words the owner can confirm. */
export function erasureSummary(counts: ErasureCounts): readonly string[] {
  const lines = [
    counts.requests === 0
      ? null
      : `${plural(counts.requests, 'free PDF request loses', 'free PDF requests lose')} the name, email address, message and notes${
          counts.pendingClosed === 0
            ? ''
            : ` (${plural(counts.pendingClosed, 'pending one is', 'pending ones are')} closed, without an email)`
        }`,
    counts.deliveries === 0
      ? null
      : `${plural(counts.deliveries, 'email loses its', 'emails lose their')} download link`,
    counts.auditEvents === 0
      ? null
      : `${plural(counts.auditEvents, 'audit event loses its', 'audit events lose their')} notes`,
    counts.crackmeClaims === 0
      ? null
      : `${plural(counts.crackmeClaims, 'crackme prize claim loses', 'crackme prize claims lose')} the name and address`,
    counts.readers === 0 ? null : 'the place on the reader list, with its consent record, is deleted',
    counts.sentEmails === 0
      ? null
      : `${plural(counts.sentEmails, 'saved copy of an email is', 'saved copies of emails are')} deleted`,
  ];
  return lines.filter((line): line is string => line !== null);
}

/**
 * A person asked for their data or to be erased: download what is held about the address (the
 * file to send them), or look it up, see what will go, confirm. The preview changes nothing; the
 * erasure cannot be undone.
 */
export function PrivacyPage() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [checked, setChecked] = useState<{ email: string; lines: readonly string[] } | null>(null);
  const preview = usePreviewErasure();
  const erase = useErasePerson();
  const download = useDownloadPersonalData();

  const lookUp = () => {
    const address = email.trim();
    preview.mutate(address, {
      onSuccess: ({ counts }) => setChecked({ email: address, lines: erasureSummary(counts) }),
    });
  };

  return (
    <>
      <ScreenHeader screen={PRIVACY_SCREEN} />
      <p>
        When someone asks for a copy of what the site holds about them, or to be erased, enter the email address they
        used. Download their data gives you the file to send them. Show what would be erased lists what goes before
        anything is changed.
      </p>
      <Form onSubmit={lookUp}>
        <FormField
          id={`${id}-email`}
          label="Email address"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(value) => {
            setEmail(value);
            setChecked(null);
          }}
        />
        <ButtonRow>
          <button
            type="button"
            className="button button-ghost"
            disabled={download.isPending}
            onClick={(event) => {
              // The browser says what is wrong with the address, as it does for the other button.
              if (event.currentTarget.form?.reportValidity() === false) return;
              download.mutate(email.trim());
            }}
          >
            Download their data
          </button>
          <button type="submit" className="button" disabled={preview.isPending}>
            Show what would be erased
          </button>
        </ButtonRow>
      </Form>
      {checked === null ? null : (
        <Section
          id={`${id}-what`}
          className="card erasure"
          title={
            <>
              Erase <bdi>{checked.email}</bdi>?
            </>
          }
        >
          {checked.lines.length === 0 ? (
            <p>Nothing is held about this address.</p>
          ) : (
            <>
              <ul>
                {checked.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <p>This cannot be undone.</p>
              <ButtonRow>
                <button
                  type="button"
                  className="button button-danger"
                  disabled={erase.isPending}
                  onClick={() => erase.mutate(checked.email, { onSuccess: () => setChecked(null) })}
                >
                  Erase this person
                </button>
              </ButtonRow>
            </>
          )}
        </Section>
      )}
    </>
  );
}
