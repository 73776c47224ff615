import type { SiteContent } from '@memoir/shared';

/** How long typing must have stopped before the draft is saved. */
export const AUTOSAVE_DELAY_MS = 2000;

/** What a save of the draft came to (the API's answer, sorted into what the screen does next). */
export type SaveOutcome =
  | { readonly ok: true; readonly revision: number }
  /** 409: the draft was saved from elsewhere (another tab, another admin) since this one was loaded. */
  | { readonly ok: false; readonly kind: 'conflict' }
  /** 400: a field breaks a rule. */
  | {
      readonly ok: false;
      readonly kind: 'invalid';
      readonly message: string;
      readonly fieldErrors: Readonly<Record<string, string>>;
    }
  /** No answer, or any other refusal: the edits stay on the screen and go with the next save. */
  | { readonly ok: false; readonly kind: 'failed'; readonly message: string };

export type SaveStatus = 'unchanged' | 'waiting' | 'saving' | 'saved' | 'invalid' | 'failed' | 'conflict';

export interface DraftState {
  readonly content: SiteContent;
  /** The revision the edits on the screen are based on (the last one loaded or saved). */
  readonly revision: number;
  readonly status: SaveStatus;
  /** Edits on the screen that the server does not have yet. */
  readonly unsaved: boolean;
  /** Why the last save failed ('invalid' and 'failed'). */
  readonly problem: string | null;
  /** The last 400's messages by request field ("content.tagline"). */
  readonly fieldErrors: Readonly<Record<string, string>>;
}

export interface DraftSaverDeps {
  /** Saves `content` as the draft edited from `revision`. `keepalive`: the page is going away. */
  readonly save: (revision: number, content: SiteContent, keepalive: boolean) => Promise<SaveOutcome>;
  /** Told of every saved revision (the screen's cached copy of the draft follows it). */
  readonly onSaved?: (revision: number, content: SiteContent) => void;
  readonly delayMs?: number;
  /** setTimeout by default; returns the way to cancel it. */
  readonly schedule?: (run: () => void, ms: number) => () => void;
}

const defaultSchedule = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

/**
 * The draft on the screen and its autosave, apart from React so its rules can be tested:
 * - an edit waits for typing to stop (AUTOSAVE_DELAY_MS), then saves; `flush()` saves at once
 *   (leaving the page, Preview, Publish);
 * - one save at a time, each naming the revision the edits were made from; an edit made while a
 *   save is out goes with the next one;
 * - a 409 stops saving until the owner chooses (`reset` with the latest, or `overwrite`): the
 *   edits on the screen are never thrown away, and the other side's save is never overwritten
 *   without the owner asking.
 */
export class DraftSaver {
  private state: DraftState;
  private readonly listeners = new Set<() => void>();
  private cancelTimer: (() => void) | null = null;
  private queue: Promise<void> = Promise.resolve();
  /** Counts edits, so a save knows whether the screen changed while it was out. */
  private edits = 0;
  /** Counts resets: the answer to a save sent before one is about a draft the screen no longer shows. */
  private generation = 0;

  constructor(
    initial: { readonly revision: number; readonly content: SiteContent },
    private readonly deps: DraftSaverDeps,
  ) {
    this.state = { ...initial, status: 'unchanged', unsaved: false, problem: null, fieldErrors: {} };
  }

  getState = (): DraftState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** An edit on the screen: kept at once, saved once typing stops (not while a conflict waits). */
  edit(change: (content: SiteContent) => SiteContent): void {
    this.edits += 1;
    const conflict = this.state.status === 'conflict';
    this.set({ content: change(this.state.content), unsaved: true, ...(conflict ? {} : { status: 'waiting' }) });
    if (!conflict) this.restartTimer();
  }

  /**
   * Saves now whatever is unsaved (after a save already out). Resolves true when the server
   * has the screen's draft, false when it does not (a conflict, a field at fault, no answer).
   */
  flush(keepalive = false): Promise<boolean> {
    this.stopTimer();
    this.queue = this.queue.then(() => this.saveOnce(keepalive));
    return this.queue.then(() => !this.state.unsaved && this.state.status !== 'conflict');
  }

  /** A publish answered 409: the draft changed elsewhere. */
  markConflict(): void {
    this.stopTimer();
    this.set({ status: 'conflict' });
  }

  /** The screen takes the server's draft (loaded again, or a version restored): the edits here are replaced. */
  reset(draft: { readonly revision: number; readonly content: SiteContent }): void {
    this.stopTimer();
    this.edits += 1;
    this.generation += 1;
    this.set({ ...draft, status: 'unchanged', unsaved: false, problem: null, fieldErrors: {} });
  }

  /** The owner chose to keep the screen's edits over the other save: they are saved on top of `latestRevision`. */
  overwrite(latestRevision: number): Promise<boolean> {
    this.set({ revision: latestRevision, status: 'waiting', unsaved: true });
    return this.flush();
  }

  /** The screen is gone: no timer is left behind (a save already out, or flushed on leaving, still finishes). */
  dispose(): void {
    this.stopTimer();
  }

  private async saveOnce(keepalive: boolean): Promise<void> {
    if (!this.state.unsaved || this.state.status === 'conflict') return;
    const editsAtStart = this.edits;
    const generation = this.generation;
    const { revision, content } = this.state;
    this.set({ status: 'saving' });
    const outcome = await this.deps
      .save(revision, content, keepalive)
      .catch((error: unknown): SaveOutcome => ({ ok: false, kind: 'failed', message: String(error) }));
    if (generation !== this.generation) return;
    if (outcome.ok) {
      this.deps.onSaved?.(outcome.revision, content);
      // Edits made while it was out are still unsaved: their timer (restarted by the edit) saves them.
      const changedMeanwhile = this.edits !== editsAtStart;
      this.set({
        revision: outcome.revision,
        unsaved: changedMeanwhile,
        status: changedMeanwhile ? 'waiting' : 'saved',
        problem: null,
        fieldErrors: {},
      });
      return;
    }
    if (outcome.kind === 'conflict') this.set({ status: 'conflict', problem: null });
    else if (outcome.kind === 'invalid') {
      this.set({ status: 'invalid', problem: outcome.message, fieldErrors: outcome.fieldErrors });
    } else this.set({ status: 'failed', problem: outcome.message });
  }

  private restartTimer(): void {
    this.stopTimer();
    const schedule = this.deps.schedule ?? defaultSchedule;
    this.cancelTimer = schedule(() => {
      this.cancelTimer = null;
      void this.flush();
    }, this.deps.delayMs ?? AUTOSAVE_DELAY_MS);
  }

  private stopTimer(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  private set(change: Partial<DraftState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }
}
