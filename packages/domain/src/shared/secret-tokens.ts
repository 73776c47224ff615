/**
 * Port: random secrets and their one-way hashes. The secrets are session tokens, sign-in
 * challenges, download-link tokens and generated passwords; a hash (of one of those, or of a
 * recovery code) is what is stored and looked up, never the secret.
 */
export interface SecretTokens {
  /** A new secret of at least 256 random bits, URL-safe (base64url), unique in practice. */
  newToken(): string;

  /** A deterministic one-way hash of a token: what is stored and looked up. */
  hashOf(token: string): string;
}
