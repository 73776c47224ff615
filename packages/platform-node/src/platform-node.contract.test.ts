import { describe, expect, it } from '@jest/globals';
import { isUuid } from '@memoir/domain';
import { describePasswordHasherContract, describeSessionTokenServiceContract } from '@memoir/domain/testing';

import { Argon2idPasswordHasher, OWASP_ARGON2ID } from './argon2id-password-hasher';
import { RandomSessionTokenService } from './random-session-token-service';
import { RandomUuidGenerator } from './random-uuid-generator';

describePasswordHasherContract('argon2id', () => new Argon2idPasswordHasher());
describeSessionTokenServiceContract('random', () => new RandomSessionTokenService());

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

describe('RandomSessionTokenService', () => {
  it('makes tokens of exactly 32 random bytes', () => {
    const token = new RandomSessionTokenService().generate();
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
