import { ADMIN_LIST_SEARCH_MAX_LENGTH } from '@memoir/shared';

/*
 * The screens' filters live in the URL (TanStack Router's validated search params), so a reload
 * or Back keeps them. These read one parameter as the router parsed it (it turns "2026" into a
 * number): anything that is not a value the screen knows is dropped, never an error.
 */

/** Free text (a search, a username): trimmed and cut to `max`; absent when empty. */
export function textParam(value: unknown, max: number = ADMIN_LIST_SEARCH_MAX_LENGTH): string | undefined {
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  const trimmed = text.trim().slice(0, max);
  return trimmed === '' ? undefined : trimmed;
}

/** One of `choices`, or absent. */
export function choiceParam<T extends string>(choices: readonly T[], value: unknown): T | undefined {
  return choices.find((choice) => choice === value);
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day as `<input type="date">` gives it (2026-11-21), or absent. */
export function dayParam(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = DAY.exec(value);
  if (match === null) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  const real = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return real ? value : undefined;
}

/**
 * The start of a calendar day in the browser's time zone, as the instant the API takes
 * (ISO 8601, UTC); `dayOffset` 1 gives the start of the next day.
 */
export function startOfDay(day: string, dayOffset = 0): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, (date ?? 1) + dayOffset).toISOString();
}

/** The object without its absent values: what goes in the URL and in a query key. */
export function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}
