import { describeHostileInput } from '../support/hostile-input/hostile-app';
import { OPERATIONS } from '../support/hostile-input/operations';

/**
 * Every operation that reads a body gets its own fields, as JSON, with values from
 * support/hostile-input/text.ts: lone surrogates, control and invisible characters, combining
 * marks, text around every limit of @memoir/shared in one-, two- and many-unit characters,
 * injections, prototype keys, and JSON values of every type. These are the cases that reach the
 * use cases and the database; the check of every stored row after them is the point.
 */
describeHostileInput('field values', 'its own fields with hostile values', {
  operations: OPERATIONS.filter((operation) => operation.fields !== undefined),
});
