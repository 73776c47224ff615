import { READER_STATUSES, type ReaderExportFormat, type ReaderStatus } from '@memoir/shared';

import { choiceParam, definedOnly, textParam } from '../../../shared/list-search';

/** The Readers screen's filters, as the URL keeps them. */
export interface ReaderSearch {
  readonly status?: ReaderStatus;
  readonly q?: string;
}

/** The URL's filters: anything the screen does not know is dropped, never an error. */
export const parseReaderSearch = (search: Record<string, unknown>): ReaderSearch =>
  definedOnly({ status: choiceParam(READER_STATUSES, search.status), q: textParam(search.q) });

export const STATUS_LABELS: Readonly<Record<ReaderStatus, string>> = {
  pending: 'Waiting for confirmation',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};

/** Each export, in the words of its button; the newsletter tools' files hold confirmed readers only. */
export const EXPORT_LABELS: Readonly<Record<ReaderExportFormat, string>> = {
  mailchimp: 'Mailchimp',
  mailerlite: 'MailerLite',
  kit: 'Kit',
  buttondown: 'Buttondown',
  plain: 'Plain CSV (everyone)',
};

const LEAVING: Readonly<Record<string, string>> = {
  'one-click': "with their mail program's Unsubscribe button",
  page: "on the unsubscribe page's button",
  complaint: 'by marking an email as spam',
};

/** How a reader left, in words. */
export const leavingWay = (by: string | null): string => (by === null ? '' : (LEAVING[by] ?? by));

const SOURCES: Readonly<Record<string, string>> = {
  'signup-form': 'the sign-up form',
  guestbook: 'the guestbook form',
  scholarship: 'the free-PDF form',
};

/** Where a reader signed up, in words. */
export const sourceName = (source: string): string => SOURCES[source] ?? source;
