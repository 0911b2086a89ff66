/**
 * A real SMTP server in the test process: the suite's server delivers its outbox to it, and the tests read the
 * mails as their recipients would. One per test file, shared by both engines' suites.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../../src/server/edge/config';
import { freePort } from '../support/net';

export interface SmtpCapture {
  /** Every mail received so far (empty it between suites). */
  received: ParsedMail[];
  /** The mails whose recipients include `address`. */
  mailsTo(address: string): ParsedMail[];
  /** The suite server's `config.mail`, read when the server starts (the port is known by then). */
  mailConfig(publicUrl: string): unknown;
  /** A suite server's `config` that delivers its mail here (`mailConfig`, read when the server starts). */
  serverConfig(publicUrl: string): never;
}

export function smtpCapture(): SmtpCapture {
  let port = 0;
  let smtp: SMTPServer;
  const received: ParsedMail[] = [];
  beforeAll(async () => {
    port = await freePort();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => received.push(mail))
          .then(() => callback(), callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
  return {
    received,
    mailsTo: (address) =>
      received.filter((mail) =>
        (Array.isArray(mail.to) ? mail.to : [mail.to]).some((to) => to?.value.some((one) => one.address === address)),
      ),
    serverConfig(publicUrl) {
      const mailConfig = this.mailConfig;
      return {
        get mail() {
          return mailConfig(publicUrl);
        },
      } as never;
    },
    mailConfig: (publicUrl) => ({
      ...loadConfig({ PUBLIC_URL: publicUrl }).mail,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      retryBaseMs: 200,
      pollMs: 100,
      maxAttempts: 3,
    }),
  };
}

/** Waits for `find` to answer something, for at most `ms`. */
export async function until<T>(find: () => T | undefined | Promise<T | undefined>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = await find();
    if (found) return found;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
