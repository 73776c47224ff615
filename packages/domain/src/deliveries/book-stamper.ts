/** Who a copy of the book is for. */
export interface CopyOwner {
  readonly name: string;
  readonly email: string;
}

/**
 * Port: makes a reader's own copy of the book PDF, carrying their name and email on its
 * pages, so a shared copy can be traced to whom it was sent.
 */
export interface BookStamper {
  stamp(owner: CopyOwner): Promise<Uint8Array>;
}

/**
 * A stamper that makes copies a bounded number at a time, the rest waiting in a bounded
 * queue. A caller can hold a place before the work that leads to a stamp (the download link
 * counts a download first), so that a full stamper turns a reader away before anything is
 * spent. `stamp` takes a place itself, and rejects with `BookStamperBusyError` when there is
 * none.
 */
export interface QueuedBookStamper extends BookStamper {
  /** A place for one copy, held until it is used or released; throws `BookStamperBusyError` when none is free. */
  reserve(): BookStampPlace;
}

/** A place held in a stamper's queue: used once by `stamp`, or given back by `release`. */
export interface BookStampPlace {
  /** Makes the copy in this place; the place is free again when it settles. */
  stamp(owner: CopyOwner): Promise<Uint8Array>;
  /** Gives the place back unused; harmless once it has been used or released. */
  release(): void;
}

/**
 * The stamper has as many copies under way and waiting as it allows: nothing was done, and
 * trying again shortly will do. Thrown (or rejected with) rather than returned: the port
 * answers a copy or fails, and the caller tells the reader to come back.
 */
export class BookStamperBusyError extends Error {
  readonly code = 'BOOK_STAMPER.BUSY';

  constructor() {
    super('The book stamper is busy: every place in its queue is taken.');
    this.name = 'BookStamperBusyError';
  }
}

/** True for a `BookStamperBusyError`, also one from another copy of this module. */
export function isBookStamperBusy(error: unknown): error is BookStamperBusyError {
  return (
    error instanceof BookStamperBusyError ||
    (error instanceof Error && 'code' in error && error.code === 'BOOK_STAMPER.BUSY')
  );
}
