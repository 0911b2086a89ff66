import { sql, type Kysely } from 'kysely';

/**
 * How long the server's work may wait on PostgreSQL (SPEC §10). A request that waits longer gets an answer it can
 * act on (409 busy, 503 with Retry-After) instead of holding a connection while its client has long given up.
 */
export interface DatabaseLimits {
  /** A wait for a row or table lock (`lock_timeout`): a write on a record another session holds. */
  lockTimeoutMs: number;
  /** One statement (`statement_timeout`). */
  statementTimeoutMs: number;
  /** A session left inside an open transaction (`idle_in_transaction_session_timeout`): its locks are freed. */
  idleInTransactionTimeoutMs: number;
  /** Waiting for a connection of the pool, or for a new one to open. */
  checkoutTimeoutMs: number;
}

export const DEFAULT_LIMITS: DatabaseLimits = {
  lockTimeoutMs: 5_000,
  statementTimeoutMs: 15_000,
  idleInTransactionTimeoutMs: 30_000,
  checkoutTimeoutMs: 3_000,
};

/**
 * How much longer than the statement limit the client waits for any answer on an open connection. The server
 * ends a slow statement itself; this only fires when the server does not answer at all (a frozen host, a network
 * that drops packets), which no server-side limit can catch.
 */
export const ANSWER_GRACE_MS = 2_000;

/** The limits as PostgreSQL startup options (`-c name=value`) of every pooled session. */
export function limitOptions(limits: DatabaseLimits): string {
  return [
    `-c lock_timeout=${limits.lockTimeoutMs}`,
    `-c statement_timeout=${limits.statementTimeoutMs}`,
    `-c idle_in_transaction_session_timeout=${limits.idleInTransactionTimeoutMs}`,
  ].join(' ');
}

/**
 * Lifts the request limits for the rest of a transaction: maintenance the server does for itself (migrations,
 * rebuilding summaries) may rightly take longer than any request, or wait for another instance doing the same.
 */
export async function withoutRequestLimits(trx: Kysely<any>): Promise<void> {
  await sql`set local statement_timeout = 0`.execute(trx);
  await sql`set local lock_timeout = 0`.execute(trx);
}
