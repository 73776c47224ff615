import { GUESTBOOK_LIMITS, SCREEN_TEXTS } from '@memoir/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { GUESTBOOK } from '../../../content';
import { Field, NewsBox, PrivacyNote, RiddleField, SendButton } from '../../../shared/form-kit';
import { recentEntriesQueryOptions } from '../api/recent-entries';
import { useSignGuestbook } from '../api/sign-guestbook';
import { Section } from '../../../shared/section';
import { useSiteData } from '../../../shared/site-data';

// In UTC: the server renders the page and the browser hydrates it, and both must write the same day.
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function RecentVisitors() {
  // The entries the server rendered the page with, until the guestbook is signed here.
  const { entries: rendered } = useSiteData();
  const { data, error } = useQuery({
    ...recentEntriesQueryOptions,
    initialData: rendered === null ? undefined : { success: true as const, entries: rendered },
  });
  useEffect(() => {
    // The spec: a failed load is only logged; the list simply stays empty.
    if (error) console.error('Loading guestbook entries failed:', error);
  }, [error]);
  const entries = data?.success ? data.entries : [];
  return (
    <section className="recent" aria-labelledby="recent-heading">
      <h3 id="recent-heading">{GUESTBOOK.recentHeading}</h3>
      {entries.length === 0 ? (
        <p className="empty">{SCREEN_TEXTS.publicGuestbookEmpty}</p>
      ) : (
        <ul className="entries">
          {entries.map((entry) => (
            <li key={entry.id} className="entry">
              <p className="entry-meta">
                <span className="entry-name" dir="auto">
                  {entry.name}
                </span>
                {entry.location ? (
                  <span className="entry-location">
                    {' from '}
                    <bdi>{entry.location}</bdi>
                  </span>
                ) : null}
                <time dateTime={entry.createdAt}> · {shortDate.format(new Date(entry.createdAt))}</time>
              </p>
              <p className="entry-message" dir="auto">
                {entry.message}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function Guestbook() {
  const { errors, submitting, onSubmit } = useSignGuestbook();
  // A reset form (after a success) hides the news address again: the box starts afresh.
  const [resets, setResets] = useState(0);
  const riddle = GUESTBOOK.riddle;
  return (
    <Section name="guestbook" heading={GUESTBOOK.heading} id="guestbook" kind="guestbook">
      <p>{GUESTBOOK.intro}</p>
      <div className="guestbook-layout">
        {/* POST: sent before its code has come, the form never puts the fields in the address. */}
        <form className="form retro" method="post" onSubmit={onSubmit} onReset={() => setResets((n) => n + 1)}>
          <Field
            name="name"
            label="Name"
            errors={errors}
            maxLength={GUESTBOOK_LIMITS.nameMaxLength}
            required
            autoComplete="nickname"
          />
          <Field
            name="location"
            label="Location"
            errors={errors}
            maxLength={GUESTBOOK_LIMITS.locationMaxLength}
            autoComplete="address-level2"
          />
          <Field
            name="message"
            label="Message"
            errors={errors}
            maxLength={GUESTBOOK_LIMITS.messageMaxLength}
            required
            multiline
          />
          <NewsBox errors={errors} withEmail key={resets} />
          <RiddleField riddle={riddle} errors={errors} />
          <SendButton submitting={submitting} text={GUESTBOOK.submit} sendingText={SCREEN_TEXTS.submittingRetro} />
          <PrivacyNote note={GUESTBOOK.privacyNote} />
        </form>
        <RecentVisitors />
      </div>
    </Section>
  );
}
