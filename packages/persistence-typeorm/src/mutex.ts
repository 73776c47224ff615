/** Runs one task at a time, in call order. */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/**
 * The same object, with every method run under the mutex. SQLite through better-sqlite3 is
 * one connection: without this, a write from one request could land inside another
 * request's open transaction and be rolled back with it.
 */
export function underMutex<T extends object>(target: T, mutex: Pick<Mutex, 'run'>): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) =>
        mutex.run(() => (value as (...a: unknown[]) => Promise<unknown>).apply(object, args));
    },
  });
}
