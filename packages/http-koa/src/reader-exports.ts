import type { Reader } from '@memoir/domain';
import type { ReaderExportFormat } from '@memoir/shared';

import type { CsvValue } from './csv';

/**
 * The reader list in the import formats of the newsletter tools an author moves it to. Each
 * format has the columns its importer maps by itself and the consent fields it accepts; the
 * newsletter tools' files carry only confirmed readers (importing anyone else would mail people
 * who never confirmed or who left), the plain file carries everyone with their status.
 * docs/readers.md, "Exports", says why each column is there.
 */

/*
 * Rows are made from the domain's reader: an earlier shape (the API's, with an optional
 * `confirmedIp` no reader had) left every confirmation IP column empty.
 */
type ExportedReader = Reader;

export interface ReaderExport {
  /** Whether the file lists only confirmed readers. */
  readonly confirmedOnly: boolean;
  readonly header: readonly string[];
  readonly row: (reader: ExportedReader) => CsvValue[];
}

/** `2026-11-26 23:45:01`, UTC: the form Mailchimp and MailerLite write and read their own times in. */
const spaced = (time: Date | null): string => (time === null ? '' : time.toISOString().slice(0, 19).replace('T', ' '));

/** The tag every importer that has tags gets, so the author can find these readers there. */
const TAG = 'memoir-site';

/** One line a person reads: what they agreed to, when, and where from. */
function consentNote(reader: ExportedReader): string {
  const confirmed = reader.confirmedAt === null ? 'not confirmed' : `confirmed ${reader.confirmedAt.toISOString()}`;
  return `Signed up ${reader.signedUpAt.toISOString()} via ${reader.source} (consent text v${reader.consentVersion}: "${reader.consentText}"), ${confirmed}.`;
}

export const READER_EXPORTS: Readonly<Record<ReaderExportFormat, ReaderExport>> = {
  // Mailchimp's importer maps "Email Address", "First Name", "Last Name" and "Tags" by name; the
  // opt-in and confirm columns are the ones Mailchimp's own exports write (OPTIN_TIME, …). A name
  // is not split: a name in many scripts has no "first" part, and it is what the greeting uses.
  mailchimp: {
    confirmedOnly: true,
    header: [
      'Email Address',
      'First Name',
      'Last Name',
      'Tags',
      'OPTIN_TIME',
      'OPTIN_IP',
      'CONFIRM_TIME',
      'CONFIRM_IP',
    ],
    row: (r) => [r.email, r.name, '', TAG, spaced(r.signedUpAt), r.signUpIp, spaced(r.confirmedAt), r.confirmIp],
  },
  // MailerLite's field keys: `email`, `name`, and the consent fields of its subscriber record.
  mailerlite: {
    confirmedOnly: true,
    header: ['email', 'name', 'subscribed_at', 'ip_address', 'opted_in_at', 'optin_ip'],
    row: (r) => [r.email, r.name, spaced(r.signedUpAt), r.signUpIp, spaced(r.confirmedAt), r.confirmIp],
  },
  // Kit maps `email` and `first_name`, and `tags` (comma separated); anything else is a custom field.
  kit: {
    confirmedOnly: true,
    header: ['email', 'first_name', 'tags', 'consent_at', 'consent_ip', 'consent_text', 'confirmed_at'],
    row: (r) => [r.email, r.name, TAG, r.signedUpAt, r.signUpIp, r.consentText, r.confirmedAt],
  },
  // Buttondown's importer maps each column to the subscriber's email, join date (`creation_date`),
  // tags, notes, or a metadata key of the same name (its docs, "Importing your data"): one
  // column a fact, not a JSON object it would keep as one string.
  buttondown: {
    confirmedOnly: true,
    header: [
      'email',
      'creation_date',
      'tags',
      'notes',
      'name',
      'source',
      'consent_at',
      'consent_ip',
      'consent_text',
      'consent_version',
      'confirmed_at',
    ],
    row: (r) => [
      r.email,
      r.signedUpAt,
      TAG,
      consentNote(r),
      r.name,
      r.source,
      r.signedUpAt,
      r.signUpIp,
      r.consentText,
      r.consentVersion,
      r.confirmedAt,
    ],
  },
  plain: {
    confirmedOnly: false,
    header: [
      'email',
      'name',
      'status',
      'source',
      'consent_text',
      'consent_version',
      'consent_at',
      'consent_ip',
      'confirmed_at',
      'confirm_ip',
      'unsubscribed_at',
      'unsubscribed_by',
    ],
    row: (r) => [
      r.email,
      r.name,
      r.status,
      r.source,
      r.consentText,
      r.consentVersion,
      r.signedUpAt,
      r.signUpIp,
      r.confirmedAt,
      r.confirmIp,
      r.unsubscribedAt,
      r.unsubscribedBy,
    ],
  },
};
