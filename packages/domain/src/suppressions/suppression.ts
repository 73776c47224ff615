/**
 * Why an address gets no more mail: its server said it does not exist (`bounce`, a hard
 * bounce) or its reader marked a mail as spam (`complaint`). A soft bounce (a full mailbox, a
 * server down) suppresses nothing: the delivery's own retry deals with it.
 */
export type SuppressionReason = 'bounce' | 'complaint';

export const SUPPRESSION_REASONS: readonly SuppressionReason[] = ['bounce', 'complaint'];

/** An address the site sends no mail to (but the one its reader asked for right now). */
export interface Suppression {
  /** The address in lower case: one suppression per address, whatever its case. */
  readonly email: string;
  readonly reason: SuppressionReason;
  /** When the bounce or complaint came (the latest, when there were several). */
  readonly at: Date;
}

/** The key an address is suppressed under. */
export const suppressionKey = (email: string): string => email.trim().toLowerCase();
