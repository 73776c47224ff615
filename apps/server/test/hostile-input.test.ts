import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OPENAPI_DOCUMENT } from '@memoir/http-koa';
import { createTypeOrmPersistence, type TypeOrmPersistence } from '@memoir/persistence-typeorm';
import { Argon2idPasswordHasher } from '@memoir/platform-node';
import {
  ADMIN_NOTES_MAX_LENGTH,
  AUDIT_USER_AGENT_MAX_LENGTH,
  ERROR_MESSAGES,
  FIELD_MESSAGES,
  GUESTBOOK_LIMITS,
  SCHOLARSHIP_LIMITS,
} from '@memoir/shared';
import fc from 'fast-check';
import pino from 'pino';

import { findRootDir, loadConfig } from '../src/config';
import { buildApp } from '../src/server';
import { expectDocumented, pathTemplateOf } from './support/openapi-check';

/**
 * Hostile input against the real app (issue 9, part 1): the server as production wires it, on
 * a real SQLite file, over real HTTP. For every operation of the OpenAPI document, fast-check
 * generates requests (bodies of every JSON type, prototype keys, very long and odd Unicode
 * text, lone surrogates, malformed and oversized bodies, wrong content types, hostile headers,
 * query strings and path ids) and every answer must be:
 * - below 500, and for the API, JSON;
 * - for 4xx, the architecture's error body `{ success: false, error, code?, fieldErrors? }`
 *   whose messages all come from the catalogue of @memoir/shared (so no stack trace, SQL error
 *   or internal detail can slip out);
 * - documented, when the OpenAPI document lists its status for the operation.
 * After the runs the database holds no row that breaks a limit of @memoir/shared or a column
 * length of the schema, and @fast-check/poisoning finds no changed global or prototype.
 *
 * FUZZ_RUNS sets the cases per operation: 1,000 by default; `FUZZ_RUNS=10000 npx jest
 * apps/server/test/hostile-input.test.ts` for the long run (docs/security.md). FUZZ_SEED
 * replays a failure that fast-check reported.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const PASSWORD = 'owner-password-for-fuzzing';

// ---------------------------------------------------------------------------------------------
// What is generated

const LONE_SURROGATES = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF', 'a\uD83D', '\uDE00b', '\uDE00\uD83D'];
const ODD_UNICODE = [
  '\u0000',
  '\u0007',
  '\u001B[31m',
  '\u007F',
  '\u0085',
  '\u00A0',
  '\u200B',
  '\u200D',
  '\u202E',
  '\u2028',
  '\u2029',
  '\uFEFF',
  '\uFFFD',
  '\uFFFF',
  'e\u0301\u0301\u0301',
  '\u{1F600}',
  '\u{1F469}\u200D\u{1F469}\u200D\u{1F467}',
  '\u{10FFFF}',
  '\r\n',
  '\t',
  'ǅ',
  'İ',
  'ß',
  '\u0130\u0131',
];
const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
];
const INJECTIONS = [
  "' OR '1'='1",
  '"; DROP TABLE guestbook_entries; --',
  "1' UNION SELECT password_hash FROM admin_users --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '${7*7}',
  '{{constructor.constructor("return process")()}}',
  '../../../../etc/passwd',
  '%00',
  '%s%s%s%n',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  'null',
  'undefined',
  '[object Object]',
];
const LIMITS = [
  GUESTBOOK_LIMITS.nameMaxLength,
  GUESTBOOK_LIMITS.messageMaxLength,
  SCHOLARSHIP_LIMITS.nameMaxLength,
  SCHOLARSHIP_LIMITS.emailMaxLength,
  SCHOLARSHIP_LIMITS.messageMaxLength,
  ADMIN_NOTES_MAX_LENGTH,
  100,
  191,
  256,
  1024,
  4000,
];

/** Text around every limit, in code units that are one, two or more per character. */
const atLimit: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(...LIMITS),
    fc.integer({ min: -1, max: 1 }),
    fc.constantFrom('a', '\u{1F600}', 'é', ' ', 'e\u0301'),
  )
  .map(([limit, delta, unit]) => unit.repeat(Math.max(0, Math.ceil((limit + delta) / unit.length))));

/** Long text: up to 6,000 units, so that bodies stay under 16 KB often enough to be read. */
const longText: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 1, max: 6000 }), fc.constantFrom('x', '\u{1F600}', '\uD800', '<', '"', '\\', '\u0000', 'ñ'))
  .map(([n, unit]) => unit.repeat(Math.ceil(n / unit.length)));

