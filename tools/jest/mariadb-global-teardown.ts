/** Stops the throwaway MariaDB, if the global setup started one. */
export default async function tearDown(): Promise<void> {
  const server = globalThis.memoirMariaDb;
  if (server === undefined) return;
  globalThis.memoirMariaDb = undefined;
  await server.stop();
}
