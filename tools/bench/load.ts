// One autocannon run against a URL, with latencies collected per response (autocannon's own
// histogram has no p95 and rounds to whole milliseconds).
import autocannon from 'autocannon';

import { percentile } from './report';

export interface LoadOptions {
  readonly url: string;
  readonly path: string;
  readonly connections: number;
  /** Seconds measured. */
  readonly seconds: number;
  /** Seconds run first and thrown away (JIT, caches, connection pools). */
  readonly warmupSeconds: number;
  readonly method?: 'GET' | 'POST';
  readonly headers?: Record<string, string>;
  /** A new body for each request (POST), given a running counter. */
  readonly body?: (n: number) => string;
}

export interface LoadResult {
  readonly connections: number;
  readonly seconds: number;
  /** 2xx responses per second. */
  readonly requestsPerSecond: number;
  readonly ok: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly statusCodes: Record<string, number>;
  /** Milliseconds, over the 2xx responses. */
  readonly p50: number | null;
  readonly p95: number | null;
  readonly p99: number | null;
  readonly max: number | null;
}

async function once(options: LoadOptions, seconds: number, latencies: number[] | null): Promise<autocannon.Result> {
  let n = 0;
  const body = options.body;
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        method: options.method ?? 'GET',
        path: options.path,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...options.headers },
        ...(body
          ? {
              setupRequest: (request: autocannon.Request) => {
                n += 1;
                return { ...request, body: body(n) };
              },
            }
          : {}),
      },
    ],
  });
  if (latencies !== null) {
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  }
  return instance;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) await once(options, options.warmupSeconds, null);
  const latencies: number[] = [];
  const result = await once(options, options.seconds, latencies);
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]),
  );
  return {
    connections: options.connections,
    seconds: result.duration,
    requestsPerSecond: result['2xx'] / result.duration,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: percentile(latencies, 100),
  };
}
