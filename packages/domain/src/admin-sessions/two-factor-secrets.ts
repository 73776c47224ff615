/**
 * Port: the one-time-password arithmetic (RFC 6238 with the defaults every authenticator app
 * reads: SHA-1, 6 digits, 30-second steps) and the randomness of secrets and recovery codes.
 */
export interface TwoFactorSecrets {
  /** A new random TOTP secret (160 bits), in base32. */
  generateSecret(): string;
  /** The `otpauth://totp/...` URI an authenticator app reads from the QR code. */
  uri(secret: string, accountName: string): string;
  /**
   * The 30-second step (Unix time / 30) of the step within one of `now`'s whose code `code` is,
   * or null when none is.
   */
  matchingStep(secret: string, code: string, now: Date): number | null;
  /** A new recovery code: 16 random base32 letters in four groups, e.g. "k3v7-q2xa-9fmd-w4hp". */
  newRecoveryCode(): string;
}

/** Recovery codes are compared without case, spaces or dashes. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}
