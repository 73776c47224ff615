import { ADMIN_NOTES_MAX_LENGTH, GUESTBOOK_LIMITS, SCHOLARSHIP_LIMITS } from '@memoir/shared';
import fc from 'fast-check';

// Field values and Unicode: the text and JSON values every other part of a hostile request is
// made of.

export const LONE_SURROGATES = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF', 'a\uD83D', '\uDE00b', '\uDE00\uD83D'];
export const ODD_UNICODE = [
  '\u0000',
  '\u0007',
  '\u001B[31m',
  '\u007F',
  '\u0085',
  '\u00A0',
  '\u200B',
  '\u200D',
  '\u202E',
  '\u2066',
  '\u2069',
  '\u200E',
  '\u061C',
  '\u00AD',
  '\u180E',
  '\u2060',
  '\u3164',
  '\u{E0041}',
  '\uFE0F\uFE0F',
  '\u2028',
  '\u2029',
  '\uFEFF',
  '\uFFFD',
  '\uFFFF',
  'e\u0301\u0301\u0301',
  '\u{1F600}',
  '\u{1F469}\u200D\u{1F469}\u200D\u{1F467}',
  // Joiners and tags where writing needs them, which the text rules let through.
  '\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645',
  '\u0915\u094D\u200D\u0937',
  '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}',
  '\u{10FFFF}',
  '\r\n',
  '\t',
  'ǅ',
  'İ',
  'ß',
  '\u0130\u0131',
];
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
];
export const INJECTIONS = [
  "' OR '1'='1",
  '"; DROP TABLE guestbook_entries; --',
  "1' UNION SELECT password_hash FROM admin_users --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '${7*7}',
  '{{constructor.constructor("return process")()}}',
  '../../../../etc/passwd',
  '%00',
  '%s%s%s%n',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  'null',
  'undefined',
  '[object Object]',
];
const LIMITS = [
  GUESTBOOK_LIMITS.nameMaxLength,
  GUESTBOOK_LIMITS.messageMaxLength,
  SCHOLARSHIP_LIMITS.nameMaxLength,
  SCHOLARSHIP_LIMITS.emailMaxLength,
  SCHOLARSHIP_LIMITS.messageMaxLength,
  ADMIN_NOTES_MAX_LENGTH,
  100,
  191,
  256,
  1024,
  4000,
];

/** Text around every limit, in code units that are one, two or more per character. */
const atLimit: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(...LIMITS),
    fc.integer({ min: -1, max: 1 }),
    fc.constantFrom('a', '\u{1F600}', 'é', ' ', 'e\u0301'),
  )
  .map(([limit, delta, unit]) => unit.repeat(Math.max(0, Math.ceil((limit + delta) / unit.length))));

/** Long text: up to 6,000 units, so that bodies stay under 16 KB often enough to be read. */
const longText: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 1, max: 6000 }), fc.constantFrom('x', '\u{1F600}', '\uD800', '<', '"', '\\', '\u0000', 'ñ'))
  .map(([n, unit]) => unit.repeat(Math.ceil(n / unit.length)));

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.constantFrom(...LONE_SURROGATES, ...ODD_UNICODE) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.constantFrom(...LONE_SURROGATES, ...ODD_UNICODE, 'a', ' '), { maxLength: 20 })
      .map((parts) => parts.join('')),
  },
  { weight: 2, arbitrary: fc.constantFrom(...INJECTIONS, ...PROTOTYPE_KEYS) },
  { weight: 2, arbitrary: atLimit },
  { weight: 1, arbitrary: longText },
);

/** Any JSON value, hostile leaves included. */
export const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileText,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom(0, -1, 1e308, Number.MAX_SAFE_INTEGER + 2, -0),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...PROTOTYPE_KEYS)), tie('value'), {
      maxKeys: 4,
    }),
  ),
})).value;

/** A value for a field that the route knows: often right, often almost right, often hostile. */
export const fieldValue = (good: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 4, arbitrary: good }, { weight: 3, arbitrary: hostileText }, { weight: 2, arbitrary: jsonValue });

/** Hostile text as it can travel in a URL: lone surrogates replaced, at most 300 units, percent-encoded. */
export const urlText: fc.Arbitrary<string> = hostileText.map((value) =>
  encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD').slice(0, 300)),
);
