import { openApiDocument } from '@memoir/http-koa';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(openApiDocument() as unknown as Record<string, unknown>, 'openapi.json');

const pointer = (...parts: string[]): string =>
  parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** The document's path template matching a concrete path (case-insensitive, as the routes are). */
export function pathTemplateOf(path: string): string | undefined {
  const bare = path.split('?')[0] ?? path;
  // Literal paths before templated ones: /sessions/end-others is not /sessions/{id}.
  const templates = Object.keys(openApiDocument().paths).sort(
    (a, b) => Number(a.includes('{')) - Number(b.includes('{')),
  );
  return templates.find((template) => {
    const pattern = new RegExp(
      `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`,
      'i',
    );
    return pattern.test(bare);
  });
}

/**
 * Fails unless the OpenAPI document describes this answer: the path, the method, the status,
 * and a body that matches the response schema.
 */
export function expectDocumented(method: string, path: string, status: number, body: unknown): void {
  const template = pathTemplateOf(path);
  if (template === undefined) throw new Error(`${method} ${path}: the path is not in the OpenAPI document`);
  const operation = (openApiDocument().paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)[
    template
  ]?.[method.toLowerCase()];
  if (operation === undefined) throw new Error(`${method} ${template}: the method is not in the OpenAPI document`);
  if (operation.responses[String(status)] === undefined) {
    throw new Error(
      `${method} ${path} answered ${status}, which the OpenAPI document does not describe (body: ${JSON.stringify(body)})`,
    );
  }
  const documented = operation.responses[String(status)] as { content?: Record<string, unknown> };
  // A download (CSV, PDF) is described by its media type; only JSON bodies have a schema to match.
  if (documented.content?.['application/json'] === undefined) return;
  const ref = `openapi.json#/${pointer('paths', template, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema')}`;
  const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
  if (!validate(body)) {
    throw new Error(
      `${method} ${path} ${status}: the body does not match the OpenAPI schema: ${ajv.errorsText(validate.errors)}\nbody: ${JSON.stringify(body)}`,
    );
  }
}
