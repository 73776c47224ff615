import type { IncomingHttpHeaders } from 'node:http';

import { openApiDocument } from '@memoir/http-koa';
import { ERROR_MESSAGES, FIELD_MESSAGES } from '@memoir/shared';

import { expectDocumented } from '../openapi-check';
import type { Body } from './bodies';

// How an answer to a hostile request is judged: below 500, JSON for the API, an error body of
// our own catalogue, documented, and nothing of the inside shown.

const KNOWN_MESSAGES = new Set<string>([
  ...Object.values(ERROR_MESSAGES),
  FIELD_MESSAGES.invalidEmail,
  FIELD_MESSAGES.invalidDecision,
  FIELD_MESSAGES.idsList,
  FIELD_MESSAGES.wrongCrackmeKey,
  FIELD_MESSAGES.consentRequired,
]);
// The messages built from a field's label; labels are ours, or (for unknown fields) the key sent.
// A label may number an item of a list ("Theme 2 title", "About the book, paragraph 3") or be
// a header-like name ("List-Unsubscribe", RFC 8058's one-click field).
const LABEL = '[A-Za-z][A-Za-z0-9, -]{0,60}';
const TEMPLATED = [
  new RegExp(`^${LABEL} is required\\.$`),
  new RegExp(`^${LABEL} must be at most \\d+ characters\\.$`),
  new RegExp(`^${LABEL} must be at least \\d+ characters\\.$`),
  new RegExp(`^${LABEL} contains characters that are not allowed\\.$`),
  new RegExp(`^${LABEL} contains invisible or direction-changing characters\\.$`),
  new RegExp(`^${LABEL} must be true or false\\.$`),
  new RegExp(`^${LABEL} must be text\\.$`),
  new RegExp(`^${LABEL} must be a whole number( from \\d+ to \\d+)?\\.$`),
  new RegExp(`^${LABEL} must be one of: [A-Za-z_, -]+\\.$`),
  new RegExp(`^${LABEL} must be a list of texts\\.$`),
  new RegExp(`^${LABEL} must be a group of fields \\(a JSON object\\)\\.$`),
  new RegExp(`^${LABEL} must be a list of groups of fields \\(JSON objects\\)\\.$`),
  new RegExp(`^${LABEL} must be a web address starting with https:// or http://\\.$`),
  new RegExp(`^${LABEL} must not hold a user name or password \\(the part before @\\)\\.$`),
  new RegExp(`^${LABEL} must be (exactly \\d+|\\d+ to \\d+)\\.$`),
  new RegExp(`^${LABEL} "[a-z]+" is listed twice\\.$`),
  new RegExp(`^${LABEL} must be plain text: HTML tags such as <b> or <script> are not used\\.$`),
  /^Unknown field "[\s\S]*"\.$/,
];
const isKnownMessage = (message: unknown): boolean =>
  typeof message === 'string' && (KNOWN_MESSAGES.has(message) || TEMPLATED.some((pattern) => pattern.test(message)));
// The use cases word some failures themselves ("That page of the audit log does not exist."):
// one plain sentence, for people.
const isSentence = (message: unknown): boolean =>
  typeof message === 'string' && /^[A-Z][^\n\r]{2,200}[.!?]$/.test(message);

// What would betray the inside: stack frames, source paths, driver and engine errors.
// A stack frame names a script file and its line and column (`at f (/app/x.js:1:2)`); a
// time of day in an answer's text ("at 3 a.m." then "12:00:00") is none.
const LEAKS =
  /\bat [^\n]*?\.[cm]?[jt]sx?:\d+:\d+|node_modules|\/work\/|\.ts:\d+|QueryFailedError|TypeError|ReferenceError|RangeError|SyntaxError|EntityMetadata|better-sqlite3|typeorm/i;
// Driver error codes are upper case and stand alone: matched with case, so a random session
// token that happens to hold "oER_MkLh" is not taken for a MySQL error.
const ERROR_CODES = /\b(?:SQLITE_[A-Z]+|ER_[A-Z_]{4,})\b/;

export interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
}

export interface Case {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: Body;
}

function describeCase(c: Case): string {
  const body =
    c.body.kind === 'none'
      ? ''
      : c.body.kind === 'bytes'
        ? `bytes ${Buffer.from(c.body.bytes).toString('hex').slice(0, 200)}`
        : `${c.body.contentType} ${c.body.text.slice(0, 300)}`;
  return `${c.method} ${c.path.slice(0, 300)} ${JSON.stringify(c.headers).slice(0, 300)} ${body}`;
}

/**
 * The whole contract of an answer to anything at all; throws with the case, the answer and
 * `lastLogLine` (where a 5xx says why) when it is broken.
 */
