import { READER_EXPORT_FORMATS, READER_STATUSES, type ReaderItem, type ReaderStatus } from '@memoir/shared';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';

import { DownloadCsvButton } from '../../../shared/download-csv';
import { NothingMatches } from '../../../shared/filtered-results';
import { ListFilters } from '../../../shared/list-filters';
import { ListPending, LoadMore, RefreshError } from '../../../shared/load-error';
import { Badge, ButtonRow, EmptyState, ListCard, Section } from '../../../shared/page';
import { ScreenHeader, type ScreenTexts } from '../../../shared/screen';
import { When } from '../../../shared/when';
import { downloadReaders, readerSummaryQueryOptions, useReaders } from '../api/readers';
import { AnnouncementsSection } from './announcements-section';
import { EXPORT_LABELS, leavingWay, sourceName, STATUS_LABELS, type ReaderSearch } from '../utils/reader-search';

export const READERS_SCREEN: ScreenTexts = {
  title: 'READERS',
  loading: 'Loading readers...',
  loadFailed: 'Could not load the readers.',
  backLink: true,
};

const CHOICES = READER_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

/** The webhook to the owner's newsletter tool in one sentence: off, or what waits and what was given up. */
export function webhookSentence(webhook: { configured: boolean; pending: number; failed: number }): string {
  const events = (count: number) => `${count} ${count === 1 ? 'event' : 'events'}`;
  if (!webhook.configured) {
    return webhook.pending + webhook.failed === 0
      ? 'No webhook: set READERS_WEBHOOK_URL to post each confirmation and leaving to your newsletter tool.'
      : `No webhook is set now; ${events(webhook.pending)} from before still wait.`;
  }
  const given =
    webhook.failed === 0
      ? 'none given up'
      : `${events(webhook.failed)} given up in the last 30 days (see the server log)`;
  return `Webhook on: ${events(webhook.pending)} waiting to be posted, ${given}.`;
}

/** How many readers each status holds, and the confirmations of each of the last weeks. */
function Summary() {
  const { data } = useQuery(readerSummaryQueryOptions);
  if (data === undefined) return null;
  const { counts, growth, webhook } = data;
  return (
    <>
      <ul className="counters" aria-label="Readers by status">
        {READER_STATUSES.map((status: ReaderStatus) => (
          <li key={status}>
            {STATUS_LABELS[status]}: <strong>{counts[status]}</strong>
          </li>
        ))}
        <li>
          All: <strong>{counts.total}</strong>
        </li>
      </ul>
      <p data-testid="reader-webhook">{webhookSentence(webhook)}</p>
      <Section id="growth" title="Confirmed readers per week">
        <table>
          <caption className="visually-hidden">Readers who confirmed each week (UTC), the current week last</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">Confirmed</th>
            </tr>
          </thead>
          <tbody>
            {growth.map((week) => (
              <tr key={week.weekStart}>
                <td>
                  <time dateTime={week.weekStart}>{week.weekStart}</time>
                </td>
                <td>{week.confirmed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
    </>
  );
}

/** One reader with their consent record: what they ticked, when and where, and how they left. */
function Reader({ reader }: { readonly reader: ReaderItem }) {
  return (
    <ListCard className="item" data-testid="reader">
      <p className="item-head">
        <bdi>{reader.email}</bdi> {reader.name === null ? null : <bdi>({reader.name})</bdi>}{' '}
        <Badge tone={reader.status === 'confirmed' ? 'approved' : reader.status === 'pending' ? 'pending' : 'rejected'}>
          {STATUS_LABELS[reader.status]}
        </Badge>
      </p>
      <dl className="meta">
        <dt>Signed up</dt>
        <dd>
          <When iso={reader.consent.at} /> on {sourceName(reader.source)}
          {reader.consent.ip === null ? null : (
            <>
              {' '}
              from <bdi>{reader.consent.ip}</bdi>
            </>
          )}
        </dd>
        <dt>Box ticked</dt>
        <dd>
          “{reader.consent.text}” (version {reader.consent.version})
        </dd>
        <dt>Confirmed</dt>
        <dd>
          {reader.confirmedAt === null ? (
            'Not confirmed'
          ) : (
            <>
              <When iso={reader.confirmedAt} />
              {reader.confirmIp === null ? null : (
                <>
                  {' '}
                  from <bdi>{reader.confirmIp}</bdi>
                </>
              )}
            </>
          )}
        </dd>
        {reader.unsubscribedAt === null ? null : (
          <>
            <dt>Left</dt>
            <dd>
              <When iso={reader.unsubscribedAt} /> {leavingWay(reader.unsubscribedBy)}
            </dd>
          </>
        )}
      </dl>
    </ListCard>
  );
}

/** The readers for the URL's filters, newest sign-up first, with "Load more" while there are more. */
function ReaderList({ search }: { readonly search: ReaderSearch }) {
  const navigate = useNavigate({ from: '/readers' });
  const query = useReaders(search);
  if (query.data === undefined || query.isPlaceholderData) {
    return <ListPending screen={READERS_SCREEN} query={query} />;
  }
  const readers = query.data.pages.flatMap((page) => page.readers);
  const filtered = Object.keys(search).length > 0;
  return (
    <>
      <RefreshError query={query} title="Could not refresh the readers." />
      {readers.length === 0 ? (
        <>
          <EmptyState>No readers yet.</EmptyState>
          {filtered ? <NothingMatches what="these filters" onClear={() => void navigate({ search: {} })} /> : null}
        </>
      ) : null}
      <ul className="items">
        {readers.map((reader) => (
          <Reader key={reader.id} reader={reader} />
        ))}
      </ul>
      <LoadMore query={query} what="readers" />
    </>
  );
}

export function ReadersPage() {
  const search = useSearch({ from: '/authed/readers' });
  const navigate = useNavigate({ from: '/readers' });
  return (
    <>
      <ScreenHeader screen={READERS_SCREEN} />
      <p>
        People who asked for news about the book, with the record of their consent. The newsletter tools&apos; files
        hold confirmed readers only.
      </p>
      <Summary />
      <AnnouncementsSection />
      <Section id="exports" title="Export">
        <ButtonRow>
          {READER_EXPORT_FORMATS.map((format) => (
            <DownloadCsvButton
              key={format}
              label={EXPORT_LABELS[format]}
              download={() => downloadReaders(format)}
              fallbackName={`readers-${format}.csv`}
            />
          ))}
        </ButtonRow>
      </Section>
      <Section id="list" title="The list">
        <div className="toolbar">
          <ListFilters
            what="readers"
            q={search.q}
            filterLabel="Status"
            filter={search.status}
            choices={CHOICES}
            onApply={({ q, filter }) =>
              void navigate({
                search: { ...(q === undefined ? {} : { q }), ...(filter === undefined ? {} : { status: filter }) },
              })
            }
          />
        </div>
        <ReaderList search={search} />
      </Section>
    </>
  );
}
