import pg from 'pg';

/** What a LISTEN subscription reports: each notification (its payload and channel), and whether it is listening. */
export interface ChannelWatcher {
  onNotify(payload: string, channel: string): void;
  onListening(listening: boolean): void;
}

const RECONNECT_MS = 1_000;
/** A server that does not answer at all is given up on like one that refuses, and tried again. */
const CONNECT_TIMEOUT_MS = 3_000;

/**
 * LISTENs on one or more PostgreSQL channels over one connection of its own (pooled connections cannot keep a
 * LISTEN), reconnecting after a second when it drops; answers the stop.
 */
export async function listenToChannel(
  connectionString: string,
  channel: string | readonly string[],
  watcher: ChannelWatcher,
): Promise<() => Promise<void>> {
  const channels = new Set(typeof channel === 'string' ? [channel] : channel);
  let current: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const schedule = () => {
    if (stopped) return;
    retry = setTimeout(() => void connect(), RECONNECT_MS);
    retry.unref();
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    client.on('notification', (message) => {
      if (channels.has(message.channel)) watcher.onNotify(message.payload ?? '', message.channel);
    });
    // A dropped connection ends with 'end'; without an 'error' listener it would crash the process.
    client.on('error', () => undefined);
    client.on('end', () => {
      if (current !== client) return;
      current = undefined;
      watcher.onListening(false);
      schedule();
    });
    try {
      await client.connect();
      for (const name of channels) await client.query(`listen ${pg.escapeIdentifier(name)}`);
      if (stopped) return void (await client.end());
      current = client;
      watcher.onListening(true);
    } catch {
      watcher.onListening(false);
      client.end().catch(() => undefined);
      schedule();
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  };
}
