import type { OutboxState } from '@memoir/domain';
import type { MetricsEndpoint, ObservedRequest } from '@memoir/http-koa';
import type { TypeOrmPersistence } from '@memoir/persistence-typeorm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The sign-in call: its 401s are failed sign-ins. */
const LOGIN_ROUTE = '/api/admin/login';

/** mysql2's pool, read for its sizes (its own fields: mysql2 exposes no counts). */
interface Mysql2Pool {
  readonly config?: { readonly connectionLimit?: number };
  readonly _allConnections?: { readonly length: number };
  readonly _freeConnections?: { readonly length: number };
  readonly _connectionQueue?: { readonly length: number };
}

export interface ServerMetrics {
  readonly registry: Registry;
  /** For createHttpApp's `observeRequest`. */
  observeRequest(request: ObservedRequest): void;
  /** For createHttpApp's `metrics`. */
  endpoint(token: string | null): MetricsEndpoint;
}

/**
 * The server's Prometheus metrics (docs/operations.md#metrics), in a registry of this app's own
 * (tests run several apps in one process): Node's defaults (event-loop lag, memory, GC, CPU),
 * the requests by route template and status, failed sign-ins, rate-limit refusals, the
 * database pool, whether the database answers, and the outbox's backlog. The database is read
 * at scrape time only, one small query each.
 */
export function createServerMetrics(
  persistence: TypeOrmPersistence,
  checkReadiness: () => Promise<boolean>,
): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'memoir_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const signInFailures = new Counter({
    name: 'memoir_sign_in_failures_total',
    help: 'Sign-ins refused for a wrong username or password.',
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'memoir_rate_limit_refusals_total',
    help: 'Requests refused by a rate limit (429), by route template.',
    labelNames: ['route'] as const,
    registers: [registry],
  });

  new Gauge({
    name: 'memoir_database_up',
    help: '1 when the database answers a query, 0 when it does not.',
    registers: [registry],
    async collect() {
      this.set((await checkReadiness().catch(() => false)) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'memoir_db_pool_connections',
    help: 'MySQL connection pool of this process: open (in_use + idle), in_use, idle, waiting (requests queued for a connection), and its size.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = (persistence.dataSource.driver as unknown as { pool?: Mysql2Pool }).pool;
      if (persistence.dialect.kind !== 'mysql' || pool === undefined) return;
      const open = pool._allConnections?.length ?? 0;
      const idle = pool._freeConnections?.length ?? 0;
      this.set({ state: 'open' }, open);
      this.set({ state: 'in_use' }, open - idle);
      this.set({ state: 'idle' }, idle);
      this.set({ state: 'waiting' }, pool._connectionQueue?.length ?? 0);
      this.set({ state: 'size' }, pool.config?.connectionLimit ?? 0);
    },
  });
  // The three from one query per scrape: the first gauge's collect reads, the others use it.
  let outbox: Promise<OutboxState | null> | null = null;
  const readOutbox = () => {
    outbox ??= persistence.repositories.deliveries.outboxState().catch(() => null);
    return outbox;
  };
  const outboxGauge = (name: string, help: string, value: (state: OutboxState) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const state = await readOutbox();
        if (state !== null) this.set(value(state));
      },
    });
  outboxGauge(
    'memoir_outbox_waiting',
    'Emails queued and not yet sent (approvals, rejections, the owner’s notifications), an announcement’s apart.',
    (state) => state.waiting,
  );
  outboxGauge(
    'memoir_outbox_oldest_waiting_seconds',
    'How long the oldest queued email has waited to be sent (0 when none waits).',
    ({ oldestWaitingSince: since }) => (since === null ? 0 : Math.max(0, (Date.now() - since.getTime()) / 1000)),
  );
  // Paced by ANNOUNCE_RATE, a big announcement's mails wait hours by design: counted apart, so
  // the age above still means "a promised email is late".
  outboxGauge(
    'memoir_outbox_announcement_waiting',
    'An announcement’s mails queued and not yet sent, each due at its place in the ANNOUNCE_RATE schedule.',
    (state) => state.announcementWaiting,
  );

  return {
    registry,
    observeRequest({ method, route, status, seconds }) {
      requests.observe({ method, route, status: String(status) }, seconds);
      if (status === 401 && route === LOGIN_ROUTE) signInFailures.inc();
      if (status === 429) refusals.inc({ route });
    },
    endpoint(token) {
      return {
        token,
        async render() {
          outbox = null;
          try {
            return { contentType: registry.contentType, body: await registry.metrics() };
          } finally {
            outbox = null;
          }
        },
      };
    },
  };
}
