/**
 * A reader's link, of which only the hash is kept: `confirm` (the confirmation email's, single
 * use, for CONFIRM_LINK_TTL_MS) or `unsubscribe` (one per email sent to the list, working as long
 * as the reader is kept). Made by the worker when it sends the email, so the database never
 * holds a working link.
 */
export type ReaderTokenPurpose = 'confirm' | 'unsubscribe';

export interface ReaderToken {
  /** SecretTokens.hashOf the token: the key it is found by. */
  readonly tokenHash: string;
  readonly readerId: string;
  readonly purpose: ReaderTokenPurpose;
  readonly createdAt: Date;
  /** When it stops working; null: while the reader is kept (unsubscribe links). */
  readonly expiresAt: Date | null;
  /** Its first use; a confirmation link works once. */
  readonly usedAt: Date | null;
}
