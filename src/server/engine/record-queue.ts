import { Mutex, withTimeout } from 'async-mutex';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import { DatabaseFault, faultOf } from '../db/faults';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * One write at a time per record, queued in the process before it takes a connection (SPEC §10: "while two dozen
 * writes wait on one row, a list of other rows still answers").
 *
 * Writes to one record take its row lock in turn anyway, so queueing them here first costs nothing, and it moves
 * the waiting out of the pool: two dozen edits of a row that another session holds tie up one connection (the
 * one waiting on the lock), not two dozen, and other writes and reads go on around them. A request waits in the
 * queue no longer than it would have waited for the lock (`lock_timeout`), then answers 409 busy like a lock wait
 * that ran out. The queue is per process: each instance keeps its own pool free, whatever the others do.
 *
 * It covers every route that writes one record named in its path (`/api/{resource}/:id…`: edits, deletes,
 * transitions, record endpoints). A lock reached indirectly (an effect locking a parent row) is bounded by the
 * writers' share of the pool instead (db/writer-share.ts).
 */
export function registerRecordQueue(app: FastifyInstance, options: { waitMs: number }): void {
  const queues = new Map<string, { mutex: Mutex; busyAt: number }>();
  let ticks = 0;

  const run = async <T>(key: string, work: () => Promise<T>): Promise<T> => {
    let queue = queues.get(key);
    if (!queue) queues.set(key, (queue = { mutex: new Mutex(), busyAt: -1 }));
    const { mutex } = queue;
    const busy = new DatabaseFault('busy', `record ${key} is busy`);
    const queuedAt = ticks++;
    try {
      return await withTimeout(mutex, options.waitMs, busy).runExclusive(async () => {
        // The write ahead ran out of lock time while this one waited: the row is held from elsewhere, and this
        // one would only wait the whole limit again. It gets the same answer now.
        if (queue.busyAt > queuedAt) throw busy;
        try {
          return await work();
        } catch (error) {
          if (faultOf(error) === 'busy') queue.busyAt = ticks++;
          throw error;
        }
      });
    } finally {
      // Forget the record once nobody holds or awaits it (a timed-out waiter leaves when its turn comes).
      void mutex.waitForUnlock().then(() => {
        if (!mutex.isLocked() && queues.get(key) === queue) queues.delete(key);
      });
    }
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat();
    if (!route.url.startsWith('/api/') || !route.url.includes('/:id') || methods.every((m) => READS.has(m))) return;
    const resource = route.url.split('/')[2];
    const handler = route.handler as (this: FastifyInstance, ...args: Parameters<RouteHandlerMethod>) => unknown;
    route.handler = function queued(this: FastifyInstance, request, reply) {
      const id = (request as FastifyRequest<{ Params: { id?: string } }>).params.id;
      if (READS.has(request.method) || id === undefined) return handler.call(this, request, reply);
      return run(`${resource}/${id}`, async () => handler.call(this, request, reply));
    } as RouteHandlerMethod;
  });
}