const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.constantFrom(...LONE_SURROGATES, ...ODD_UNICODE) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.constantFrom(...LONE_SURROGATES, ...ODD_UNICODE, 'a', ' '), { maxLength: 20 })
      .map((parts) => parts.join('')),
  },
  { weight: 2, arbitrary: fc.constantFrom(...INJECTIONS, ...PROTOTYPE_KEYS) },
  { weight: 2, arbitrary: atLimit },
  { weight: 1, arbitrary: longText },
);

/** Any JSON value, hostile leaves included. */
const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileText,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom(0, -1, 1e308, Number.MAX_SAFE_INTEGER + 2, -0),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...PROTOTYPE_KEYS)), tie('value'), {
      maxKeys: 4,
    }),
  ),
})).value;

/** A value for a field that the route knows: often right, often almost right, often hostile. */
const fieldValue = (good: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 4, arbitrary: good }, { weight: 3, arbitrary: hostileText }, { weight: 2, arbitrary: jsonValue });

interface BodyFields {
  readonly [field: string]: fc.Arbitrary<unknown>;
}

/**
 * JSON text for a body. Written by hand so that keys like "__proto__" reach the wire as own
 * keys (an object literal would set the prototype instead), duplicated keys included.
 */
const jsonText = (entries: ReadonlyArray<readonly [string, unknown]>): string =>
  `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`;

type Body =
  | { readonly kind: 'none' }
  | { readonly kind: 'text'; readonly text: string; readonly contentType: string }
  | { readonly kind: 'bytes'; readonly bytes: Uint8Array; readonly contentType: string };

const JSON_TYPE = 'application/json';
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

