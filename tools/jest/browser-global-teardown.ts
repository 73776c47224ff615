import { rmSync } from 'node:fs';

/** Stops the server of the browser tests and removes its data. */
export default async function tearDown(): Promise<void> {
  const server = globalThis.memoirBrowserServer;
  if (server === undefined) return;
  globalThis.memoirBrowserServer = undefined;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
  rmSync(server.dataDir, { recursive: true, force: true });
}
