import { ANNOUNCEMENT_LIMITS, type AnnouncementItem } from '@memoir/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { Form, FormField } from '../../../shared/form-field';
import { Badge, ButtonRow, EmptyState, ListCard, Section } from '../../../shared/page';
import { queryKeys } from '../../../shared/query-keys';
import { useChange } from '../../../shared/use-change';
import { When } from '../../../shared/when';
import { announcementsQueryOptions, sendAnnouncement } from '../api/announcements';
import { readerSummaryQueryOptions } from '../api/readers';

const STATUS_TEXT: Record<AnnouncementItem['status'], string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
};

/** The text as each reader's mail shows it: blank lines part paragraphs. */
function Preview({ subject, text }: { readonly subject: string; readonly text: string }) {
  const paragraphs = text.split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== '');
  return (
    <section className="card" aria-label="Preview" data-testid="announcement-preview">
      <p className="item-head">{subject === '' ? '(no subject)' : <bdi>{subject}</bdi>}</p>
      {paragraphs.map((paragraph, index) => (
        <p key={index}>
          {paragraph
            .trim()
            .split('\n')
            .map((line, at) => (
              <span key={at}>
                {at === 0 ? null : <br />}
                <bdi>{line}</bdi>
              </span>
            ))}
        </p>
      ))}
      <p className="hint">Each reader&apos;s copy ends with their own unsubscribe link.</p>
    </section>
  );
}

/** One announcement sent, with its progress read from the outbox. */
function Announcement({ item }: { readonly item: AnnouncementItem }) {
  return (
    <ListCard className="item" data-testid="announcement">
      <p className="item-head">
        <bdi>{item.subject}</bdi>{' '}
        <Badge tone={item.status === 'sent' ? 'approved' : 'pending'}>{STATUS_TEXT[item.status]}</Badge>
      </p>
      <p className="meta">
        <When iso={item.createdAt} />
        {item.createdBy === null ? null : <> by {item.createdBy}</>}: {item.sent} of {item.recipients} sent
        {item.notSent === 0 ? null : <>, {item.notSent} not sent (left, suppressed, or failed)</>}
      </p>
    </ListCard>
  );
}

/**
 * An announcement to the confirmed readers: subject and text, a preview, the count, a test to
 * the owner, then the send (after a confirm); and the ones sent, with their progress.
 */
export function AnnouncementsSection() {
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const summary = useQuery(readerSummaryQueryOptions);
  const list = useQuery(announcementsQueryOptions);
  const confirmed = summary.data?.counts.confirmed ?? 0;
  const refresh = [queryKeys.announcements];
  const failed = { title: 'Could not send the announcement', fallback: 'Try again in a moment.' };
  const test = useChange({
    run: () => sendAnnouncement({ subject, text, test: true }),
    done: { title: 'Test queued', description: 'A copy goes to your address (OWNER_EMAIL).' },
    failed,
  });
  const send = useChange({
    run: () => sendAnnouncement({ subject, text }),
    done: (result) => ({
      title: 'Announcement queued',
      description: `${result.announcement.recipients} mails go out at the configured rate.`,
    }),
    then: () => {
      setSubject('');
      setText('');
    },
    failed,
    refresh,
  });
  const ready = subject.trim() !== '' && text.trim() !== '' && !send.isPending;
  return (
    <Section id="announcements" title="Announcements">
      <p>
        Write to the {confirmed} confirmed readers (addresses that bounced or complained are left out). Plain text; a
        blank line starts a new paragraph.
      </p>
      <Form
        aria-label="Announcement"
        onSubmit={() => {
          if (window.confirm(`Send "${subject.trim()}" to ${confirmed} confirmed readers? This cannot be undone.`)) {
            send.mutate();
          }
        }}
      >
        <FormField
          id="announcement-subject"
          label="Subject"
          value={subject}
          onChange={setSubject}
          maxLength={ANNOUNCEMENT_LIMITS.subjectMaxLength}
        />
        <div className="field">
          <label htmlFor="announcement-text">Text</label>
          <textarea
            id="announcement-text"
            required
            rows={8}
            maxLength={ANNOUNCEMENT_LIMITS.textMaxLength}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <Preview subject={subject.trim()} text={text} />
        <ButtonRow>
          <button
            type="button"
            className="button button-ghost"
            disabled={!ready || test.isPending}
            onClick={() => test.mutate()}
          >
            Send a test to me
          </button>
          <button type="submit" className="button" disabled={!ready}>
            {send.isPending ? 'Sending...' : `Send to ${confirmed} readers`}
          </button>
        </ButtonRow>
      </Form>
      <Section id="announcements-sent" title="Sent" level={3}>
        {list.data?.announcements.length === 0 ? <EmptyState>No announcements yet.</EmptyState> : null}
        <ul className="items">
          {(list.data?.announcements ?? []).map((item) => (
            <Announcement key={item.id} item={item} />
          ))}
        </ul>
      </Section>
    </Section>
  );
}
