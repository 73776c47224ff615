import fc from 'fast-check';

import type { Auth } from './operations';
import { INJECTIONS, PROTOTYPE_KEYS } from './text';

// Headers: the ones the app reads (the client address, the request id, the session), with
// hostile values, and made-up ones.

/** Header values Node can send: tab, printable ASCII and Latin-1. */
export const headerText = (maxLength: number): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({
      unit: fc
        .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff }), fc.constant(0x09))
        .map((code) => String.fromCharCode(code)),
      maxLength,
    }),
    fc.constantFrom(...INJECTIONS, ...PROTOTYPE_KEYS, '', ' ', '-', '0', 'a'.repeat(65)),
  );

const ipLike = fc.oneof(
  fc.ipV4(),
  fc.ipV6(),
  fc.constantFrom('unknown', '', ' , ', '::ffff:1.2.3.4', '::ffff:', '999.999.999.999', 'fe80::1%eth0', '[::1]:80'),
  headerText(300),
);

const HEADER_NAMES = [
  'X-Request-Id',
  'User-Agent',
  'X-Forwarded-For',
  'X-Forwarded-Proto',
  'X-Forwarded-Host',
  'Host',
  'Accept',
  'Accept-Encoding',
  'Accept-Language',
  'Origin',
  'Referer',
  'Cookie',
  'If-None-Match',
  'If-Modified-Since',
  'Range',
  'X-HTTP-Method-Override',
  'Expect',
];

export const extraHeaders: fc.Arbitrary<Record<string, string>> = fc
  .array(
    fc.oneof(
      fc.tuple(fc.constantFrom(...HEADER_NAMES), headerText(200)),
      fc.tuple(
        fc.constant('X-Forwarded-For'),
        fc.array(ipLike, { minLength: 1, maxLength: 3 }).map((ips) => ips.join(', ')),
      ),
      fc.tuple(
        fc.constant('User-Agent'),
        fc.nat({ max: 3000 }).map((n) => `Agent/${'é'.repeat(n)}`),
      ),
      fc.tuple(fc.constant('X-Request-Id'), fc.constantFrom('a'.repeat(64), 'a'.repeat(65), 'abc_DEF-123', '../x', '')),
      fc.tuple(fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,30}$/), headerText(100)),
    ),
    { maxLength: 4 },
  )
  // Node refuses to send a 100-continue expectation it did not ask for; the rest goes as is.
  .map((pairs) => Object.fromEntries(pairs.filter(([name]) => name.toLowerCase() !== 'expect')));

/** The Authorization header of a case: usually the session, sometimes something else entirely. */
export const authorization = (auth: Auth): fc.Arbitrary<string | undefined> =>
  auth === 'none'
    ? fc.option(fc.oneof(headerText(100), fc.constant('Bearer x')), { freq: 4 }).map((v) => v ?? undefined)
    : fc.oneof(
        { weight: 8, arbitrary: fc.constant('Bearer session') },
        { weight: 1, arbitrary: fc.constant(undefined) },
        {
          weight: 2,
          arbitrary: fc.oneof(
            headerText(100).map((value) => `Bearer ${value}`),
            headerText(100),
            fc.constantFrom(
              'Bearer',
              'Bearer ',
              'Basic b3duZXI6cGFzcw==',
              'bearer  session  ',
              `Bearer ${'A'.repeat(43)}`,
            ),
          ),
        },
      );
