import { randomBytes } from 'node:crypto';

import type { SecretTokens } from '@memoir/domain';

import { sha256Hex } from './sha256-hex';

const TOKEN_BYTES = 32;

/**
 * 256-bit tokens from the OS's CSPRNG, base64url (43 characters). The stored hash is SHA-256:
 * a slow hash would add nothing for a secret with 256 bits of entropy, and the lookup must be
 * deterministic.
 */
export class RandomSecretTokens implements SecretTokens {
  newToken(): string {
    return randomBytes(TOKEN_BYTES).toString('base64url');
  }

  hashOf(token: string): string {
    return sha256Hex(token);
  }
}
