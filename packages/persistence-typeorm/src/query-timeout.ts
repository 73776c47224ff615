import type { AfterQueryEvent, EntitySubscriberInterface } from 'typeorm';

/** mysql2's code for a query that went unanswered past its timeout. */
const QUERY_TIMEOUT = 'PROTOCOL_SEQUENCE_TIMEOUT';

/**
 * After a query timed out, mysql2 keeps its connection, still waiting for the answer, and the
 * pool would hand it to the next caller, whose query would queue behind the stuck one and time
 * out in turn. This subscriber destroys such a connection instead: the pool opens a fresh one,
 * and the server rolls back whatever that connection had begun.
 */
export class DropTimedOutConnections implements EntitySubscriberInterface {
  afterQuery(event: AfterQueryEvent): void {
    if (event.success || !hasCode(event.error, QUERY_TIMEOUT)) return;
    const connection = (event.queryRunner as { databaseConnection?: { destroy?: () => void } }).databaseConnection;
    connection?.destroy?.();
  }
}

function hasCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
