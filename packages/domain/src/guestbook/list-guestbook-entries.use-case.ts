import type { GuestbookEntry } from './guestbook-entry';
import type { GuestbookEntryRepository } from './guestbook-entry.repository';

/** The owner's view: every entry with its review fields, newest first. */
export class ListGuestbookEntriesUseCase {
  constructor(private readonly deps: { readonly guestbookEntries: GuestbookEntryRepository }) {}

  execute(): Promise<GuestbookEntry[]> {
    return this.deps.guestbookEntries.listAll();
  }
}
