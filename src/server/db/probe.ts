import pg from 'pg';
import { causeOf } from './faults';

export interface ProbeResult {
  ok: boolean;
  /** Why not, in one line. */
  cause?: string;
}

/** How long `select 1` may take before the database counts as not answering (SPEC §10). */
export const PROBE_TIMEOUT_MS = 1_000;
/** A check is reused for this long: any number of health requests cost one query a second at most. */
export const PROBE_INTERVAL_MS = 1_000;

/**
 * Whether PostgreSQL answers, asked over a connection of its own: a readiness check that waited for the pool
 * would report the load (or a hot row), not the database, and would queue behind the very work it should judge.
 * The connection is kept between checks and replaced whenever a check fails.
 */
export class DatabaseProbe {
  private client: pg.Client | undefined;
  private last: { at: number; result: ProbeResult } | undefined;
  private running: Promise<ProbeResult> | undefined;
  private closed = false;

  constructor(
    private readonly connectionString: string,
    private readonly timeoutMs = PROBE_TIMEOUT_MS,
    private readonly intervalMs = PROBE_INTERVAL_MS,
  ) {}

  /** The latest answer, asking again only when it is older than the interval (concurrent callers share one). */
  check(): Promise<ProbeResult> {
    if (this.last && Date.now() - this.last.at < this.intervalMs) return Promise.resolve(this.last.result);
    this.running ??= this.ask()
      .then((result) => {
        this.last = { at: Date.now(), result };
        return result;
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }

  private async ask(): Promise<ProbeResult> {
    if (this.closed) return { ok: false, cause: 'closed' };
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer to select 1 within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    try {
      await Promise.race([this.query(), deadline]);
      return { ok: true };
    } catch (error) {
      this.drop();
      return { ok: false, cause: causeOf(error) };
    } finally {
      clearTimeout(timer);
    }
  }

  private async query(): Promise<void> {
    if (!this.client) {
      const client = new pg.Client({
        connectionString: this.connectionString,
        connectionTimeoutMillis: this.timeoutMs,
      });
      // A connection the server drops is noticed by the next check; without a listener it would crash the process.
      client.on('error', () => {
        if (this.client === client) this.client = undefined;
      });
      this.client = client;
      await client.connect();
    }
    await this.client.query('select 1');
  }

  private drop(): void {
    const client = this.client;
    this.client = undefined;
    // Not awaited: a server that does not answer would not answer the goodbye either.
    client?.end().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.running?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    // A server that does not answer would not answer the goodbye either: wait a moment, not forever.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      client.end().catch(() => undefined),
      new Promise((resolve) => (timer = setTimeout(resolve, this.timeoutMs))),
    ]);
    clearTimeout(timer);
  }
}
