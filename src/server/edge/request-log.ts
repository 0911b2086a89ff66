import { LogController, type FastifyServerOptions } from 'fastify';
import pino from 'pino';

/** Lines are written together once this many bytes wait (about fifty request lines; sonic-boom writes at most 16 KB at a time) (a busy server), or after FLUSH_MS (a quiet one). */
export const LOG_BATCH_BYTES = 8_192;
export const LOG_FLUSH_MS = 250;
/** pino's level number of `warn`: from it up, a line is written at once. */
const WARN = 40;

/**
 * The server's log. JSON lines for machines (a log collector, a file) and, when the output is a terminal, pino's own
 * pretty transport: `[12:03:04] INFO: GET /api/orders 200 3.1 ms`.
 */
export function serverLogger(level: string, terminal = process.stdout.isTTY === true): FastifyServerOptions['logger'] {
  if (!terminal) return { level, ...batchedLines() };
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

/**
 * Standard output written in batches: a line per request, written alone, was a system call per request (a tenth of
 * the server's CPU under load, by the profile in docs/benchmarks.md). Warnings and errors are written at once, the
 * rest within LOG_FLUSH_MS; what waits is written when the process exits.
 */
function batchedLines() {
  const stream = pino.destination({ dest: 1, minLength: LOG_BATCH_BYTES, sync: false });
  let waiting = false;
  setInterval(() => {
    if (!waiting) return;
    waiting = false;
    stream.flush();
  }, LOG_FLUSH_MS).unref();
  process.once('exit', () => {
    try {
      stream.flushSync();
    } catch {
      // A write still under way at exit: what it holds is written by it or lost with the process.
    }
  });
  return {
    stream,
    hooks: {
      logMethod(this: pino.Logger, args: Parameters<pino.LogFn>, method: pino.LogFn, level: number) {
        method.apply(this, args);
        if (level >= WARN) stream.flush();
        else waiting = true;
      },
    },
  };
}
