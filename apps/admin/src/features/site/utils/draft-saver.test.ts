import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SITE_CONTENT, type SiteContent } from '@memoir/shared';

import { AUTOSAVE_DELAY_MS, DraftSaver, type SaveOutcome } from './draft-saver';
import { saveStatusText } from './save-status';

interface Sent {
  readonly revision: number;
  readonly content: SiteContent;
  readonly keepalive: boolean;
  readonly answer: (outcome: SaveOutcome) => Promise<void>;
}

/** A saver whose saves wait for the test to answer them, and whose timer the test runs. */
function world(revision = 7) {
  const sent: Sent[] = [];
  const timers: Array<{ run: () => void; ms: number; cancelled: boolean }> = [];
  const saved: number[] = [];
  const saver = new DraftSaver(
    { revision, content: DEFAULT_SITE_CONTENT },
    {
      save: (rev, content, keepalive) =>
        new Promise<SaveOutcome>((resolve) => {
          sent.push({
            revision: rev,
            content,
            keepalive,
            answer: async (outcome) => {
              resolve(outcome);
              await settle();
            },
          });
        }),
      onSaved: (rev) => saved.push(rev),
      schedule: (run, ms) => {
        const timer = { run, ms, cancelled: false };
        timers.push(timer);
        return () => {
          timer.cancelled = true;
        };
      },
    },
  );
  const pendingTimers = () => timers.filter((timer) => !timer.cancelled);
  /** Typing stops: the pending timer fires. */
  const typingStops = async () => {
    const timer = pendingTimers().at(-1);
    if (timer === undefined) throw new Error('no autosave is waiting');
    timer.cancelled = true;
    timer.run();
    await settle();
  };
  return { saver, sent, saved, pendingTimers, typingStops };
}

