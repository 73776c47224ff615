#!/usr/bin/env node
// sqlmap (Debian's package, installed when missing if we are root) against
// every public and admin endpoint of the built server on a fresh SQLite database. Admin
// endpoints carry a real bearer token; JSON bodies go through --data (sqlmap tests each JSON
// value); path ids, query strings and the Authorization header carry the `*` marker. Fails
// when sqlmap reports an injection point or ends without saying that nothing was injectable.
//
//   pnpm build && node tools/sqlmap.mjs
//   SQLMAP_ONLY='POST /api/guestbook-entry' SQLMAP_VERBOSE=1 node tools/sqlmap.mjs
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const MAIN = join(ROOT, 'apps/server/dist/src/main.js');
const PASSWORD = 'sqlmap-owner-password';

function ensureSqlmap() {
  if (existsSync('/usr/bin/sqlmap')) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) throw new Error("sqlmap is not installed: apt-get install sqlmap (Debian's package, as root).");
  process.stderr.write('sqlmap is not installed: installing Debian package sqlmap...\n');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'sqlmap'], { stdio: 'pipe', env });
  } catch {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'pipe', env });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'sqlmap'], { stdio: 'pipe', env });
  }
}

async function startServer(dataDir, databaseUrl) {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run pnpm build first.`);
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: PASSWORD,
      FORM_RATE_LIMIT: '1000000/10m',
      LOGIN_RATE_LIMIT: '1000000/10m',
      LOGIN_ACCOUNT_LIMIT: '1000000/10m',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  for (let waited = 0; waited < 30_000; waited += 50) {
    const match = /Open (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
    if (match) return { baseUrl: match[1], child, output: () => output };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start:\n${output}`);
}

async function json(baseUrl, method, path, body, token) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

