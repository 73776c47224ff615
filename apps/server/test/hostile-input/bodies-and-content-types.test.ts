import { describeHostileInput } from '../support/hostile-input/hostile-app';

/**
 * Every operation of the OpenAPI document gets bodies of every kind (support/hostile-input/bodies.ts):
 * its own fields with hostile values and unknown or prototype keys beside them, any JSON value,
 * malformed JSON, deep nesting, raw bytes, bodies over 16 KB, none at all, and content types
 * from JSON's many spellings to form data, with the path, headers and session as the apps send them.
 */
describeHostileInput('bodies and content types', 'any body, of any content type,');
