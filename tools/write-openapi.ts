// Writes docs/openapi.json from the document the server serves: `pnpm openapi`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { openApiDocument } from '../packages/http-koa/src/openapi/document';

export const OPENAPI_FILE = join(__dirname, '..', 'docs', 'openapi.json');

export function renderOpenApi(): string {
  return `${JSON.stringify(openApiDocument(), null, 2)}\n`;
}

if (require.main === module) {
  writeFileSync(OPENAPI_FILE, renderOpenApi());
  process.stdout.write(`wrote ${OPENAPI_FILE}\n`);
}