/** Lets the saver's promise chain run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const tagline = (text: string) => (content: SiteContent) => ({ ...content, tagline: text });

describe('the draft’s autosave', () => {
  it('saves a moment after typing stops, from the revision the edits were made on', async () => {
    const { saver, sent, saved, pendingTimers, typingStops } = world(7);
    saver.edit(tagline('A new tagline'));
    expect(saver.getState()).toMatchObject({ status: 'waiting', unsaved: true });
    expect(pendingTimers().map((timer) => timer.ms)).toEqual([AUTOSAVE_DELAY_MS]);
    expect(sent).toEqual([]);

    await typingStops();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ revision: 7, keepalive: false });
    expect(sent[0]?.content.tagline).toBe('A new tagline');
    expect(saver.getState().status).toBe('saving');

    await sent[0]?.answer({ ok: true, revision: 8 });
    expect(saver.getState()).toMatchObject({ status: 'saved', unsaved: false, revision: 8 });
    expect(saved).toEqual([8]);
  });

  it('waits while the owner keeps typing: each edit starts the wait again', () => {
    const { saver, pendingTimers } = world();
    saver.edit(tagline('A'));
    saver.edit(tagline('An'));
    saver.edit(tagline('And'));
    expect(pendingTimers()).toHaveLength(1);
    expect(saver.getState().content.tagline).toBe('And');
  });

  it('sends an edit made while a save is out with the next save, on the revision that save made', async () => {
    const { saver, sent, typingStops } = world(7);
    saver.edit(tagline('first'));
    await typingStops();
    saver.edit(tagline('second'));
    await sent[0]?.answer({ ok: true, revision: 8 });
    expect(saver.getState()).toMatchObject({ status: 'waiting', unsaved: true, revision: 8 });

    await typingStops();
    expect(sent[1]).toMatchObject({ revision: 8 });
    expect(sent[1]?.content.tagline).toBe('second');
    await sent[1]?.answer({ ok: true, revision: 9 });
    expect(saver.getState()).toMatchObject({ status: 'saved', unsaved: false, revision: 9 });
  });

  it('saves at once on flush (leaving the page), with keepalive when the page goes away', async () => {
    const { saver, sent, pendingTimers } = world();
    saver.edit(tagline('leaving'));
    const flushed = saver.flush(true);
    expect(pendingTimers()).toEqual([]);
    await settle();
    expect(sent[0]).toMatchObject({ keepalive: true });
    await sent[0]?.answer({ ok: true, revision: 8 });
    await expect(flushed).resolves.toBe(true);
  });

  it('sends nothing on flush when nothing is unsaved', async () => {
    const { saver, sent } = world();
    await expect(saver.flush()).resolves.toBe(true);
    expect(sent).toEqual([]);
  });
});

describe('a draft changed elsewhere (409)', () => {
  it('stops saving and keeps the edits on the screen until the owner chooses', async () => {
    const { saver, sent, pendingTimers, typingStops } = world(7);
    saver.edit(tagline('mine'));
    await typingStops();
    await sent[0]?.answer({ ok: false, kind: 'conflict' });
    expect(saver.getState()).toMatchObject({ status: 'conflict', unsaved: true });
    expect(saver.getState().content.tagline).toBe('mine');

    // Typing on saves nothing: the other side's draft is not overwritten behind the owner's back.
    saver.edit(tagline('mine, still'));
    expect(pendingTimers()).toEqual([]);
    await expect(saver.flush()).resolves.toBe(false);
    expect(sent).toHaveLength(1);
    expect(saver.getState()).toMatchObject({ status: 'conflict', unsaved: true });
    expect(saver.getState().content.tagline).toBe('mine, still');
  });

  it('saves the screen’s edits over the latest revision when the owner keeps them', async () => {
    const { saver, sent, typingStops } = world(7);
    saver.edit(tagline('mine'));
    await typingStops();
    await sent[0]?.answer({ ok: false, kind: 'conflict' });

    const kept = saver.overwrite(12);
    await settle();
    expect(sent[1]).toMatchObject({ revision: 12 });
    expect(sent[1]?.content.tagline).toBe('mine');
    await sent[1]?.answer({ ok: true, revision: 13 });
    await expect(kept).resolves.toBe(true);
    expect(saver.getState()).toMatchObject({ status: 'saved', revision: 13 });
  });

  it('takes the latest draft when the owner loads it, and ignores the answer of a save sent before', async () => {
    const { saver, sent, typingStops } = world(7);
    saver.edit(tagline('mine'));
    await typingStops();
    const latest = { ...DEFAULT_SITE_CONTENT, tagline: 'theirs' };
    saver.reset({ revision: 12, content: latest });
    await sent[0]?.answer({ ok: false, kind: 'conflict' });
    expect(saver.getState()).toMatchObject({ status: 'unchanged', unsaved: false, revision: 12, content: latest });
  });

  it('is what a refused publish reports too', () => {
    const { saver } = world();
    saver.markConflict();
    expect(saver.getState().status).toBe('conflict');
    expect(saveStatusText(saver.getState())).toMatch(/^Not saved: The draft was changed elsewhere \(in another tab/);
  });
});

describe('a save that fails', () => {
  it('keeps a 400’s field messages until a save goes through', async () => {
    const { saver, sent, typingStops } = world(7);
    saver.edit(tagline('x'.repeat(300)));
    await typingStops();
    await sent[0]?.answer({
      ok: false,
      kind: 'invalid',
      message: 'Tagline must be at most 200 characters.',
      fieldErrors: { 'content.tagline': 'Tagline must be at most 200 characters.' },
    });
    expect(saver.getState()).toMatchObject({ status: 'invalid', unsaved: true, revision: 7 });
    expect(saver.getState().fieldErrors).toEqual({ 'content.tagline': 'Tagline must be at most 200 characters.' });
    expect(saveStatusText(saver.getState())).toBe('Not saved: Tagline must be at most 200 characters.');

    saver.edit(tagline('short'));
    await typingStops();
    await sent[1]?.answer({ ok: true, revision: 8 });
    expect(saver.getState()).toMatchObject({ status: 'saved', fieldErrors: {}, problem: null });
  });

  it('keeps the edits when the server does not answer, and tries again on flush', async () => {
    const { saver, sent, typingStops } = world(7);
    saver.edit(tagline('offline'));
    await typingStops();
    await sent[0]?.answer({ ok: false, kind: 'failed', message: 'no answer from the server.' });
    expect(saver.getState()).toMatchObject({ status: 'failed', unsaved: true });
    expect(saveStatusText(saver.getState())).toBe('Not saved: no answer from the server.');

    const again = saver.flush();
    await settle();
    await sent[1]?.answer({ ok: true, revision: 8 });
    await expect(again).resolves.toBe(true);
  });
});

describe('the save status in words', () => {
  it('says what the owner needs to know at each step', () => {
    expect(saveStatusText({ status: 'saving', problem: null })).toBe('Saving…');
    expect(saveStatusText({ status: 'saved', problem: null })).toBe('Saved');
    expect(saveStatusText({ status: 'waiting', problem: null })).toBe('Unsaved changes');
    expect(saveStatusText({ status: 'unchanged', problem: null })).toBe('No changes since you opened it');
  });
});
