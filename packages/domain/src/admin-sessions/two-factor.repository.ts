/** A password accepted for an account with two-factor on: the second step's ticket. */
export interface TwoFactorChallenge {
  readonly id: string;
  readonly userId: string;
  /** The challenge itself is given to the client once; only its hash is stored. */
  readonly tokenHash: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

/** Port: recovery codes (hashed) and pending sign-in challenges, shared by every server process. */
export interface TwoFactorRepository {
  /** Replaces the user's recovery codes with these hashes. */
  replaceRecoveryCodes(userId: string, codeHashes: readonly string[], createdAt: Date): Promise<void>;

  /** Uses up one recovery code: true when it was the user's and unused (atomically: once). */
  useRecoveryCode(userId: string, codeHash: string): Promise<boolean>;

  /** How many unused recovery codes the user has. */
  countRecoveryCodes(userId: string): Promise<number>;

  /** Removes the user's recovery codes and challenges (two-factor turned off). */
  clearForUser(userId: string): Promise<void>;

  addChallenge(challenge: TwoFactorChallenge): Promise<void>;

  /** The challenge with this token hash while it has not expired at `now`, left in place; else null. */
  findChallenge(tokenHash: string, now: Date): Promise<TwoFactorChallenge | null>;

  /**
   * The challenge with this token hash, removed as it is read (single-use: of concurrent
   * calls one gets it); null when there is none or it had expired at `now`.
   */
  takeChallenge(tokenHash: string, now: Date): Promise<TwoFactorChallenge | null>;
}
