/** What one request of a load test saw. */
export interface Outcome {
  readonly kind: 'write' | 'read';
  /** The guestbook name a write sent (unique), to find its row afterwards. */
  readonly name: string;
  readonly startedAt: number;
  readonly endedAt: number;
  /** 0 when the request failed without an answer (reset, timeout). */
  readonly status: number;
  readonly body: string;
}

let counter = 0;

/** A unique, valid guestbook name. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix} ${process.pid} ${counter}`;
}

/** One request: a guestbook entry (write) or the public list (read); never throws. */
export async function send(baseUrl: string, kind: 'write' | 'read', timeoutMs = 15_000): Promise<Outcome> {
  const name = kind === 'write' ? uniqueName('Load') : '';
  const startedAt = Date.now();
  try {
    const response =
      kind === 'write'
        ? await fetch(`${baseUrl}/api/guestbook-entry`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ name, message: 'Written under load', riddleAnswer: 'network' }),
            signal: AbortSignal.timeout(timeoutMs),
          })
        : await fetch(`${baseUrl}/api/guestbook-entries`, { signal: AbortSignal.timeout(timeoutMs) });
    const body = await response.text();
    return { kind, name, startedAt, endedAt: Date.now(), status: response.status, body };
  } catch (error) {
    return { kind, name, startedAt, endedAt: Date.now(), status: 0, body: String(error) };
  }
}

/**
 * `workers` loops, each sending one request after another (every third a read) until
 * `stop()`; `done` resolves with every outcome.
 */
export function closedLoop(baseUrl: string, workers: number): { stop(): void; done: Promise<Outcome[]> } {
  let running = true;
  const outcomes: Outcome[] = [];
  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let i = worker; running; i += 1) outcomes.push(await send(baseUrl, i % 3 === 2 ? 'read' : 'write'));
  });
  return {
    stop: () => {
      running = false;
    },
    done: Promise.all(loops).then(() => outcomes),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
