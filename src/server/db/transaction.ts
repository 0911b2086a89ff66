import type { Kysely } from 'kysely';
import { withCommitBus } from './commit-bus';
import { asWriter } from './writer-share';

const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 4;

/**
 * Runs `work` in one transaction, retrying serialization failures and deadlocks a few times. The transaction takes
 * its connection within the writers' share of the pool (db/writer-share.ts).
 */
export async function inTransaction<T>(db: Kysely<any>, work: (trx: Kysely<any>) => Promise<T>): Promise<T> {
  return asWriter(db, () =>
    withCommitBus(db, async (begin) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await db.transaction().execute((trx) => {
            begin(trx);
            return work(trx);
          });
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (!code || !RETRYABLE.has(code) || attempt >= ATTEMPTS) throw error;
          await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20));
        }
      }
    }),
  );
}
