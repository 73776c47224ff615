import type { ReaderExportFormat } from '@memoir/shared';

/**
 * The header row of each reader export, as each newsletter tool's importer reads it
 * (docs/readers.md, "Exports"): written out here, not taken from the code that writes them, so
 * that the HTTP test and the browser test check the files against what the importers expect.
 */
export const READER_EXPORT_HEADERS: Readonly<Record<ReaderExportFormat, readonly string[]>> = {
  mailchimp: [
    'Email Address',
    'First Name',
    'Last Name',
    'Tags',
    'OPTIN_TIME',
    'OPTIN_IP',
    'CONFIRM_TIME',
    'CONFIRM_IP',
  ],
  mailerlite: ['email', 'name', 'subscribed_at', 'ip_address', 'opted_in_at', 'optin_ip'],
  kit: ['email', 'first_name', 'tags', 'consent_at', 'consent_ip', 'consent_text', 'confirmed_at'],
  buttondown: ['email', 'tags', 'notes', 'metadata'],
  plain: [
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
};
