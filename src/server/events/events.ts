import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AnyResource } from '../../core/resource';
import type { Principal } from '../../core/roles';
import { maySignIn, principalOf } from '../auth/accounts';
import { AUTH_CHANNEL } from '../auth/auth-changes';
import { SESSION_COOKIE } from '../auth/session-cookie';
import { sessionAccountReader } from '../auth/session-account';
import type { Database } from '../db/db';
import { RECONNECT_HINT_MS } from '../edge/lifecycle';
import type { Registry } from '../engine/registry';
import { denied } from '../engine/scope';
import { eventData, eventName, mayReceive } from './fan-out';
import { EVENTS_CHANNEL, parseNotice } from './notice';
import { DEFAULT_STREAM_LIMITS, EventStreams, type StreamLimits } from './streams';

export const TOO_MANY_STREAMS = 'Too many event streams; try again later';

/** Sessions checked at once after an account or session changed. */
const CHECKS_AT_ONCE = 8;
/** Sessions also expire without an announcement (idle or absolute lifetime): their streams are checked this often. */
const EXPIRY_SWEEP_MS = 60_000;

const samePrincipal = (a: Principal, b: Principal | undefined) => !!b && JSON.stringify(a) === JSON.stringify(b);

export interface EventRouteDeps {
  database: Database;
  registry: Registry;
  resources: readonly AnyResource[];
  limits?: Partial<StreamLimits>;
}

/**
 * `GET /api/events` (SPEC §8 live screens): a Server-Sent Events stream per signed-in tab. Every instance holds one
 * LISTEN for committed changes and account changes; each change goes to the streams whose session may read the
 * row (fan-out.ts); an account or session change checks the open sessions again and ends those that no longer
 * act as they did (signed out, disabled, another role).
 */
export async function registerEventRoutes(app: FastifyInstance, deps: EventRouteDeps): Promise<EventStreams> {
  const { database, registry, resources } = deps;
  const streams = new EventStreams({ ...DEFAULT_STREAM_LIMITS, ...deps.limits });
  const readSession = sessionAccountReader(resources);

  const stillActs = async (token: string, principal: Principal) => {
    try {
      const session = await readSession(database.db, token);
      const account = session?.account;
      return !!account && maySignIn(account) && samePrincipal(principal, principalOf(account));
    } catch {
      // The database is away: the streams stay; the check runs again with the next change it announces.
      return true;
    }
  };
  let checking: Promise<void> | undefined;
  let again = false;
  const checkSessions = async () => {
    const sessions = streams.sessions();
    for (let index = 0; index < sessions.length; index += CHECKS_AT_ONCE) {
      await Promise.all(
        sessions.slice(index, index + CHECKS_AT_ONCE).map(async ({ token, principal }) => {
          if (!(await stillActs(token, principal))) streams.endSession(token);
        }),
      );
    }
  };
  // Announcements come in bursts (a transition writes the account and ends its sessions): one check at a time,
  // and one more after it when others arrived meanwhile.
  const sessionsChanged = () => {
    if (checking) return void (again = true);
    checking = checkSessions()
      .catch((error: unknown) => app.log.warn({ err: error }, 'event streams: session check failed'))
      .finally(() => {
        checking = undefined;
        if (again) {
          again = false;
          sessionsChanged();
        }
      });
  };

  const publish = (payload: string) => {
    const notice = parseNotice(payload);
    const resource = notice && registry.get(notice.r);
    if (!notice || !resource) return;
    const frame = `event: ${eventName(resource, notice)}\ndata: ${eventData(notice)}\n\n`;
    for (const stream of streams.streams())
      if (mayReceive(resource, stream.principal, notice)) streams.send(stream, frame);
  };

  let heard = false;
  const stop = await database.subscribe([EVENTS_CHANNEL, AUTH_CHANNEL], {
    onNotify: (payload, channel) => (channel === AUTH_CHANNEL ? sessionsChanged() : publish(payload)),
    onListening: (listening) => {
      // Changes made while the channel was down were never heard: the clients reconnect and read afresh.
      if (listening && heard) streams.endAll(RECONNECT_HINT_MS);
      if (!listening) streams.endAll(streams.limits.retryMs);
      heard ||= listening;
    },
  });
  const sweep = setInterval(() => {
    streams.prune();
    sessionsChanged();
  }, EXPIRY_SWEEP_MS);
  sweep.unref();
  app.lifecycle.onDrain('event streams', () => streams.endAll(RECONNECT_HINT_MS));
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    streams.close();
    await stop();
  });

  app.get('/api/events', async (request, reply) => {
    const principal = request.principal;
    const token = request.cookies[SESSION_COOKIE];
    if (principal.kind === 'public' || !token) throw denied(principal);
    const wait = streams.refusal(token);
    if (wait !== undefined)
      return reply.code(429).header('Retry-After', String(wait)).send({ message: TOO_MANY_STREAMS });
    reply.hijack();
    streams.open(reply.raw, principal, token, reply.getHeaders() as OutgoingHttpHeaders);
  });
  return streams;
}
