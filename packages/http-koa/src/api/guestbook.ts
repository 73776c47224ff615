import type { GuestbookEntry as Entry, PublicGuestbookEntry as PublicEntry } from '@memoir/domain';
import {
  classifyGuestbookEntry,
  type GuestbookEntry,
  type PublicGuestbookEntriesResponse,
  type PublicGuestbookEntry,
} from '@memoir/shared';

import type { CsvValue } from '../csv';
import { publicListBody } from '../public-list';
import { actor, BULK_ERRORS, error, FORM_ERRORS, idOf, LIST_ERRORS, orFail } from './calls';
import { formSubmission } from './public-forms';
import { subscribing } from './readers';
import { queueCalls } from './review-queue';
import type { Capability } from './route-spec';

/* The guestbook: the public list and form, and the owner's moderation. */

// Domain objects to the wire: times become ISO-8601 strings in UTC.
export const presentPublicEntry = (entry: PublicEntry): PublicGuestbookEntry => ({
  id: entry.id,
  name: entry.name,
  location: entry.location,
  message: entry.message,
  createdAt: entry.createdAt.toISOString(),
});

export const presentEntry = (entry: Entry): GuestbookEntry => ({
  ...presentPublicEntry(entry),
  isApproved: entry.isApproved,
  reviewedAt: entry.reviewedAt?.toISOString() ?? null,
  adminNotes: entry.adminNotes,
});

/** The columns of the CSV export: the list's fields, times in ISO 8601 (UTC). */
export const GUESTBOOK_CSV_HEADER = [
  'id',
  'createdAt',
  'class',
  'name',
  'location',
  'message',
  'reviewedAt',
  'adminNotes',
] as const;

export const guestbookCsvRow = (entry: Entry): CsvValue[] => [
  entry.id,
  entry.createdAt,
  classifyGuestbookEntry(entry),
  entry.name,
  entry.location,
  entry.message,
  entry.reviewedAt,
  entry.adminNotes,
];

export const guestbookRoutes: Capability<
  | 'publicGuestbookEntries'
  | 'signGuestbook'
  | 'listGuestbookEntries'
  | 'exportGuestbookEntries'
  | 'bulkModerateGuestbookEntries'
  | 'moderateGuestbookEntry'
> = (options) => {
  const { useCases } = options;
  const queue = queueCalls({
    list: useCases.listGuestbookEntries,
    bulk: useCases.bulkModerateGuestbookEntries,
    present: presentEntry,
    csv: { file: 'guestbook', header: GUESTBOOK_CSV_HEADER, row: guestbookCsvRow },
  });
  return {
    publicGuestbookEntries: {
      summary: 'Recent approved guestbook entries, newest first',
      description: 'Answered in front of the rest of the server (public-list.ts), from a list kept in memory.',
      answered: 'The entries, without review fields',
      errors: { '400': error('limit is not a whole number') },
      handle: async ({ ctx, query }) => {
        // The bytes the fast path sends, so both paths answer alike (public-list.test.ts).
        ctx.type = 'application/json';
        return JSON.parse((await publicListBody(options, query.limit)).toString()) as PublicGuestbookEntriesResponse;
      },
    },
    signGuestbook: {
      summary: 'Sign the guestbook (the entry waits for moderation)',
      answered: 'Signed',
      errors: FORM_ERRORS,
      handle: (input) =>
        formSubmission(
          options,
          'guestbook',
          subscribing(options, input.ctx, 'guestbook', useCases.signGuestbook),
        )(input),
    },
    listGuestbookEntries: {
      summary:
        'Guestbook entries, newest first, a page at a time. Without parameters: a first page of pending entries, the 10 newest approved and the 5 newest rejected; nextCursor continues the pending ones',
      answered: 'A page (at most 64 KB of JSON)',
      errors: LIST_ERRORS,
      handle: async ({ query }) => {
        const { items, ...page } = await queue.page(query);
        return { success: true, entries: items, ...page };
      },
    },
    exportGuestbookEntries: {
      summary: 'The guestbook as CSV, with the list filters, every matching entry (no paging)',
      csv: 'entry',
      errors: LIST_ERRORS,
      handle: queue.exportCsv,
    },
    bulkModerateGuestbookEntries: {
      summary: 'Approve or reject many entries with one note; each decided and audited on its own',
      answered: 'How each item went',
      errors: BULK_ERRORS,
      handle: queue.bulk,
    },
    moderateGuestbookEntry: {
      summary: 'Approve or reject an entry (re-deciding is allowed)',
      answered: 'Updated',
      errors: { '400': error('A field breaks a rule'), '404': error('No such entry') },
      handle: async ({ ctx, body, params }) => {
        const entry = orFail(await useCases.moderateGuestbookEntry.execute({ id: idOf(params), ...body }, actor(ctx)));
        return { success: true, entry: presentEntry(entry) };
      },
    },
  };
};
