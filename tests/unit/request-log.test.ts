/**
 * The server's log: one JSON line per answered request (not Fastify's two), errors with their stack, and pino's
 * pretty transport only for a terminal.
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLinePerRequest, serverLogger } from '../../src/server/edge/request-log';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe('the request log', () => {
  it('writes one line per request, when answered, with method, path, status and time', async () => {
    const { lines, stream } = capture();
    const app = Fastify({ logger: { level: 'info', stream }, logController: new OneLinePerRequest() });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/boom', async () => {
      throw new Error('broken on purpose');
    });
    await app.inject({ method: 'GET', url: '/ok?x=1' });
    await app.inject({ method: 'GET', url: '/missing' });
    await app.inject({ method: 'GET', url: '/boom' });
    await app.close();
    const requests = lines.filter((line) => 'statusCode' in line);
    expect(requests.map((line) => [line.method, line.url, line.statusCode, line.msg])).toEqual([
      ['GET', '/ok?x=1', 200, expect.stringMatching(/^GET \/ok\?x=1 200 [\d.]+ ms$/)],
      ['GET', '/missing', 404, expect.stringMatching(/^GET \/missing 404 /)],
      ['GET', '/boom', 500, expect.stringMatching(/^GET \/boom 500 /)],
    ]);
    expect(typeof requests[0].ms).toBe('number');
    expect(lines.some((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toBe(false);
    // The failure keeps its stack.
    expect(JSON.stringify(lines)).toContain('broken on purpose');
  });

  it('is pretty in a terminal and JSON elsewhere', () => {
    expect(serverLogger('info', false)).toMatchObject({ level: 'info', stream: expect.anything() });
    expect(serverLogger('warn', true)).toMatchObject({ level: 'warn', transport: { target: 'pino-pretty' } });
  });
});
