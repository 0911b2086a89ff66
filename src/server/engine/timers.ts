import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { statusField, transitionSources, type AnyResource } from '../../core/resource';
import { SYSTEM } from '../../core/roles';
import { inTransaction, Writer } from './data-context';
import { HttpError } from '../edge/errors';
import { applyTransition } from './transitions';
import type { Registry } from './registry';

/** Candidates looked at per timer and round; a backlog is worked through round after round without a pause. */
const BATCH = 100;

/** A transition the system runs on its own once a record's datetime field has passed (`auto: { when }`). */
export interface Timer {
  resource: AnyResource;
  action: string;
  from: readonly string[];
  when: string;
}

export function timersOf(resources: readonly AnyResource[]): Timer[] {
  const timers: Timer[] = [];
  for (const resource of resources)
    for (const [action, transition] of Object.entries(resource.workflow?.transitions ?? {}))
      if (transition.auto)
        timers.push({ resource, action, from: transitionSources(transition), when: transition.auto.when });
  return timers;
}

/**
 * Runs the configs' timers (`auto`) on every instance. A round reads the records whose time has come, then takes
 * each in its own short transaction with `FOR NO KEY UPDATE SKIP LOCKED`, checking again under the lock that it is
 * still in a `from` state and due: a record another instance (or a payment) holds is skipped, and one already
 * moved on is left, so each runs once however many instances poll. The transition goes through the workflow
 * engine as the system (guard, effect, audit, notifications, live events).
 */
export class TimerWorker {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private round: Promise<unknown> | undefined;
  private stopped = false;
  private failing = false;
  /** Records whose transition failed, logged once (they are tried again each round). */
  private readonly refused = new Set<string>();

  constructor(
    private readonly db: Kysely<any>,
    private readonly registry: Registry,
    private readonly timers: readonly Timer[],
    private readonly pollMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.timers.length) this.schedule(0);
  }

  /** Lets the transition being run finish, and starts no other. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.round;
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.round = this.runDue()
        .catch((error: unknown) => {
          if (!this.failing) this.log.warn(`timer worker: ${(error as Error).message}; trying again`);
          this.failing = true;
        })
        .finally(() => this.schedule(this.pollMs));
    }, ms);
    this.timer.unref();
  }

  /** Runs every timer that is due now; answers how many transitions this instance ran. */
  async runDue(now = new Date()): Promise<number> {
    let ran = 0;
    for (const timer of this.timers) {
      for (;;) {
        const due = await this.dueIds(timer, now);
        this.failing = false;
        let progressed = 0;
        for (const id of due) {
          if (this.stopped) return ran;
          if (await this.runOne(timer, id)) progressed++;
        }
        ran += progressed;
        if (due.length < BATCH || progressed === 0) break;
      }
    }
    return ran;
  }

  private dueIds(timer: Timer, now: Date): Promise<number[]> {
    const status = sql.ref(statusField(timer.resource) ?? 'status');
    const when = sql.ref(timer.when);
    return sql<{ id: string }>`
      select id from ${sql.table(this.registry.table(timer.resource))}
      where ${status} in (${sql.join([...timer.from])}) and ${when} <= ${now}
      order by ${when}, id limit ${BATCH}`
      .execute(this.db)
      .then(({ rows }) => rows.map((row) => Number(row.id)));
  }

  /** Claims one record and runs the transition on it; false when another instance has it or it moved on. */
  private async runOne(timer: Timer, id: number): Promise<boolean> {
    const status = sql.ref(statusField(timer.resource) ?? 'status');
    const when = sql.ref(timer.when);
    try {
      return await inTransaction(this.db, async (trx) => {
        const now = new Date();
        const { rows } = await sql<Record<string, unknown>>`
          select * from ${sql.table(this.registry.table(timer.resource))}
          where id = ${id} and ${status} in (${sql.join([...timer.from])}) and ${when} <= ${now}
          for no key update skip locked`.execute(trx);
        if (!rows[0]) return false;
        const writer = new Writer(trx, this.registry, SYSTEM, now);
        const record = await writer.findById(timer.resource.name, id);
        if (!record) return false;
        await applyTransition(writer, timer.resource, record, timer.action, {});
        return true;
      });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const key = `${timer.resource.name}:${id}:${timer.action}`;
      if (!this.refused.has(key)) this.log.warn(`timer ${key}: ${error.message}; it is tried again on the next round`);
      this.refused.add(key);
      return false;
    }
  }
}
