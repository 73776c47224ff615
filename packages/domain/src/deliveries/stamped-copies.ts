import type { CopyOwner } from './book-stamper';

/** A reader's stamped copy, kept: a file the HTTP adapter streams (with ranges) as it is. */
export interface StampedCopy {
  readonly deliveryId: string;
  /** Where the copy is, for the adapter that serves it. */
  readonly path: string;
}

/**
 * Port: each delivery's stamped copy of the book, made once and kept, so that a second
 * download, or a resumed one, costs no stamping.
 */
export interface StampedCopies {
  /**
   * The delivery's kept copy; when there is none yet, stamps one for `owner` and keeps it.
   * Concurrent calls for one delivery share one stamping. Rejects with
   * `BookStamperBusyError` when a copy must be stamped and the stamper has no room, and with
   * another error when stamping or keeping the copy failed: nothing is kept then.
   */
  getOrMake(deliveryId: string, owner: CopyOwner): Promise<StampedCopy>;
  /** Removes these deliveries' copies; one that is not there is no error. */
  remove(deliveryIds: readonly string[]): Promise<void>;
  /** The deliveries whose copies are kept (for the sweep). */
  list(): Promise<string[]>;
}
