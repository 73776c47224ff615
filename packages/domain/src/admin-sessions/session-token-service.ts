/** Port: secrets for sessions (and generated first-run passwords). */
export interface SessionTokenService {
  /** A new secret of at least 256 random bits, URL-safe (base64url), unique in practice. */
  generate(): string;

  /** A deterministic one-way hash of a token: what is stored and looked up. */
  hash(token: string): string;
}