function bodyArbitrary(fields: BodyFields): fc.Arbitrary<Body> {
  const names = Object.keys(fields);
  const known = fc.record(
    Object.fromEntries(names.map((name) => [name, fieldValue(fields[name] as fc.Arbitrary<unknown>)])),
    { requiredKeys: [] },
  );
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

/** Header values Node can send: tab, printable ASCII and Latin-1. */
const headerText = (maxLength: number): fc.Arbitrary<string> =>
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

const extraHeaders: fc.Arbitrary<Record<string, string>> = fc
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

/** A query string of hostile parameters; `names` are the ones the route reads. */
const queryString = (names: readonly string[]): fc.Arbitrary<string> => {
  const value = fc.oneof(
    fc.constantFrom(
      '5',
      '0',
      '-1',
      '1.5',
      '1e3',
      '1e309',
      'NaN',
      'Infinity',
      '0x10',
      '%203%20',
      '+3+',
      '',
      '%',
      '%zz',
      '%E0%A4%A',
    ),
    hostileText.map((text) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD').slice(0, 300))),
    fc.integer().map(String),
  );
  const name = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...names, 'limit', 'before') },
    { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS, 'limit[]', 'limit[__proto__]', '__proto__[x]', '') },
  );
  return fc
    .array(fc.tuple(name, value), { maxLength: 4 })
    .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`));
};

/** A path segment for {id}: real ids, other UUIDs, and hostile text, percent-encoded. */
const pathId = (realIds: () => readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.nat().map((n) => realIds()[n % Math.max(1, realIds().length)] ?? 'none') },
    { weight: 1, arbitrary: fc.uuid().map((id) => id.toUpperCase()) },
    { weight: 1, arbitrary: fc.uuid() },
    {
      weight: 2,
      arbitrary: hostileText.map(
        (text) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD').slice(0, 300)) || 'x',
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%C0%AF', '..', '%2e%2e%2f', '%00', '%2F', '-1', '0', 'null') },
  );

// ---------------------------------------------------------------------------------------------
// How answers are judged

const KNOWN_MESSAGES = new Set<string>([
  ...Object.values(ERROR_MESSAGES),
  FIELD_MESSAGES.invalidEmail,
  FIELD_MESSAGES.invalidDecision,
]);
// The messages built from a field's label; labels are ours, or (for unknown fields) the key sent.
const LABEL = '[A-Za-z][A-Za-z ]{0,40}';
const TEMPLATED = [
  new RegExp(`^${LABEL} is required\\.$`),
  new RegExp(`^${LABEL} must be at most \\d+ characters\\.$`),
  new RegExp(`^${LABEL} must be at least \\d+ characters\\.$`),
  new RegExp(`^${LABEL} contains characters that are not allowed\\.$`),
  new RegExp(`^${LABEL} must be true or false\\.$`),
  new RegExp(`^${LABEL} must be text\\.$`),
  /^Unknown field "[\s\S]*"\.$/,
];
const isKnownMessage = (message: unknown): boolean =>
  typeof message === 'string' && (KNOWN_MESSAGES.has(message) || TEMPLATED.some((pattern) => pattern.test(message)));
// The use cases word some failures themselves ("That page of the audit log does not exist."):
// one plain sentence, for people.
const isSentence = (message: unknown): boolean =>
  typeof message === 'string' && /^[A-Z][^\n\r]{2,200}[.!?]$/.test(message);

// What would betray the inside: stack frames, source paths, driver and engine errors.
const LEAKS =
  /\bat [^\n]*:\d+:\d+|node_modules|\/work\/|\.ts:\d+|QueryFailedError|SQLITE_|ER_[A-Z_]{4,}|TypeError|ReferenceError|RangeError|SyntaxError|EntityMetadata|better-sqlite3|typeorm/i;

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
}

interface Case {
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

/** The whole contract of an answer to anything at all. */
function judge(c: Case, answer: Answer, operation: { method: string; template: string }): void {
  const where = `${describeCase(c)}\n=> ${answer.status} ${answer.text.slice(0, 500)}`;
  // Node's HTTP parser answers a request it cannot take (431 headers too large, 400 a
  // malformed request) before the app sees it: an empty answer, which is fine.
  if ((answer.status === 431 || answer.status === 400) && answer.text === '' && !answer.headers['x-request-id']) return;
  if (answer.status >= 500 && !(operation.template === '/readyz' && answer.status === 503)) {
    throw new Error(`a ${answer.status} answer:\n${where}\nlogged: ${errorLogs.slice(-1).join('').slice(0, 3000)}`);
  }
  if (LEAKS.test(answer.text)) throw new Error(`an answer shows internal details:\n${where}`);
  if (answer.headers['x-powered-by'] !== undefined || answer.headers.server !== undefined) {
    throw new Error(`an answer names the server:\n${where}`);
  }
  if (/^\/api\/admin(\/|$)/i.test(c.path) && answer.headers['cache-control'] !== 'no-store') {
    throw new Error(`an admin answer may be cached:\n${where}`);
  }
  const documented = (OPENAPI_DOCUMENT.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)[
    operation.template
  ]?.[operation.method.toLowerCase()]?.responses;
  if (!/^\/(api|healthz|readyz)(\/|$)/i.test(c.path.split('?')[0] ?? '')) {
    // A page for people (the download link): HTML, or the PDF itself, at a documented status.
    if (!/^(text\/html|application\/pdf)/.test(String(answer.headers['content-type']))) {
      throw new Error(`a page that is neither HTML nor the PDF:\n${where}`);
    }
    if (documented?.[String(answer.status)] === undefined) {
      throw new Error(`a status the OpenAPI document does not describe for this operation:\n${where}`);
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

// ---------------------------------------------------------------------------------------------
// The app

let server: Server;
let port = 0;
let persistence: TypeOrmPersistence;
let dataDir: string;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const errorLogs: string[] = [];
let token = '';
const guestbookIds: string[] = [];
const scholarshipIds: string[] = [];

function send(c: Case): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...c.headers };
    let payload: Uint8Array | undefined;
    if (c.body.kind !== 'none') {
      payload = c.body.kind === 'bytes' ? c.body.bytes : Buffer.from(c.body.text, 'utf8');
      if (c.body.contentType !== '') headers['Content-Type'] = c.body.contentType;
      headers['Content-Length'] = payload.byteLength;
    }
    const req = request({ host: '127.0.0.1', port, method: c.method, path: c.path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

async function post(path: string, body: unknown, extra: Record<string, string> = {}): Promise<Answer> {
  return send({
    method: path.includes('/guestbook/') || path.includes('/scholarships/') ? 'PATCH' : 'POST',
    path,
    headers: extra,
    body: { kind: 'text', text: JSON.stringify(body), contentType: JSON_TYPE },
  });
}

async function signIn(): Promise<string> {
  const answer = await post('/api/admin/login', { username: 'owner', password: PASSWORD });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${answer.text}`);
  return (JSON.parse(answer.text) as { sessionToken: string }).sessionToken;
}

