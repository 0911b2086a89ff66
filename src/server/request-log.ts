import { LogController, type FastifyServerOptions } from 'fastify';

/**
 * The server's log. JSON lines for machines (a log collector, a file) and, when the output is a terminal, pino's own
 * pretty transport: `[12:03:04] INFO: GET /api/orders 200 3.1 ms`.
 */
export function serverLogger(level: string, terminal = process.stdout.isTTY === true): FastifyServerOptions['logger'] {
  if (!terminal) return { level };
  return {
    level,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId,method,url,statusCode,ms', singleLine: true },
    },
  };
}

/**
 * One line per request, written once it is answered (method, path, status, time), instead of Fastify's two
 * ("incoming request" and "request completed", each with the whole request or reply serialised).
 */
export class OneLinePerRequest extends LogController {
  incomingRequest(): void {}

  requestCompleted(
    error: Error | null,
    request: Parameters<LogController['requestCompleted']>[1],
    reply: Parameters<LogController['requestCompleted']>[2],
  ): void {
    if (this.isLogDisabled(request)) return;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, ms };
    const text = `${request.method} ${request.url} ${reply.statusCode} ${ms} ms`;
    if (error) reply.log.error({ ...line, err: error }, text);
    else reply.log.info(line, text);
  }
}
