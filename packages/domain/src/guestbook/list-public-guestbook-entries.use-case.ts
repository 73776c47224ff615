import { PUBLIC_GUESTBOOK_LIMIT, PUBLIC_GUESTBOOK_MIN_LIMIT } from '@memoir/shared';

import { toPublicGuestbookEntry, type PublicGuestbookEntry } from './guestbook-entry';
import type { GuestbookEntryRepository } from './guestbook-entry.repository';

/** Any requested limit becomes a whole number in 1..5; absent or not a number means 5. */
export function clampPublicLimit(limit: number | null | undefined): number {
  if (limit === null || limit === undefined || !Number.isFinite(limit)) return PUBLIC_GUESTBOOK_LIMIT;
  return Math.min(PUBLIC_GUESTBOOK_LIMIT, Math.max(PUBLIC_GUESTBOOK_MIN_LIMIT, Math.floor(limit)));
}

/** The Recent Visitors list: approved entries only, newest first, without review fields. */
export class ListPublicGuestbookEntriesUseCase {
  constructor(private readonly deps: { readonly guestbookEntries: GuestbookEntryRepository }) {}

  async execute(input: { readonly limit?: number | null } = {}): Promise<PublicGuestbookEntry[]> {
    const entries = await this.deps.guestbookEntries.listApproved(clampPublicLimit(input.limit));
    return entries.map(toPublicGuestbookEntry);
  }
}
