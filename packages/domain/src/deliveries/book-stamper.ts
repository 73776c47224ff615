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
