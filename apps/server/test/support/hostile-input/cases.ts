import fc from 'fast-check';

import { fieldValueBody, hostileBody, plainBody, type Body } from './bodies';
import { authorization, extraHeaders } from './headers';
import type { Operation } from './operations';
import { pathId, queryString } from './query-and-paths';
import { jsonValue } from './text';

/** A request to send; "session" in `auth` stands for the token, filled in when it is sent. */
export interface HostileCase {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: Body;
  readonly auth: string | undefined;
}

/**
 * The part of a request a property makes hostile; the other parts are as the app's own clients
 * send them, so that a failure points at its cause. `everything` makes every part hostile at once.
 */
export type Concern =
  'bodies and content types' | 'field values' | 'query parameters and paths' | 'headers' | 'everything';

const NONE: Body = { kind: 'none' };

/** The path with a real id in it, and no query. */
const plainPath = (operation: Operation, ids: () => readonly string[]): fc.Arbitrary<string> =>
  operation.id === undefined
    ? fc.constant(operation.template)
    : fc.nat().map((n) => operation.template.replace(/\{[^}]+\}/, ids()[n % Math.max(1, ids().length)] ?? 'none'));

/** Hostile query strings on the path, in any letter case, with or without a trailing slash; or a hostile {id}. */
const hostilePath = (operation: Operation, ids: () => readonly string[]): fc.Arbitrary<string> =>
  operation.id === undefined
    ? fc
        .tuple(queryString(operation.query ?? []), fc.constantFrom('', '', '', '/'), fc.boolean())
        .map(
          ([query, slash, upper]) => `${upper ? operation.template.toUpperCase() : operation.template}${slash}${query}`,
        )
    : fc
        .tuple(pathId(ids), queryString([]))
        .map(([id, query]) => `${operation.template.replace(/\{[^}]+\}/, id)}${query}`);

/** Bodies on every operation: GET and logout ignore theirs, and must still answer well. */
const anyBody = (operation: Operation): fc.Arbitrary<Body> => hostileBody(operation.fields ?? { anything: jsonValue });

export function hostileCases(
  operation: Operation,
  ids: () => readonly string[],
  concern: Concern,
): fc.Arbitrary<HostileCase> {
  const plain = {
    path: plainPath(operation, ids),
    headers: fc.constant<Record<string, string>>({}),
    body: operation.fields === undefined ? fc.constant(NONE) : plainBody(operation.fields),
    auth: fc.constant<string | undefined>(operation.auth === 'none' ? undefined : 'Bearer session'),
  };
  const parts = ((): typeof plain => {
    switch (concern) {
      case 'bodies and content types':
        return { ...plain, body: anyBody(operation) };
      case 'field values':
        return {
          ...plain,
          body: operation.fields === undefined ? fc.constant(NONE) : fieldValueBody(operation.fields),
        };
      case 'query parameters and paths':
        return { ...plain, path: hostilePath(operation, ids) };
      case 'headers':
        return { ...plain, headers: extraHeaders, auth: authorization(operation.auth) };
      case 'everything':
        return {
          path: hostilePath(operation, ids),
          headers: extraHeaders,
          body:
            operation.fields === undefined
              ? fc.oneof({ weight: 3, arbitrary: fc.constant(NONE) }, { weight: 1, arbitrary: anyBody(operation) })
              : anyBody(operation),
          auth: authorization(operation.auth),
        };
    }
  })();
  return fc.record({ method: fc.constant(operation.method), ...parts });
}
