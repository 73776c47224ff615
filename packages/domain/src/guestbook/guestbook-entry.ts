import { classifyGuestbookEntry, type GuestbookEntryClass } from '@memoir/shared';

/** A signature in the guestbook. New entries are pending until the owner reviews them. */
export interface GuestbookEntry {
  readonly id: string;
  readonly name: string;
  /** Null when the visitor left it empty. */
  readonly location: string | null;
  readonly message: string;
  readonly createdAt: Date;
  readonly isApproved: boolean;
  /** Set by every moderation decision; null while pending. */
  readonly reviewedAt: Date | null;
  readonly adminNotes: string | null;
}

/** What visitors may see: no review fields, no notes. */
export type PublicGuestbookEntry = Pick<GuestbookEntry, 'id' | 'name' | 'location' | 'message' | 'createdAt'>;

export function toPublicGuestbookEntry(entry: GuestbookEntry): PublicGuestbookEntry {
  return {
    id: entry.id,
    name: entry.name,
    location: entry.location,
    message: entry.message,
    createdAt: entry.createdAt,
  };
}

export function guestbookEntryClass(entry: GuestbookEntry): GuestbookEntryClass {
  return classifyGuestbookEntry(entry);
}

export interface GuestbookReview {
  readonly isApproved: boolean;
  readonly adminNotes: string | null;
  readonly reviewedAt: Date;
}
