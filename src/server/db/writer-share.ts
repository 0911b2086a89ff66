import { Semaphore, withTimeout, type SemaphoreInterface } from 'async-mutex';
import type { Kysely } from 'kysely';
import { DatabaseFault } from './faults';

/**
 * The part of the pool reads can always have (SPEC §10: "requests that wait on a locked row never take the whole
 * pool").
 *
 * Only a transaction can wait on a row lock: reads never do (PostgreSQL's reads see the last committed version
 * and take no row locks). So write transactions take a connection only within a share of the pool, and the rest
 * stays free for lists, record pages and the session lookups every request makes. Whatever holds up the writers
 * (a row locked from outside, a lock reached through an effect, such as many orders on one departure), a list of
 * other rows still finds a connection at once. It is a per-process rule: each instance keeps its own reads free,
 * whatever the others do.
 *
 * The requests that name one record (edits, transitions) are queued per record before they even get here
 * (rest/record-queue.ts), so a hot row ties up one writer connection, not the share.
 */
export interface WriterShare {
  writers: number;
  reserved: number;
  gate: SemaphoreInterface;
}

const shares = new WeakMap<Kysely<any>, WriterShare>();

/** A quarter of the pool (at least one connection) is kept for reads; writers share the rest. */
export function readReserve(poolSize: number): number {
  return Math.max(1, Math.floor(poolSize / 4));
}

export function reserveReadShare(db: Kysely<any>, poolSize: number, checkoutTimeoutMs: number): void {
  if (poolSize < 2) return;
  const reserved = readReserve(poolSize);
  const writers = poolSize - reserved;
  const fault = new DatabaseFault('unavailable', `no writer connection within ${checkoutTimeoutMs} ms`);
  shares.set(db, { writers, reserved, gate: withTimeout(new Semaphore(writers), checkoutTimeoutMs, fault) });
}

export function writerShareOf(db: Kysely<any>): WriterShare | undefined {
  return shares.get(db);
}

/** Runs a write transaction within the writers' share of the pool (directly where there is none: PGlite). */
export function asWriter<T>(db: Kysely<any>, work: () => Promise<T>): Promise<T> {
  const share = shares.get(db);
  return share ? share.gate.runExclusive(work) : work();
}
