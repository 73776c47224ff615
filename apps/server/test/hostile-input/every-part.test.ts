import { expect, it } from '@jest/globals';
import { openApiDocument } from '@memoir/http-koa';

import { describeHostileInput } from '../support/hostile-input/hostile-app';
import { OPERATIONS } from '../support/hostile-input/operations';

/**
 * The fuzz with every part of a request hostile at once: the body, its content type, the field
 * values, the query and path, the headers and Authorization, drawn as each concern's own file
 * draws them. Every answer must be:
 * - below 500, and for the API, JSON;
 * - for 4xx, the architecture's error body `{ success: false, error, code?, fieldErrors? }`
 *   whose messages all come from the catalogue of @memoir/shared (so no stack trace, SQL error
 *   or internal detail can slip out);
 * - documented, when the OpenAPI document lists its status for the operation.
 * After the runs no global or prototype has changed and no stored row breaks a limit.
 */
describeHostileInput('everything', 'requests hostile in every part at once', {
  more: () => {
    it('attacks exactly the operations of the OpenAPI document', () => {
      const documented = Object.entries(openApiDocument().paths).flatMap(([template, methods]) =>
        Object.keys(methods as object).map((method) => `${method.toUpperCase()} ${template}`),
      );
      expect(OPERATIONS.map((operation) => `${operation.method} ${operation.template}`).sort()).toEqual(
        documented.sort(),
      );
    });
  },
});
