import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';

import type { Logger } from 'pino';

import type { RunningJobs } from './background-jobs';

export interface ShutdownOptions {
  /** How long the server goes on serving, /readyz answering 503, before it stops accepting. */
  readonly drainMs: number;
  /** How long requests in flight then have before their connections are closed (10 s by default). */
  readonly graceMs?: number;
}

/** What a shutdown stops, in its order. */
export interface ShutdownTarget {
  readonly server: Server;
  readonly jobs: RunningJobs;
  /** Last, once the requests and the jobs are done: the stamping threads and the database. */
  close(): Promise<void>;
}

/**
 * A shutdown behind a load balancer (SIGTERM): at once /readyz answers 503
 * (`isShuttingDown`), every answer carries `Connection: close` (`listener`), and the
 * background jobs stop (the email in hand finishes, the rest of its batch goes back to the
 * queue); the server goes on serving for `drainMs`, so that the load balancer sees the 503 and
 * stops sending; then it stops accepting, lets the requests in flight finish (up to `graceMs`),
 * runs the jobs' last work (the counted events) and closes the rest. A shutdown runs once;
 * later calls get the same promise.
 */
export class GracefulShutdown {
  private closing: Promise<void> | undefined;
  private endDrainNow: () => void = () => undefined;

  constructor(private readonly logger: Logger) {}

  /** True from the moment a shutdown begins. */
  readonly isShuttingDown = (): boolean => this.closing !== undefined;

  /**
   * The server's request listener: while draining, each answer closes its connection, so the
   * load balancer's next request opens a new one (to a process in the rotation) instead of
   * finding this keep-alive socket closed.
   */
  listener(handler: RequestListener): RequestListener {
    return (req: IncomingMessage, res: ServerResponse) => {
      if (this.isShuttingDown()) res.setHeader('Connection', 'close');
      handler(req, res);
    };
  }

  shutdown(target: ShutdownTarget, { drainMs, graceMs = 10_000 }: ShutdownOptions): Promise<void> {
    this.closing ??= this.run(target, drainMs, graceMs);
    return this.closing;
  }

  /** Ends a shutdown's drain now (a second signal); the rest of the shutdown goes on. */
  endDrain(): void {
    this.endDrainNow();
  }

  private async run({ server, jobs, close }: ShutdownTarget, drainMs: number, graceMs: number): Promise<void> {
    const jobsStopped = jobs.stop();
    if (drainMs > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, drainMs);
        this.endDrainNow = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.logger.info('shutting down: drain over, finishing requests in flight');
    }
    await this.finishRequests(server, graceMs);
    await jobsStopped;
    await jobs.finish();
    await close(); // after the requests: a download in flight gets its copy
  }

  /** Stops accepting and waits for the requests in flight, closing what is left after `graceMs`. */
  private async finishRequests(server: Server, graceMs: number): Promise<void> {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Idle keep-alive connections would hold close() open; busy ones finish their request
    // and are closed as soon as they fall idle.
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        this.logger.warn('shutdown grace period over: closing the remaining connections');
        server.closeAllConnections();
        resolve();
      }, graceMs);
    });
    await Promise.race([closed, deadline]);
    clearTimeout(timer);
    clearInterval(sweep);
  }
}
