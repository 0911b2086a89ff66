import type pg from 'pg';
import { faultOf } from './faults';

interface PoolLike {
  connect(): Promise<pg.PoolClient>;
  end(): Promise<void>;
}

const BROKEN = Symbol('lantern.broken');
const GUARDED = Symbol('lantern.guarded');

type Guarded = pg.PoolClient & { [BROKEN]?: Error; [GUARDED]?: true };
type Query = (...args: unknown[]) => unknown;

/**
 * Connections lent out of the pool, made safe for a database that goes away.
 *
 * A connection whose statement failed for a connection-level reason (the server went away, no answer within the
 * read limit) is closed instead of going back to the pool: a connection still waiting for an answer would make the
 * next request that borrows it wait too, and one the server dropped would fail it. Kysely releases connections
 * without saying how they ended, so the pool is told here.
 */
export function guardedPool(inner: PoolLike): PoolLike {
  return {
    async connect() {
      const client = (await inner.connect()) as Guarded;
      if (!client[GUARDED]) {
        const query = client.query.bind(client) as Query;
        (client as unknown as { query: Query }).query = (...args: unknown[]) => {
          const result = query(...args);
          if (result instanceof Promise)
            result.catch((error: unknown) => {
              if (faultOf(error) === 'unavailable') client[BROKEN] = error as Error;
            });
          return result;
        };
        // pg-pool listens for errors only while a connection is idle. One the server ends while it is lent out
        // (between two statements of a transaction) would emit an error no one hears, and that ends the process.
        client.on('error', (error) => (client[BROKEN] = error));
        client[GUARDED] = true;
      }
      // pg-pool gives each checkout its own release function.
      const release = client.release.bind(client);
      client.release = (error?: Error | boolean) => release(error ?? client[BROKEN]);
      return client;
    },
    end: () => inner.end(),
  };
}
