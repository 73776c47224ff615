import { Secret, TOTP } from 'otpauth';

/** The authenticator app's code for `secret` at `at` (SHA-1, 6 digits, 30 s), computed with otpauth. */
export const totpCodeAt = (secret: string, at: Date): string =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: at.getTime(),
  });
