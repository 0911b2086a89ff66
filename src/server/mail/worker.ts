import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import { tableName, type AnyResource } from '../../core/resource';
import type { MailConfig } from './config';
import { mailMessage, messageIdOf, type OutboxRow } from './render';

/** A claimed mail is left alone by every instance this long (its send has timed out well before). */
const LEASE_MS = 120_000;
/** At most this many mails per round, so a backlog does not hold one instance's loop. */
const BATCH = 20;
const MAX_BACKOFF_MS = 3_600_000;

/**
 * Sends the outbox (SPEC §8) from every instance. A round claims due rows with `FOR UPDATE SKIP LOCKED` in a short
 * transaction that also moves their next attempt past a lease, so no other instance takes them while they are
 * sent; the SMTP conversation runs outside any transaction (on PGlite's one connection it would stop every
 * request). A sent mail is `sent`; a failure waits `retryBaseMs`·2ⁿ (at most an hour) and after `maxAttempts`
 * is `failed`. An instance that dies mid-send leaves the row to be claimed again when the lease ends: mail is
 * delivered at least once, with one Message-ID, so a second copy is recognisable as the same mail.
 */
export class MailWorker {
  private readonly transport: Transporter;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private round: Promise<unknown> | undefined;
  private stopped = false;
  private failing = false;

  constructor(
    private readonly db: Kysely<any>,
    private readonly store: AnyResource,
    private readonly config: MailConfig & { smtpUrl: string },
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }

  start(): void {
    this.schedule(0);
  }

  /** Lets the mail being sent finish (its row is then marked), and starts no other. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.round;
    this.transport.close();
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.round = this.deliverDue()
        .catch((error: unknown) => {
          // The database is away or busy: the outage is logged by the API's own requests; one line here.
          if (!this.failing) this.log.warn(`mail worker: ${(error as Error).message}; trying again`);
          this.failing = true;
        })
        .finally(() => this.schedule(this.config.pollMs));
    }, ms);
    this.timer.unref();
  }

  /** Sends every mail that is due now, a batch at a time. */
  async deliverDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimed = await this.claim();
      this.failing = false;
      for (const row of claimed) {
        if (await this.send(row)) sent++;
      }
      if (claimed.length < BATCH || this.stopped) return sent;
    }
  }

  private async claim(): Promise<(OutboxRow & { attempts: number })[]> {
    const table = sql.table(tableName(this.store));
    const result = await sql<OutboxRow & { attempts: number }>`
      update ${table} set "nextAttemptAt" = now() + ${LEASE_MS} * interval '1 millisecond', "updatedAt" = now()
      where id in (
        select id from ${table} where status = 'pending' and coalesce("nextAttemptAt", "createdAt") <= now()
        order by coalesce("nextAttemptAt", "createdAt"), id limit ${BATCH} for update skip locked
      )
      returning id, recipient, locale, template, params, "notificationId", attempts`.execute(this.db);
    return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  private async send(row: OutboxRow & { attempts: number }): Promise<boolean> {
    const table = sql.table(tableName(this.store));
    const messageId = messageIdOf(row, this.config.publicUrl);
    try {
      await this.transport.sendMail(await mailMessage(row, this.config));
    } catch (error) {
      const attempts = row.attempts + 1;
      const failed = attempts >= this.config.maxAttempts;
      const wait = Math.min(this.config.retryBaseMs * 2 ** (attempts - 1), MAX_BACKOFF_MS);
      const message = (error as Error).message.slice(0, 2000);
      await sql`update ${table} set attempts = ${attempts}, "lastError" = ${message}, "updatedAt" = now(),
        status = ${failed ? 'failed' : 'pending'}, "nextAttemptAt" = now() + ${wait} * interval '1 millisecond'
        where id = ${row.id}`.execute(this.db);
      this.log.warn(`mail ${row.id} to ${row.recipient}: ${message}${failed ? ' (failed for good)' : ''}`);
      return false;
    }
    await sql`update ${table} set status = 'sent', attempts = ${row.attempts + 1}, "sentAt" = now(),
      "messageId" = ${messageId}, "lastError" = null, "updatedAt" = now() where id = ${row.id}`.execute(this.db);
    return true;
  }
}
