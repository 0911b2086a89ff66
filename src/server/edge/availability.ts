import type { FastifyBaseLogger } from 'fastify';
import { causeOf } from '../db/faults';
import type { ProbeResult } from '../db/probe';

/** While the database is away: how often the probe asks whether it is back, and how often the log says so. */
export const RECHECK_MS = 1_000;
export const STILL_LOST_LOG_MS = 10_000;

interface Outage {
  since: number;
  timers: NodeJS.Timeout[];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Whether this process has its database, told as events (SPEC §10): `database unavailable` once with the cause,
 * `database still unavailable` every 10 s with the requests refused so far, `database available again` once with
 * how long it lasted. A request refused for want of the database is counted, never logged on its own: an outage
 * under load would otherwise bury the log in one stack trace per request.
 *
 * It watches nothing while all is well: a refused request (or a failing readiness check) makes it ask the probe,
 * and during an outage it asks every second, so `/api/health` turns 200 again within a second of the database's
 * return even when no one asks.
 */
export class Availability {
  private outage: Outage | undefined;
  /** Requests refused since the database last answered (they count into the outage they herald). */
  private refusedCount = 0;
  private firstCause: string | undefined;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly probe?: () => Promise<ProbeResult>,
  ) {}

  get lost(): boolean {
    return this.outage !== undefined;
  }

  /** A request answered 503 because the database was away or did not answer in time. */
  refused(error: unknown): void {
    this.refusedCount++;
    this.firstCause ??= causeOf(error);
    if (!this.outage) void this.check();
  }

  /** A request turned away before the database was there at all (the process is still starting). */
  turnedAway(): void {
    this.refusedCount++;
  }

  /** A connection failed outside any request (an idle connection closed, a start attempt, background work). */
  noticed(error: unknown): void {
    this.firstCause ??= causeOf(error);
    if (!this.outage) void this.check();
  }

  /** Asks the probe (at most once a second, see DatabaseProbe) and moves into or out of an outage by its answer. */
  async check(): Promise<ProbeResult> {
    if (!this.probe) return { ok: true };
    const result = await this.probe();
    if (result.ok) this.restored();
    else this.lose(result.cause ?? 'no answer');
    return result;
  }

  /** The database is away: the start of an outage (nothing when one is already under way). */
  lose(cause: string): void {
    if (this.outage) return;
    const since = Date.now();
    this.log.warn(`database unavailable: ${this.firstCause ?? cause}`);
    const recheck = setInterval(() => void this.check(), RECHECK_MS);
    const report = setInterval(
      () =>
        this.log.warn(
          `database still unavailable after ${seconds(Date.now() - since)}: ${this.refusedCount} requests refused`,
        ),
      STILL_LOST_LOG_MS,
    );
    recheck.unref();
    report.unref();
    this.outage = { since, timers: [recheck, report] };
  }

  private restored(): void {
    const outage = this.outage;
    if (outage) {
      for (const timer of outage.timers) clearInterval(timer);
      this.outage = undefined;
      this.log.warn(
        `database available again after ${seconds(Date.now() - outage.since)}: ${this.refusedCount} requests refused`,
      );
    }
    this.refusedCount = 0;
    this.firstCause = undefined;
  }

  close(): void {
    for (const timer of this.outage?.timers ?? []) clearInterval(timer);
    this.outage = undefined;
  }
}