async function refreshIds(): Promise<void> {
  const auth = { Authorization: `Bearer ${token}` };
  const read = async (path: string) =>
    JSON.parse((await send({ method: 'GET', path, headers: auth, body: { kind: 'none' } })).text) as Record<
      string,
      Array<{ id: string }>
    >;
  guestbookIds.splice(0, guestbookIds.length, ...(await read('/api/admin/guestbook')).entries!.map((e) => e.id));
  scholarshipIds.splice(
    0,
    scholarshipIds.length,
    ...(await read('/api/admin/scholarships')).requests!.map((r) => r.id),
  );
}

// ---------------------------------------------------------------------------------------------
// Every operation, and how to attack it

type Auth = 'none' | 'session' | 'fresh-session';
interface Operation {
  readonly method: string;
  readonly template: string;
  readonly auth: Auth;
  readonly fields?: BodyFields;
  readonly query?: readonly string[];
  readonly ids?: () => readonly string[];
}

const text = (...good: string[]) => fc.constantFrom(...good);
const OPERATIONS: readonly Operation[] = [
  { method: 'GET', template: '/healthz', auth: 'none' },
  { method: 'GET', template: '/readyz', auth: 'none' },
  { method: 'GET', template: '/api/openapi.json', auth: 'none' },
  { method: 'GET', template: '/api/guestbook-entries', auth: 'none', query: ['limit'] },
  {
    method: 'POST',
    template: '/api/guestbook-entry',
    auth: 'none',
    fields: {
      name: text('Ada', '  Grace  ', 'Zoë', '李小龍', 'a'.repeat(50)),
      location: text('London', '', 'Zürich'),
      message: text('Hello!', 'Two\nlines', 'a'.repeat(500)),
      riddleAnswer: text('network', ' NETWORK ', 'kernel', ''),
      website: fc.constantFrom('', ' ', 'http://spam.example'),
    },
  },
  {
    method: 'POST',
    template: '/api/scholarship-request',
    auth: 'none',
    fields: {
      name: text('Grace', 'Åsa', 'a'.repeat(100)),
      email: text('grace@example.org', 'a@b.co', `${'a'.repeat(64)}@example.org`, 'grace@'),
      message: text('', 'Please', 'a'.repeat(2000)),
      riddleAnswer: text('kernel', ' KERNEL ', 'network'),
      website: fc.constantFrom('', ' ', 'x'),
    },
  },
  {
    method: 'POST',
    template: '/api/admin/login',
    auth: 'none',
    fields: { username: text('owner', 'OWNER', ' owner ', 'nobody'), password: text(PASSWORD, 'wrong-password', '') },
  },
  { method: 'GET', template: '/api/admin/me', auth: 'session' },
  { method: 'POST', template: '/api/admin/logout', auth: 'fresh-session' },
  { method: 'GET', template: '/api/admin/dashboard', auth: 'session' },
  { method: 'GET', template: '/api/admin/guestbook', auth: 'session' },
  {
    method: 'PATCH',
    template: '/api/admin/guestbook/{id}',
    auth: 'session',
    ids: () => guestbookIds,
    fields: { isApproved: fc.boolean(), adminNotes: text('Lovely', '', 'a'.repeat(1000)) },
  },
  { method: 'GET', template: '/api/admin/scholarships', auth: 'session' },
  {
    method: 'PATCH',
    template: '/api/admin/scholarships/{id}',
    auth: 'session',
    ids: () => scholarshipIds,
    fields: { status: text('approved', 'rejected', 'pending', 'APPROVED'), adminNotes: text('Enjoy', '') },
  },
  { method: 'GET', template: '/api/admin/audit-logs', auth: 'session', query: ['limit', 'before'] },
  {
    method: 'POST',
    template: '/api/admin/scholarships/{id}/resend',
    auth: 'session',
    ids: () => scholarshipIds,
  },
  // The approval email's private link: an HTML page (or the PDF), not JSON.
  { method: 'GET', template: '/download/{token}', auth: 'none', ids: () => ['x'.repeat(43)] },
];

/** The Authorization header of a case: usually the session, sometimes something else entirely. */
const authorization = (auth: Auth): fc.Arbitrary<string | undefined> =>
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

