import type { FastifyBaseLogger } from 'fastify';

/**
 * Where the process is in its life, as a load balancer must see it (SPEC §10):
 * - `starting`: listening, but the database is not there or not migrated yet: the API answers 503;
 * - `ready`: serving;
 * - `draining`: SIGTERM arrived: still serving, but `/api/health` answers 503 so the balancer sends no more.
 */
export type Phase = 'starting' | 'ready' | 'draining';

/** How soon an event stream's client should reconnect after a drain ends it (the SSE `retry:` field, in ms). */
export const RECONNECT_HINT_MS = 1_000;

/**
 * Something long-lived that a drain must end before the server closes: an open event stream (end it with a
 * `retry: RECONNECT_HINT_MS` line, so the browser reconnects to another instance at once), a worker (finish the
 * current row, take no new one). The promise settles when it is done; the process exits within 10 s of the signal
 * whatever it does.
 */
export type DrainCloser = () => Promise<void> | void;

export class Lifecycle {
  phase: Phase = 'starting';
  private readonly closers: { name: string; close: DrainCloser }[] = [];

  /**
   * Registers what must end before the server closes (event streams, background workers). Call it where the
   * thing starts: `app.lifecycle.onDrain('event streams', () => streams.endAll())`.
   */
  onDrain(name: string, close: DrainCloser): void {
    this.closers.push({ name, close });
  }

  ready(): void {
    if (this.phase === 'starting') this.phase = 'ready';
  }

  startDraining(): void {
    this.phase = 'draining';
  }

  /** Runs every closer (all at once: one slow worker does not hold up the streams); failures are logged. */
  async drain(log: FastifyBaseLogger): Promise<void> {
    this.phase = 'draining';
    const closers = this.closers.splice(0);
    await Promise.all(
      closers.map(async ({ name, close }) => {
        try {
          await close();
        } catch (error) {
          log.error({ err: error }, `draining ${name} failed`);
        }
      }),
    );
  }
}
