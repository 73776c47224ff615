import type { DkimKey } from '@memoir/mail';

import type { Parsed } from './config-table';

/* DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY, once each is parsed: together or not at all. */

const DKIM_NAMES = ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY'] as const;

/** The three DKIM settings go together: one or two alone would send unsigned mail while the owner thinks it signed. */
export function dkimSetProblems(values: readonly Parsed<string | null>[]): string[] {
  if (values.some((value) => !value.ok)) return [];
  const set = DKIM_NAMES.filter((_name, index) => {
    const value = values[index];
    return value?.ok === true && value.value !== null;
  });
  if (set.length === 0 || set.length === DKIM_NAMES.length) return [];
  const missing = DKIM_NAMES.filter((name) => !set.includes(name));
  return [
    `${set.join(' and ')} ${set.length === 1 ? 'is' : 'are'} set without ${missing.join(' and ')}: DKIM signing needs all three (docs/operations.md, "Mail that reaches the inbox").`,
  ];
}

export const dkimKey = (domain: string | null, selector: string | null, privateKey: string | null): DkimKey | null =>
  domain === null || selector === null || privateKey === null ? null : { domain, selector, privateKey };