export function judge(
  c: Case,
  answer: Answer,
  operation: { method: string; template: string },
  lastLogLine: string,
): void {
  const where = `${describeCase(c)}\n=> ${answer.status} ${answer.text.slice(0, 500)}`;
  // Node's HTTP parser answers a request it cannot take (431 headers too large, 400 a
  // malformed request) before the app sees it: an empty answer, which is fine.
  if ((answer.status === 431 || answer.status === 400) && answer.text === '' && !answer.headers['x-request-id']) return;
  if (answer.status >= 500 && !(operation.template === '/readyz' && answer.status === 503)) {
    throw new Error(`a ${answer.status} answer:\n${where}\nlogged: ${lastLogLine.slice(0, 3000)}`);
  }
  if (LEAKS.test(answer.text) || ERROR_CODES.test(answer.text))
    throw new Error(`an answer shows internal details:\n${where}`);
  if (answer.headers['x-powered-by'] !== undefined || answer.headers.server !== undefined) {
    throw new Error(`an answer names the server:\n${where}`);
  }
  if (/^\/api\/admin(\/|$)/i.test(c.path) && answer.headers['cache-control'] !== 'no-store') {
    throw new Error(`an admin answer may be cached:\n${where}`);
  }
  const documented = (
    openApiDocument().paths as Record<string, Record<string, { responses: Record<string, unknown> }>>
  )[operation.template]?.[operation.method.toLowerCase()]?.responses;
  // A file the document declares for this status (the owner's test copy, an uploaded image).
  const declared = Object.keys(
    (documented?.[String(answer.status)] as { content?: Record<string, unknown> } | undefined)?.content ?? {},
  );
  const type = String(answer.headers['content-type']);
  if (declared.some((name) => /^(application\/pdf|image\/)/.test(name) && type.startsWith(name))) return;
  // The uploaded images' path answers its errors in JSON, as the API does.
  if (!/^\/(api|healthz|readyz|metrics|media)(\/|$)/i.test(c.path.split('?')[0] ?? '')) {
    // A page for people (the download link): HTML, or the PDF itself, at a documented status.
    if (!/^(text\/html|application\/pdf)/.test(String(answer.headers['content-type']))) {
      throw new Error(`a page that is neither HTML nor the PDF:\n${where}`);
    }
    if (documented?.[String(answer.status)] === undefined) {
      throw new Error(`a status the OpenAPI document does not describe for this operation:\n${where}`);
    }
    return;
  }
  const csv = (documented?.[String(answer.status)] as { content?: Record<string, unknown> } | undefined)?.content?.[
    'text/csv'
  ];
  if (csv !== undefined) {
    // An export: CSV at a documented status (its errors are JSON, judged below).
    if (!String(answer.headers['content-type']).startsWith('text/csv')) {
      throw new Error(`an export that is not CSV:\n${where}`);
    }
    return;
  }
  if (!String(answer.headers['content-type']).startsWith('application/json')) {
    throw new Error(`an answer that is not JSON:\n${where}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    throw new Error(`an answer whose body is not JSON:\n${where}`);
  }
  if (answer.status >= 400 && answer.status < 500) {
    const error = body as Record<string, unknown>;
    const keys = Object.keys(error).filter((key) => !['success', 'error', 'code', 'fieldErrors'].includes(key));
    const fieldErrors = (error.fieldErrors ?? {}) as Record<string, unknown>;
    const problems = [
      error.success === false ? null : 'success is not false',
      isKnownMessage(error.error) || isSentence(error.error)
        ? null
        : `error is not a message of ours: ${JSON.stringify(error.error)}`,
      error.code === undefined || /^[A-Z_]+\.[A-Z_]+$/.test(String(error.code)) ? null : 'a malformed code',
      typeof fieldErrors === 'object' && fieldErrors !== null && !Array.isArray(fieldErrors)
        ? null
        : 'fieldErrors is not an object',
      Object.values(fieldErrors).every(isKnownMessage) ? null : 'a field message that is not ours',
      keys.length === 0 ? null : `unexpected keys ${keys.join(', ')}`,
    ].filter((problem) => problem !== null);
    if (problems.length > 0) throw new Error(`a 4xx body of the wrong shape (${problems.join('; ')}):\n${where}`);
  }
  // Statuses that answer any request with a body (api.md, Conventions) are not listed on
  // every operation; every other status must be documented, with a body that fits its schema.
  const generic = [400, 413, 415].includes(answer.status);
  if (documented?.[String(answer.status)] !== undefined) {
    try {
      expectDocumented(operation.method, operation.template.replace(/\{[^}]+\}/, 'x'), answer.status, body);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${where}`, { cause: error });
    }
  } else if (!generic) {
    throw new Error(`a status the OpenAPI document does not describe for this operation:\n${where}`);
  }
}
