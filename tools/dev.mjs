#!/usr/bin/env node
// `pnpm dev`: the server (restarted on change, from source, on the SQLite default) and the
// Vite dev servers of both apps (hot reload; they pass /api to the server). Ctrl+C stops all.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
// No load balancer to drain in development: a restart on change stops the server at once.
const serverEnv = { SHUTDOWN_DRAIN: '0', ...process.env };
const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: serverEnv,
  }),
  spawn('pnpm', ['--filter', '@memoir/public-site', 'dev'], { cwd: root, stdio: 'inherit' }),
  spawn('pnpm', ['--filter', '@memoir/admin', 'dev'], { cwd: root, stdio: 'inherit' }),
];
console.log(
  '\nDevelopment: open http://127.0.0.1:5173/ (the app, hot reload); the API runs on http://127.0.0.1:3000/\n',
);
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code !== 0 && code !== null && stop());
