import pg from 'pg';

/** What a LISTEN subscription reports: each notification, and whether it is currently listening. */
export interface ChannelWatcher {
  onNotify(): void;
  onListening(listening: boolean): void;
}

const RECONNECT_MS = 1_000;

/**
 * LISTENs on a PostgreSQL channel over a connection of its own (pooled connections cannot keep a LISTEN),
 * reconnecting after a second when it drops; answers the stop.
 */
export async function listenToChannel(
  connectionString: string,
  channel: string,
  watcher: ChannelWatcher,
): Promise<() => Promise<void>> {
  let current: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const schedule = () => {
    if (stopped) return;
    retry = setTimeout(() => void connect(), RECONNECT_MS);
    retry.unref();
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      if (message.channel === channel) watcher.onNotify();
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
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
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
