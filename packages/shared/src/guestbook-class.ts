/** The three classes of guestbook entry, derived as product spec section 4 defines them. */
export type GuestbookEntryClass = 'pending' | 'approved' | 'rejected';

/**
 * Approved = isApproved true; Pending = not approved and never reviewed; Rejected = not
 * approved and reviewed. The admin app and the domain both classify with this one function.
 */
export function classifyGuestbookEntry(entry: {
  isApproved: boolean;
  reviewedAt: Date | string | null;
}): GuestbookEntryClass {
  if (entry.isApproved) return 'approved';
  return entry.reviewedAt === null ? 'pending' : 'rejected';
}
