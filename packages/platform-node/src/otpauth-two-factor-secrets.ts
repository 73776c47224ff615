import { randomBytes } from 'node:crypto';

import type { TwoFactorSecrets } from '@memoir/domain';
import { Secret, TOTP } from 'otpauth';

/** RFC 4648 base32 without padding, lower-case: what recovery codes are written in. */
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * TOTP by `otpauth` (a maintained RFC 4226/6238 implementation): SHA-1, 6 digits, 30 s, one step
 * either side accepted. Secrets are 160 random bits (RFC 4226's recommendation); recovery codes
 * 80 random bits, so a SHA-256 of one cannot be reversed by trying them all.
 */
export class OtpauthTwoFactorSecrets implements TwoFactorSecrets {
  constructor(private readonly issuer = 'Memoir admin') {}

  generateSecret(): string {
    return new Secret({ size: 20 }).base32;
  }

  uri(secret: string, accountName: string): string {
    return this.totp(secret, accountName).toString();
  }

  matchingStep(secret: string, code: string, now: Date): number | null {
    if (!/^\d{6}$/.test(code)) return null;
    const delta = this.totp(secret, '').validate({ token: code, timestamp: now.getTime(), window: 1 });
    return delta === null ? null : Math.floor(now.getTime() / 30_000) + delta;
  }

  newRecoveryCode(): string {
    const letters = [...randomBytes(16)].map((byte) => BASE32[byte % 32]).join('');
    return letters.match(/.{4}/g)?.join('-') ?? letters;
  }

  private totp(secret: string, label: string): TOTP {
    return new TOTP({
      issuer: this.issuer,
      label,
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      secret: Secret.fromBase32(secret),
    });
  }
}
