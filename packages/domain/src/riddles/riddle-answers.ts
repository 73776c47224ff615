export type RiddleId = 'guestbook' | 'scholarship';

/**
 * Port: the expected answer of each riddle. The answers are configuration
 * (`RIDDLE_GUESTBOOK_ANSWER`, `RIDDLE_SCHOLARSHIP_ANSWER`), never sent to browsers.
 */
export interface RiddleAnswers {
  expectedAnswer(riddle: RiddleId): string;
}

function normalize(answer: string): string {
  return answer.trim().toLowerCase();
}

/** Answers are compared trimmed and case-insensitively: " Kernel " matches "kernel". */
export function isCorrectRiddleAnswer(riddles: RiddleAnswers, riddle: RiddleId, given: string): boolean {
  const expected = normalize(riddles.expectedAnswer(riddle));
  return expected !== '' && normalize(given) === expected;
}