/** One sqlmap run; resolves with what it found. */
function sqlmap(target, { method, data, token, ignore401 }, outputDir, dbms) {
  const args = [
    '-u',
    target,
    '--batch',
    '--flush-session',
    '--disable-coloring',
    `--output-dir=${outputDir}`,
    `--dbms=${dbms}`,
    `--level=${process.env.SQLMAP_LEVEL ?? 3}`,
    `--risk=${process.env.SQLMAP_RISK ?? 2}`,
    '--threads=4',
    '--timeout=10',
    '--retries=1',
    `--method=${method}`,
    `--ignore-code=400,404,409,415${ignore401 ? ',401' : ''}`,
    ...(data === undefined ? [] : [`--data=${data}`, '--headers=Content-Type: application/json']),
    ...(token
      ? [`--headers=Authorization: Bearer ${token}${data === undefined ? '' : '\nContent-Type: application/json'}`]
      : []),
  ];
  // Only the last --headers counts: merge them.
  const headerArgs = args.filter((arg) => arg.startsWith('--headers='));
  const merged = [...new Set(headerArgs.flatMap((arg) => arg.slice('--headers='.length).split('\n')))].join('\n');
  const finalArgs = [
    ...args.filter((arg) => !arg.startsWith('--headers=')),
    ...(merged ? [`--headers=${merged}`] : []),
  ];
  return new Promise((resolve) => {
    const child = spawn('sqlmap', finalArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

function verdict(output) {
  if (/sqlmap identified the following injection point|is vulnerable|appears to be .* injectable(?! )/i.test(output)) {
    if (!/do not appear to be injectable/i.test(output) || /identified the following injection point/i.test(output))
      return 'INJECTABLE';
  }
  if (/all tested parameters do not appear to be injectable/i.test(output)) return 'not injectable';
  return 'UNCLEAR';
}

async function main() {
  const only = process.env.SQLMAP_ONLY;
  ensureSqlmap();
  const dataDir = mkdtempSync(join(tmpdir(), 'memoir-sqlmap-'));
  const outputDir = join(dataDir, 'sqlmap');
  const server = await startServer(dataDir);
  const started = Date.now();
  const results = [];
  try {
    const { baseUrl } = server;
    const entry = { name: 'Ada', location: 'London', message: 'Hello', riddleAnswer: 'network' };
    const request = { name: 'Bob', email: 'bob@example.com', message: 'Please', riddleAnswer: 'kernel' };
    await json(baseUrl, 'POST', '/api/guestbook-entry', entry);
    await json(baseUrl, 'POST', '/api/scholarship-request', request);
    await json(baseUrl, 'POST', '/api/scholarship-request', { ...request, email: 'carol@example.com' });
    const { sessionToken: token } = await json(baseUrl, 'POST', '/api/admin/login', {
      username: 'owner',
      password: PASSWORD,
    });
    const [guestbookId] = (await json(baseUrl, 'GET', '/api/admin/guestbook', undefined, token)).entries.map(
      (e) => e.id,
    );
    const scholarships = (await json(baseUrl, 'GET', '/api/admin/scholarships', undefined, token)).requests;
    const [approvedId, pendingId] = scholarships.map((r) => r.id);
    await json(baseUrl, 'PATCH', `/api/admin/scholarships/${approvedId}`, { status: 'approved' }, token);
    // A reader on the list, for the admin list's search to find.
    await json(baseUrl, 'POST', '/api/readers', { email: 'erin@example.com', name: 'Erin', consent: true });
    // A separate session for logout, so the others keep theirs.
    const { sessionToken: logoutToken } = await json(baseUrl, 'POST', '/api/admin/login', {
      username: 'owner',
      password: PASSWORD,
    });

    const endpoints = [
      ['GET /api/guestbook-entries', `${baseUrl}/api/guestbook-entries?page=1*`, { method: 'GET' }],
      ['POST /api/guestbook-entry', `${baseUrl}/api/guestbook-entry`, { method: 'POST', data: JSON.stringify(entry) }],
      [
        'POST /api/scholarship-request',
        `${baseUrl}/api/scholarship-request`,
        { method: 'POST', data: JSON.stringify({ ...request, email: 'dan@example.com' }) },
      ],
      [
        'POST /api/admin/login',
        `${baseUrl}/api/admin/login`,
        { method: 'POST', data: JSON.stringify({ username: 'owner', password: 'wrong-password' }), ignore401: true },
      ],
      ['GET /api/admin/me', `${baseUrl}/api/admin/me`, { method: 'GET', token }],
      ['GET /api/admin/dashboard', `${baseUrl}/api/admin/dashboard`, { method: 'GET', token }],
      ['GET /api/admin/guestbook', `${baseUrl}/api/admin/guestbook`, { method: 'GET', token }],
      // The search and the filters go into SQL (the search index's MATCH, LIKE, the class).
      [
        'GET /api/admin/guestbook?class&q',
        `${baseUrl}/api/admin/guestbook?class=pending&q=grace&limit=10`,
        { method: 'GET', token },
      ],
      [
        'POST /api/admin/guestbook/bulk',
        `${baseUrl}/api/admin/guestbook/bulk`,
        { method: 'POST', data: JSON.stringify({ ids: [guestbookId], isApproved: true, adminNotes: 'ok' }), token },
      ],
      [
        'PATCH /api/admin/guestbook/{id}',
        `${baseUrl}/api/admin/guestbook/${guestbookId}*`,
        { method: 'PATCH', data: JSON.stringify({ isApproved: true, adminNotes: 'ok' }), token },
      ],
      ['GET /api/admin/scholarships', `${baseUrl}/api/admin/scholarships`, { method: 'GET', token }],
      [
        'GET /api/admin/scholarships.csv?status&q',
        `${baseUrl}/api/admin/scholarships.csv?status=pending&q=dan%40example.com`,
        { method: 'GET', token },
      ],
      [
        'PATCH /api/admin/scholarships/{id}',
        `${baseUrl}/api/admin/scholarships/${pendingId}*`,
        { method: 'PATCH', data: JSON.stringify({ status: 'rejected', adminNotes: 'no' }), token },
      ],
      [
        'POST /api/admin/scholarships/{id}/resend',
        `${baseUrl}/api/admin/scholarships/${approvedId}*/resend`,
        { method: 'POST', token },
      ],
      [
        'GET /api/admin/audit-logs',
        `${baseUrl}/api/admin/audit-logs?limit=10&before=2099-01-01T00:00:00.000Z`,
        { method: 'GET', token },
      ],
      [
        'GET /api/admin/audit-logs (filters)',
        `${baseUrl}/api/admin/audit-logs?action=approve&resourceType=guestbook_entry&actor=owner&from=2026-01-01&to=2099-01-01&q=ok`,
        { method: 'GET', token },
      ],
      ['GET /download/{token}', `${baseUrl}/download/abcdefabcdefabcdef*`, { method: 'GET' }],
      // The reader list: the sign-up, its links' tokens, the owner's search and export, the
      // announcements. (`/go/{format}` reads no SQL: its word is checked against a fixed list.)
      [
        'POST /api/readers',
        `${baseUrl}/api/readers`,
        { method: 'POST', data: JSON.stringify({ email: 'fay@example.com', name: 'Fay', consent: true }) },
      ],
      [
        'POST /api/readers/confirm',
        `${baseUrl}/api/readers/confirm`,
        { method: 'POST', data: JSON.stringify({ token: 'A'.repeat(43) }) },
      ],
      [
        'POST /api/readers/unsubscribe?token',
        `${baseUrl}/api/readers/unsubscribe?token=${'A'.repeat(43)}*`,
        { method: 'POST', data: JSON.stringify({ 'List-Unsubscribe': 'One-Click' }) },
      ],
      [
        'GET /api/admin/readers?status&q',
        `${baseUrl}/api/admin/readers?status=pending&q=erin&limit=10`,
        { method: 'GET', token },
      ],
      ['GET /api/admin/readers.csv?format', `${baseUrl}/api/admin/readers.csv?format=plain`, { method: 'GET', token }],
      [
        'POST /api/admin/announcements',
        `${baseUrl}/api/admin/announcements`,
        { method: 'POST', data: JSON.stringify({ subject: 'News', text: 'The paperback is out.' }), token },
      ],
      // The token itself: marked, so sqlmap varies the Authorization header (answers are 401).
      [
        'GET /api/admin/me (Authorization)',
        `${baseUrl}/api/admin/me`,
        { method: 'GET', token: `${token}*`, ignore401: true },
      ],
      [
        'POST /api/admin/logout (Authorization)',
        `${baseUrl}/api/admin/logout`,
        { method: 'POST', token: `${logoutToken}*`, ignore401: true },
      ],
    ].filter(([label]) => !only || label.includes(only));

    for (const [label, target, options] of endpoints) {
      const runStarted = Date.now();
      const { code, output } = await sqlmap(target, options, outputDir, 'SQLite');
      const found = code === 0 ? verdict(output) : `sqlmap exited ${code}`;
      results.push({ label, found, output });
      console.log(`${found.padEnd(16)} ${label} (${((Date.now() - runStarted) / 1000).toFixed(1)} s)`);
      if (found !== 'not injectable' || process.env.SQLMAP_VERBOSE)
        console.log(output.split('\n').slice(-40).join('\n'));
    }
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    if (!process.env.SQLMAP_KEEP) rmSync(dataDir, { recursive: true, force: true });
  }
  const bad = results.filter((r) => r.found !== 'not injectable');
  console.log(
    `sqlmap (SQLite): ${results.length} endpoints in ${((Date.now() - started) / 1000).toFixed(0)} s, ` +
      `${bad.length} with findings or unclear`,
  );
  if (bad.length > 0 || results.length === 0) process.exit(1);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
