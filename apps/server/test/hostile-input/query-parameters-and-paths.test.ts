import { describeHostileInput } from '../support/hostile-input/hostile-app';

/**
 * Every operation of the OpenAPI document gets hostile query strings (numbers out of range,
 * broken percent-encoding, prototype keys and array syntax as names), its path in upper case
 * and with a trailing slash, and for a path with an {id}: other UUIDs, hostile text and
 * traversal, percent-encoded (support/hostile-input/query-and-paths.ts).
 */
describeHostileInput('query parameters and paths', 'hostile query parameters and paths');
