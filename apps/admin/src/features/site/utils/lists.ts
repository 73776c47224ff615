/** The list with the item at `index` replaced (the content is never changed in place). */
export const replaceAt = <T>(list: readonly T[], index: number, item: T): readonly T[] =>
  list.map((current, at) => (at === index ? item : current));

/** The list without the item at `index`. */
export const removeAt = <T>(list: readonly T[], index: number): readonly T[] => list.filter((_, at) => at !== index);

/** The first of `choices` that no item uses yet (a new buy link's format), or null when all are used. */
export const firstUnused = <T>(choices: readonly T[], used: readonly T[]): T | null =>
  choices.find((choice) => !used.includes(choice)) ?? null;
