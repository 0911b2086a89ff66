/**
 * Mail through the transactional outbox (SPEC §8), against a real SMTP server in this process (`smtp-server`),
 * on both databases: a notification is mailed once, in its recipient's language, with a stable Message-ID and a
 * link below PUBLIC_URL; a refused change mails nothing; a server that is down is retried with backoff and the
 * mail delivered once when it is back; a mail that keeps failing is `failed` with its error and super_admin
 * sends it again; two workers on one PostgreSQL database send each mail once.
 */
import net from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import resources from '../../resources/index';
import { loadConfig } from '../../src/server/edge/config';
import { createDatabase } from '../../src/server/db/db';
import { MailWorker } from '../../src/server/mail/worker';
import { Registry } from '../../src/server/engine/registry';
import { call, describeEachEngine, suiteServer } from './harness';
import { act, create, ok, signInAll, type Sessions } from './workflows-helpers';

const PUBLIC_URL = 'https://lantern.example';

/** A real SMTP server on a fixed port, which the test stops and starts again. */
class Inbox {
  readonly received: ParsedMail[] = [];
  private server: SMTPServer | undefined;
  constructor(readonly port: number) {}

  async start() {
    if (this.server) return;
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => this.received.push(mail))
          .then(() => callback(), callback);
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
  }

  async stop() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }

  byMessageId(id: string) {
    return this.received.filter((mail) => mail.messageId === id);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const until = async (check: () => Promise<boolean> | boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

let port: number;
let inbox: Inbox;

beforeAll(async () => {
  port = await freePort();
  inbox = new Inbox(port);
  await inbox.start();
});
afterAll(() => inbox.stop());

describe('mail settings', () => {
  it('a malformed SMTP_URL stops the server at start with a message naming it', () => {
    expect(() => loadConfig({ SMTP_URL: 'mail.example:25' })).toThrow(/SMTP_URL must look like smtp:\/\/host:port/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://' })).toThrow(/SMTP_URL/);
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).mail.smtpUrl).toBe('smtp://127.0.0.1:2525');
    expect(loadConfig({}).mail.smtpUrl).toBeUndefined();
  });
});

describeEachEngine('mail through the outbox', (engine) => {
  const smtpUrl = () => `smtp://127.0.0.1:${port}`;
  const server = suiteServer({
    engine,
    seed: 'small',
    config: {
      // Filled in before the server starts (the SMTP port is known by then).
      get mail() {
        return {
          ...loadConfig({ PUBLIC_URL }).mail,
          smtpUrl: smtpUrl(),
          retryBaseMs: 200,
          pollMs: 100,
          maxAttempts: 3,
        };
      },
    } as never,
  });
  let s: Sessions;
  const outboxOf = async (notificationId: number) =>
    (
      await sql<{
        id: number;
        status: string;
        attempts: number;
        lastError: string | null;
        messageId: string | null;
      }>`select id, status, attempts, "lastError", "messageId" from outbox where "notificationId" = ${notificationId}`.execute(
        server.db,
      )
    ).rows;
  const latestOf = async (cookie: string) =>
    (await call(server, 'GET', '/api/notifications?range=[0,0]', { cookie })).body[0];

  /** A partner's new service, submitted to the moderation queue. */
  const submittedService = async (title: string) => {
    const service = await create(server, 'services', s.partner, {
      title: { en: title },
      description: { en: 'Swim and hike' },
      tourTypeId: 1,
      provinceId: 2,
      durationDays: 1,
      price: 250_000,
      capacity: 12,
    });
    await ok(server, 'services', service.id, 'submit', s.partner);
    return service;
  };
  const rejectedService = async (title: string) => {
    const service = await submittedService(title);
    await ok(server, 'services', service.id, 'reject', s.moderator, { reason: 'Blurry photos' });
    return service;
  };

  beforeAll(async () => {
    s = await signInAll(server);
    // Each engine's database numbers its notifications from 1: the other suite's mails would share Message-IDs.
    inbox.received.length = 0;
  });

  it('delivers a notification once, in the recipient’s language, with its link and a stable Message-ID', async () => {
    const service = await rejectedService('Mail notice');
    const notification = await latestOf(s.partner);
    const messageId = `<notification-${notification.id}@lantern.example>`;
    await until(() => inbox.byMessageId(messageId).length > 0);
    const [mail] = inbox.byMessageId(messageId);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('partner@example.com');
    expect(mail.subject).toBe(`ແຈ້ງເຕືອນຈາກ Lantern: ${notification.message}`);
    const link = `${PUBLIC_URL}/lo/partner/services/${service.id}/show`;
    expect(mail.text).toContain(notification.message);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`<a href="${link}">`);
    await until(async () => (await outboxOf(notification.id))[0]?.status === 'sent');
    expect(await outboxOf(notification.id)).toEqual([
      expect.objectContaining({ status: 'sent', attempts: 1, lastError: null, messageId }),
    ]);
    // Later rounds send nothing again.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(inbox.byMessageId(messageId)).toHaveLength(1);
  });

  it('a refused change mails nothing', async () => {
    const before = inbox.received.length;
    const rows = async () =>
      Number((await sql<{ n: number }>`select count(*)::int as n from outbox`.execute(server.db)).rows[0].n);
    const queued = await rows();
    const service = await submittedService('Refused mail');
    const afterSubmit = await rows();
    expect((await act(server, 'services', service.id, 'reject', s.moderator, {})).status).toBe(400);
    expect(await rows()).toBe(afterSubmit);
    expect(afterSubmit).toBeGreaterThan(queued);
    await new Promise((resolve) => setTimeout(resolve, 400));
    // Only the submit's mails to moderators went out.
    expect(inbox.received.slice(before).every((mail) => mail.subject?.includes('Refused mail'))).toBe(true);
  });

  it('a server that is down is retried with backoff, and the mail is delivered once when it is back', async () => {
    await inbox.stop();
    try {
      await rejectedService('Retry notice');
      const notification = await latestOf(s.partner);
      await until(async () => ((await outboxOf(notification.id))[0]?.attempts ?? 0) >= 1);
      const [waiting] = await outboxOf(notification.id);
      expect(waiting.status).toBe('pending');
      expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);
      await inbox.start();
      const messageId = `<notification-${notification.id}@lantern.example>`;
      await until(() => inbox.byMessageId(messageId).length > 0);
      await until(async () => (await outboxOf(notification.id))[0].status === 'sent');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(inbox.byMessageId(messageId)).toHaveLength(1);
    } finally {
      await inbox.start();
    }
  });

  it('a mail that keeps failing is failed with its error on the system screen, and super_admin sends it again', async () => {
    await inbox.stop();
    let notification: { id: number };
    try {
      await rejectedService('Failed notice');
      notification = await latestOf(s.partner);
      await until(async () => (await outboxOf(notification.id))[0]?.status === 'failed', 15_000);
      const [failed] = await outboxOf(notification.id);
      expect(failed.attempts).toBe(3);
      expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
      const state = await call(server, 'GET', '/api/system/mail', { cookie: s.admin });
      expect(state.body).toMatchObject({ enabled: true, server: `smtp://127.0.0.1:${port}` });
      expect(state.body.failed).toBeGreaterThanOrEqual(1);
      expect((await call(server, 'GET', '/api/system/mail', { cookie: s.finance })).status).toBe(403);
      const listed = await call(server, 'GET', `/api/outbox?filter=${encodeURIComponent('{"status":"failed"}')}`, {
        cookie: s.admin,
      });
      expect(listed.body.map((row: { id: number }) => row.id)).toContain(failed.id);
    } finally {
      await inbox.start();
    }
    const [failed] = await outboxOf(notification!.id);
    expect((await act(server, 'outbox', failed.id, 'retry', s.finance)).status).toBe(403);
    await ok(server, 'outbox', failed.id, 'retry', s.admin);
    const messageId = `<notification-${notification!.id}@lantern.example>`;
    await until(() => inbox.byMessageId(messageId).length === 1);
    await until(async () => (await outboxOf(notification!.id))[0].status === 'sent');
  });

  // PGlite's files belong to one process: several instances exist only on PostgreSQL.
  if (engine === 'postgres')
    it('two workers on one database send each mail once', async () => {
      // Mail queued while no worker runs: the suite's own one stops first (as at a drain).
      await server.app.close().catch(() => undefined);
      const queued: number[] = [];
      for (let i = 0; i < 30; i++) {
        const rows = await sql<{
          id: number;
        }>`insert into outbox (recipient, locale, template, params, status, "nextAttemptAt")
        values (${`guest${i}@example.org`}, 'en', 'account.emailTaken', '{}'::jsonb, 'pending', now()) returning id`.execute(
          server.db,
        );
        queued.push(Number(rows.rows[0].id));
      }
      const registry = new Registry(resources);
      const store = registry.mailResource!;
      const config = { ...loadConfig({ PUBLIC_URL }).mail, smtpUrl: smtpUrl(), retryBaseMs: 200, pollMs: 100 };
      const databases = await Promise.all([0, 1].map(() => createDatabase({ databaseUrl: server.databaseUrl! })));
      const log = { warn: () => undefined } as never;
      try {
        const workers = databases.map((database) => new MailWorker(database.db, store, config, log));
        const sent = await Promise.all(workers.map((worker) => worker.deliverDue()));
        expect(sent[0] + sent[1]).toBe(30);
        for (const id of queued) expect(inbox.byMessageId(`<mail-${id}@lantern.example>`)).toHaveLength(1);
        await Promise.all(workers.map((worker) => worker.stop()));
      } finally {
        await Promise.all(databases.map((database) => database.close()));
      }
    });
});
