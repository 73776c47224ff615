import { describe, expect, it } from '@jest/globals';
import { isUuid } from '@memoir/domain';
import { describePasswordHasherContract, describeSecretTokensContract } from '@memoir/domain/testing';

import { Argon2idPasswordHasher, OWASP_ARGON2ID } from './argon2id-password-hasher';
import { RandomSecretTokens } from './random-secret-tokens';
import { OtpauthTwoFactorSecrets } from './otpauth-two-factor-secrets';
import { RandomUuidGenerator } from './random-uuid-generator';

describePasswordHasherContract('argon2id', () => new Argon2idPasswordHasher());
describeSecretTokensContract('random', () => new RandomSecretTokens());

describe('Argon2idPasswordHasher', () => {
  it("hashes with argon2id at or above OWASP's minimum parameters, read back from the stored hash", async () => {
    const hash = await new Argon2idPasswordHasher().hash('correct horse battery staple');
    // PHC string format: $argon2id$v=19$<name>=<value>,...$<salt>$<hash>, parameters in any order.
    const [, algorithm, version, parameterList, salt] = hash.split('$');
    const parameters = Object.fromEntries((parameterList ?? '').split(',').map((pair) => pair.split('=')));
    expect(algorithm).toBe('argon2id');
    expect(version).toBe('v=19');
    expect(Number(parameters.m)).toBeGreaterThanOrEqual(19_456);
    expect(Number(parameters.t)).toBeGreaterThanOrEqual(2);
    expect(Number(parameters.p)).toBeGreaterThanOrEqual(1);
    expect(Buffer.from(salt ?? '', 'base64').length).toBeGreaterThanOrEqual(16);
    expect(OWASP_ARGON2ID).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  });
});

describe('RandomSecretTokens', () => {
  it('makes tokens of exactly 32 random bytes', () => {
    const token = new RandomSecretTokens().newToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });
});

describe('RandomUuidGenerator', () => {
  it('makes distinct lower-case UUIDs', () => {
    const ids = new RandomUuidGenerator();
    const made = Array.from({ length: 100 }, () => ids.next());
    expect(made.every((id) => isUuid(id) && id === id.toLowerCase())).toBe(true);
    expect(new Set(made).size).toBe(100);
  });
});

describe('OtpauthTwoFactorSecrets', () => {
  const secrets = new OtpauthTwoFactorSecrets();
  // RFC 6238, appendix B: the SHA-1 seed "12345678901234567890", its 8-digit codes cut to 6.
  const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

  it('accepts the code of the RFC 6238 test vectors at their time, and one step either side only', () => {
    const at = new Date(1_111_111_109_000);
    const step = Math.floor(at.getTime() / 30_000);
    expect(secrets.matchingStep(RFC_SECRET, '081804', at)).toBe(step);
    expect(secrets.matchingStep(RFC_SECRET, '081804', new Date(at.getTime() + 30_000))).toBe(step);
    expect(secrets.matchingStep(RFC_SECRET, '081804', new Date(at.getTime() - 30_000))).toBe(step);
    expect(secrets.matchingStep(RFC_SECRET, '081804', new Date(at.getTime() + 60_000))).toBeNull();
    expect(secrets.matchingStep(RFC_SECRET, '005924', new Date(1_234_567_890_000))).toBe(
      Math.floor(1_234_567_890 / 30),
    );
    expect(secrets.matchingStep(RFC_SECRET, '12345', at)).toBeNull();
    expect(secrets.matchingStep(RFC_SECRET, 'abcdef', at)).toBeNull();
  });

  it('makes 160-bit base32 secrets, an otpauth URI apps read, and 80-bit recovery codes', () => {
    const secret = secrets.generateSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(secrets.generateSecret()).not.toBe(secret);
    const uri = new URL(secrets.uri(secret, 'owner'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    const codes = Array.from({ length: 50 }, () => secrets.newRecoveryCode());
    expect(codes.every((code) => /^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBe(50);
  });
});
