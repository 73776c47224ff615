import fc from 'fast-check';

import { PROTOTYPE_KEYS, urlText } from './text';

// Query parameters and paths.

/** A query string of hostile parameters; `names` are the ones the route reads. */
export const queryString = (names: readonly string[]): fc.Arbitrary<string> => {
  const value = fc.oneof(
    fc.constantFrom(
      '5',
      '0',
      '-1',
      '1.5',
      '1e3',
      '1e309',
      'NaN',
      'Infinity',
      '0x10',
      '%203%20',
      '+3+',
      '',
      '%',
      '%zz',
      '%E0%A4%A',
    ),
    urlText,
    fc.integer().map(String),
  );
  const name = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...names, 'limit', 'before') },
    { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS, 'limit[]', 'limit[__proto__]', '__proto__[x]', '') },
  );
  return fc
    .array(fc.tuple(name, value), { maxLength: 4 })
    .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`));
};

/** A path segment for {id}: real ids, other UUIDs, and hostile text, percent-encoded. */
export const pathId = (realIds: () => readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.nat().map((n) => realIds()[n % Math.max(1, realIds().length)] ?? 'none') },
    { weight: 1, arbitrary: fc.uuid().map((id) => id.toUpperCase()) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: urlText.map((text) => text || 'x') },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%C0%AF', '..', '%2e%2e%2f', '%00', '%2F', '-1', '0', 'null') },
  );
