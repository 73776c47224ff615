import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

import { Form, FormField, SubmitButton } from '../../../shared/form-field';
import { ButtonRow, Section } from '../../../shared/page';
import { useConfirmTwoFactor, useDisableTwoFactor, useStartTwoFactor } from '../api/two-factor';

/** The otpauth URI as a QR code: an SVG in a data URL (the CSP's img-src allows data:). */
function QrCode({ uri }: { readonly uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then((svg) => {
      if (current) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      current = false;
    };
  }, [uri]);
  return src === null ? null : (
    <img className="qr" src={src} width={200} height={200} alt="QR code for your authenticator app" data-testid="qr" />
  );
}

function RecoveryCodes({ codes, onDone }: { readonly codes: readonly string[]; readonly onDone: () => void }) {
  return (
    <div className="recovery" role="status">
      <p>
        <strong>Recovery codes, shown this once.</strong> Each signs you in once if you lose your phone. Keep them
        somewhere safe, away from this computer.
      </p>
      <ol className="codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <button type="button" className="button" onClick={onDone}>
        I have saved them
      </button>
    </div>
  );
}

function TurnOn({ onCodes }: { readonly onCodes: (codes: string[]) => void }) {
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor(onCodes);
  const [code, setCode] = useState('');
  const setup = start.data;
  const onSubmit = () => {
    confirm.mutate(code.replace(/\s/g, ''));
  };
  if (!setup) {
    return (
      <ButtonRow>
        <button type="button" className="button" disabled={start.isPending} onClick={() => start.mutate()}>
          Turn on two-factor sign-in
        </button>
      </ButtonRow>
    );
  }
  return (
    <div className="two-factor-setup">
      <p>Scan this code with an authenticator app (Google Authenticator, Aegis, 1Password...), or enter the key.</p>
      <QrCode uri={setup.otpauthUri} />
      <p>
        Key: <code data-testid="totp-secret">{setup.secret}</code>
      </p>
      <Form onSubmit={onSubmit}>
        <FormField
          id="confirm-code"
          label="The 6-digit code the app shows"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]{6,7}"
          value={code}
          onChange={setCode}
        />
        <SubmitButton sending={confirm.isPending} ready={code.trim() !== ''} text="Confirm and turn on" />
      </Form>
    </div>
  );
}

function TurnOff() {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const onSubmit = () => {
    disable.mutate(password, { onSuccess: () => setPassword('') });
  };
  return (
    <Form onSubmit={onSubmit}>
      <FormField
        id="two-factor-password"
        label="Your password, to turn it off"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <button type="submit" className="button button-ghost" disabled={disable.isPending || password === ''}>
        Turn off two-factor sign-in
      </button>
    </Form>
  );
}

/** Two-factor sign-in: an authenticator app's code after the password. */
export function TwoFactorSection({ enabled }: { readonly enabled: boolean }) {
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <Section id="two-factor" title="Two-factor sign-in">
      <p data-testid="two-factor-state">
        {enabled ? 'On: sign-in asks for a code from your authenticator app.' : 'Off: the password alone signs in.'}
      </p>
      {codes !== null ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : enabled ? (
        <TurnOff />
      ) : (
        <TurnOn onCodes={setCodes} />
      )}
    </Section>
  );
}
