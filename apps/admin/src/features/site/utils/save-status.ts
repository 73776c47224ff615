import type { DraftState } from './draft-saver';

/** The sentence the conflict notice and the status both use. */
export const CHANGED_ELSEWHERE =
  'The draft was changed elsewhere (in another tab, or by another admin) after you opened it.';

/** The save status in words, as the screen shows it beside the buttons. */
export function saveStatusText(state: Pick<DraftState, 'status' | 'problem'>): string {
  switch (state.status) {
    case 'unchanged':
      return 'No changes since you opened it';
    case 'waiting':
      return 'Unsaved changes';
    case 'saving':
      return 'Saving…';
    case 'saved':
      return 'Saved';
    case 'conflict':
      return `Not saved: ${CHANGED_ELSEWHERE}`;
    case 'invalid':
    case 'failed':
      return `Not saved: ${state.problem ?? 'the server did not answer.'}`;
  }
}