function caseArbitrary(
  operation: Operation,
): fc.Arbitrary<Omit<Case, 'headers'> & { headers: Record<string, string>; auth: string | undefined }> {
  const path =
    operation.ids === undefined
      ? fc
          .tuple(queryString(operation.query ?? []), fc.constantFrom('', '', '', '/'), fc.boolean())
          .map(
            ([query, slash, upper]) =>
              `${upper ? operation.template.toUpperCase() : operation.template}${slash}${query}`,
          )
      : fc
          .tuple(pathId(operation.ids), queryString([]))
          .map(([id, query]) => `${operation.template.replace(/\{[^}]+\}/, id)}${query}`);
  // Bodies on every operation: GET and logout ignore them, and must still answer well.
  const body = bodyArbitrary(operation.fields ?? { anything: jsonValue });
  const bodyOrNone =
    operation.fields === undefined
      ? fc.oneof({ weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) }, { weight: 1, arbitrary: body })
      : body;
  return fc.record({
    method: fc.constant(operation.method),
    path,
    headers: extraHeaders,
    body: bodyOrNone,
    auth: authorization(operation.auth),
  });
}

// ---------------------------------------------------------------------------------------------

describe(`hostile input (${RUNS} cases per operation)`, () => {
  let assertNoPoisoning: (options?: { ignoredRootRegex?: RegExp }) => void;
  const started = Date.now();

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'memoir-fuzz-'));
    const databaseUrl = `sqlite:${join(dataDir, 'fuzz.sqlite')}`;
    persistence = await createTypeOrmPersistence({ databaseUrl });
    const config = loadConfig(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        ADMIN_USERNAME: 'owner',
        ADMIN_PASSWORD: PASSWORD,
        // The limits would soon answer 429 to everything; the fuzz wants the routes behind them.
        FORM_RATE_LIMIT: '100000000/1d',
        LOGIN_RATE_LIMIT: '100000000/1d',
        // X-Forwarded-For then decides the client address: one more hostile input.
        TRUST_PROXY: 'on',
      },
      findRootDir(),
    );
    const logger = pino({ level: 'warn' }, { write: (line: string) => void errorLogs.push(line) });
    // The real argon2id binding, at its cheapest, so that a thousand sign-ins take seconds.
    const passwordHasher = new Argon2idPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
    const built = await buildApp(config, logger, persistence, { passwordHasher });
    server = createServer(built.app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;

    token = await signIn();
    for (let i = 0; i < 5; i += 1) {
      await post('/api/guestbook-entry', { name: `Seed ${i}`, message: 'Seeded', riddleAnswer: 'network' });
      await post('/api/scholarship-request', {
        name: `Seed ${i}`,
        email: `seed${i}@example.org`,
        riddleAnswer: 'kernel',
      });
    }
    await refreshIds();
    // Every operation once, so that whatever a library sets up lazily is in place before the
    // snapshot of the globals that assertNoPoisoning compares against.
    for (const operation of OPERATIONS) {
      await send({
        method: operation.method,
        path: operation.template.replace(/\{[^}]+\}/, guestbookIds[0] ?? 'x'),
        headers: { Authorization: `Bearer ${operation.auth === 'fresh-session' ? await signIn() : token}` },
        body: { kind: 'text', text: '{"__proto__":{"x":1},"a":"\\ud800"}', contentType: JSON_TYPE },
      });
    }
    ({ assertNoPoisoning } = await import('@fast-check/poisoning'));
  }, 60_000);

  afterAll(async () => {
    agent.destroy();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await persistence?.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.stdout.write(
      `hostile input: ${RUNS} cases x ${OPERATIONS.length} operations in ${Date.now() - started} ms\n`,
    );
  });

  it('attacks exactly the operations of the OpenAPI document', () => {
    const documented = Object.entries(OPENAPI_DOCUMENT.paths).flatMap(([template, methods]) =>
      Object.keys(methods as object).map((method) => `${method.toUpperCase()} ${template}`),
    );
    expect(OPERATIONS.map((operation) => `${operation.method} ${operation.template}`).sort()).toEqual(
      documented.sort(),
    );
  });

  for (const operation of OPERATIONS) {
    it(
      `${operation.method} ${operation.template}: never a 5xx, a leak, an undocumented answer or a polluted prototype`,
      async () => {
        const logged = errorLogs.length;
        await fc.assert(
          fc.asyncProperty(caseArbitrary(operation), async ({ auth, ...c }) => {
            const headers = { ...c.headers };
            if (auth !== undefined) {
              const session = operation.auth === 'fresh-session' ? await signIn() : token;
              headers.Authorization = auth.replace(/session/g, session);
            }
            const sent: Case = { ...c, headers };
            const answer = await send(sent);
            judge(sent, answer, operation);
            // A case may have signed the owner out (logout) or decided everything: carry on signed in.
            if (operation.auth === 'session' && answer.status === 401 && auth === 'Bearer session')
              token = await signIn();
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
        await refreshIds();
        expect(pathTemplateOf(operation.template.replace(/\{[^}]+\}/, 'x'))).toBe(operation.template);
        expect(errorLogs.slice(logged).filter((line) => /unexpected error/.test(line))).toEqual([]);
        assertNoPoisoning({ ignoredRootRegex: /^(__coverage__|__core-js_shared__)$/ });
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(({} as Record<string, unknown>).isApproved).toBeUndefined();
      },
      120_000 + RUNS * 60,
    );
  }

  it('stored no row that breaks a limit of @memoir/shared or a column of the schema', async () => {
    const { dataSource } = persistence;
    const problems: string[] = [];
    const unit = (value: string) => value.length;
    const characters = (value: string) => [...value].length;
    // eslint-disable-next-line no-control-regex
    const UNSTORABLE = /[\uD800-\uDFFF]|[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
    let rows = 0;
    for (const metadata of dataSource.entityMetadatas) {
      const stored = (await dataSource.getRepository(metadata.target).find()) as Array<Record<string, unknown>>;
      rows += stored.length;
      for (const row of stored) {
        for (const column of metadata.columns) {
          const value = row[column.propertyName];
          if (typeof value !== 'string') continue;
          const length = Number(column.length);
          // MySQL counts characters (code points) against VARCHAR(n); the limits count UTF-16 units.
          if (column.length !== '' && characters(value) > length) {
            problems.push(`${metadata.tableName}.${column.databaseName}: ${characters(value)} > ${length}`);
          }
        }
      }
    }
    const limits: Array<[string, string, number, boolean]> = [
      ['guestbook_entries', 'name', GUESTBOOK_LIMITS.nameMaxLength, false],
      ['guestbook_entries', 'location', GUESTBOOK_LIMITS.locationMaxLength, false],
      ['guestbook_entries', 'message', GUESTBOOK_LIMITS.messageMaxLength, true],
      ['guestbook_entries', 'admin_notes', ADMIN_NOTES_MAX_LENGTH, true],
      ['scholarship_requests', 'name', SCHOLARSHIP_LIMITS.nameMaxLength, false],
      ['scholarship_requests', 'email', SCHOLARSHIP_LIMITS.emailMaxLength, false],
      ['scholarship_requests', 'message', SCHOLARSHIP_LIMITS.messageMaxLength, true],
      ['scholarship_requests', 'admin_notes', ADMIN_NOTES_MAX_LENGTH, true],
      ['audit_events', 'user_agent', AUDIT_USER_AGENT_MAX_LENGTH, false],
    ];
    for (const [table, column, max, multiline] of limits) {
      const values = (await dataSource.query(
        `SELECT "${column}" AS v FROM "${table}" WHERE "${column}" IS NOT NULL`,
      )) as Array<{
        v: string;
      }>;
      for (const { v } of values) {
        if (unit(v) > max) problems.push(`${table}.${column}: ${unit(v)} units > ${max}`);
        if (table !== 'audit_events' && (v !== v.trim() || v === '')) problems.push(`${table}.${column}: untrimmed`);
        if (table !== 'audit_events' && UNSTORABLE.test(v))
          problems.push(`${table}.${column}: unstorable ${JSON.stringify(v)}`);
        if (!multiline && /[\r\n]/.test(v)) problems.push(`${table}.${column}: a newline in a one-line field`);
      }
    }
    const entries = (await dataSource.query('SELECT COUNT(*) AS n FROM "guestbook_entries"')) as Array<{ n: number }>;
    expect(problems.slice(0, 20)).toEqual([]);
    // The fuzz did reach the database: more than the seeds were stored.
    expect(Number(entries[0]?.n)).toBeGreaterThan(5);
    expect(rows).toBeGreaterThan(0);
  });
});
