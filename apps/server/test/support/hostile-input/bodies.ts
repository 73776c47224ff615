import fc from 'fast-check';

import { fieldValue, jsonValue, PROTOTYPE_KEYS } from './text';

// Bodies and content types.

/** The fields a route reads, each with values its own clients send. */
export interface BodyFields {
  readonly [field: string]: fc.Arbitrary<unknown>;
}

/**
 * JSON text for a body. Written by hand so that keys like "__proto__" reach the wire as own
 * keys (an object literal would set the prototype instead), duplicated keys included.
 */
export const jsonText = (entries: ReadonlyArray<readonly [string, unknown]>): string =>
  `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`;

export type Body =
  | { readonly kind: 'none' }
  | { readonly kind: 'text'; readonly text: string; readonly contentType: string }
  | { readonly kind: 'bytes'; readonly bytes: Uint8Array; readonly contentType: string };

export const JSON_TYPE = 'application/json';
const CONTENT_TYPES = [
  JSON_TYPE,
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/json; charset=nonsense',
  'APPLICATION/JSON',
  'application/merge-patch+json',
  'application/vnd.api+json',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  '',
  ';',
  'application/json; charset=',
];

/**
 * Any of the route's fields, or none (half the time), or every one of them (the other half),
 * each value often right, often almost right, often hostile. With every field there, enough
 * bodies pass the contract's checks to reach the use case and the database.
 */
const knownFields = (fields: BodyFields) => {
  const values = Object.fromEntries(
    Object.keys(fields).map((name) => [name, fieldValue(fields[name] as fc.Arbitrary<unknown>)]),
  );
  return fc.oneof(fc.record(values, { requiredKeys: [] }), fc.record(values));
};

/** A JSON object of the route's own fields with hostile values: what reaches the use case and the database. */
export const fieldValueBody = (fields: BodyFields): fc.Arbitrary<Body> =>
  knownFields(fields).map((record) => ({
    kind: 'text',
    text: jsonText(Object.entries(record)),
    contentType: JSON_TYPE,
  }));

/** Every field, with a value the route's own clients send. */
export const plainBody = (fields: BodyFields): fc.Arbitrary<Body> =>
  fc.record(fields).map((record) => ({ kind: 'text', text: JSON.stringify(record), contentType: JSON_TYPE }));

/**
 * Any body at all: the route's fields with hostile values and unknown or prototype keys beside
 * them, any JSON, malformed JSON, bytes, an oversized body, none, and wrong content types.
 */
export function hostileBody(fields: BodyFields): fc.Arbitrary<Body> {
  const names = Object.keys(fields);
  const known = knownFields(fields);
  const extraKey = fc.oneof(
    fc.constantFrom(...PROTOTYPE_KEYS, 'isApproved', 'id', 'status'),
    fc.string({ maxLength: 12 }),
  );
  const shaped = fc
    .tuple(
      known,
      fc.array(fc.tuple(extraKey, jsonValue), { maxLength: 2 }),
      fc.nat({ max: 9 }),
      fc.constantFrom(...CONTENT_TYPES),
    )
    .map(([record, extras, dice, contentType]) => {
      const entries: Array<readonly [string, unknown]> = Object.entries(record);
      // Most bodies carry only known fields, so that many cases reach the use case and the database.
      if (dice >= 6) entries.push(...extras);
      return { kind: 'text' as const, text: jsonText(entries), contentType: dice === 9 ? contentType : JSON_TYPE };
    });
  const prototypeAttack = fc
    .tuple(fc.constantFrom(...PROTOTYPE_KEYS), known, fc.constantFrom('isApproved', 'polluted', 'status', 'toString'))
    .map(([key, record, inner]) => ({
      kind: 'text' as const,
      text: jsonText([[key, { [inner]: true, prototype: { polluted: 'yes' } }], ...Object.entries(record)]),
      contentType: JSON_TYPE,
    }));
  const anyJson = fc
    .tuple(jsonValue, fc.constantFrom(...CONTENT_TYPES))
    .map(([value, contentType]) => ({ kind: 'text' as const, text: JSON.stringify(value) ?? 'null', contentType }));
  const malformed = fc
    .oneof(
      fc.string({ maxLength: 60 }),
      fc.constantFrom('{', '{"a":', '{"a":1,}', "{'a':1}", '{"a":1}{"b":2}', '\uFEFF{}', 'nul', '[', '{"a":"\\ud800"}'),
      fc.constantFrom('{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}'),
      fc.nat({ max: 3000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
      fc.nat({ max: 3000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
    )
    .map((text) => ({ kind: 'text' as const, text, contentType: JSON_TYPE }));
  const bytes = fc
    .uint8Array({ maxLength: 200 })
    .map((array) => ({ kind: 'bytes' as const, bytes: array, contentType: JSON_TYPE }));
  const oversized = fc.integer({ min: 16 * 1024 + 1, max: 40 * 1024 }).map((n) => ({
    kind: 'text' as const,
    text: jsonText([[names[0] ?? 'x', 'x'.repeat(n)]]),
    contentType: JSON_TYPE,
  }));
  return fc.oneof(
    { weight: 12, arbitrary: shaped },
    { weight: 2, arbitrary: prototypeAttack },
    { weight: 2, arbitrary: anyJson },
    { weight: 2, arbitrary: malformed },
    { weight: 1, arbitrary: bytes },
    { weight: 1, arbitrary: oversized },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  );
}
