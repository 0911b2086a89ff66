import type { PGlite } from '@electric-sql/pglite';
import { PostgresDialect, type PostgresPool, type PostgresPoolClient, type PostgresQueryResult } from 'kysely';

/**
 * PGlite is a single connection: a transaction must own it from BEGIN to COMMIT, or statements of
 * concurrent requests would interleave inside it. This queue hands the connection to one holder at a time.
 */
class ConnectionLock {
  private tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return ready;
  }
}

function commandOf(sql: string): string {
  const match = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert|update|delete|merge|select)/i.exec(sql);
  return match ? match[1].toUpperCase() : 'SELECT';
}

function poolFor(pglite: PGlite): PostgresPool {
  const lock = new ConnectionLock();
  return {
    async connect(): Promise<PostgresPoolClient> {
      const release = await lock.acquire();
      let released = false;
      return {
        async query<R>(sql: unknown, parameters?: readonly unknown[]): Promise<PostgresQueryResult<R>> {
          if (typeof sql !== 'string') throw new Error('Cursors are not supported on PGlite');
          const result = await pglite.query<R>(sql, parameters ? [...parameters] : []);
          return {
            command: (result.command as PostgresQueryResult<R>['command']) ?? commandOf(sql),
            rowCount: result.rowCount ?? result.affectedRows ?? result.rows.length,
            rows: result.rows,
          } as PostgresQueryResult<R>;
        },
        release() {
          if (released) return;
          released = true;
          release();
        },
      } as PostgresPoolClient;
    },
    async end() {
      await pglite.close();
    },
  };
}

/** Kysely's own Postgres dialect (same SQL, same compiler) over an in-process PGlite. */
export function pgliteDialect(pglite: PGlite): PostgresDialect {
  return new PostgresDialect({ pool: poolFor(pglite) });
}
