import { readerItem, type Reader } from '@memoir/domain';
import type { ReaderItem } from '@memoir/shared';

import { sendCsv } from '../csv';
import { fitPage } from '../page-budget';
import { READER_EXPORTS } from '../reader-exports';
import { error, LIST_ERRORS, orFail } from './calls';
import type { Capability } from './route-spec';

/* The owner's Readers screen: a page of the list, its counts and growth, the exports. */

/** A reader with their consent record, as the admin API answers it. */
export const presentReader = (reader: Reader): ReaderItem => readerItem(reader);

export const readerListRoutes: Capability<'listReaders' | 'readerSummary' | 'exportReaders'> = ({ useCases }) => ({
  listReaders: {
    summary: 'The reader list with each consent record, newest sign-up first, a page at a time',
    description: '`q` finds text in the address or the name, case-insensitively; `status` keeps one status.',
    answered: 'A page (at most 64 KB of JSON)',
    errors: LIST_ERRORS,
    handle: async ({ query }) => {
      const page = orFail(await useCases.listReaders.execute(query));
      // A reader pages as an item of their sign-up's time, as the domain's cursor has it.
      const items = page.items.map((reader) => ({ createdAt: reader.signedUpAt, id: reader.id, reader }));
      const fitted = fitPage(items, [], page.nextCursor, ({ reader }) => presentReader(reader));
      return { readers: fitted.items, nextCursor: fitted.nextCursor };
    },
  },
  readerSummary: {
    summary:
      "How many readers each status holds, the confirmations of each of the last 12 weeks, and the webhook's backlog",
    answered: 'The counts, the weeks and the webhook',
    handle: async () => {
      const { counts, growth, webhook } = await useCases.listReaders.summary();
      return { counts: { ...counts }, growth: growth.map((week) => ({ ...week })), webhook: { ...webhook } };
    },
  },
  exportReaders: {
    summary:
      "The reader list as CSV in a newsletter tool's import format (confirmed readers only) or plain (everyone, with status)",
    description:
      'Written as the database yields the readers, newest sign-up first. The columns of each format are in ' +
      'docs/readers.md ("Exports").',
    csv: 'reader',
    errors: { '400': error('The format is missing or not one of mailchimp, mailerlite, kit, buttondown, plain') },
    handle: ({ ctx, query }) => {
      const format = READER_EXPORTS[query.format];
      const readers = useCases.listReaders.exportAll(format.confirmedOnly ? 'confirmed' : undefined);
      sendCsv(ctx, `readers-${query.format}`, format.header, readers, format.row);
    },
  },
});
