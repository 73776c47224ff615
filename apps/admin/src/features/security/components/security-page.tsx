import { ADMIN_PASSWORD_MAX_LENGTH, ADMIN_PASSWORD_MIN_LENGTH, SCREEN_TEXTS, type OwnSession } from '@memoir/shared';
import { useState } from 'react';

import { Form, FormField, SubmitButton } from '../../../shared/form-field';
import { humanAge } from '../../../shared/human-age';
import { Badge, ButtonRow, ListCard, Section } from '../../../shared/page';
import { ScreenHeader, type ScreenTexts } from '../../../shared/screen';
import { useChangePassword, useEndOtherSessions, useEndSession, useSecurity } from '../api/security';
import { describeDevice } from '../utils/device';
import { AdminsSection } from './admins-section';
import { TwoFactorSection } from './two-factor-section';

export const SECURITY_SCREEN: ScreenTexts = {
  title: 'Security',
  loading: SCREEN_TEXTS.loading,
  loadFailed: 'Could not load your security settings.',
  backLink: true,
  refreshFailed: 'Could not refresh your security settings.',
};

const ago = (iso: string) => `${humanAge(Date.now() - new Date(iso).getTime())} ago`;

function SessionRow({ session }: { readonly session: OwnSession }) {
  const end = useEndSession();
  return (
    <ListCard className="session" data-testid="session">
      <p>
        <strong>
          <bdi>{describeDevice(session.userAgent)}</bdi>
        </strong>
        {session.current ? <Badge>This session</Badge> : null}
      </p>
      <p className="meta">
        <bdi>{session.ipAddress ?? 'address unknown'}</bdi> · signed in {ago(session.createdAt)} · last active{' '}
        {ago(session.lastSeenAt)}
      </p>
      {session.current ? null : (
        <button
          type="button"
          className="button button-small"
          disabled={end.isPending}
          onClick={() => end.mutate(session.id)}
        >
          End session
        </button>
      )}
    </ListCard>
  );
}

function Sessions({ sessions }: { readonly sessions: readonly OwnSession[] }) {
  const endOthers = useEndOtherSessions();
  const others = sessions.filter((session) => !session.current).length;
  return (
    <Section id="sessions" title="Sessions">
      <ul className="cards sessions">
        {sessions.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </ul>
      {/* With no other session, ending them could do nothing: the button is not offered. */}
      {others === 0 ? null : (
        <ButtonRow className="section-end">
          <button
            type="button"
            className="button button-ghost"
            disabled={endOthers.isPending}
            onClick={() => endOthers.mutate()}
          >
            End all other sessions
          </button>
        </ButtonRow>
      )}
    </Section>
  );
}

function PasswordChange() {
  const change = useChangePassword();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const tooShort = newPassword.length > 0 && newPassword.length < ADMIN_PASSWORD_MIN_LENGTH;
  const onSubmit = () => {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setCurrent('');
          setNew('');
        },
      },
    );
  };
  return (
    <Section id="password" title="Password">
      <Form onSubmit={onSubmit}>
        <FormField
          id="current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={setCurrent}
        />
        <FormField
          id="new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          minLength={ADMIN_PASSWORD_MIN_LENGTH}
          maxLength={ADMIN_PASSWORD_MAX_LENGTH}
          value={newPassword}
          onChange={setNew}
          hint={`${ADMIN_PASSWORD_MIN_LENGTH} to ${ADMIN_PASSWORD_MAX_LENGTH} characters. Every other session is signed out.`}
          hintError={tooShort}
        />
        <SubmitButton
          sending={change.isPending}
          ready={currentPassword !== '' && newPassword.length >= ADMIN_PASSWORD_MIN_LENGTH}
          text="Change password"
        />
      </Form>
    </Section>
  );
}

/** The signed-in admin's own account (two-factor sign-in, sessions, password) and the admins. */
export function SecurityPage() {
  const query = useSecurity();
  const { data } = query;
  return (
    <>
      <ScreenHeader screen={SECURITY_SCREEN} query={query} />
      <TwoFactorSection enabled={data.twoFactorEnabled} />
      <Sessions sessions={data.sessions} />
      <PasswordChange />
      <AdminsSection />
    </>
  );
}
