/**
 * The codes every review queue's items have, under the item's prefix (`GUESTBOOK_ENTRY`,
 * `SCHOLARSHIP_REQUEST`): `<prefix>.INVALID` (a field breaks a rule), `<prefix>.WRONG_RIDDLE_ANSWER`,
 * `<prefix>.NOT_FOUND`.
 */
export function reviewQueueErrorCodes<const Prefix extends string>(prefix: Prefix) {
  return {
    Invalid: `${prefix}.INVALID`,
    WrongRiddleAnswer: `${prefix}.WRONG_RIDDLE_ANSWER`,
    NotFound: `${prefix}.NOT_FOUND`,
  } as const;
}
