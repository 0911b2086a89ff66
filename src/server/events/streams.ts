import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Principal } from '../../core/roles';

export interface StreamLimits {
  /** Comment heartbeats (`: ping`) this often, so proxies and browsers keep an idle stream (SPEC §8: ≤ 25 s). */
  heartbeatMs: number;
  /** Open streams per session at once (a tab holds one; a few tabs share a session). */
  perSession: number;
  /** Streams a session may open within `windowMs` (reconnect storms answer 429 with Retry-After). */
  opensPerWindow: number;
  windowMs: number;
  /** The browser's reconnect delay when a stream ends for the server's reasons (SSE `retry:`). */
  retryMs: number;
  /** A client that reads nothing is cut off once this much waits in its socket's buffer. */
  maxBufferedBytes: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  heartbeatMs: 20_000,
  perSession: 8,
  opensPerWindow: 20,
  windowMs: 10_000,
  retryMs: 3_000,
  maxBufferedBytes: 1 << 20,
};

export interface Stream {
  principal: Principal;
  /** The session's cookie token: checked again when an account or session changes. */
  token: string;
  response: ServerResponse;
}

/**
 * This process's open event streams: admission per session, heartbeats, writing events, and ending streams (one
 * whose session ended, all of them on drain). Who receives what is decided by the caller (fan-out.ts).
 */
export class EventStreams {
  private readonly all = new Set<Stream>();
  private readonly bySession = new Map<string, Set<Stream>>();
  private readonly opened = new Map<string, number[]>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(readonly limits: StreamLimits = DEFAULT_STREAM_LIMITS) {
    this.heartbeat = setInterval(() => this.broadcast(': ping\n\n'), limits.heartbeatMs);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.all.size;
  }

  /** Seconds to wait before another stream of this session is accepted, or undefined when it may open one now. */
  refusal(token: string): number | undefined {
    const now = Date.now();
    const recent = (this.opened.get(token) ?? []).filter((at) => at > now - this.limits.windowMs);
    if (recent.length) this.opened.set(token, recent);
    else this.opened.delete(token);
    const tooMany = (this.bySession.get(token)?.size ?? 0) >= this.limits.perSession;
    if (!tooMany && recent.length < this.limits.opensPerWindow) return undefined;
    const until = tooMany ? now + this.limits.windowMs : recent[0] + this.limits.windowMs;
    return Math.max(1, Math.ceil((until - now) / 1000));
  }

  /** Forgets the opening times that no longer count (sessions that went away keep none). */
  prune(): void {
    const since = Date.now() - this.limits.windowMs;
    for (const [token, times] of this.opened) if (times[times.length - 1] <= since) this.opened.delete(token);
  }

  /** Takes over the response: SSE headers, the reconnect hint and a first comment, so the client knows it is open. */
  open(response: ServerResponse, principal: Principal, token: string, headers: OutgoingHttpHeaders): Stream {
    const stream: Stream = { principal, token, response };
    response.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx and similar proxies would otherwise hold events back in their buffers.
      'x-accel-buffering': 'no',
    });
    response.write(`retry: ${this.limits.retryMs}\n: open\n\n`);
    this.all.add(stream);
    let mine = this.bySession.get(token);
    if (!mine) this.bySession.set(token, (mine = new Set()));
    mine.add(stream);
    const opened = this.opened.get(token) ?? [];
    opened.push(Date.now());
    this.opened.set(token, opened);
    response.on('close', () => this.forget(stream));
    return stream;
  }

  /** Writes an event to one stream; a stream that stopped reading is ended instead of buffering without end. */
  send(stream: Stream, frame: string): void {
    if (stream.response.writableLength > this.limits.maxBufferedBytes) return this.end(stream);
    stream.response.write(frame);
  }

  streams(): Iterable<Stream> {
    return this.all;
  }

  /** Each session with open streams, and who its streams act as. */
  sessions(): { token: string; principal: Principal }[] {
    return [...this.bySession].map(([token, mine]) => ({ token, principal: mine.values().next().value!.principal }));
  }

  /** Ends every stream of a session (signed out, disabled, or acting as someone else now). */
  endSession(token: string): void {
    for (const stream of [...(this.bySession.get(token) ?? [])]) this.end(stream);
  }

  /** Ends every stream with a reconnect hint: a drain (the client comes back to another instance) or a gap. */
  endAll(retryMs = this.limits.retryMs): void {
    for (const stream of [...this.all]) this.end(stream, `retry: ${retryMs}\n\n`);
  }

  close(): void {
    clearInterval(this.heartbeat);
    this.endAll();
  }

  private broadcast(frame: string): void {
    for (const stream of [...this.all]) this.send(stream, frame);
  }

  private end(stream: Stream, last?: string): void {
    this.forget(stream);
    if (!stream.response.writableEnded) stream.response.end(last);
  }

  private forget(stream: Stream): void {
    this.all.delete(stream);
    const mine = this.bySession.get(stream.token);
    mine?.delete(stream);
    if (mine && !mine.size) this.bySession.delete(stream.token);
  }
}
