import { EventEmitter } from 'node:events';
import { sql, type Kysely } from 'kysely';

/**
 * NOTIFY for a database whose one session the whole process shares (PGlite). A LISTEN on that session made every
 * request pay for it (the admin sweeps ran past their limits), so there notifications never go through the
 * database: a write queues them on its transaction, and they are published in process once it commits (a
 * rolled-back write publishes nothing, as with NOTIFY). PostgreSQL keeps real NOTIFY, which reaches every instance.
 */
const buses = new WeakMap<Kysely<any>, EventEmitter>();
const pending = new WeakMap<Kysely<any>, { channel: string; payload: string }[]>();

/** Gives a database an in-process bus (PGlite): its transactions publish there after commit. */
export function attachBus(db: Kysely<any>): EventEmitter {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  buses.set(db, bus);
  return bus;
}

/** Runs a transaction of `db`; on a database with a bus, what it notified is published once it committed. */
export async function withCommitBus<T>(db: Kysely<any>, run: (begin: (trx: Kysely<any>) => void) => Promise<T>) {
  const bus = buses.get(db);
  if (!bus) return run(() => undefined);
  let queued: { channel: string; payload: string }[] = [];
  const result = await run((trx) => {
    queued = [];
    pending.set(trx, queued);
  });
  // As PostgreSQL does: one transaction's identical notifications are delivered once.
  const seen = new Set<string>();
  for (const { channel, payload } of queued) {
    const key = `${channel}\u0000${payload}`;
    if (seen.has(key)) continue;
    seen.add(key);
    bus.emit(channel, payload);
  }
  return result;
}

/** NOTIFY from inside a transaction: queued for after commit on a bus, else a real `pg_notify`. */
export async function notifyOnCommit(trx: Kysely<any>, channel: string, payload: string): Promise<void> {
  const queue = pending.get(trx);
  const bus = buses.get(trx);
  if (queue) queue.push({ channel, payload });
  // Outside a transaction (autocommit) on a bus: published at once.
  else if (bus) bus.emit(channel, payload);
  else await sql`select pg_notify(${channel}, ${payload})`.execute(trx);
}
